import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { ApiError, notFound } from "../api.server";
import { contentDisposition, rangedFileResponse, safeFileName } from "../http-download.server";
import * as storage from "../storage.server";
import { findTranscription, type Access } from "./access.server";

/**
 * The audio of a transcription, with Range support so the player can seek, and the original
 * file name in Content-Disposition.
 */
export async function audioResponse(id: string | undefined, access: Access, request: Request): Promise<Response> {
  const row = await findTranscription(id, access);
  if (row.audioDeletedAt) throw new ApiError(410, PRIVACY_TEXT.audioGone);
  const file = await storage.stat(row.fileName);
  if (!file) throw notFound();
  const extension = row.fileName.split(".").pop() ?? "webm";
  const headers = new Headers({
    "Content-Type": row.mimeType || "application/octet-stream",
    "Content-Disposition": contentDisposition(
      row.originalName,
      safeFileName(row.originalName.replace(/\.[^.]+$/, ""), extension, `audio.${extension}`),
    ),
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
  });
  return rangedFileResponse(request, { key: row.fileName, size: file.size }, headers);
}
