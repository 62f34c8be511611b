import { and, count, eq, gte, ilike, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { auditStep, recordAudit } from "../audit.server";
import { getDb, type Executor } from "~/db/client.server";
import { analyses, documents, transcriptions, users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { pagination, type Pagination } from "~/lib/pagination";
import { isUuid } from "~/lib/uuid";
import type { TranscriptionsQuery } from "~/lib/validation/admin";
import { ApiError, notFound } from "../api.server";
import { documentResponse, getDocumentFile } from "../document.server";
import { retryTranscription } from "../pipeline.server";
import { contentDisposition, downloadNames } from "../http-download.server";
import { findTranscription } from "../transcriptions/access.server";
import { deleteTranscription } from "../transcriptions/delete.server";
import { searchQueryText } from "../transcriptions/search.server";
import { csvResponse, EXPORT_BATCH, likePattern, orderBy, splitName, newestFirstPages, type ExportCursor } from "./common.server";

/** Admin transcriptions: list with stats, text and document download, delete, retry, CSV export. */

export type AdminTranscriptionRow = {
  id: string;
  fileName: string;
  filename: string;
  title: string | null;
  originalName: string;
  status: "RECORDING" | "PENDING" | "PROCESSING" | "COMPLETED" | "FAILED";
  stage: string | null;
  progress: number;
  language: string | null;
  duration: number | null;
  fileSize: number;
  errorMessage: string | null;
  failureReason: string | null;
  attempts: number;
  createdAt: Date;
  completedAt: Date | null;
  user: { id: string; firstName: string; lastName: string; name: string; email: string };
  analysis: { id: string; status: string; engine: string | null; model: string | null } | null;
  document: { id: string; fileName: string } | null;
  /** Which engines produced the result (issue 6: shown in the admin detail). */
  speechEngine: string | null;
  speechModel: string | null;
};

export type TranscriptionStats = { total: number; pending: number; processing: number; completed: number; failed: number };

/**
 * Filters in SQL. The user filter takes a user id or part of a name/e-mail; the search matches
 * words of the title or text (Italian full-text index, prefix match as in the user's own history
 * search) or the owner. Matching users are looked up first in the small users table and passed as
 * ids, so Postgres can combine the full-text index with the user_id index instead of scanning.
 */
const MAX_USER_IDS = 1000;

async function matchingUserIds(text: string, db: Executor): Promise<SQL | string[]> {
  const pattern = likePattern(text);
  const match = or(ilike(users.email, pattern), ilike(users.name, pattern));
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(match)
    .limit(MAX_USER_IDS + 1);
  // Very broad text (more users than fit a list of ids): let Postgres join instead.
  if (rows.length > MAX_USER_IDS) return sql`${transcriptions.userId} in (select ${users.id} from ${users} where ${match})`;
  return rows.map((r) => r.id);
}

function userCondition(ids: SQL | string[]): SQL {
  if (!Array.isArray(ids)) return ids;
  return ids.length ? inArray(transcriptions.userId, ids) : sql`false`;
}

async function transcriptionFilters(
  q: Pick<TranscriptionsQuery, "search" | "status" | "user" | "dateFrom" | "dateTo">,
  db: Executor,
): Promise<SQL | undefined> {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(transcriptions.status, q.status));
  if (q.dateFrom) conditions.push(gte(transcriptions.createdAt, q.dateFrom));
  if (q.dateTo) conditions.push(lt(transcriptions.createdAt, q.dateTo));
  if (q.user) conditions.push(isUuid(q.user) ? eq(transcriptions.userId, q.user) : userCondition(await matchingUserIds(q.user, db)));
  if (q.search) {
    const owner = userCondition(await matchingUserIds(q.search, db));
    const words = searchQueryText(q.search);
    conditions.push(words ? or(sql`${transcriptions.searchVector} @@ to_tsquery('italian'::regconfig, ${words})`, owner)! : owner);
  }
  return conditions.length ? and(...conditions) : undefined;
}

const sortColumns = {
  createdAt: transcriptions.createdAt,
  title: transcriptions.title,
  status: transcriptions.status,
  fileSize: transcriptions.fileSize,
  duration: transcriptions.duration,
} as const;

const listColumns = {
  id: transcriptions.id,
  fileName: transcriptions.fileName,
  title: transcriptions.title,
  originalName: transcriptions.originalName,
  status: transcriptions.status,
  stage: transcriptions.stage,
  progress: transcriptions.progress,
  language: transcriptions.language,
  duration: transcriptions.duration,
  fileSize: transcriptions.fileSize,
  errorMessage: transcriptions.errorMessage,
  failureReason: transcriptions.failureReason,
  attempts: transcriptions.attempts,
  createdAt: transcriptions.createdAt,
  completedAt: transcriptions.completedAt,
  userId: users.id,
  userName: users.name,
  userEmail: users.email,
  analysisId: analyses.id,
  analysisStatus: analyses.status,
  analysisEngine: analyses.engine,
  analysisModel: analyses.model,
  speechEngine: transcriptions.speechEngine,
  speechModel: transcriptions.speechModel,
  documentId: documents.id,
  documentFileName: documents.fileName,
};

type ListRow = { [K in keyof typeof listColumns]: (typeof listColumns)[K]["_"]["data"] | null };

function toAdminRow(r: ListRow): AdminTranscriptionRow {
  return {
    id: r.id!,
    fileName: r.fileName!,
    filename: r.fileName!,
    title: r.title,
    originalName: r.originalName!,
    status: r.status!,
    stage: r.stage,
    progress: r.progress ?? 0,
    language: r.language,
    duration: r.duration,
    fileSize: Number(r.fileSize),
    errorMessage: r.errorMessage,
    failureReason: r.failureReason,
    attempts: r.attempts ?? 0,
    createdAt: r.createdAt!,
    completedAt: r.completedAt,
    user: { id: r.userId!, name: r.userName!, email: r.userEmail!, ...splitName(r.userName ?? "") },
    analysis: r.analysisId ? { id: r.analysisId, status: r.analysisStatus!, engine: r.analysisEngine, model: r.analysisModel } : null,
    document: r.documentId ? { id: r.documentId, fileName: r.documentFileName! } : null,
    speechEngine: r.speechEngine,
    speechModel: r.speechModel,
  };
}

/** Counts per status in one pass over the status index. */
export async function transcriptionStats(db: Executor = getDb()): Promise<TranscriptionStats> {
  const rows = await db.select({ status: transcriptions.status, n: count() }).from(transcriptions).groupBy(transcriptions.status);
  const by = Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
  return {
    total: rows.reduce((sum, r) => sum + r.n, 0),
    pending: by.PENDING ?? 0,
    processing: by.PROCESSING ?? 0,
    completed: by.COMPLETED ?? 0,
    failed: by.FAILED ?? 0,
  };
}

export async function listAdminTranscriptions(
  q: TranscriptionsQuery,
  db: Executor = getDb(),
): Promise<{ transcriptions: AdminTranscriptionRow[]; pagination: Pagination; stats: TranscriptionStats }> {
  const where = await transcriptionFilters(q, db);
  // The page is chosen on transcriptions alone (index order + limit), then joined for its 10 rows.
  const page = db
    .select({ id: transcriptions.id })
    .from(transcriptions)
    .where(where)
    .orderBy(...orderBy(sortColumns[q.sortBy], q.sortOrder, transcriptions.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit)
    .as("page");
  const [[{ total }], rows, stats] = await Promise.all([
    db.select({ total: count() }).from(transcriptions).where(where),
    db
      .select(listColumns)
      .from(page)
      .innerJoin(transcriptions, eq(transcriptions.id, page.id))
      .innerJoin(users, eq(users.id, transcriptions.userId))
      .leftJoin(analyses, eq(analyses.transcriptionId, transcriptions.id))
      .leftJoin(documents, eq(documents.transcriptionId, transcriptions.id))
      .orderBy(...orderBy(sortColumns[q.sortBy], q.sortOrder, transcriptions.id)),
    transcriptionStats(db),
  ]);
  return { transcriptions: rows.map(toAdminRow), pagination: pagination(q.page, q.limit, total), stats };
}

/** One row with its full text, for the detail modal. */
export async function getAdminTranscription(
  id: string | undefined,
  db: Executor = getDb(),
): Promise<AdminTranscriptionRow & { text: string | null; content: string | null }> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db
    .select({ ...listColumns, text: transcriptions.text })
    .from(transcriptions)
    .innerJoin(users, eq(users.id, transcriptions.userId))
    .leftJoin(analyses, eq(analyses.transcriptionId, transcriptions.id))
    .leftJoin(documents, eq(documents.transcriptionId, transcriptions.id))
    .where(eq(transcriptions.id, id));
  if (!row) throw notFound();
  const { text, ...rest } = row;
  return { ...toAdminRow(rest), text, content: text };
}

/** GET /transcriptions/{id}/download: the text as a .txt named after the title or the file name. */
export async function downloadTranscriptionText(id: string | undefined): Promise<Response> {
  const row = await findTranscription(id, { admin: true });
  if (!row.text) throw notFound(MSG.adminTextUnavailable);
  const baseName = row.title || row.originalName.replace(/\.[^.]+$/, "") || row.fileName;
  const { name, ascii } = downloadNames(baseName, "txt", "trascrizione.txt");
  return new Response(row.text, {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Content-Disposition": contentDisposition(name, ascii),
      "Cache-Control": "no-store",
    },
  });
}

