import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, usageMonths, userSubscriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { ApiError } from "~/services/api.server";
import { getActiveSubscription, getUsageLimits, releaseRecording, reserveRecording } from "~/services/usage.server";
import { loader as limitsLoader } from "~/routes/api.subscription.limits";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";

useTestDatabase();

const MiB = 1024 * 1024;
const DAY = 24 * 3600 * 1000;

async function makePlan(limits: { maxRecordingsPerMonth: number; maxMBStorage: number }) {
  const [plan] = await getDb()
    .insert(subscriptionTypes)
    .values({ code: `TEST_${randomBytes(4).toString("hex")}`, type: "FREE", name: "Piano Prova", maxFileSizeMB: 100, ...limits })
    .returning();
  return plan;
}

async function subscribe(userId: string, planId: string, options: { start?: Date; end?: Date; isActive?: boolean; isPaid?: boolean | null } = {}) {
  const start = options.start ?? new Date(Date.now() - DAY);
  const end = options.end ?? new Date(Date.now() + 30 * DAY);
  const [sub] = await getDb()
    .insert(userSubscriptions)
    .values({
      userId,
      subscriptionTypeId: planId,
      isActive: options.isActive ?? true,
      isPaid: options.isPaid === undefined ? null : options.isPaid,
      startDate: start,
      endDate: end,
      currentPeriodStart: start,
      currentPeriodEnd: end,
    })
    .returning();
  return sub;
}

async function setUsage(userId: string, month: string, recordingsUsed: number, megabytesUsed: number) {
  await getDb()
    .insert(usageMonths)
    .values({ userId, month, recordingsUsed, megabytesUsed })
    .onConflictDoUpdate({ target: [usageMonths.userId, usageMonths.month], set: { recordingsUsed, megabytesUsed } });
}

async function usageRow(userId: string, month: string) {
  const [row] = await getDb()
    .select()
    .from(usageMonths)
    .where(and(eq(usageMonths.userId, userId), eq(usageMonths.month, month)));
  return row;
}

const reserve = (userId: string, bytes: number, now?: Date) =>
  getDb().transaction((tx) => reserveRecording(tx, userId, { bytes, durationSec: 60 }, now));

describe("active subscription rule", () => {
  it("counts the period edges as active and excludes inactive or unpaid ones", async () => {
    const user = await createTestUser({ plan: null });
    const plan = await makePlan({ maxRecordingsPerMonth: 5, maxMBStorage: 100 });
    const start = new Date("2025-01-10T00:00:00Z");
    const end = new Date("2025-02-10T00:00:00Z");
    await subscribe(user.id, plan.id, { start, end });
    expect((await getActiveSubscription(user.id, getDb(), start))?.plan.id).toBe(plan.id);
    expect((await getActiveSubscription(user.id, getDb(), end))?.plan.id).toBe(plan.id);
    expect(await getActiveSubscription(user.id, getDb(), new Date(start.getTime() - 1))).toBeUndefined();
    expect(await getActiveSubscription(user.id, getDb(), new Date(end.getTime() + 1))).toBeUndefined();

    const other = await createTestUser({ plan: null });
    await subscribe(other.id, plan.id, { isActive: false });
    expect(await getActiveSubscription(other.id)).toBeUndefined();
    const unpaid = await createTestUser({ plan: null });
    await subscribe(unpaid.id, plan.id, { isPaid: false });
    expect(await getActiveSubscription(unpaid.id)).toBeUndefined();
    const paid = await createTestUser({ plan: null });
    await subscribe(paid.id, plan.id, { isPaid: true });
    expect((await getActiveSubscription(paid.id))?.plan.id).toBe(plan.id);
  });
});

