import { and, count, desc, eq, sql } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { pageCount, pagination, type Pagination } from "~/lib/pagination";
import type { TranscriptionRow } from "./access.server";
import { HEADLINE_TEXT, HEADLINE_TITLE, searchQueryText, splitHighlight, type HighlightPart } from "./search.server";

/** The user's history: the list of /recordings and /api/history, newest first or best match first. */

export type TranscriptionListItem = {
  id: string;
  fileName: string;
  filename: string;
  originalName: string;
  title: string | null;
  status: TranscriptionRow["status"];
  language: string | null;
  duration: number | null;
  fileSize: number;
  createdAt: string;
  completedAt: string | null;
  /** When retention deleted the audio (issue 32). */
  audioDeletedAt: string | null;
  hasDocument: boolean;
  excerpt: string;
  /** What deleting it gives back (for the optimistic usage update). */
  usageMonth: string;
  usageMegabytes: number;
  usageMinutes: number;
  /** Only when searching: the title and a text fragment with the matched words marked. */
  highlight?: { title: HighlightPart[]; text: HighlightPart[] };
};

export const HISTORY_LIMIT = 200;
/** Cards per page of /recordings. */
export const RECORDINGS_PAGE_SIZE = 24;

export async function listTranscriptions(
  userId: string,
  options: { search?: string | null; limit?: number; offset?: number } = {},
  db: Executor = getDb(),
): Promise<TranscriptionListItem[]> {
  const limit = Math.min(Math.max(1, options.limit ?? HISTORY_LIMIT), HISTORY_LIMIT);
  const offset = Math.max(0, options.offset ?? 0);
  const queryText = options.search ? searchQueryText(options.search) : undefined;
  const excerpt = sql<string>`left(coalesce(${transcriptions.text}, ''), 220)`;
  // Spelled out: drizzle leaves columns unqualified here, and "id" would bind to documents.id.
  const hasDocument = sql<boolean>`exists (select 1 from documents d where d.transcription_id = "transcriptions"."id")`;
  const base = {
    id: transcriptions.id,
    fileName: transcriptions.fileName,
    originalName: transcriptions.originalName,
    audioDeletedAt: transcriptions.audioDeletedAt,
    title: transcriptions.title,
    status: transcriptions.status,
    language: transcriptions.language,
    duration: transcriptions.duration,
    fileSize: transcriptions.fileSize,
    createdAt: transcriptions.createdAt,
    completedAt: transcriptions.completedAt,
    excerpt,
    hasDocument,
    usageMonth: transcriptions.usageMonth,
    usageMegabytes: transcriptions.usageMegabytes,
    usageMinutes: transcriptions.usageMinutes,
  };
  type Row = { [K in keyof typeof base]: unknown } & { titleHighlight?: string; textHighlight?: string };
  let rows: Row[];
  if (queryText) {
    const query = sql`to_tsquery('italian'::regconfig, ${queryText})`;
    rows = await db
      .select({
        ...base,
        titleHighlight: sql<string>`ts_headline('italian'::regconfig, coalesce(${transcriptions.title}, ''), ${query}, ${HEADLINE_TITLE})`,
        textHighlight: sql<string>`ts_headline('italian'::regconfig, coalesce(${transcriptions.text}, ''), ${query}, ${HEADLINE_TEXT})`,
      })
      .from(transcriptions)
      .where(and(eq(transcriptions.userId, userId), sql`${transcriptions.searchVector} @@ ${query}`))
      .orderBy(sql`ts_rank(${transcriptions.searchVector}, ${query}) desc`, desc(transcriptions.createdAt), desc(transcriptions.id))
      .limit(limit)
      .offset(offset);
  } else {
    rows = await db
      .select(base)
      .from(transcriptions)
      .where(eq(transcriptions.userId, userId))
      .orderBy(desc(transcriptions.createdAt), desc(transcriptions.id))
      .limit(limit)
      .offset(offset);
  }
  return rows.map((r) => {
    const item: TranscriptionListItem = {
      id: r.id as string,
      fileName: r.fileName as string,
      filename: r.fileName as string,
      originalName: r.originalName as string,
      audioDeletedAt: r.audioDeletedAt ? (r.audioDeletedAt as Date).toISOString() : null,
      title: (r.title as string | null) ?? null,
      status: r.status as TranscriptionRow["status"],
      language: (r.language as string | null) ?? null,
      duration: (r.duration as number | null) ?? null,
      fileSize: Number(r.fileSize),
      createdAt: (r.createdAt as Date).toISOString(),
      completedAt: r.completedAt ? (r.completedAt as Date).toISOString() : null,
      hasDocument: Boolean(r.hasDocument),
      excerpt: String(r.excerpt ?? ""),
      usageMonth: String(r.usageMonth),
      usageMegabytes: Number(r.usageMegabytes),
      usageMinutes: Number(r.usageMinutes),
    };
    if (queryText) {
      item.highlight = { title: splitHighlight(r.titleHighlight), text: splitHighlight(r.textHighlight) };
    }
    return item;
  });
}

/**
 * One page of the user's transcriptions (newest first, or best match first when searching) and
 * the pagination object of spec 3. A page past the end is served as the last page.
 */
export async function listTranscriptionsPage(
  userId: string,
  options: { search?: string | null; page?: number; limit?: number } = {},
  db: Executor = getDb(),
): Promise<{ transcriptions: TranscriptionListItem[]; pagination: Pagination }> {
  const limit = Math.min(Math.max(1, options.limit ?? RECORDINGS_PAGE_SIZE), HISTORY_LIMIT);
  const queryText = options.search ? searchQueryText(options.search) : undefined;
  const match = queryText ? sql`${transcriptions.searchVector} @@ to_tsquery('italian'::regconfig, ${queryText})` : undefined;
  const [{ total }] = await db
    .select({ total: count() })
    .from(transcriptions)
    .where(and(eq(transcriptions.userId, userId), match));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount(total, limit));
  const items = await listTranscriptions(userId, { search: options.search, limit, offset: (page - 1) * limit }, db);
  return { transcriptions: items, pagination: pagination(page, limit, total) };
}