/** GET /transcriptions/{id}/document/download: the existing Word document ('Documento non disponibile' when none). */
export async function downloadTranscriptionDocument(id: string | undefined): Promise<Response> {
  await findTranscription(id, { admin: true });
  let file;
  try {
    file = await getDocumentFile(id, { admin: true });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 409)) throw notFound(MSG.documentUnavailable);
    throw error;
  }
  return documentResponse(file);
}

/** Same as the owner's delete: rows, usage given back, then the files. */
export async function deleteAdminTranscription(id: string | undefined, actorId: string): Promise<{ id: string }> {
  const deleted = await deleteTranscription(id, { admin: true }, auditStep(actorId, "transcription.delete", "transcription", id ?? null));
  return { id: deleted.id };
}

/** Only FAILED goes back to the queue (the pipeline enforces it and answers 409 otherwise). */
export async function retryAdminTranscription(id: string | undefined, actorId: string): Promise<{ id: string }> {
  if (!isUuid(id)) throw notFound();
  const result = await getDb().transaction(async (tx) => {
    const retried = await retryTranscription(id, tx);
    await recordAudit(tx, { actorId, action: "transcription.retry", targetType: "transcription", targetId: id, details: { job: retried.job } });
    return retried;
  });
  return { id: result.id };
}

export async function exportTranscriptionsCsv(
  q: Pick<TranscriptionsQuery, "search" | "status" | "user" | "dateFrom" | "dateTo">,
  db: Executor = getDb(),
): Promise<Response> {
  const where = await transcriptionFilters(q, db);
  type Row = Awaited<ReturnType<typeof batch>>[number];
  const pages = newestFirstPages(transcriptions.createdAt, transcriptions.id);
  const batch = (after: ExportCursor | undefined) =>
    db
      .select({
        id: transcriptions.id,
        title: transcriptions.title,
        originalName: transcriptions.originalName,
        status: transcriptions.status,
        language: transcriptions.language,
        duration: transcriptions.duration,
        fileSize: transcriptions.fileSize,
        createdAt: transcriptions.createdAt,
        completedAt: transcriptions.completedAt,
        userName: users.name,
        userEmail: users.email,
        cursorAt: pages.cursorAt,
      })
      .from(transcriptions)
      .innerJoin(users, eq(users.id, transcriptions.userId))
      .where(and(where, pages.after(after)))
      .orderBy(...pages.order)
      .limit(EXPORT_BATCH);
  return csvResponse<Row>(
    "transcriptions",
    ["ID", "Titolo", "File originale", "Stato", "Lingua", "Durata (s)", "Dimensione (byte)", "Utente", "Email utente", "Creata il", "Completata il"],
    batch,
    (r) => [
      r.id,
      r.title,
      r.originalName,
      r.status,
      r.language,
      r.duration === null ? null : Math.round(r.duration),
      r.fileSize,
      r.userName,
      r.userEmail,
      r.createdAt,
      r.completedAt,
    ],
  );
}
