import { Form, Link, useLocation, useNavigate, useSearchParams } from "@remix-run/react";
import type { FormEvent, ReactNode } from "react";
import { MSG } from "~/lib/messages";
import type { Pagination } from "~/lib/pagination";

/**
 * The one admin table (spec 2.8 'Generic data table behaviour'): search box, per-column filters,
 * sortable columns cycling asc → desc → none, pagination 'Pagina X di Y' with 'Precedente' and
 * 'Successiva', result count and empty message. Every piece of state lives in the URL, set by a
 * GET form and plain links, so it works before JavaScript loads, survives a reload and can be
 * shared. The server does the paging, filtering and sorting.
 */

export type FilterOption = { value: string; label: string };

export type ColumnFilter =
  { name: string; kind: "select"; options: FilterOption[]; allLabel?: string } | { name: string; kind: "text" | "date"; placeholder?: string };

/**
 * Where a column appears: essential columns always; the others from a viewport width up (the
 * admin area is 968 px wide at 1280 and 1128 px at 1440). What a row hides at a width is in its
 * "Dettagli" dialog, so no table needs sideways scrolling on a desktop screen.
 */
export type ColumnWidth = "always" | "lg" | "xl" | "wide" | "2xl";

export type Column<T> = {
  key: string;
  label: string;
  /** The sortBy value sent to the server; absent = not sortable. */
  sortKey?: string;
  /** A filter field in the toolbar (labelled with filterLabel, else the column's label). */
  filter?: ColumnFilter;
  filterLabel?: string;
  visibleFrom?: ColumnWidth;
  render: (row: T) => ReactNode;
  className?: string;
};

/** Static class names, so Tailwind keeps them. "wide" starts at 1400 px, "2xl" at 1536. */
const VISIBLE_FROM: Record<ColumnWidth, string> = {
  always: "",
  lg: "hidden lg:table-cell",
  xl: "hidden xl:table-cell",
  wide: "hidden min-[1400px]:table-cell",
  "2xl": "hidden 2xl:table-cell",
};

export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100];

/** Parameters that describe the list; anything else in the URL (an open modal) is dropped by list links. */
const LIST_PARAMS = new Set(["page", "limit", "sortBy", "sortOrder", "search"]);

export function listHref(pathname: string, params: URLSearchParams, changes: Record<string, string | null>, filterNames: string[] = []): string {
  const next = new URLSearchParams();
  for (const [k, v] of params) if ((LIST_PARAMS.has(k) || filterNames.includes(k)) && v !== "") next.append(k, v);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === "") next.delete(k);
    else next.set(k, v);
  }
  const qs = next.toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

function nextSort(current: { sortBy: string | null; sortOrder: string | null }, key: string): { sortBy: string | null; sortOrder: string | null } {
  if (current.sortBy !== key) return { sortBy: key, sortOrder: "asc" };
  if (current.sortOrder !== "desc") return { sortBy: key, sortOrder: "desc" };
  return { sortBy: null, sortOrder: null };
}

