import { LoadErrorBoundary } from "~/components/load-error";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { AccessRequired } from "~/components/guards";
import { formatCurrency, formatDate } from "~/lib/format";
import { MSG, ORDER_STATUS_LABEL } from "~/lib/messages";
import { listOrders, parseOrderQuery, type OrderList, type OrderQuery, type OrderView } from "~/services/orders.server";
import { getSessionUser } from "~/services/session.server";

export const meta: MetaFunction = () => [{ title: "I miei pagamenti — Verbale" }];

/** Filters, sort and page live in the URL: the page works without JavaScript and can be shared. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await getSessionUser(request);
  const query = parseOrderQuery(new URL(request.url).searchParams);
  if (!user) return { signedIn: false as const, query, list: null };
  return { signedIn: true as const, query, list: await listOrders(user.id, query) };
}

const STATUS_BADGE: Record<OrderView["status"], string> = {
  PAID: "badge-success",
  PENDING: "badge-warning",
  FAILED: "badge-danger",
  CANCELLED: "badge-neutral",
  REFUNDED: "badge-info",
};

const SORT_LABEL = { createdAt: "Data creazione", paymentDate: "Data pagamento", amount: "Importo" } as const;

function pageHref(query: OrderQuery, page: number): string {
  const params = new URLSearchParams();
  if (query.search) params.set("search", query.search);
  if (query.status) params.set("status", query.status);
  if (query.dateFrom) params.set("dateFrom", query.dateFrom);
  if (query.dateTo) params.set("dateTo", query.dateTo);
  if (query.sortBy !== "createdAt") params.set("sortBy", query.sortBy);
  if (query.sortOrder !== "desc") params.set("sortOrder", query.sortOrder);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `?${text}` : "?";
}

export default function MyPayments() {
  const { signedIn, query, list } = useLoaderData<typeof loader>();
  if (!signedIn || !list) return <AccessRequired />;
  return (
    <div className="page">
      <h1 className="page-title">{MSG.myPayments}</h1>
      <Stats stats={list.stats} />
      <Filters query={query} />
      {list.orders.length === 0 ? (
        <p className="card mt-6 text-center text-slate-600" data-testid="payments-empty">
          Nessun pagamento trovato.
        </p>
      ) : (
        <OrdersTable orders={list.orders} />
      )}
      <Pagination query={query} pagination={list.pagination} />
    </div>
  );
}

function Stats({ stats }: { stats: OrderList["stats"] }) {
  return (
    <dl className="mt-6 grid grid-cols-3 gap-3 sm:gap-4" data-testid="payments-stats">
      <div className="card min-w-0 p-3 sm:p-4">
        <dt className="text-xs leading-tight text-slate-500 sm:text-sm">Pagamenti</dt>
        <dd className="mt-0.5 truncate text-lg font-bold tabular-nums sm:text-2xl" data-testid="stats-total">
          {stats.total}
        </dd>
      </div>
      <div className="card min-w-0 p-3 sm:p-4">
        <dt className="text-xs leading-tight text-slate-500 sm:text-sm">Totale pagato</dt>
        <dd className="mt-0.5 truncate text-lg font-bold tabular-nums sm:text-2xl" data-testid="stats-amount">
          {formatCurrency(stats.totalAmount, stats.currency)}
        </dd>
      </div>
      <div className="card min-w-0 p-3 sm:p-4">
        <dt className="text-xs leading-tight text-slate-500 sm:text-sm">Valuta</dt>
        <dd className="mt-0.5 truncate text-lg font-bold tabular-nums sm:text-2xl">{stats.currency}</dd>
      </div>
    </dl>
  );
}

function Filters({ query }: { query: OrderQuery }) {
  return (
    <Form method="get" className="card mt-6 grid grid-cols-2 gap-4 p-4 lg:grid-cols-4" role="search" aria-label="Filtra i pagamenti">
      <div className="col-span-2">
        <label className="label" htmlFor="search">
          Cerca
        </label>
        <input id="search" name="search" type="search" defaultValue={query.search} placeholder="Piano, metodo, importo..." className="input" />
      </div>
      <div className="col-span-2 sm:col-span-1 lg:col-span-2">
        <label className="label" htmlFor="sortBy">
          Ordina per
        </label>
        <div className="flex gap-2">
          <select id="sortBy" name="sortBy" defaultValue={query.sortBy} className="input min-w-0 flex-1">
            {Object.entries(SORT_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <select name="sortOrder" defaultValue={query.sortOrder} className="input w-auto shrink-0" aria-label="Direzione">
            <option value="desc">Decrescente</option>
            <option value="asc">Crescente</option>
          </select>
        </div>
      </div>
      <div className="col-span-2 sm:col-span-1">
        <label className="label" htmlFor="status">
          Stato
        </label>
        <select id="status" name="status" defaultValue={query.status ?? ""} className="input">
          <option value="">Tutti</option>
          {Object.entries(ORDER_STATUS_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label className="label" htmlFor="dateFrom">
          Dal
        </label>
        <input id="dateFrom" name="dateFrom" type="date" defaultValue={query.dateFrom ?? ""} className="input" />
      </div>
      <div>
        <label className="label" htmlFor="dateTo">
          Al
        </label>
        <input id="dateTo" name="dateTo" type="date" defaultValue={query.dateTo ?? ""} className="input" />
      </div>
      <div className="col-span-2 flex items-end gap-2 lg:col-span-1">
        <button type="submit" className="btn-primary">
          Filtra
        </button>
        <Link to="/my-payments" className="btn-ghost">
          Azzera filtri
        </Link>
      </div>
    </Form>
  );
}

const CELL = "block min-w-0 break-words sm:table-cell sm:px-4 sm:py-3";
/** The column name above each value on a phone (the header row is hidden there). */
const CELL_LABEL = "block text-xs font-medium text-slate-500 sm:hidden";

