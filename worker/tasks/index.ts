import type { TaskList } from "graphile-worker";
import cleanupExpired from "./cleanup-expired";
import expireAudio from "./expire-audio";
import finalizeAbandonedRecordings from "./finalize-abandoned-recordings";
import liveTranscribe from "./live-transcribe";
import llmLiveParts from "./llm-live-parts";
import llmRewrite from "./llm-rewrite";
import sendDocumentEmail from "./send-document-email";
import sweepTempFiles from "./sweep-temp-files";
import analyze from "./analyze";
import transcribe from "./transcribe";
import unlockStaleJobs from "./unlock-stale-jobs";

/** Every task the in-process runner executes, one file each. */
export const taskList: TaskList = {
  cleanup_expired: cleanupExpired,
  expire_audio: expireAudio,
  finalize_abandoned_recordings: finalizeAbandonedRecordings,
  send_document_email: sendDocumentEmail,
  transcribe,
  live_transcribe: liveTranscribe,
  analyze,
  llm_rewrite: llmRewrite,
  llm_live_parts: llmLiveParts,
  unlock_stale_jobs: unlockStaleJobs,
  sweep_temp_files: sweepTempFiles,
};

/** Tasks of the local LLM's own runner (concurrency 1, see runner.ts): never in the pipeline's. */
export const LLM_LANE_TASKS = ["llm_rewrite", "llm_live_parts"];

export const crontab = [
  "*/15 * * * * cleanup_expired ?max=1",
  "*/10 * * * * finalize_abandoned_recordings ?max=1",
  "7 * * * * unlock_stale_jobs ?max=1",
  "23 * * * * sweep_temp_files ?max=1",
  "41 * * * * expire_audio ?max=1",
].join("\n");