describe("limits", () => {
  it("requires a subscription when none is active", async () => {
    const user = await createTestUser({ plan: null });
    expect(await getUsageLimits(user.id)).toEqual({ requiresSubscription: true, limits: null });
  });

  it("answers the limits endpoint from the database, 401 without a session", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const month = new Date().toISOString().slice(0, 8) + "01";
    await setUsage(user.id, month, 4, 200);
    const response = await limitsLoader({ request: apiRequest("/api/subscription/limits", { token: user.token }), params: {}, context: {} });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      success: true,
      requiresSubscription: false,
      limits: {
        maxRecordingsPerMonth: 5,
        currentRecordingsUsed: 4,
        remainingRecordings: 1,
        maxMBStorage: 250,
        currentMegabytesUsed: 200,
        remainingMegabytes: 50,
        maxFileSizeMB: 50,
        canCreateRecording: true,
        canUseMegabytes: true,
        subscriptionPlan: { name: "Gratuito", type: "FREE", price: 0, currency: "EUR" },
      },
    });
    const anonymous = await limitsLoader({ request: apiRequest("/api/subscription/limits"), params: {}, context: {} });
    expect(anonymous.status).toBe(401);
  });

  it("floors remaining at 0 past the limits and handles a plan with 0 recordings", async () => {
    const user = await createTestUser({ plan: null });
    const plan = await makePlan({ maxRecordingsPerMonth: 10, maxMBStorage: 100 });
    await subscribe(user.id, plan.id);
    const now = new Date();
    const month = now.toISOString().slice(0, 8) + "01";
    await setUsage(user.id, month, 8, 80);
    let { limits } = await getUsageLimits(user.id, getDb(), now);
    expect(limits).toMatchObject({ remainingRecordings: 2, remainingMegabytes: 20, canCreateRecording: true });
    await setUsage(user.id, month, 12, 130);
    ({ limits } = await getUsageLimits(user.id, getDb(), now));
    expect(limits).toMatchObject({ remainingRecordings: 0, remainingMegabytes: 0, canCreateRecording: false, canUseMegabytes: false });

    const zero = await createTestUser({ plan: null });
    await subscribe(zero.id, (await makePlan({ maxRecordingsPerMonth: 0, maxMBStorage: 0 })).id);
    ({ limits } = await getUsageLimits(zero.id));
    expect(limits).toMatchObject({ remainingRecordings: 0, canCreateRecording: false, canUseMegabytes: false });
    await expect(reserve(zero.id, 10)).rejects.toMatchObject({ status: 403, message: MSG.limitReached });
  });

  it("starts from zero in a new calendar month", async () => {
    const user = await createTestUser({ plan: null });
    const plan = await makePlan({ maxRecordingsPerMonth: 2, maxMBStorage: 100 });
    await subscribe(user.id, plan.id, { start: new Date("2025-01-01T00:00:00Z"), end: new Date("2025-12-31T00:00:00Z") });
    const lastSecondOfMarch = new Date("2025-03-31T23:59:59Z");
    await reserve(user.id, MiB, lastSecondOfMarch);
    await reserve(user.id, MiB, lastSecondOfMarch);
    await expect(reserve(user.id, MiB, lastSecondOfMarch)).rejects.toMatchObject({ status: 403, message: MSG.limitReached });
    const april = new Date("2025-04-01T00:00:00Z");
    expect((await getUsageLimits(user.id, getDb(), april)).limits).toMatchObject({ currentRecordingsUsed: 0, remainingRecordings: 2 });
    expect(await reserve(user.id, MiB, april)).toEqual({ usageMonth: "2025-04-01", megabytes: 1, minutes: 1 });
    expect(await usageRow(user.id, "2025-03-01")).toMatchObject({ recordingsUsed: 2, megabytesUsed: 2 });
  });
});