function OrdersTable({ orders }: { orders: OrderView[] }) {
  return (
    <div className="card mt-6 overflow-x-auto p-0">
      {/* Explicit roles: on a phone the rows are laid out as blocks, which would drop the table semantics. */}
      {/* eslint-disable jsx-a11y/no-redundant-roles, jsx-a11y/no-interactive-element-to-noninteractive-role -- see above */}
      <table role="table" className="block w-full text-left text-sm sm:table" data-testid="payments-table">
        <thead role="rowgroup" className="hidden border-b border-slate-200 bg-slate-50 text-slate-600 sm:table-header-group">
          <tr role="row">
            <th scope="col" role="columnheader" className="px-4 py-3 font-medium">
              Data
            </th>
            <th scope="col" role="columnheader" className="px-4 py-3 font-medium">
              Stato
            </th>
            <th scope="col" role="columnheader" className="px-4 py-3 font-medium">
              Piano
            </th>
            <th scope="col" role="columnheader" className="px-4 py-3 font-medium">
              Importo
            </th>
            <th scope="col" role="columnheader" className="px-4 py-3 font-medium">
              Metodo
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="block divide-y divide-slate-100 sm:table-row-group">
          {orders.map((order) => (
            <tr key={order.id} role="row" className="grid grid-cols-2 gap-x-4 gap-y-2 p-4 sm:table-row sm:p-0" data-testid="payment-row">
              <td role="cell" className={CELL}>
                <span className={CELL_LABEL}>Data</span>
                {formatDate(order.paymentDate ?? order.createdAt)}
              </td>
              <td role="cell" className={`${CELL} text-right sm:text-left`}>
                <span className={CELL_LABEL}>Stato</span>
                <span className={STATUS_BADGE[order.status]}>{ORDER_STATUS_LABEL[order.status]}</span>
              </td>
              <td role="cell" className={CELL}>
                <span className={CELL_LABEL}>Piano</span>
                {order.subscription?.subscriptionType.name ?? "—"}
              </td>
              <td role="cell" className={`${CELL} text-right tabular-nums font-semibold sm:text-left sm:font-normal`}>
                <span className={CELL_LABEL}>Importo</span>
                {formatCurrency(order.amount, order.currency)}
              </td>
              <td role="cell" className={`${CELL} col-span-2`}>
                <span className={CELL_LABEL}>Metodo</span>
                {order.paymentMethod ?? "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pagination({ query, pagination }: { query: OrderQuery; pagination: OrderList["pagination"] }) {
  const { currentPage, totalPages, totalItems } = pagination;
  return (
    <nav className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm" aria-label="Paginazione">
      <span className="text-slate-600">{totalItems} risultati</span>
      <div className="flex w-full items-center justify-between gap-2 sm:w-auto">
        {currentPage > 1 ? (
          <Link to={pageHref(query, Math.min(currentPage - 1, totalPages))} className="btn-secondary px-3 sm:px-4" rel="prev">
            {MSG.previous}
          </Link>
        ) : (
          <span className="btn-secondary pointer-events-none px-3 sm:px-4" aria-disabled="true">
            {MSG.previous}
          </span>
        )}
        <span className="whitespace-nowrap tabular-nums" data-testid="page-indicator">
          {MSG.pageOf(currentPage, totalPages)}
        </span>
        {currentPage < totalPages ? (
          <Link to={pageHref(query, currentPage + 1)} className="btn-secondary px-3 sm:px-4" rel="next">
            {MSG.next}
          </Link>
        ) : (
          <span className="btn-secondary pointer-events-none px-3 sm:px-4" aria-disabled="true">
            {MSG.next}
          </span>
        )}
      </div>
    </nav>
  );
}

export function ErrorBoundary() {
  return <LoadErrorBoundary message={MSG.paymentsLoadError} retryTo="/my-payments" />;
}
