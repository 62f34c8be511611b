import { and, desc, eq, gte, isNull, lte, or, sql } from "drizzle-orm";
import { getDb, type Executor, type Transaction } from "~/db/client.server";
import { subscriptionTypes, usageMonths, userSubscriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { computeLimits, DEFAULT_MAX_FILE_SIZE_MB, megabytesFor, minutesFor, usageMonthOf, type LimitsResponse } from "~/lib/usage";
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
export async function getActiveSubscription(userId: string, db: Executor = getDb(), now: Date = new Date()): Promise<ActiveSubscription | undefined> {
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
): Promise<{ recordingsUsed: number; megabytesUsed: number; minutesUsed: number }> {
  const [row] = await db
    .select({ recordingsUsed: usageMonths.recordingsUsed, megabytesUsed: usageMonths.megabytesUsed, minutesUsed: usageMonths.minutesUsed })
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, month)));
  return row ?? { recordingsUsed: 0, megabytesUsed: 0, minutesUsed: 0 };
}

/** GET /api/subscription/limits: computed from the database on every call. */
export async function getUsageLimits(userId: string, db: Executor = getDb(), now: Date = new Date()): Promise<LimitsResponse> {
  const subscription = await getActiveSubscription(userId, db, now);
  if (!subscription) return { requiresSubscription: true, limits: null };
  const usage = await getUsage(userId, usageMonthOf(now), db);
  return { requiresSubscription: false, limits: computeLimits(subscription.plan, usage) };
}

type DurationPlan = { maxMinutesPerFile: number; maxMinutesPerMonth: number };

/**
 * Why a recording of `durationSec` seconds cannot be accepted, or undefined when it can: longer
 * than the plan's minutes per file (413), or more minutes than the month has left (403 with
 * limitReached, so clients show the limit dialog). Decision 006.
 */
export function durationRefusal(plan: DurationPlan, minutesUsed: number, durationSec: number): ApiError | undefined {
  if (durationSec > plan.maxMinutesPerFile * 60) {
    return new ApiError(413, MSG.audioTooLong(plan.maxMinutesPerFile), { durationLimit: "file", maxMinutesPerFile: plan.maxMinutesPerFile });
  }
  const remaining = Math.max(0, plan.maxMinutesPerMonth - minutesUsed);
  if (minutesFor(durationSec) > remaining) {
    return new ApiError(403, MSG.monthlyMinutesReached(plan.maxMinutesPerMonth, remaining), {
      limitReached: true,
      durationLimit: "month",
      remainingMinutes: remaining,
    });
  }
  return undefined;
}

/**
 * The duration check without reserving anything, for callers that learn the length bit by bit:
 * a live recording as its chunks arrive and when it is finalized (issue 14), and the upload
 * before it stores anything. `durationSec` must come from decoded audio (measureDecodedSeconds),
 * never from a container header. Throws the Italian ApiError; reserveRecording repeats the check
 * under the usage row's lock, so passing here is not a reservation.
 */
export async function assertDurationAllowed(userId: string, durationSec: number, db: Executor = getDb(), now: Date = new Date()): Promise<void> {
  const subscription = await getActiveSubscription(userId, db, now);
  if (!subscription) throw new ApiError(403, MSG.noActiveSubscription, { requiresSubscription: true });
  const { minutesUsed } = await getUsage(userId, usageMonthOf(now), db);
  const refusal = durationRefusal(subscription.plan, minutesUsed, durationSec);
  if (refusal) throw refusal;
}

/**
 * The user's usage row for a month, created if missing and locked until the transaction ends:
 * two uploads or chunks of one user take turns, so neither can pass a limit the other reached.
 */
async function lockUsageMonth(tx: Transaction, userId: string, usageMonth: string) {
  await tx.insert(usageMonths).values({ userId, month: usageMonth }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)))
    .for("update");
  return row;
}

export type Reservation = { usageMonth: string; megabytes: number; minutes: number };

/**
 * Counts one recording of `bytes` and `durationSec` (decoded) against this month's limits inside
 * the caller's transaction. The usage row stays locked until that transaction ends, so two
 * uploads cannot both take the last slot; if the caller rolls back (e.g. the file turned out
 * invalid), nothing is counted.
 */
export async function reserveRecording(
  tx: Transaction,
  userId: string,
  recording: { bytes: number; durationSec: number },
  now: Date = new Date(),
): Promise<Reservation> {
  const subscription = await getActiveSubscription(userId, tx, now);
  if (!subscription) throw new ApiError(403, MSG.noActiveSubscription, { requiresSubscription: true });

  const usageMonth = usageMonthOf(now);
  const megabytes = megabytesFor(recording.bytes);
  const minutes = minutesFor(recording.durationSec);
  const row = await lockUsageMonth(tx, userId, usageMonth);

  const { maxRecordingsPerMonth, maxMBStorage } = subscription.plan;
  if (row.recordingsUsed >= maxRecordingsPerMonth || row.megabytesUsed + megabytes > maxMBStorage) {
    throw new ApiError(403, MSG.limitReached, { limitReached: true });
  }
  const refusal = durationRefusal(subscription.plan, row.minutesUsed, recording.durationSec);
  if (refusal) throw refusal;
  await tx
    .update(usageMonths)
    .set({
      recordingsUsed: sql`${usageMonths.recordingsUsed} + 1`,
      megabytesUsed: sql`${usageMonths.megabytesUsed} + ${megabytes}`,
      minutesUsed: sql`${usageMonths.minutesUsed} + ${minutes}`,
    })
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)));
  return { usageMonth, megabytes, minutes };
}

/**
 * Counts the minutes of a recording whose length is known only at the end (a live recording
 * being finalized, issue 14), in the month it was counted in, after the same checks as an upload.
 */
export async function reserveRecordingMinutes(
  tx: Transaction,
  userId: string,
  usageMonth: string,
  durationSec: number,
  now: Date = new Date(),
): Promise<number> {
  const subscription = await getActiveSubscription(userId, tx, now);
  if (!subscription) throw new ApiError(403, MSG.noActiveSubscription, { requiresSubscription: true });
  const row = await lockUsageMonth(tx, userId, usageMonth);
  const refusal = durationRefusal(subscription.plan, row.minutesUsed, durationSec);
  if (refusal) throw refusal;
  const minutes = minutesFor(durationSec);
  await tx
    .update(usageMonths)
    .set({ minutesUsed: sql`${usageMonths.minutesUsed} + ${minutes}` })
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)));
  return minutes;
}

/** Gives back what reserveRecording counted (a transcription was deleted); never below 0. */
export async function releaseRecording(tx: Executor, userId: string, usageMonth: string, megabytes: number, minutes = 0): Promise<void> {
  await tx
    .update(usageMonths)
    .set({
      recordingsUsed: sql`greatest(${usageMonths.recordingsUsed} - 1, 0)`,
      megabytesUsed: sql`greatest(${usageMonths.megabytesUsed} - ${Math.max(0, Math.ceil(megabytes))}, 0)`,
      minutesUsed: sql`greatest(${usageMonths.minutesUsed} - ${Math.max(0, Math.ceil(minutes))}, 0)`,
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
  const row = await lockUsageMonth(tx, userId, usageMonth);
  if (row.megabytesUsed + extraMegabytes > subscription.plan.maxMBStorage) {
    throw new ApiError(403, MSG.recordingStorageFull, { storageFull: true });
  }
  await tx
    .update(usageMonths)
    .set({ megabytesUsed: sql`${usageMonths.megabytesUsed} + ${extraMegabytes}` })
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, usageMonth)));
}
