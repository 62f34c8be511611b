import { createReadableStreamFromReadable } from "@remix-run/node";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { analyses, documents, transcriptions, transcriptionSegments, users } from "~/db/schema";
import type { ActionItem, Decision, Topic } from "~/db/schema";
import { pagination, type Pagination } from "~/lib/validation/admin";
import { notFound } from "./api.server";
import * as storage from "./storage.server";
import { releaseRecording } from "./usage.server";

/**
 * The user's recordings: history list (with Italian full-text search), detail, deletion.
 * Every lookup goes through an Access: a user reaches only their own rows (anything else is the
 * same 404 as a missing id), the admin area passes { admin: true } and shares the same code.
 */

export type Access = { userId: string } | { admin: true };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

function accessFilter(id: string, access: Access): SQL | undefined {
  return "userId" in access ? and(eq(transcriptions.id, id), eq(transcriptions.userId, access.userId)) : eq(transcriptions.id, id);
}

export type TranscriptionRow = typeof transcriptions.$inferSelect;

/** The transcription row, or a 404 when it is missing, not a UUID, or someone else's. */
export async function findTranscription(id: string | undefined, access: Access, db: Executor = getDb()): Promise<TranscriptionRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await db.select().from(transcriptions).where(accessFilter(id, access));
  if (!row) throw notFound();
  return row;
}

// ---------------------------------------------------------------- history list and search

/** A highlighted fragment: text pieces, `match` true where the search matched. */
export type HighlightPart = { text: string; match: boolean };

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
  hasDocument: boolean;
  excerpt: string;
  /** What deleting it gives back (for the optimistic usage update). */
  usageMonth: string;
  usageMegabytes: number;
  usageMinutes: number;
  /** Only when searching: the title and a text fragment with the matched words marked. */
  highlight?: { title: HighlightPart[]; text: HighlightPart[] };
};

