import { eq } from "drizzle-orm";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { documents, transcriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { ApiError, notFound } from "./api.server";
import { buildDocx } from "./docx-report.server";
import * as storage from "./storage.server";
import { contentDisposition, downloadNames } from "./http-download.server";
import type { Access } from "./transcriptions/access.server";
import { documentPathFor, getTranscriptionDetail, type TranscriptionDetail } from "./transcriptions/detail.server";

/**
 * The stored Word verbale of a transcription (its content: docx-report.server.ts): kept as
 * documents/<id>.docx, rebuilt when the analysis changed since (documents.analysisVersion), served
 * as a download. The user path (ownership, 404 otherwise) and the admin path share every function
 * via Access.
 */

export const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export function documentKey(transcriptionId: string): string {
  return `documents/${transcriptionId}.docx`;
}

export type DocumentFile = { key: string; size: number; name: string; asciiName: string; documentPath: string };

/**
 * Fresh while neither the analysis nor the transcription row (its meeting details, issue 31) changed
 * since the document was made.
 */
function isFresh(detail: TranscriptionDetail, row: typeof documents.$inferSelect | undefined, changedAt: Date): boolean {
  if (!row) return false;
  if (changedAt.getTime() > row.updatedAt.getTime()) return false;
  if (!detail.analysis) return true;
  return (row.analysisVersion?.getTime() ?? 0) === new Date(detail.analysis.updatedAt).getTime();
}

/**
 * The stored document of a transcription, generating it first when there is none (and `create`)
 * or when the analysis changed since it was made. Without a document and without `create`,
 * 404 'Genera prima il documento.'.
 */
export async function ensureDocument(id: string | undefined, access: Access, options: { create: boolean }): Promise<DocumentFile> {
  const detail = await getTranscriptionDetail(id, access);
  const t = detail.transcription;
  const db = getDb();
  const [[row], [extra]] = await Promise.all([
    db.select().from(documents).where(eq(documents.transcriptionId, t.id)),
    db.select({ meeting: transcriptions.meeting, updatedAt: transcriptions.updatedAt }).from(transcriptions).where(eq(transcriptions.id, t.id)),
  ]);
  const names = downloadNames(detail.analysis?.title?.trim() || detail.transcription.title, "docx", "document.docx");
  const key = documentKey(t.id);
  if (row && isFresh(detail, row, extra.updatedAt)) {
    const file = await storage.stat(row.fileName);
    if (file) return { key: row.fileName, size: file.size, name: names.name, asciiName: names.ascii, documentPath: documentPathFor(t.id) };
  }
  if (!row && !options.create) throw notFound(MSG.generateDocumentFirst);
  if (t.status !== "COMPLETED" || !detail.analysis) throw new ApiError(409, MSG.transcriptionNotReady);

  const bytes = await buildDocx(detail, { meeting: extra.meeting });
  const size = await storage.putBuffer(key, bytes);
  const analysisVersion = new Date(detail.analysis.updatedAt);
  await db
    .insert(documents)
    .values({ transcriptionId: t.id, fileName: key, sizeBytes: size, analysisVersion })
    .onConflictDoUpdate({ target: documents.transcriptionId, set: { fileName: key, sizeBytes: size, analysisVersion, updatedAt: new Date() } });
  return { key, size, name: names.name, asciiName: names.ascii, documentPath: documentPathFor(t.id) };
}

/** POST /api/document/:id */
export function generateDocument(id: string | undefined, access: Access): Promise<DocumentFile> {
  return ensureDocument(id, access, { create: true });
}

/** GET /api/document/:id (and the e-mail attachment): the existing document, refreshed if stale. */
export function getDocumentFile(id: string | undefined, access: Access): Promise<DocumentFile> {
  return ensureDocument(id, access, { create: false });
}

/** The download Response of a stored document (user and admin routes alike). */
export async function documentResponse(file: DocumentFile): Promise<Response> {
  return new Response(createReadableStreamFromReadable(await storage.openReadStream(file.key)), {
    status: 200,
    headers: {
      "Content-Type": DOCX_MIME,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.name, file.asciiName),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
