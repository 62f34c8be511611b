import { and, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { subscriptionTypes, usageMonths, userSubscriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { computeLimits, DEFAULT_MAX_FILE_SIZE_MB, megabytesFor, usageMonthOf, type LimitsResponse } from "~/lib/usage";
import { ApiError } from "./api.server";

export type { UsageLimits, LimitsResponse } from "~/lib/usage";

export type ActiveSubscription = typeof userSubscriptions.$inferSelect & {
  plan: typeof subscriptionTypes.$inferSelect;
};

/** Spec section 4: isActive, now within [startDate, endDate], isPaid not false. */
export function activeSubscriptionCondition(now: Date) {
  return and(
    eq(userSubscriptions.isActive, true),
    lte(userSubscriptions.startDate, now),
    gte(userSubscriptions.endDate, now),
    or(isNull(userSubscriptions.isPaid), eq(userSubscriptions.isPaid, true)),
  );
}

/** The user's active subscription joined with its plan, or undefined when a plan is required. */
export async function getActiveSubscription(
  userId: string,
  db: Executor = getDb(),
  now: Date = new Date(),
): Promise<ActiveSubscription | undefined> {
  const [row] = await db
    .select({ sub: userSubscriptions, plan: subscriptionTypes })
    .from(userSubscriptions)
    .innerJoin(subscriptionTypes, eq(subscriptionTypes.id, userSubscriptions.subscriptionTypeId))
    .where(and(eq(userSubscriptions.userId, userId), activeSubscriptionCondition(now)))
    // Should two ever overlap, the most recent one wins.
    .orderBy(desc(userSubscriptions.startDate), desc(userSubscriptions.createdAt))
    .limit(1);
  return row ? { ...row.sub, plan: row.plan } : undefined;
}

export async function getUsage(
  userId: string,
  month: string,
  db: Executor = getDb(),
): Promise<{ recordingsUsed: number; megabytesUsed: number }> {
  const [row] = await db
    .select({ recordingsUsed: usageMonths.recordingsUsed, megabytesUsed: usageMonths.megabytesUsed })
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, month)));
  return row ?? { recordingsUsed: 0, megabytesUsed: 0 };
}

/** GET /api/subscription/limits: computed from the database on every call. */
export async function getUsageLimits(userId: string, db: Executor = getDb(), now: Date = new Date()): Promise<LimitsResponse> {
  const subscription = await getActiveSubscription(userId, db, now);
  if (!subscription) return { requiresSubscription: true, limits: null };
  const usage = await getUsage(userId, usageMonthOf(now), db);
  return { requiresSubscription: false, limits: computeLimits(subscription.plan, usage) };
}

/**
 * Counts one recording of `bytes` against this month's limits inside the caller's transaction.
 * The usage row stays locked until that transaction ends, so two uploads cannot both take the
 * last slot; if the caller rolls back (e.g. the file turned out invalid), nothing is counted.
 */
export async function reserveRecording(
  tx: Transaction,
  userId: string,
  bytes: number,
  now: Date = new Date(),
): Promise<{ usageMonth: string; megabytes: number }> {
  const subscription = await getActiveSubscription(userId, tx, now);
  if (!subscription) throw new ApiError(403, MSG.noActiveSubscription, { requiresSubscription: true });

  const usageMonth = usageMonthOf(now);
  const megabytes = megabytesFor(bytes);
  await tx.insert(usageMonths).values({ userId, month: usageMonth }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)))
    .for("update");

  const { maxRecordingsPerMonth, maxMBStorage } = subscription.plan;
  if (row.recordingsUsed >= maxRecordingsPerMonth || row.megabytesUsed + megabytes > maxMBStorage) {
    throw new ApiError(403, MSG.limitReached, { limitReached: true });
  }
  await tx
    .update(usageMonths)
    .set({
      recordingsUsed: sql`${usageMonths.recordingsUsed} + 1`,
      megabytesUsed: sql`${usageMonths.megabytesUsed} + ${megabytes}`,
    })
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)));
  return { usageMonth, megabytes };
}

/** Gives back what reserveRecording counted (a transcription was deleted); never below 0. */
export async function releaseRecording(tx: Executor, userId: string, usageMonth: string, megabytes: number): Promise<void> {
  await tx
    .update(usageMonths)
    .set({
      recordingsUsed: sql`greatest(${usageMonths.recordingsUsed} - 1, 0)`,
      megabytesUsed: sql`greatest(${usageMonths.megabytesUsed} - ${Math.max(0, Math.ceil(megabytes))}, 0)`,
    })
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)));
}

/**
 * A recording arriving in chunks (decision 009) grows inside the month it was started in: counts
 * `extraMegabytes` more against the plan's storage inside the caller's transaction (the usage row
 * stays locked until it ends). Refuses past maxMBStorage, past the plan's maxFileSizeMB for the
 * whole recording (`totalMegabytes` after this growth), or when the plan ended meanwhile.
 */
export async function reserveRecordingGrowth(
  tx: Transaction,
  userId: string,
  usageMonth: string,
  extraMegabytes: number,
  totalMegabytes: number,
  now: Date = new Date(),
): Promise<void> {
  if (extraMegabytes <= 0) return;
  const subscription = await getActiveSubscription(userId, tx, now);
  if (!subscription) throw new ApiError(403, MSG.noActiveSubscription, { requiresSubscription: true });
  if (totalMegabytes > (subscription.plan.maxFileSizeMB ?? DEFAULT_MAX_FILE_SIZE_MB)) {
    throw new ApiError(403, MSG.recordingMaxSize, { storageFull: true });
  }
  await tx.insert(usageMonths).values({ userId, month: usageMonth }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)))
    .for("update");
  if (row.megabytesUsed + extraMegabytes > subscription.plan.maxMBStorage) {
    throw new ApiError(403, MSG.recordingStorageFull, { storageFull: true });
  }
  await tx
    .update(usageMonths)
    .set({ megabytesUsed: sql`${usageMonths.megabytesUsed} + ${extraMegabytes}` })
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)));
}
