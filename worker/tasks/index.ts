import type { TaskList } from "graphile-worker";
import cleanupExpired from "./cleanup-expired";
import finalizeAbandonedRecordings from "./finalize-abandoned-recordings";
import sendDocumentEmail from "./send-document-email";
import analyze from "./analyze";
import transcribe from "./transcribe";
import unlockStaleJobs from "./unlock-stale-jobs";

/** Every task the in-process runner executes, one file each. */
export const taskList: TaskList = {
  cleanup_expired: cleanupExpired,
  finalize_abandoned_recordings: finalizeAbandonedRecordings,
  send_document_email: sendDocumentEmail,
  transcribe,
  analyze,
  unlock_stale_jobs: unlockStaleJobs,
};

export const crontab = [
  "*/15 * * * * cleanup_expired ?max=1",
  "*/10 * * * * finalize_abandoned_recordings ?max=1",
  "7 * * * * unlock_stale_jobs ?max=1"].join("\n");
