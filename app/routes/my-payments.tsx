import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
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
    <dl className="mt-6 grid gap-4 sm:grid-cols-3" data-testid="payments-stats">
      <div className="card p-4">
        <dt className="text-sm text-slate-500">Pagamenti</dt>
        <dd className="text-2xl font-bold" data-testid="stats-total">
          {stats.total}
        </dd>
      </div>
      <div className="card p-4">
        <dt className="text-sm text-slate-500">Totale pagato</dt>
        <dd className="text-2xl font-bold" data-testid="stats-amount">
          {formatCurrency(stats.totalAmount, stats.currency)}
        </dd>
      </div>
      <div className="card p-4">
        <dt className="text-sm text-slate-500">Valuta</dt>
        <dd className="text-2xl font-bold">{stats.currency}</dd>
      </div>
    </dl>
  );
}

function Filters({ query }: { query: OrderQuery }) {
  return (
    <Form method="get" className="card mt-6 grid gap-4 p-4 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label="Filtra i pagamenti">
      <div className="lg:col-span-2">
        <label className="label" htmlFor="search">
          Cerca
        </label>
        <input id="search" name="search" type="search" defaultValue={query.search} placeholder="Piano, metodo, importo..." className="input" />
      </div>
      <div>
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
        <label className="label" htmlFor="sortBy">
          Ordina per
        </label>
        <div className="flex gap-2">
          <select id="sortBy" name="sortBy" defaultValue={query.sortBy} className="input">
            {Object.entries(SORT_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <select name="sortOrder" defaultValue={query.sortOrder} className="input w-auto" aria-label="Direzione">
            <option value="desc">↓ Decrescente</option>
            <option value="asc">↑ Crescente</option>
          </select>
        </div>
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
      <div className="flex items-end gap-2 sm:col-span-2">
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

function OrdersTable({ orders }: { orders: OrderView[] }) {
  return (
    <div className="card mt-6 overflow-x-auto p-0">
      <table className="w-full min-w-[640px] text-left text-sm" data-testid="payments-table">
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">Data</th>
            <th scope="col" className="px-4 py-3 font-medium">Piano</th>
            <th scope="col" className="px-4 py-3 font-medium">Importo</th>
            <th scope="col" className="px-4 py-3 font-medium">Stato</th>
            <th scope="col" className="px-4 py-3 font-medium">Metodo</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {orders.map((order) => (
            <tr key={order.id} data-testid="payment-row">
              <td className="px-4 py-3">{formatDate(order.paymentDate ?? order.createdAt)}</td>
              <td className="px-4 py-3">{order.subscription?.subscriptionType.name ?? "—"}</td>
              <td className="px-4 py-3 tabular-nums">{formatCurrency(order.amount, order.currency)}</td>
              <td className="px-4 py-3">
                <span className={STATUS_BADGE[order.status]}>{ORDER_STATUS_LABEL[order.status]}</span>
              </td>
              <td className="px-4 py-3">{order.paymentMethod ?? "—"}</td>
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
      <div className="flex items-center gap-2">
        {currentPage > 1 ? (
          <Link to={pageHref(query, Math.min(currentPage - 1, totalPages))} className="btn-secondary" rel="prev">
            {MSG.previous}
          </Link>
        ) : (
          <span className="btn-secondary pointer-events-none opacity-50" aria-disabled="true">
            {MSG.previous}
          </span>
        )}
        <span data-testid="page-indicator">{MSG.pageOf(currentPage, totalPages)}</span>
        {currentPage < totalPages ? (
          <Link to={pageHref(query, currentPage + 1)} className="btn-secondary" rel="next">
            {MSG.next}
          </Link>
        ) : (
          <span className="btn-secondary pointer-events-none opacity-50" aria-disabled="true">
            {MSG.next}
          </span>
        )}
      </div>
    </nav>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="page flex justify-center py-16">
      <div className="card w-full max-w-md text-center" role="alert">
        <p className="font-medium text-red-800">{MSG.paymentsLoadError}</p>
        <Link to="/my-payments" reloadDocument className="btn-primary mt-4">
          Riprova
        </Link>
      </div>
    </div>
  );
}
