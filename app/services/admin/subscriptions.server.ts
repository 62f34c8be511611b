import { and, count, eq, gte, ilike, inArray, like, lt, ne, not, or, sql, type SQL } from "drizzle-orm";
import { getDb, type Executor } from "~/db/client.server";
import { orders, subscriptionTypes, usageMonths, userSubscriptions, users, type PaymentMethod, type PlanFeature } from "~/db/schema";
import { addPlanInterval } from "~/lib/dates";
import { MSG } from "~/lib/messages";
import { usageMonthOf } from "~/lib/usage";
import { pagination, type Pagination } from "~/lib/pagination";
import type { SubscriptionsQuery } from "~/lib/validation/admin";
import { isUuid } from "~/lib/uuid";
import { ApiError, notFound } from "../api.server";
import type { AuditStep } from "../audit.server";
import { activeSubscriptionCondition } from "../usage.server";
import { csvResponse, EXPORT_BATCH, likePattern, orderBy, splitName, toNumber, newestFirstPages } from "./common.server";

/** Admin subscriptions: list with stats and revenue, cancel, reactivate, CSV export. */

export type AdminSubscriptionRow = {
  id: string;
  status: "ACTIVE" | "CANCELLED" | "SUSPENDED" | "EXPIRED" | "PENDING";
  isActive: boolean;
  isPaid: boolean | null;
  user: { id: string; firstName: string; lastName: string; name: string; email: string };
  type: {
    id: string;
    code: string;
    planType: "FREE" | "PAYMENT";
    name: string;
    price: number;
    currency: string;
    interval: string;
    features: PlanFeature[];
  };
  currentPeriodStart: Date;
  currentPeriodEnd: Date;
  startDate: Date;
  endDate: Date;
  cancelAtPeriodEnd: boolean;
  cancelledAt: Date | null;
  cancelReason: string | null;
  createdAt: Date;
  usage: { recordingsUsed: number; maxRecordingsPerMonth: number; megabytesUsed: number; maxMBStorage: number };
  paymentMethod: PaymentMethod | null;
};

export type SubscriptionStats = {
  total: number;
  active: number;
  expired: number;
  cancelled: number;
  pending: number;
  revenue: { monthly: number; yearly: number; total: number; currency: string };
};

/**
 * Spec 9 offers the type filter values basic, pro and business: basic is every FREE plan,
 * business the BUSINESS_* codes, pro the other paid plans.
 */
function typeFilter(type: NonNullable<SubscriptionsQuery["type"]>): SQL {
  if (type === "basic") return eq(subscriptionTypes.type, "FREE");
  if (type === "business") return like(subscriptionTypes.code, "BUSINESS%");
  return and(eq(subscriptionTypes.type, "PAYMENT"), not(like(subscriptionTypes.code, "BUSINESS%")))!;
}

