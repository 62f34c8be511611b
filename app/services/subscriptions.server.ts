import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { subscriptionTypes, usageMonths, userSubscriptions, users } from "~/db/schema";
import { addPlanInterval } from "~/lib/dates";
import { MSG } from "~/lib/messages";
import { usageMonthOf } from "~/lib/usage";
import { ApiError, badRequest, forbidden, notFound } from "./api.server";
import type { SessionUser } from "./session.server";
import { getActiveSubscription } from "./usage.server";

/** Public plan page: at most this many plans (spec section 9). */
export const PUBLIC_PLAN_LIMIT = 4;

type PlanRow = typeof subscriptionTypes.$inferSelect;
type SubscriptionRow = typeof userSubscriptions.$inferSelect;

/** The SubscriptionType entity as clients see it (dates as ISO strings). */
export function serializePlan(plan: PlanRow) {
  return {
    id: plan.id,
    code: plan.code,
    type: plan.type,
    name: plan.name,
    description: plan.description,
    price: plan.price,
    currency: plan.currency,
    interval: plan.interval,
    maxFileSizeMB: plan.maxFileSizeMB,
    maxRecordingsPerMonth: plan.maxRecordingsPerMonth,
    maxMBStorage: plan.maxMBStorage,
    maxMinutesPerFile: plan.maxMinutesPerFile,
    maxMinutesPerMonth: plan.maxMinutesPerMonth,
    sortOrder: plan.sortOrder,
    isActive: plan.isActive,
    isPreferred: plan.isPreferred,
    autoRenew: plan.autoRenew,
    features: plan.features,
    createdAt: plan.createdAt.toISOString(),
    updatedAt: plan.updatedAt.toISOString(),
  };
}
export type PlanView = ReturnType<typeof serializePlan>;

/** Active plans by sortOrder; the public page passes PUBLIC_PLAN_LIMIT. */
export async function listActivePlans(options: { limit?: number } = {}, db: Executor = getDb()): Promise<PlanView[]> {
  const query = db
    .select()
    .from(subscriptionTypes)
    .where(eq(subscriptionTypes.isActive, true))
    .orderBy(asc(subscriptionTypes.sortOrder), asc(subscriptionTypes.price), asc(subscriptionTypes.name));
  const rows = options.limit ? await query.limit(options.limit) : await query;
  return rows.map(serializePlan);
}

/** ACTIVE rows whose period is over are shown as EXPIRED without waiting for a sweep. */
export function effectiveStatus(sub: Pick<SubscriptionRow, "status" | "endDate">, now: Date = new Date()): SubscriptionRow["status"] {
  if (sub.status === "ACTIVE" && sub.endDate.getTime() < now.getTime()) return "EXPIRED";
  return sub.status;
}

const idSchema = z.string().uuid();