export function DataTable<T>({
  id,
  columns,
  rows,
  rowKey,
  pagination,
  searchPlaceholder,
  emptyMessage,
  rowActions,
  toolbar,
  error,
}: {
  id: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  pagination: Pagination;
  searchPlaceholder: string;
  emptyMessage: string;
  rowActions?: (row: T) => ReactNode;
  toolbar?: ReactNode;
  error?: string | null;
}) {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const formId = `${id}-filters`;
  const filterNames = columns.flatMap((c) => (c.filter ? [c.filter.name] : []));
  const href = (changes: Record<string, string | null>) => listHref(pathname, params, changes, filterNames);
  const sortBy = params.get("sortBy");
  const sortOrder = params.get("sortOrder");
  const hasFilters = filterNames.some((n) => params.get(n)) || Boolean(params.get("search"));

  // With JavaScript, drop empty fields so the URL stays short; without it the plain GET still works.
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const [k, v] of data) if (typeof v === "string" && v !== "") next.append(k, v);
    navigate(next.toString() ? `${pathname}?${next}` : pathname);
  }
  const autoSubmit = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => event.currentTarget.form?.requestSubmit();

  const { currentPage, totalPages, totalItems, pageSize } = pagination;
  const filterColumns = columns.filter((c): c is Column<T> & { filter: ColumnFilter } => Boolean(c.filter));
  return (
    <section aria-label={searchPlaceholder} data-testid={`table-${id}`}>
      {/* Keyed on the URL so uncontrolled inputs show the new state after a client navigation. */}
      <Form key={params.toString()} method="get" id={formId} onSubmit={onSubmit} className="mb-4 flex flex-wrap items-end gap-3">
        <div className="min-w-[12rem] flex-1">
          <label htmlFor={`${id}-search`} className="label">
            Cerca
          </label>
          <input
            id={`${id}-search`}
            type="search"
            name="search"
            defaultValue={params.get("search") ?? ""}
            placeholder={searchPlaceholder}
            className="input"
          />
        </div>
        {sortBy ? <input type="hidden" name="sortBy" value={sortBy} /> : null}
        {sortBy && sortOrder ? <input type="hidden" name="sortOrder" value={sortOrder} /> : null}
        {/* Filters live here, not in a header row: a column hidden at this width keeps its filter. */}
        {filterColumns.map((c) => (
          <div key={c.key}>
            <label htmlFor={`${id}-filter-${c.filter.name}`} className="label">
              {c.filterLabel ?? c.label}
            </label>
            <FilterInput id={`${id}-filter-${c.filter.name}`} filter={c.filter} value={params.get(c.filter.name) ?? ""} onChange={autoSubmit} />
          </div>
        ))}
        <div>
          <label htmlFor={`${id}-limit`} className="label">
            Righe
          </label>
          <select id={`${id}-limit`} name="limit" defaultValue={String(pageSize)} className="input" onChange={autoSubmit}>
            {PAGE_SIZE_OPTIONS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          Filtra
        </button>
        {hasFilters ? (
          <Link to={href({ search: null, page: null, ...Object.fromEntries(filterNames.map((n) => [n, null])) })} className="btn-ghost">
            Azzera filtri
          </Link>
        ) : null}
        {toolbar ? <div className="ml-auto flex flex-wrap gap-2">{toolbar}</div> : null}
      </Form>

      {error ? (
        <p role="alert" className="mb-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}

      <p id={`${id}-count`} className="mb-2 text-sm text-slate-600" data-testid="result-count">
        {totalItems === 1 ? "1 risultato" : `${totalItems} risultati`}
      </p>

      {/* On a phone the table may still scroll sideways inside its frame (focusable, so the keyboard can scroll it too). */}
      {/* relative: the sr-only labels (position: absolute) inside stay clipped by the frame instead of widening the page. */}
      <div
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable region must be focusable to scroll by keyboard
        tabIndex={0}
        role="region"
        aria-labelledby={`${id}-count`}
        data-testid="table-frame"
      >
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-50">
            <tr>
              {columns.map((c) => {
                const active = c.sortKey && sortBy === c.sortKey ? (sortOrder === "desc" ? "descending" : "ascending") : undefined;
                return (
                  <th
                    key={c.key}
                    scope="col"
                    aria-sort={c.sortKey ? (active ?? "none") : undefined}
                    className={`whitespace-nowrap px-3 py-2 text-left font-semibold text-slate-700 ${VISIBLE_FROM[c.visibleFrom ?? "always"]} ${c.className ?? ""}`}
                  >
                    {c.sortKey ? (
                      <Link
                        to={href({ ...nextSort({ sortBy, sortOrder }, c.sortKey), page: null })}
                        className="inline-flex items-center gap-1 hover:text-brand-700"
                        data-testid={`sort-${c.sortKey}`}
                      >
                        {c.label}
                        <span aria-hidden className="text-xs text-slate-400">
                          {active === "ascending" ? "▲" : active === "descending" ? "▼" : "↕"}
                        </span>
                      </Link>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
              {rowActions ? (
                <th scope="col" className="w-px px-3 py-2 text-right font-semibold text-slate-700">
                  <span className="sr-only">Azioni</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + (rowActions ? 1 : 0)} className="px-3 py-10 text-center text-slate-500" data-testid="empty-message">
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={rowKey(row)} className="hover:bg-slate-50" data-testid="table-row">
                  {columns.map((c) => (
                    <td key={c.key} className={`px-3 py-2 align-top ${VISIBLE_FROM[c.visibleFrom ?? "always"]} ${c.className ?? ""}`}>
                      {c.render(row)}
                    </td>
                  ))}
                  {rowActions ? <td className="w-px whitespace-nowrap px-3 py-2 text-right align-top">{rowActions(row)}</td> : null}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>

      <nav aria-label="Paginazione" className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm">
        <span data-testid="page-indicator">{MSG.pageOf(currentPage, totalPages)}</span>
        <div className="flex gap-2">
          {currentPage > 1 ? (
            <Link to={href({ page: String(Math.min(currentPage - 1, totalPages)) })} className="btn-secondary" rel="prev">
              {MSG.previous}
            </Link>
          ) : (
            <span className="btn-secondary pointer-events-none" aria-disabled="true">
              {MSG.previous}
            </span>
          )}
          {currentPage < totalPages ? (
            <Link to={href({ page: String(currentPage + 1) })} className="btn-secondary" rel="next">
              {MSG.next}
            </Link>
          ) : (
            <span className="btn-secondary pointer-events-none" aria-disabled="true">
              {MSG.next}
            </span>
          )}
        </div>
      </nav>
    </section>
  );
}

function FilterInput({
  id,
  filter,
  value,
  onChange,
}: {
  id: string;
  filter: ColumnFilter;
  value: string;
  onChange: (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => void;
}) {
  const common = { id, name: filter.name, defaultValue: value, className: "input min-w-[8rem]" };
  if (filter.kind === "select") {
    return (
      <select {...common} onChange={onChange}>
        <option value="">{filter.allLabel ?? "Tutti"}</option>
        {filter.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  if (filter.kind === "date") return <input {...common} type="date" onChange={onChange} />;
  return <input {...common} type="search" placeholder={filter.placeholder} />;
}
