import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, userSubscriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { action as assignAction } from "~/routes/api.subscription.assign";
import { action as cancelAction } from "~/routes/api.subscription.$id.cancel";
import { loader as currentLoader } from "~/routes/api.subscription.current";
import { action as reactivateAction } from "~/routes/api.subscription.$id.reactivate";
import { loader as typesLoader } from "~/routes/api.subscription.types";
import { addPlanInterval } from "~/lib/dates";
import { getActiveSubscription } from "~/services/usage.server";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";

useTestDatabase();

const ctx = { params: {}, context: {} };

async function planId(code: string) {
  const [plan] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, code));
  return plan.id;
}

async function assign(token: string, subscriptionTypeId: string) {
  const response = await assignAction({ ...ctx, request: apiRequest("/api/subscription/assign", { token, body: { subscriptionTypeId } }) });
  return { status: response.status, body: await response.json() };
}

async function current(token: string) {
  const response = await currentLoader({ ...ctx, request: apiRequest("/api/subscription/current", { token }) });
  expect(response.status).toBe(200);
  return response.json();
}

async function cancel(token: string, id: string, body: unknown = {}) {
  const response = await cancelAction({ request: apiRequest(`/api/subscription/${id}/cancel`, { token, body }), params: { id }, context: {} });
  return { status: response.status, body: await response.json() };
}

async function reactivate(token: string, id: string) {
  const response = await reactivateAction({
    request: apiRequest(`/api/subscription/${id}/reactivate`, { token, method: "POST" }),
    params: { id },
    context: {},
  });
  return { status: response.status, body: await response.json() };
}

describe("plan catalogue", () => {
  it("lists only active plans by sortOrder", async () => {
    await getDb().update(subscriptionTypes).set({ isActive: false }).where(eq(subscriptionTypes.code, "PREMIUM_YEARLY"));
    const response = await typesLoader({ ...ctx, request: apiRequest("/api/subscription/types") });
    const body = await response.json();
    expect(body.success).toBe(true);
    expect(body.subscriptionTypes.map((p: { code: string }) => p.code)).toEqual(["FREE_BASIC", "PREMIUM_MONTHLY", "BUSINESS_MONTHLY"]);
    expect(body.subscriptionTypes[0]).toMatchObject({ type: "FREE", price: 0, currency: "EUR", interval: "month", maxFileSizeMB: 50 });
    await getDb().update(subscriptionTypes).set({ isActive: true }).where(eq(subscriptionTypes.code, "PREMIUM_YEARLY"));
  });
});

describe("assign", () => {
  it("assigns FREE at once to a verified user", async () => {
    const user = await createTestUser({ plan: null });
    expect((await current(user.token)).requiresSubscription).toBe(true);
    expect((await current(user.token)).toastMessage).toMatchObject({ type: "info" });
    const { status, body } = await assign(user.token, await planId("FREE_BASIC"));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, subscription: { status: "ACTIVE", subscriptionType: { code: "FREE_BASIC", type: "FREE" } } });
    const active = await getActiveSubscription(user.id);
    expect(active?.plan.code).toBe("FREE_BASIC");
    const after = await current(user.token);
    expect(after.requiresSubscription).toBe(false);
    expect(after.toastMessage).toBeUndefined();
    expect(after.subscriptions).toHaveLength(1);
    expect(after.subscriptions[0]).toMatchObject({
      status: "ACTIVE",
      isActive: true,
      subscriptionType: { name: "Gratuito", code: "FREE_BASIC", currency: "EUR", price: 0 },
      usage: { recordingsUsed: 0, maxRecordingsPerMonth: 5, megabytesUsed: 0, maxMBStorage: 250, minutesUsed: 0, maxMinutesPerMonth: 300 },
    });
  });

  it("refuses an unverified user with the spec text", async () => {
    const user = await createTestUser({ plan: null, verified: false });
    const { status, body } = await assign(user.token, await planId("FREE_BASIC"));
    expect(status).toBe(403);
    expect(body).toEqual({ success: false, message: MSG.verifyEmailToSelectPlan });
    expect(await getActiveSubscription(user.id)).toBeUndefined();
  });

  it("refuses a PAYMENT plan as in development and leaves the current plan alone", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const { status, body } = await assign(user.token, await planId("PREMIUM_MONTHLY"));
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.paidPlanInDevelopment);
    expect(body.message).toContain("in sviluppo");
    expect((await getActiveSubscription(user.id))?.plan.code).toBe("FREE_BASIC");
  });

  it("answers 401 without a session and 400/404 for a bad or unknown plan id", async () => {
    const anonymous = await assign("", await planId("FREE_BASIC"));
    expect(anonymous.status).toBe(401);
    const user = await createTestUser({ plan: null });
    expect((await assign(user.token, "non-un-uuid")).status).toBe(400);
    expect((await assign(user.token, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const missing = await assignAction({ ...ctx, request: apiRequest("/api/subscription/assign", { token: user.token, body: {} }) });
    expect(missing.status).toBe(400);
  });

  it("replaces the previous active subscription: exactly one stays active", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    await assign(user.token, await planId("FREE_BASIC"));
    await Promise.all([assign(user.token, await planId("FREE_BASIC")), assign(user.token, await planId("FREE_BASIC"))]);
    const active = await getDb()
      .select()
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.userId, user.id), eq(userSubscriptions.isActive, true)));
    expect(active).toHaveLength(1);
    const all = (await current(user.token)).subscriptions;
    expect(all).toHaveLength(4);
    expect(all.filter((s: { status: string }) => s.status === "CANCELLED")).toHaveLength(3);
  });
});

