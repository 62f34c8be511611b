/** The pagination object of spec 3, shared by /recordings, /api/history and the admin lists. */
export type Pagination = { currentPage: number; totalPages: number; pageSize: number; totalItems: number };

export function pagination(page: number, limit: number, totalItems: number): Pagination {
  return { currentPage: page, totalPages: pageCount(totalItems, limit), pageSize: limit, totalItems };
}

/** How many pages of `limit` rows `totalItems` make; an empty list still has its one page. */
export function pageCount(totalItems: number, limit: number): number {
  return Math.max(1, Math.ceil(totalItems / limit));
}

/** The largest page number a query may ask for (beyond it the last page is served anyway). */
export const MAX_PAGE = 1_000_000;

/** An integer query parameter clamped to [min, max]; missing or not a number: fallback. */
export function readInt(value: string | null, fallback: number, min: number, max: number): number {
  const n = value === null ? NaN : Number.parseInt(value, 10);
  if (!Number.isFinite(n)) return fallback;
  return Math.min(Math.max(n, min), max);
}
