import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, userSubscriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import * as cancelRoute from "~/routes/api.admin.subscriptions.$id.cancel";
import * as reactivateRoute from "~/routes/api.admin.subscriptions.$id.reactivate";
import * as subscriptionsExportRoute from "~/routes/api.admin.subscriptions.export";
import * as plansRoute from "~/routes/api.admin.subscription-types";
import * as planRoute from "~/routes/api.admin.subscription-types.$id";
import * as planToggleRoute from "~/routes/api.admin.subscription-types.$id.toggle-status";
import { callRoute, rawText, useAdmin } from "../support/admin-api";
import { createTestUser, useTestDatabase } from "../support/db";

/** Admin API: subscriptions (cancel, reactivate, export) and subscription types. */

useTestDatabase();
const ctx = useAdmin();

describe("subscriptions: cancel and reactivate rules", () => {
  it("cancels only an ACTIVE one not already flagged, reactivates only CANCELLED or EXPIRED", async () => {
    const owner = await createTestUser({ plan: "FREE_BASIC" });
    const [sub] = await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, owner.id));

    const reactivateActive = await callRoute(reactivateRoute, "PATCH", "/x", { token: ctx.admin.token, params: { id: sub.id } });
    expect(reactivateActive.status).toBe(409);
    expect((await reactivateActive.json()).message).toBe(MSG.adminReactivateOnlyEnded);

    const cancelled = await callRoute(cancelRoute, "PATCH", "/x", {
      token: ctx.admin.token,
      params: { id: sub.id },
      body: { reason: "Richiesta utente" },
    });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({
      message: "Sottoscrizione cancellata con successo",
      subscription: { status: "CANCELLED", cancelReason: "Richiesta utente" },
    });
    expect((await callRoute(cancelRoute, "PATCH", "/x", { token: ctx.admin.token, params: { id: sub.id } })).status).toBe(409);

    const reactivated = await callRoute(reactivateRoute, "PATCH", "/x", { token: ctx.admin.token, params: { id: sub.id } });
    expect(reactivated.status).toBe(200);
    expect(await reactivated.json()).toMatchObject({
      message: "Sottoscrizione riattivata con successo",
      subscription: { status: "ACTIVE", isActive: true, cancelledAt: null },
    });

    // Flagged to cancel at period end: the admin cannot cancel it again.
    await getDb().update(userSubscriptions).set({ cancelAtPeriodEnd: true }).where(eq(userSubscriptions.id, sub.id));
    const flagged = await callRoute(cancelRoute, "PATCH", "/x", { token: ctx.admin.token, params: { id: sub.id } });
    expect(flagged.status).toBe(409);
    expect((await flagged.json()).message).toBe(MSG.adminCancelOnlyActive);

    // An EXPIRED one whose period is over restarts with a new period from now.
    const past = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await getDb()
      .update(userSubscriptions)
      .set({ status: "EXPIRED", isActive: false, cancelAtPeriodEnd: false, endDate: past, currentPeriodEnd: past })
      .where(eq(userSubscriptions.id, sub.id));
    const renewed = await (await callRoute(reactivateRoute, "PATCH", "/x", { token: ctx.admin.token, params: { id: sub.id } })).json();
    expect(renewed.subscription.status).toBe("ACTIVE");
    expect(new Date(renewed.subscription.endDate).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
  });

  it("refuses to reactivate while the user holds another active subscription", async () => {
    const owner = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const [plan] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
    const now = new Date();
    const [old] = await getDb()
      .insert(userSubscriptions)
      .values({
        userId: owner.id,
        subscriptionTypeId: plan.id,
        status: "CANCELLED",
        isActive: false,
        startDate: now,
        endDate: new Date(now.getTime() + 86400000),
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 86400000),
      })
      .returning();
    const response = await callRoute(reactivateRoute, "PATCH", "/x", { token: ctx.admin.token, params: { id: old.id } });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(MSG.adminOtherActiveSubscription);
  });

  it("exports subscriptions as CSV", async () => {
    const response = await callRoute(subscriptionsExportRoute, "GET", "/api/admin/subscriptions/export?type=basic", { token: ctx.admin.token });
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="subscriptions-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await rawText(response);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      '"ID","Stato","Utente","Email","Piano","Prezzo","Valuta","Intervallo","Inizio","Fine","Cancellazione a fine periodo","Cancellata il","Creata il"',
    );
    expect(lines.slice(1).every((l) => l.includes('"Gratuito"'))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe("subscription types: create, update, toggle, delete", () => {
  const form = {
    code: "team_plus",
    name: "Team Plus",
    type: "PAYMENT",
    price: 19.9,
    currency: "EUR",
    interval: "month",
    maxFileSizeMB: 300,
    maxRecordingsPerMonth: 100,
    maxMBStorage: 10240,
    sortOrder: 5,
    features: ["Tutto", { name: "Utenti", value: "10" }],
  };

  it("creates, refuses a duplicate code, updates with FREE forcing price 0, toggles", async () => {
    const created = await callRoute(plansRoute, "POST", "/api/admin/subscription-types", { token: ctx.admin.token, body: form });
    expect(created.status).toBe(201);
    const { subscriptionType, message } = await created.json();
    expect(message).toBe("Piano sottoscrizione creato/aggiornato con successo");
    expect(subscriptionType).toMatchObject({ code: "TEAM_PLUS", price: 19.9, subscriptionCount: 0, isActive: true });

    const dup = await callRoute(plansRoute, "POST", "/x", { token: ctx.admin.token, body: form });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe(MSG.planCodeTaken);

    const invalid = await callRoute(plansRoute, "POST", "/x", { token: ctx.admin.token, body: { ...form, code: "ALTRO", maxFileSizeMB: 0 } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe(MSG.planMaxFileSizeMin);

    const updated = await callRoute(planRoute, "PUT", "/x", {
      token: ctx.admin.token,
      params: { id: subscriptionType.id },
      body: { ...form, type: "FREE", price: 50 },
    });
    expect(updated.status).toBe(200);
    expect((await updated.json()).subscriptionType).toMatchObject({ type: "FREE", price: 0 });

    const toggled = await callRoute(planToggleRoute, "PATCH", "/x", { token: ctx.admin.token, params: { id: subscriptionType.id } });
    expect((await toggled.json()).subscriptionType.isActive).toBe(false);

    const deleted = await callRoute(planRoute, "DELETE", "/x", { token: ctx.admin.token, params: { id: subscriptionType.id } });
    expect(deleted.status).toBe(200);
    expect((await deleted.json()).message).toBe("Piano sottoscrizione eliminato con successo");
  });

  it("takes the audio minutes per file and per month, keeps them when an update leaves them out, refuses bad ones in Italian", async () => {
    const created = await callRoute(plansRoute, "POST", "/x", {
      token: ctx.admin.token,
      body: { ...form, code: "MINUTI", maxMinutesPerFile: 90, maxMinutesPerMonth: 1200 },
    });
    expect(created.status).toBe(201);
    const { subscriptionType } = await created.json();
    expect(subscriptionType).toMatchObject({ maxMinutesPerFile: 90, maxMinutesPerMonth: 1200 });
    const kept = await callRoute(planRoute, "PUT", "/x", {
      token: ctx.admin.token,
      params: { id: subscriptionType.id },
      body: { ...form, code: "MINUTI", name: "Rinominato" },
    });
    expect((await kept.json()).subscriptionType).toMatchObject({ name: "Rinominato", maxMinutesPerFile: 90, maxMinutesPerMonth: 1200 });
    const invalid = await callRoute(planRoute, "PUT", "/x", {
      token: ctx.admin.token,
      params: { id: subscriptionType.id },
      body: { ...form, code: "MINUTI", maxMinutesPerFile: 0 },
    });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe(MSG.planMaxMinutesPerFileMin);
    // Without the fields a new plan gets the defaults.
    const plain = await callRoute(plansRoute, "POST", "/x", { token: ctx.admin.token, body: { ...form, code: "SENZA_MINUTI" } });
    expect((await plain.json()).subscriptionType).toMatchObject({ maxMinutesPerFile: 120, maxMinutesPerMonth: 600 });
  });

  it("refuses to delete a plan while users hold it, with a clear message", async () => {
    const [plan] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "PREMIUM_YEARLY"));
    await createTestUser({ plan: "PREMIUM_YEARLY" });
    const response = await callRoute(planRoute, "DELETE", "/x", { token: ctx.admin.token, params: { id: plan.id } });
    expect(response.status).toBe(409);
    const { message } = await response.json();
    expect(message).toBe(MSG.planInUse(1));
    expect(message).toContain("Impossibile eliminare il piano");
    expect(await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.id, plan.id))).toHaveLength(1);
  });
});
