/**
 * The recordings service lives in transcriptions/ (access, list, search, detail, delete, audio)
 * and http-download.server.ts. This entry keeps the imports of the result page working while its
 * owner moves them to those modules.
 */
export { getTranscriptionDetail, type TranscriptionDetail } from "./transcriptions/detail.server";