/** A subscription of this user, or 404 (also for another user's id or a malformed one). */
async function findOwnSubscription(db: Executor, userId: string, id: string) {
  if (!idSchema.safeParse(id).success) throw notFound();
  const [row] = await db
    .select({ sub: userSubscriptions, plan: subscriptionTypes })
    .from(userSubscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
    .where(and(eq(userSubscriptions.id, id), eq(userSubscriptions.userId, userId)));
  if (!row) throw notFound();
  return row;
}

/** Serialises subscription changes of one user (one active subscription per user). */
async function lockUser(tx: Transaction, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
}

/** Ends every other running subscription of the user: a new one replaces them. */
async function closeOtherActive(tx: Transaction, userId: string, keepId: string | null, now: Date): Promise<void> {
  await tx
    .update(userSubscriptions)
    .set({ isActive: false, status: "CANCELLED", cancelledAt: now, cancelReason: MSG.subscriptionReplaced })
    .where(and(eq(userSubscriptions.userId, userId), eq(userSubscriptions.isActive, true), keepId ? ne(userSubscriptions.id, keepId) : undefined));
}

export const assignSchema = z.object({
  subscriptionTypeId: z.string({ required_error: MSG.planNotAvailable }).min(1, MSG.planNotAvailable),
});

/**
 * Plan selection (spec section 4): a FREE plan is assigned at once and replaces the previous
 * active subscription in the same transaction; a paid plan is refused with the 'in sviluppo' text.
 */
export async function assignPlan(user: Pick<SessionUser, "id" | "isEmailVerified">, subscriptionTypeId: string, now: Date = new Date()) {
  if (!user.isEmailVerified) throw forbidden(MSG.verifyEmailToSelectPlan);
  if (!idSchema.safeParse(subscriptionTypeId).success) throw badRequest(MSG.planNotAvailable);
  const db = getDb();
  const [plan] = await db.select().from(subscriptionTypes).where(eq(subscriptionTypes.id, subscriptionTypeId));
  if (!plan || !plan.isActive) throw new ApiError(404, MSG.planNotAvailable);
  if (plan.type !== "FREE") throw badRequest(MSG.paidPlanInDevelopment, { inDevelopment: true });

  const subscription = await db.transaction(async (tx) => {
    await lockUser(tx, user.id);
    await closeOtherActive(tx, user.id, null, now);
    const end = addPlanInterval(now, plan.interval);
    const [row] = await tx
      .insert(userSubscriptions)
      .values({
        userId: user.id,
        subscriptionTypeId: plan.id,
        status: "ACTIVE",
        isActive: true,
        isPaid: null,
        startDate: now,
        endDate: end,
        currentPeriodStart: now,
        currentPeriodEnd: end,
        cancelAtPeriodEnd: false,
      })
      .returning();
    return row;
  });
  return { subscription: await toView(subscription, plan, now), plan: serializePlan(plan), message: MSG.planAssigned(plan.name) };
}

async function usageByMonth(db: Executor, userId: string, months: string[]) {
  if (months.length === 0) return new Map<string, { recordingsUsed: number; megabytesUsed: number; minutesUsed: number }>();
  const rows = await db
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), inArray(usageMonths.month, [...new Set(months)])));
  return new Map(rows.map((r) => [r.month, { recordingsUsed: r.recordingsUsed, megabytesUsed: r.megabytesUsed, minutesUsed: r.minutesUsed }]));
}

/** The month a subscription's usage is read from: the current one, or its last month if it ended. */
function usageMonthFor(sub: SubscriptionRow, now: Date): string {
  return usageMonthOf(sub.endDate.getTime() < now.getTime() ? sub.endDate : now);
}

function buildView(
  sub: SubscriptionRow,
  plan: PlanRow,
  usage: { recordingsUsed: number; megabytesUsed: number; minutesUsed: number } | undefined,
  now: Date,
) {
  return {
    id: sub.id,
    status: effectiveStatus(sub, now),
    isActive: sub.isActive,
    isPaid: sub.isPaid,
    startDate: sub.startDate.toISOString(),
    endDate: sub.endDate.toISOString(),
    currentPeriodStart: sub.currentPeriodStart.toISOString(),
    currentPeriodEnd: sub.currentPeriodEnd.toISOString(),
    cancelledAt: sub.cancelledAt?.toISOString() ?? null,
    cancelReason: sub.cancelReason,
    createdAt: sub.createdAt.toISOString(),
    subscriptionType: {
      id: plan.id,
      name: plan.name,
      type: plan.type,
      code: plan.code,
      currency: plan.currency,
      price: plan.price,
      interval: plan.interval,
    },
    usage: {
      recordingsUsed: usage?.recordingsUsed ?? 0,
      maxRecordingsPerMonth: plan.maxRecordingsPerMonth,
      megabytesUsed: usage?.megabytesUsed ?? 0,
      maxMBStorage: plan.maxMBStorage,
      minutesUsed: usage?.minutesUsed ?? 0,
      maxMinutesPerMonth: plan.maxMinutesPerMonth,
    },
    canCancel: effectiveStatus(sub, now) === "ACTIVE",
    canReactivate: sub.status === "CANCELLED" && plan.type === "FREE",
  };
}
export type SubscriptionView = ReturnType<typeof buildView>;

async function toView(sub: SubscriptionRow, plan: PlanRow, now: Date, db: Executor = getDb()): Promise<SubscriptionView> {
  const month = usageMonthFor(sub, now);
  const usage = await usageByMonth(db, sub.userId, [month]);
  return buildView(sub, plan, usage.get(month), now);
}

