/**
 * The recordings service lives in transcriptions/ (access, list, search, detail, delete, audio)
 * and http-download.server.ts. This entry keeps the imports of the live-recording service and
 * the result page working while their owners move them to those modules.
 */
export { isUuid } from "~/lib/uuid";
export { deleteTranscription } from "./transcriptions/delete.server";
export { getTranscriptionDetail, type TranscriptionDetail } from "./transcriptions/detail.server";