describe("cancel and reactivate", () => {
  it("cancels an ACTIVE subscription with a reason, then reactivates the FREE one", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const [sub] = (await current(user.token)).subscriptions;
    const cancelled = await cancel(user.token, sub.id, { reason: "Non mi serve più" });
    expect(cancelled).toEqual({ status: 200, body: { success: true, message: MSG.subscriptionCancelled } });
    const [after] = (await current(user.token)).subscriptions;
    expect(after).toMatchObject({ status: "CANCELLED", isActive: false, cancelReason: "Non mi serve più", canReactivate: true, canCancel: false });
    expect(after.cancelledAt).not.toBeNull();
    expect(await getActiveSubscription(user.id)).toBeUndefined();

    // Cancelling again is refused: only ACTIVE ones.
    expect((await cancel(user.token, sub.id)).status).toBe(400);

    const reactivated = await reactivate(user.token, sub.id);
    expect(reactivated).toEqual({ status: 200, body: { success: true, message: MSG.subscriptionReactivated } });
    expect((await getActiveSubscription(user.id))?.id).toBe(sub.id);
    // Reactivating an ACTIVE one is refused.
    expect((await reactivate(user.token, sub.id)).status).toBe(400);
  });

  it("does not reactivate a plan the admin has switched off", async () => {
    const db = getDb();
    const [retired] = await db
      .insert(subscriptionTypes)
      .values({ code: "FREE_RETIRED", name: "Gratuito vecchio", type: "FREE", price: 0, sortOrder: 99 })
      .returning();
    const user = await createTestUser({ plan: null });
    expect((await assign(user.token, retired.id)).status).toBe(200);
    const [sub] = (await current(user.token)).subscriptions;
    expect((await cancel(user.token, sub.id)).status).toBe(200);
    await db.update(subscriptionTypes).set({ isActive: false }).where(eq(subscriptionTypes.id, retired.id));
    const { status, body } = await reactivate(user.token, sub.id);
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.planNotAvailable);
    expect(await getActiveSubscription(user.id)).toBeUndefined();
  });

  it("ends a month later on the same day, or on the month's last day when it has fewer", () => {
    const day = (iso: string) => new Date(`${iso}T10:00:00Z`);
    expect(addPlanInterval(day("2025-01-31"), "month").toISOString()).toBe("2025-02-28T10:00:00.000Z");
    expect(addPlanInterval(day("2024-01-31"), "month").toISOString()).toBe("2024-02-29T10:00:00.000Z");
    expect(addPlanInterval(day("2025-03-15"), "month").toISOString()).toBe("2025-04-15T10:00:00.000Z");
    expect(addPlanInterval(day("2025-12-31"), "month").toISOString()).toBe("2026-01-31T10:00:00.000Z");
    expect(addPlanInterval(day("2024-02-29"), "year").toISOString()).toBe("2025-02-28T10:00:00.000Z");
  });

  it("cancels without a body", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const [sub] = (await current(user.token)).subscriptions;
    const response = await cancelAction({
      request: apiRequest(`/api/subscription/${sub.id}/cancel`, { token: user.token, method: "POST" }),
      params: { id: sub.id },
      context: {},
    });
    expect(response.status).toBe(200);
  });

  it("never reactivates a cancelled paid subscription", async () => {
    const user = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const [sub] = (await current(user.token)).subscriptions;
    expect((await cancel(user.token, sub.id)).status).toBe(200);
    const { status, body } = await reactivate(user.token, sub.id);
    expect(status).toBe(400);
    expect(body.message).toBe(MSG.subscriptionNotReactivable);
  });

  it("answers 404 for another user's subscription and touches nothing", async () => {
    const owner = await createTestUser({ plan: "FREE_BASIC" });
    const stranger = await createTestUser({ plan: null });
    const [sub] = (await current(owner.token)).subscriptions;
    expect((await cancel(stranger.token, sub.id)).status).toBe(404);
    expect((await reactivate(stranger.token, sub.id)).status).toBe(404);
    expect((await cancel(stranger.token, "nonesiste")).status).toBe(404);
    expect((await getActiveSubscription(owner.id))?.id).toBe(sub.id);
    await cancel(owner.token, sub.id);
    expect((await reactivate(stranger.token, sub.id)).status).toBe(404);
  });

  it("reactivating replaces a newer active plan and restarts a period that is over", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const [old] = (await current(user.token)).subscriptions;
    await cancel(user.token, old.id);
    await getDb()
      .update(userSubscriptions)
      .set({ startDate: new Date("2024-01-01T00:00:00Z"), endDate: new Date("2024-02-01T00:00:00Z") })
      .where(eq(userSubscriptions.id, old.id));
    await assign(user.token, await planId("FREE_BASIC"));
    expect((await reactivate(user.token, old.id)).status).toBe(200);
    const active = await getActiveSubscription(user.id);
    expect(active?.id).toBe(old.id);
    expect(active!.endDate.getTime()).toBeGreaterThan(Date.now());
    const rows = await getDb()
      .select()
      .from(userSubscriptions)
      .where(and(eq(userSubscriptions.userId, user.id), eq(userSubscriptions.isActive, true)));
    expect(rows).toHaveLength(1);
  });

  it("shows an ACTIVE subscription past its end as EXPIRED and refuses to cancel it", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const [sub] = (await current(user.token)).subscriptions;
    await getDb()
      .update(userSubscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(userSubscriptions.id, sub.id));
    const body = await current(user.token);
    expect(body.subscriptions[0].status).toBe("EXPIRED");
    expect(body.requiresSubscription).toBe(true);
    expect((await cancel(user.token, sub.id)).status).toBe(400);
  });
});
