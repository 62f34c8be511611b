import type { TaskList } from "graphile-worker";
import cleanupExpired from "./cleanup-expired";
import sendDocumentEmail from "./send-document-email";

/** Every task the in-process runner executes, one file each. */
export const taskList: TaskList = {
  cleanup_expired: cleanupExpired,
  send_document_email: sendDocumentEmail,
};

export const crontab = ["*/15 * * * * cleanup_expired ?max=1"].join("\n");