export type ToastMessage = { type: "success" | "error" | "info" | "warning"; message: string; title?: string };

/** GET /api/subscription/current: every subscription of the user, newest first. */
export async function getUserSubscriptions(userId: string, now: Date = new Date(), db: Executor = getDb()) {
  const rows = await db
    .select({ sub: userSubscriptions, plan: subscriptionTypes })
    .from(userSubscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
    .where(eq(userSubscriptions.userId, userId))
    .orderBy(desc(userSubscriptions.startDate), desc(userSubscriptions.createdAt));
  const usage = await usageByMonth(
    db,
    userId,
    rows.map((r) => usageMonthFor(r.sub, now)),
  );
  const subscriptions = rows.map((r) => buildView(r.sub, r.plan, usage.get(usageMonthFor(r.sub, now)), now));
  const active = await getActiveSubscription(userId, db, now);
  const toastMessage: ToastMessage | undefined = active
    ? undefined
    : { type: "info", title: MSG.subscriptionRequiredTitle, message: MSG.noActiveSubscription };
  return { subscriptions, activeSubscriptionId: active?.id ?? null, requiresSubscription: !active, toastMessage };
}

/** The current plan's name for the user menu, or null when a plan is required. */
export async function getCurrentPlanName(userId: string, db: Executor = getDb()): Promise<string | null> {
  return (await getActiveSubscription(userId, db))?.plan.name ?? null;
}

/** Only an ACTIVE subscription can be cancelled; it stops counting as active at once. */
export async function cancelSubscription(userId: string, id: string, reason?: string | null, now: Date = new Date()) {
  const db = getDb();
  const { sub } = await findOwnSubscription(db, userId, id);
  if (effectiveStatus(sub, now) !== "ACTIVE") throw badRequest(MSG.subscriptionNotCancellable);
  const trimmed = reason?.trim().slice(0, 500) || null;
  // Conditional update: a concurrent cancel or replacement cannot be overwritten.
  const [row] = await db
    .update(userSubscriptions)
    .set({ status: "CANCELLED", isActive: false, cancelledAt: now, cancelReason: trimmed })
    .where(and(eq(userSubscriptions.id, sub.id), eq(userSubscriptions.status, "ACTIVE")))
    .returning({ id: userSubscriptions.id });
  if (!row) throw badRequest(MSG.subscriptionNotCancellable);
  return { message: MSG.subscriptionCancelled };
}

/** Only a CANCELLED FREE subscription is reactivated; it replaces any other active one. */
export async function reactivateSubscription(userId: string, id: string, now: Date = new Date()) {
  const db = getDb();
  const { sub, plan } = await findOwnSubscription(db, userId, id);
  if (sub.status !== "CANCELLED" || plan.type !== "FREE") throw badRequest(MSG.subscriptionNotReactivable);
  // A plan the admin has switched off cannot be chosen again, reactivation included.
  if (!plan.isActive) throw badRequest(MSG.planNotAvailable);
  await db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const [current] = await tx.select().from(userSubscriptions).where(eq(userSubscriptions.id, sub.id)).for("update");
    if (current.status !== "CANCELLED") throw badRequest(MSG.subscriptionNotReactivable);
    await closeOtherActive(tx, userId, sub.id, now);
    // A period that is already over restarts today, so the reactivated plan is really usable.
    const restart = current.endDate.getTime() <= now.getTime();
    const start = restart ? now : current.startDate;
    const end = restart ? addPlanInterval(now, plan.interval) : current.endDate;
    await tx
      .update(userSubscriptions)
      .set({
        status: "ACTIVE",
        isActive: true,
        cancelledAt: null,
        cancelReason: null,
        startDate: start,
        endDate: end,
        currentPeriodStart: restart ? now : current.currentPeriodStart,
        currentPeriodEnd: restart ? end : current.currentPeriodEnd,
      })
      .where(eq(userSubscriptions.id, sub.id));
  });
  return { message: MSG.subscriptionReactivated };
}