function subscriptionFilters(q: Pick<SubscriptionsQuery, "search" | "status" | "type" | "dateFrom" | "dateTo">): SQL | undefined {
  const conditions: SQL[] = [];
  if (q.status) conditions.push(eq(userSubscriptions.status, q.status));
  if (q.type)
    conditions.push(
      inArray(userSubscriptions.subscriptionTypeId, getDb().select({ id: subscriptionTypes.id }).from(subscriptionTypes).where(typeFilter(q.type))),
    );
  if (q.dateFrom) conditions.push(gte(userSubscriptions.createdAt, q.dateFrom));
  if (q.dateTo) conditions.push(lt(userSubscriptions.createdAt, q.dateTo));
  if (q.search) {
    const pattern = likePattern(q.search);
    conditions.push(
      or(
        inArray(
          userSubscriptions.userId,
          getDb()
            .select({ id: users.id })
            .from(users)
            .where(or(ilike(users.email, pattern), ilike(users.name, pattern))),
        ),
        inArray(
          userSubscriptions.subscriptionTypeId,
          getDb()
            .select({ id: subscriptionTypes.id })
            .from(subscriptionTypes)
            .where(or(ilike(subscriptionTypes.name, pattern), ilike(subscriptionTypes.code, pattern))),
        ),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

const sortColumns = {
  createdAt: userSubscriptions.createdAt,
  startDate: userSubscriptions.startDate,
  endDate: userSubscriptions.endDate,
  status: userSubscriptions.status,
  user: users.name,
  plan: subscriptionTypes.name,
} as const;

/** Keyset pages of the CSV export, newest first; the list carries the cursor column too. */
const exportPages = newestFirstPages(userSubscriptions.createdAt, userSubscriptions.id);

/**
 * Subscriptions with their user, plan and this month's usage: the one select of every admin view of
 * subscriptions (list, detail, CSV export, the overview's lists).
 */
export function selectSubscriptionRows(db: Executor, month: string = usageMonthOf(new Date())) {
  return db
    .select({
      sub: userSubscriptions,
      cursorAt: exportPages.cursorAt,
      userName: users.name,
      userEmail: users.email,
      plan: {
        id: subscriptionTypes.id,
        code: subscriptionTypes.code,
        planType: subscriptionTypes.type,
        name: subscriptionTypes.name,
        price: subscriptionTypes.price,
        currency: subscriptionTypes.currency,
        interval: subscriptionTypes.interval,
        features: subscriptionTypes.features,
        maxRecordingsPerMonth: subscriptionTypes.maxRecordingsPerMonth,
        maxMBStorage: subscriptionTypes.maxMBStorage,
      },
      recordingsUsed: usageMonths.recordingsUsed,
      megabytesUsed: usageMonths.megabytesUsed,
    })
    .from(userSubscriptions)
    .innerJoin(users, eq(users.id, userSubscriptions.userId))
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
    .leftJoin(usageMonths, and(eq(usageMonths.userId, userSubscriptions.userId), eq(usageMonths.month, month)));
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectSubscriptionRows>["execute"]>>[number];

function toAdminRow(r: Selected): AdminSubscriptionRow {
  const s = r.sub;
  return {
    id: s.id,
    status: s.status,
    isActive: s.isActive,
    isPaid: s.isPaid,
    user: { id: s.userId, name: r.userName, email: r.userEmail, ...splitName(r.userName) },
    type: {
      id: r.plan.id,
      code: r.plan.code,
      planType: r.plan.planType,
      name: r.plan.name,
      price: Number(r.plan.price),
      currency: r.plan.currency,
      interval: r.plan.interval,
      features: r.plan.features,
    },
    currentPeriodStart: s.currentPeriodStart,
    currentPeriodEnd: s.currentPeriodEnd,
    startDate: s.startDate,
    endDate: s.endDate,
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    cancelledAt: s.cancelledAt,
    cancelReason: s.cancelReason,
    createdAt: s.createdAt,
    usage: {
      recordingsUsed: r.recordingsUsed ?? 0,
      maxRecordingsPerMonth: r.plan.maxRecordingsPerMonth,
      megabytesUsed: r.megabytesUsed ?? 0,
      maxMBStorage: r.plan.maxMBStorage,
    },
    paymentMethod: s.paymentMethod ?? null,
  };
}

/** Counts by status and the revenue of PAID orders (this month, this year, all time; Europe/Rome calendar), in EUR. */
export async function subscriptionStats(db: Executor = getDb()): Promise<SubscriptionStats> {
  const [counts, [revenue]] = await Promise.all([
    db.select({ status: userSubscriptions.status, n: count() }).from(userSubscriptions).groupBy(userSubscriptions.status),
    // The month and year starts are scalar subqueries (evaluated once, Europe/Rome), so each order
    // is a plain comparison instead of two time-zone conversions per row.
    db
      .select({
        monthly: sql<string>`coalesce(sum(${orders.amount}) filter (where coalesce(${orders.paymentDate}, ${orders.createdAt}) >= (select date_trunc('month', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome')), 0)`,
        yearly: sql<string>`coalesce(sum(${orders.amount}) filter (where coalesce(${orders.paymentDate}, ${orders.createdAt}) >= (select date_trunc('year', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome')), 0)`,
        total: sql<string>`coalesce(sum(${orders.amount}), 0)`,
      })
      .from(orders)
      .where(and(eq(orders.status, "PAID"), eq(orders.currency, "EUR"))),
  ]);
  const by = Object.fromEntries(counts.map((r) => [r.status, r.n])) as Record<string, number>;
  return {
    total: counts.reduce((sum, r) => sum + r.n, 0),
    active: by.ACTIVE ?? 0,
    expired: by.EXPIRED ?? 0,
    cancelled: by.CANCELLED ?? 0,
    pending: by.PENDING ?? 0,
    revenue: { monthly: toNumber(revenue.monthly), yearly: toNumber(revenue.yearly), total: toNumber(revenue.total), currency: "EUR" },
  };
}

export async function listAdminSubscriptions(
  q: SubscriptionsQuery,
  db: Executor = getDb(),
): Promise<{ subscriptions: AdminSubscriptionRow[]; pagination: Pagination; stats: SubscriptionStats }> {
  const where = subscriptionFilters(q);
  const month = usageMonthOf(new Date());
  const [[{ total }], rows, stats] = await Promise.all([
    db.select({ total: count() }).from(userSubscriptions).where(where),
    selectSubscriptionRows(db, month)
      .where(where)
      .orderBy(...orderBy(sortColumns[q.sortBy], q.sortOrder, userSubscriptions.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    subscriptionStats(db),
  ]);
  return { subscriptions: rows.map(toAdminRow), pagination: pagination(q.page, q.limit, total), stats };
}

export async function getAdminSubscription(id: string | undefined, db: Executor = getDb()): Promise<AdminSubscriptionRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await selectSubscriptionRows(db).where(eq(userSubscriptions.id, id));
  if (!row) throw notFound();
  return toAdminRow(row);
}

/** Admin cancel (spec 4): only ACTIVE and not already flagged cancelAtPeriodEnd; ends it now. */
export async function cancelAdminSubscription(id: string | undefined, reason?: string | null, audit?: AuditStep): Promise<AdminSubscriptionRow> {
  if (!isUuid(id)) throw notFound();
  await getDb().transaction(async (tx) => {
    const [sub] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, id)).for("update");
    if (!sub) throw notFound();
    if (sub.status !== "ACTIVE" || sub.cancelAtPeriodEnd) throw new ApiError(409, MSG.adminCancelOnlyActive);
    await tx
      .update(userSubscriptions)
      .set({ status: "CANCELLED", isActive: false, cancelledAt: new Date(), cancelReason: reason?.trim().slice(0, 500) || null })
      .where(eq(userSubscriptions.id, id));
    await audit?.(tx);
  });
  return getAdminSubscription(id);
}

/**
 * Admin reactivate (spec 4): only CANCELLED or EXPIRED. The subscription becomes ACTIVE again; if
 * its period is over, a new one starts now. Refused while the user holds another active one, so
 * a user never ends up with two plans at once.
 */
export async function reactivateAdminSubscription(id: string | undefined, audit?: AuditStep): Promise<AdminSubscriptionRow> {
  if (!isUuid(id)) throw notFound();
  await getDb().transaction(async (tx) => {
    const [row] = await tx
      .select({ sub: userSubscriptions, interval: subscriptionTypes.interval })
      .from(userSubscriptions)
      .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
      .where(eq(userSubscriptions.id, id))
      .for("update", { of: userSubscriptions });
    if (!row) throw notFound();
    const sub = row.sub;
    if (sub.status !== "CANCELLED" && sub.status !== "EXPIRED") throw new ApiError(409, MSG.adminReactivateOnlyEnded);
    const now = new Date();
    const [other] = await tx
      .select({ id: userSubscriptions.id })
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.userId, sub.userId), ne(userSubscriptions.id, sub.id), activeSubscriptionCondition(now)))
      .limit(1);
    if (other) throw new ApiError(409, MSG.adminOtherActiveSubscription);
    const periodOver = sub.endDate.getTime() <= now.getTime();
    const end = addPlanInterval(now, row.interval);
    await tx
      .update(userSubscriptions)
      .set({
        status: "ACTIVE",
        isActive: true,
        cancelAtPeriodEnd: false,
        cancelledAt: null,
        cancelReason: null,
        ...(periodOver ? { startDate: now, endDate: end, currentPeriodStart: now, currentPeriodEnd: end } : {}),
      })
      .where(eq(userSubscriptions.id, sub.id));
    await audit?.(tx);
  });
  return getAdminSubscription(id);
}

export function exportSubscriptionsCsv(
  q: Pick<SubscriptionsQuery, "search" | "status" | "type" | "dateFrom" | "dateTo">,
  db: Executor = getDb(),
): Response {
  const where = subscriptionFilters(q);
  type Row = Selected;
  const batch = (after: Row | undefined) =>
    selectSubscriptionRows(db)
      .where(and(where, exportPages.after(after && { cursorAt: after.cursorAt, id: after.sub.id })))
      .orderBy(...exportPages.order)
      .limit(EXPORT_BATCH);
  return csvResponse<Row>(
    "subscriptions",
    [
      "ID",
      "Stato",
      "Utente",
      "Email",
      "Piano",
      "Prezzo",
      "Valuta",
      "Intervallo",
      "Inizio",
      "Fine",
      "Cancellazione a fine periodo",
      "Cancellata il",
      "Creata il",
    ],
    batch,
    (r) => [
      r.sub.id,
      r.sub.status,
      r.userName,
      r.userEmail,
      r.plan.name,
      Number(r.plan.price),
      r.plan.currency,
      r.plan.interval,
      r.sub.startDate,
      r.sub.endDate,
      r.sub.cancelAtPeriodEnd ? "Sì" : "No",
      r.sub.cancelledAt,
      r.sub.createdAt,
    ],
  );
}