describe("reserveRecording", () => {
  it("rounds every recording up to whole MiB and refuses what would exceed the storage", async () => {
    const user = await createTestUser({ plan: null });
    const plan = await makePlan({ maxRecordingsPerMonth: 10, maxMBStorage: 5 });
    await subscribe(user.id, plan.id);
    const first = await reserve(user.id, MiB + 1);
    expect(first.megabytes).toBe(2);
    await reserve(user.id, 1);
    const row = await usageRow(user.id, first.usageMonth);
    expect(row).toMatchObject({ recordingsUsed: 2, megabytesUsed: 3 });
    // 3 + 3 > 5: refused, nothing counted.
    await expect(reserve(user.id, 2 * MiB + 1)).rejects.toMatchObject({ status: 403, message: MSG.limitReached });
    expect(await usageRow(user.id, first.usageMonth)).toMatchObject({ recordingsUsed: 2, megabytesUsed: 3 });
    // Exactly up to the limit is allowed.
    await reserve(user.id, 2 * MiB);
    expect(await usageRow(user.id, first.usageMonth)).toMatchObject({ recordingsUsed: 3, megabytesUsed: 5 });
  });

  it("refuses without an active subscription", async () => {
    const user = await createTestUser({ plan: null });
    const error = await reserve(user.id, 10).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: MSG.noActiveSubscription });
  });

  it("counts nothing when the caller's transaction rolls back", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    let month = "";
    await expect(
      getDb().transaction(async (tx) => {
        month = (await reserveRecording(tx, user.id, { bytes: MiB, durationSec: 60 })).usageMonth;
        throw new Error("upload non valido");
      }),
    ).rejects.toThrow("upload non valido");
    expect((await getUsageLimits(user.id)).limits?.currentRecordingsUsed).toBe(0);
    expect(month).not.toBe("");
  });

  it("gives usage back on release, never below zero", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const { usageMonth, megabytes } = await reserve(user.id, 3 * MiB);
    await releaseRecording(getDb(), user.id, usageMonth, megabytes);
    expect(await usageRow(user.id, usageMonth)).toMatchObject({ recordingsUsed: 0, megabytesUsed: 0 });
    await releaseRecording(getDb(), user.id, usageMonth, megabytes);
    expect(await usageRow(user.id, usageMonth)).toMatchObject({ recordingsUsed: 0, megabytesUsed: 0 });
  });

  it("lets exactly one of two parallel reservations take the last slot", async () => {
    for (const existingRow of [true, false]) {
      const user = await createTestUser({ plan: null });
      const plan = await makePlan({ maxRecordingsPerMonth: existingRow ? 3 : 1, maxMBStorage: 1000 });
      await subscribe(user.id, plan.id);
      const month = new Date().toISOString().slice(0, 8) + "01";
      if (existingRow) await setUsage(user.id, month, 2, 10);
      // Each transaction holds on after reserving, so the two overlap for certain.
      const attempt = () =>
        getDb().transaction(async (tx) => {
          const reserved = await reserveRecording(tx, user.id, { bytes: MiB, durationSec: 60 });
          await tx.execute(sql`select pg_sleep(0.2)`);
          return reserved;
        });
      const results = await Promise.allSettled([attempt(), attempt()]);
      const accepted = results.filter((r) => r.status === "fulfilled");
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(accepted).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect(refused[0].reason).toMatchObject({ status: 403, message: MSG.limitReached });
      expect(await usageRow(user.id, month)).toMatchObject({ recordingsUsed: existingRow ? 3 : 1, megabytesUsed: existingRow ? 11 : 1 });
    }
  });

  it("keeps the count exact when many reservations race for the last slots", async () => {
    const user = await createTestUser({ plan: null });
    const plan = await makePlan({ maxRecordingsPerMonth: 3, maxMBStorage: 1000 });
    await subscribe(user.id, plan.id);
    const month = new Date().toISOString().slice(0, 8) + "01";
    await setUsage(user.id, month, 1, 0);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => reserve(user.id, MiB)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(2);
    expect(await usageRow(user.id, month)).toMatchObject({ recordingsUsed: 3, megabytesUsed: 2 });
  });
});