// Private-use characters as ts_headline markers: they cannot clash with user text or HTML.
const START = "\uE000";
const STOP = "\uE001";
const HEADLINE_TEXT = `StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
const HEADLINE_TITLE = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;

export function splitHighlight(value: string | null | undefined): HighlightPart[] {
  if (!value) return [];
  const parts: HighlightPart[] = [];
  const re = new RegExp(`${START}([^${STOP}]*)${STOP}`, "g");
  let last = 0;
  for (const m of value.matchAll(re)) {
    if (m.index > last) parts.push({ text: value.slice(last, m.index), match: false });
    parts.push({ text: m[1], match: true });
    last = m.index + m[0].length;
  }
  if (last < value.length) parts.push({ text: value.slice(last), match: false });
  return parts.map((p) => ({ ...p, text: p.text.replaceAll(START, "").replaceAll(STOP, "") }));
}

/**
 * A prefix query in the Italian configuration: every word must match, each as a prefix, so
 * "riun bilan" finds "riunione sul bilancio" while typing. Only letters and digits pass, so the
 * user's input can never be tsquery syntax.
 */
export function searchQueryText(search: string): string | undefined {
  const words = search
    .normalize("NFC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return undefined;
  return words.map((w) => `${w}:*`).join(" & ");
}

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
  const [{ total }] = await db.select({ total: count() }).from(transcriptions).where(and(eq(transcriptions.userId, userId), match));
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(Math.max(1, options.page ?? 1), totalPages);
  const items = await listTranscriptions(userId, { search: options.search, limit, offset: (page - 1) * limit }, db);
  return { transcriptions: items, pagination: pagination(page, limit, total) };
}

// ---------------------------------------------------------------- detail

export type SegmentView = {
  position: number;
  start: number;
  end: number;
  text: string;
  speaker: string | null;
  /** The engine's text when a user changed it (null when never edited). */
  originalText: string | null;
};

export type TranscriptionDetail = {
  transcription: {
    id: string;
    userId: string;
    fileName: string;
    filename: string;
    originalName: string;
    mimeType: string | null;
    title: string | null;
    text: string | null;
    content: string | null;
    status: TranscriptionRow["status"];
    stage: string | null;
    progress: number;
    errorMessage: string | null;
    language: string | null;
    duration: number | null;
    fileSize: number;
    createdAt: string;
    completedAt: string | null;
    user: { id: string; name: string; firstName: string; lastName: string; email: string };
    segments: SegmentView[];
    edited: { at: string; by: string } | null;
  };
  analysis: {
    id: string;
    status: string;
    title: string | null;
    summary: string | null;
    topics: Topic[];
    decisions: Decision[];
    actionItems: ActionItem[];
    /** Which engine made the minutes ("llm", "local" for the extractive analyzer, "openai") and its model. */
    engine: string | null;
    model: string | null;
    edited: boolean;
    updatedAt: string;
  } | null;
  document: { id: string; fileName: string; sizeBytes: number; createdAt: string; upToDate: boolean } | null;
  /** The download URL of the document once generated (spec: "documentPath"). */
  documentPath: string | null;
};

export function documentPathFor(id: string): string {
  return `/api/document/${id}`;
}

export async function getTranscriptionDetail(id: string | undefined, access: Access, db: Executor = getDb()): Promise<TranscriptionDetail> {
  const row = await findTranscription(id, access, db);
  const [people, segmentRows, [analysis], [document]] = await Promise.all([
    db
      .select({ id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(inArray(users.id, row.editedBy ? [row.userId, row.editedBy] : [row.userId])),
    db
      .select({
        position: transcriptionSegments.position,
        start: transcriptionSegments.start,
        end: transcriptionSegments.end,
        text: transcriptionSegments.text,
        speaker: transcriptionSegments.speaker,
        original: transcriptionSegments.original,
      })
      .from(transcriptionSegments)
      .where(eq(transcriptionSegments.transcriptionId, row.id))
      .orderBy(asc(transcriptionSegments.position)),
    db.select().from(analyses).where(eq(analyses.transcriptionId, row.id)),
    db.select().from(documents).where(eq(documents.transcriptionId, row.id)),
  ]);
  const owner = people.find((p) => p.id === row.userId);
  const editor = people.find((p) => p.id === row.editedBy);
  const segments: SegmentView[] = segmentRows.map(({ original, ...s }) => ({ ...s, originalText: original && original.text !== s.text ? original.text : null }));
  const [firstName = "", ...rest] = (owner?.name ?? "").split(" ");
  return {
    transcription: {
      id: row.id,
      userId: row.userId,
      fileName: row.fileName,
      filename: row.fileName,
      originalName: row.originalName,
      mimeType: row.mimeType,
      title: row.title,
      text: row.text,
      content: row.text,
      status: row.status,
      stage: row.stage,
      progress: row.progress,
      errorMessage: row.errorMessage,
      language: row.language,
      duration: row.duration,
      fileSize: Number(row.fileSize),
      createdAt: row.createdAt.toISOString(),
      completedAt: row.completedAt?.toISOString() ?? null,
      user: { id: row.userId, name: owner?.name ?? "", firstName, lastName: rest.join(" "), email: owner?.email ?? "" },
      segments,
      /** Last correction: when and by whom (issue 16). */
      edited: row.editedAt ? { at: row.editedAt.toISOString(), by: editor?.name ?? "" } : null,
    },
    analysis: analysis
      ? {
          id: analysis.id,
          status: analysis.status,
          title: analysis.title,
          summary: analysis.summary,
          topics: analysis.topics ?? [],
          decisions: analysis.decisions ?? [],
          actionItems: analysis.actionItems ?? [],
          engine: analysis.engine,
          model: analysis.model,
          /** The engine's minutes are kept: "Ripristina originale" can bring them back. */
          edited: analysis.original !== null,
          updatedAt: analysis.updatedAt.toISOString(),
        }
      : null,
    document: document
      ? {
          id: document.id,
          fileName: document.fileName,
          sizeBytes: document.sizeBytes,
          createdAt: document.createdAt.toISOString(),
          upToDate: !analysis || (document.analysisVersion?.getTime() ?? 0) === analysis.updatedAt.getTime(),
        }
      : null,
    documentPath: document ? documentPathFor(row.id) : null,
  };
}

// ---------------------------------------------------------------- delete

export type DeletedTranscription = { id: string; userId: string; usageMonth: string; megabytes: number; minutes: number };

/**
 * Deletes the rows (segments, analysis, document, deliveries cascade) and gives the usage back
 * in one transaction; the audio and document files go only after the commit, so a rollback
 * never leaves rows pointing at missing files.
 */
export async function deleteTranscription(id: string | undefined, access: Access): Promise<DeletedTranscription> {
  if (!isUuid(id)) throw notFound();
  const { deleted, files } = await getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(transcriptions).where(accessFilter(id, access)).for("update");
    if (!row) throw notFound();
    const docs = await tx.select({ fileName: documents.fileName }).from(documents).where(eq(documents.transcriptionId, row.id));
    await tx.delete(transcriptions).where(eq(transcriptions.id, row.id));
    await releaseRecording(tx, row.userId, row.usageMonth, row.usageMegabytes, row.usageMinutes);
    return {
      deleted: { id: row.id, userId: row.userId, usageMonth: row.usageMonth, megabytes: row.usageMegabytes, minutes: row.usageMinutes },
      files: [row.fileName, ...docs.map((d) => d.fileName)],
    };
  });
  await Promise.all([
    ...files.map((key) =>
      storage.remove(key).catch((error: unknown) => console.error(`[transcriptions] file ${key} non rimosso:`, error)),
    ),
    // The chunks of a recording that was never finalized (decision 009).
    storage.removeDir(`recordings/${deleted.id}`).catch((error: unknown) => console.error(`[transcriptions] parti di ${deleted.id} non rimosse:`, error)),
  ]);
  return deleted;
}

// ---------------------------------------------------------------- download names

/** ASCII-only, filesystem-safe name from a title; `fallback` when nothing usable is left. */
export function safeFileName(title: string | null | undefined, extension: string, fallback: string): string {
  const base = (title ?? "")
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^A-Za-z0-9 ._-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, 80)
    .trim();
  return base ? `${base}.${extension}` : fallback;
}

/**
 * `attachment; filename="ascii"; filename*=UTF-8''utf8`: old clients read the ASCII name, the
 * rest the exact one with accents (RFC 6266 / RFC 5987). Quotes, slashes and control characters
 * never reach the header.
 */
export function contentDisposition(name: string, asciiFallback: string, disposition: "attachment" | "inline" = "attachment"): string {
  const clean = name.replace(/[\u0000-\u001f\u007f"\\/]+/g, " ").replace(/\s+/g, " ").trim() || asciiFallback;
  const ascii = clean.replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(clean).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** The download name of a document: the title with its accents (ASCII fallback), document.docx without one. */
export function documentDownloadNames(title: string | null | undefined): { name: string; ascii: string } {
  const ascii = safeFileName(title, "docx", "document.docx");
  const trimmed = (title ?? "").replace(/[\u0000-\u001f\u007f"\\/:*?<>|]+/g, " ").replace(/\s+/g, " ").trim().slice(0, 80).trim();
  return { name: trimmed ? `${trimmed}.docx` : "document.docx", ascii };
}

// ---------------------------------------------------------------- audio

/** Parses a single "bytes=" range; undefined for none or several (then the whole file is sent). */
export function parseRange(header: string | null, size: number): { start: number; end: number } | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = header.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === "" && to === "") return undefined;
  let start: number;
  let end: number;
  if (from === "") {
    const suffix = Number(to);
    if (suffix === 0) return "unsatisfiable";
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(from);
    end = to === "" ? size - 1 : Math.min(Number(to), size - 1);
  }
  if (start >= size || start > end) return "unsatisfiable";
  return { start, end };
}

/**
 * The audio of a transcription, with Range support so the player can seek, and the original
 * file name in Content-Disposition.
 */
export async function audioResponse(id: string | undefined, access: Access, request: Request): Promise<Response> {
  const row = await findTranscription(id, access);
  const file = await storage.stat(row.fileName);
  if (!file) throw notFound();
  const extension = row.fileName.split(".").pop() ?? "webm";
  const headers = new Headers({
    "Content-Type": row.mimeType || "application/octet-stream",
    "Accept-Ranges": "bytes",
    "Content-Disposition": contentDisposition(row.originalName, safeFileName(row.originalName.replace(/\.[^.]+$/, ""), extension, `audio.${extension}`)),
    "Cache-Control": "private, no-cache",
    "X-Content-Type-Options": "nosniff",
  });
  const range = parseRange(request.headers.get("Range"), file.size);
  if (range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${file.size}`);
    return new Response(null, { status: 416, headers });
  }
  const body = request.method === "HEAD" ? null : createReadableStreamFromReadable(storage.readStream(row.fileName, range));
  if (range) {
    headers.set("Content-Range", `bytes ${range.start}-${range.end}/${file.size}`);
    headers.set("Content-Length", String(range.end - range.start + 1));
    return new Response(body, { status: 206, headers });
  }
  headers.set("Content-Length", String(file.size));
  return new Response(body, { status: 200, headers });
}
