import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { orders, orderStatusEnum, subscriptionTypes, userSubscriptions } from "~/db/schema";
import { pageCount, pagination, type Pagination } from "~/lib/pagination";

/** Payments list (spec 7 GET /api/orders): page size 10, newest first by default. */
export const ORDERS_PAGE_SIZE = 10;
const MAX_PAGE_SIZE = 100;

export const ORDER_SORT_FIELDS = ["createdAt", "paymentDate", "amount"] as const;
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export type OrderStatus = (typeof orderStatusEnum.enumValues)[number];

export type OrderQuery = {
  page: number;
  limit: number;
  search: string;
  status: OrderStatus | null;
  dateFrom: string | null;
  dateTo: string | null;
  sortBy: OrderSortField;
  sortOrder: "asc" | "desc";
};

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

function validDay(value: string | null): string | null {
  if (!value || !isoDay.test(value)) return null;
  const d = new Date(`${value}T00:00:00Z`);
  // Year 0 parses in JavaScript but Postgres has no year zero: treat it as malformed.
  return Number.isNaN(d.getTime()) || d.getUTCFullYear() < 1 || d.toISOString().slice(0, 10) !== value ? null : value;
}

function positiveInt(value: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
}

/**
 * Reads the list query from URL parameters. Shared links and hand-typed URLs must not break the
 * page, so unknown or malformed values fall back to their defaults instead of failing.
 */
export function parseOrderQuery(params: URLSearchParams): OrderQuery {
  const status = params.get("status")?.toUpperCase() ?? "";
  const sortBy = params.get("sortBy") ?? "";
  const sortOrder = params.get("sortOrder")?.toLowerCase();
  return {
    // Past 1,000,000 pages no real list has rows; the cap keeps OFFSET and the echoed page sane.
    page: positiveInt(params.get("page"), 1, 1_000_000),
    limit: positiveInt(params.get("limit"), ORDERS_PAGE_SIZE, MAX_PAGE_SIZE),
    search: (params.get("search") ?? "").trim().slice(0, 100),
    status: (orderStatusEnum.enumValues as readonly string[]).includes(status) ? (status as OrderStatus) : null,
    dateFrom: validDay(params.get("dateFrom")),
    dateTo: validDay(params.get("dateTo")),
    sortBy: (ORDER_SORT_FIELDS as readonly string[]).includes(sortBy) ? (sortBy as OrderSortField) : "createdAt",
    sortOrder: sortOrder === "asc" ? "asc" : "desc",
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The date a payment is shown with (and filtered on): when it was paid, else when it was created. */
const shownDate = sql`coalesce(${orders.paymentDate}, ${orders.createdAt})`;
/** Day boundaries of the date filters are Italian days. */
const shownDay = sql`(${shownDate} at time zone 'Europe/Rome')::date`;

function filters(userId: string, q: OrderQuery): SQL {
  const conditions: (SQL | undefined)[] = [eq(orders.userId, userId)];
  if (q.status) conditions.push(eq(orders.status, q.status));
  if (q.dateFrom) conditions.push(sql`${shownDay} >= ${q.dateFrom}::date`);
  if (q.dateTo) conditions.push(sql`${shownDay} <= ${q.dateTo}::date`);
  if (q.search) {
    const pattern = `%${escapeLike(q.search)}%`;
    conditions.push(
      or(
        ilike(subscriptionTypes.name, pattern),
        ilike(orders.paymentMethod, pattern),
        sql`${orders.id}::text ilike ${pattern}`,
        sql`${orders.amount}::text ilike ${pattern}`,
      ),
    );
  }
  return and(...conditions)!;
}

export type OrderView = {
  id: string;
  status: OrderStatus;
  amount: number;
  currency: string;
  paymentDate: string | null;
  paymentMethod: string | null;
  createdAt: string;
  subscription: { subscriptionType: { name: string }; startDate: string; endDate: string } | null;
};

export type OrderList = {
  orders: OrderView[];
  pagination: Pagination;
  stats: { total: number; totalAmount: number; currency: string };
};

/** One user's orders with filters, sort and page; stats over the whole filtered set, in SQL. */
export async function listOrders(userId: string, q: OrderQuery, db: Executor = getDb()): Promise<OrderList> {
  const where = filters(userId, q);
  const direction = q.sortOrder === "asc" ? asc : desc;
  const sortColumn = q.sortBy === "amount" ? orders.amount : q.sortBy === "paymentDate" ? orders.paymentDate : orders.createdAt;
  // Unpaid orders have no payment date: they go last in either direction.
  const nulls = q.sortBy === "paymentDate" ? sql`${sortColumn} ${sql.raw(q.sortOrder)} nulls last` : direction(sortColumn);

  // Per currency: count, paid total and latest order; amounts in different currencies are never summed.
  const groups = await db
    .select({
      currency: orders.currency,
      count: sql<number>`count(*)::int`,
      paid: sql<string>`coalesce(sum(${orders.amount}) filter (where ${orders.status} = 'PAID'), 0)::text`,
      latest: sql<string>`max(${orders.createdAt})::text`,
    })
    .from(orders)
    .leftJoin(userSubscriptions, eq(userSubscriptions.id, orders.subscriptionId))
    .leftJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
    .where(where)
    .groupBy(orders.currency);

  const totalItems = groups.reduce((n, g) => n + g.count, 0);
  // A page past the end (an old link after rows went away) shows the last page.
  const page = Math.min(q.page, pageCount(totalItems, q.limit));
  // The currency of the stats is the one with the most paid; amounts in different currencies are
  // never summed. Without payments, the most frequent one.
  const main = [...groups].sort((a, b) => Number(b.paid) - Number(a.paid) || b.count - a.count || (b.latest > a.latest ? 1 : -1))[0];

  const rows = await db
    .select({
      order: orders,
      planName: subscriptionTypes.name,
      subStart: userSubscriptions.startDate,
      subEnd: userSubscriptions.endDate,
    })
    .from(orders)
    .leftJoin(userSubscriptions, eq(userSubscriptions.id, orders.subscriptionId))
    .leftJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
    .where(where)
    .orderBy(nulls, direction(orders.createdAt), direction(orders.id))
    .limit(q.limit)
    .offset((page - 1) * q.limit);

  return {
    orders: rows.map(({ order, planName, subStart, subEnd }) => ({
      id: order.id,
      status: order.status,
      amount: order.amount,
      currency: order.currency,
      paymentDate: order.paymentDate?.toISOString() ?? null,
      paymentMethod: order.paymentMethod,
      createdAt: order.createdAt.toISOString(),
      subscription:
        planName && subStart && subEnd
          ? { subscriptionType: { name: planName }, startDate: subStart.toISOString(), endDate: subEnd.toISOString() }
          : null,
    })),
    pagination: pagination(page, q.limit, totalItems),
    stats: { total: totalItems, totalAmount: main ? Number(main.paid) : 0, currency: main?.currency ?? "EUR" },
  };
}
