import { asc, desc, sql, SQL, type AnyColumn } from "drizzle-orm";
import { csvFileName, type CsvValue, CSV_BOM, csvCell } from "~/lib/csv";
import type { SortOrder } from "~/lib/validation/admin";
import { contentDisposition } from "../http-download.server";

/** Small pieces shared by the admin services. */

/** Escapes % _ and \ so a search box value is matched literally inside ILIKE '%...%'. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * ORDER BY a column with the id as tie-breaker so pages never overlap. NULLs go last either way,
 * but only nullable columns say so: "desc nulls last" on a NOT NULL column would stop Postgres
 * from walking its index backwards and force a sort of every row.
 */
export function orderBy(column: AnyColumn | SQL, order: SortOrder, tieBreaker: AnyColumn): SQL[] {
  const nullable = !(column instanceof SQL) && !(column as AnyColumn).notNull;
  const direction = order === "asc" ? sql`asc` : sql`desc`;
  const primary = nullable ? sql`${column} ${direction} nulls last` : sql`${column} ${direction}`;
  return [primary, order === "asc" ? asc(tieBreaker) : desc(tieBreaker)];
}

/** Spec 3 splits a user's name into firstName/lastName for the admin views. */
export function splitName(name: string): { firstName: string; lastName: string } {
  const trimmed = name.trim();
  const space = trimmed.indexOf(" ");
  return space < 0 ? { firstName: trimmed, lastName: "" } : { firstName: trimmed.slice(0, space), lastName: trimmed.slice(space + 1).trim() };
}

export const toNumber = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * A CSV download built in batches (keyset pages from `fetchBatch`), so a 100,000-row export never
 * holds every row, nor the whole file, in memory at once.
 */
export function csvResponse<Row>(
  prefix: string,
  headers: string[],
  fetchBatch: (after: Row | undefined) => Promise<Row[]>,
  toCells: (row: Row) => CsvValue[],
): Response {
  const encoder = new TextEncoder();
  let last: Row | undefined;
  let started = false;
  let done = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + headers.map(csvCell).join(",") + "\r\n"));
        return;
      }
      if (done) {
        controller.close();
        return;
      }
      const rows = await fetchBatch(last);
      if (rows.length === 0) {
        done = true;
        controller.close();
        return;
      }
      last = rows[rows.length - 1];
      controller.enqueue(encoder.encode(rows.map((r) => toCells(r).map(csvCell).join(",")).join("\r\n") + "\r\n"));
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": contentDisposition(csvFileName(prefix), `${prefix}.csv`),
      "Cache-Control": "no-store",
    },
  });
}

export const EXPORT_BATCH = 2000;

export type ExportCursor = { cursorAt: string; id: string };

/**
 * Keyset pages of an export, newest first: the creation time travels as text so the cursor keeps
 * Postgres's microseconds (a JavaScript Date would round them and skip or repeat rows).
 */
export function newestFirstPages(createdAt: AnyColumn, id: AnyColumn) {
  return {
    cursorAt: sql<string>`${createdAt}::text`,
    after: (after: ExportCursor | undefined): SQL | undefined =>
      after
        ? sql`${createdAt} <= ${after.cursorAt}::timestamptz and (${createdAt} < ${after.cursorAt}::timestamptz or ${id} < ${after.id})`
        : undefined,
    order: [sql`${createdAt} desc`, sql`${id} desc`],
  };
}
