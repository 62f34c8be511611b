import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, userSubscriptions } from "~/db/schema";
import * as auditRoute from "~/routes/api.admin.audit";
import * as auditExportRoute from "~/routes/api.admin.audit.export";
import * as planRoute from "~/routes/api.admin.subscription-types.$id";
import * as planToggleRoute from "~/routes/api.admin.subscription-types.$id.toggle-status";
import * as plansRoute from "~/routes/api.admin.subscription-types";
import * as cancelRoute from "~/routes/api.admin.subscriptions.$id.cancel";
import * as reactivateRoute from "~/routes/api.admin.subscriptions.$id.reactivate";
import * as transcriptionRoute from "~/routes/api.admin.transcriptions.$id";
import * as retryRoute from "~/routes/api.admin.transcriptions.$id.retry";
import * as userRoute from "~/routes/api.admin.users.$id";
import * as userToggleRoute from "~/routes/api.admin.users.$id.toggle-status";
import * as usersRoute from "~/routes/api.admin.users";
import { addTranscription, callRoute, rawText, useAdmin } from "../support/admin-api";
import { createTestUser, useTestDatabase } from "../support/db";

/** The admin area's audit trail (issue 32): one entry per write, ids and flags only, append-only. */

useTestDatabase();
const ctx = useAdmin();

type Entry = { action: string; targetType: string; targetId: string | null; actorId: string; details: Record<string, unknown> };

async function trail(query = ""): Promise<Entry[]> {
  const answer = await callRoute(auditRoute, "GET", `/api/admin/audit?limit=100${query}`, { token: ctx.admin.token });
  expect(answer.status).toBe(200);
  return (await answer.json()).entries as Entry[];
}

describe("audit trail", () => {
  it("records every admin write with who, what, on what and a short before/after, without personal data", async () => {
    const t = ctx.admin.token;
    const created = await callRoute(usersRoute, "POST", "/api/admin/users", {
      token: t,
      body: { email: "registro@esempio.it", name: "Persona Registro", password: "segreto1", roleId: ctx.userRoleId, isActive: true },
    });
    const userId = (await created.json()).user.id as string;
    await callRoute(userRoute, "PUT", `/api/admin/users/${userId}`, {
      token: t,
      params: { id: userId },
      body: { email: "registro@esempio.it", name: "Altro Nome", password: "", roleId: ctx.adminRoleId, isActive: true, isEmailVerified: true },
    });
    await callRoute(userToggleRoute, "PATCH", `/api/admin/users/${userId}/toggle-status`, { token: t, params: { id: userId } });

    const [plan] = await getDb().select().from(subscriptionTypes).limit(1);
    const planBody = { ...plan, code: "REG_1", name: "Registro", price: 0, type: "FREE" };
    const newPlan = (await (await callRoute(plansRoute, "POST", "/api/admin/subscription-types", { token: t, body: planBody })).json())
      .subscriptionType;
    await callRoute(planRoute, "PUT", `/api/admin/subscription-types/${newPlan.id}`, {
      token: t,
      params: { id: newPlan.id },
      body: { ...planBody, maxFileSizeMB: 77 },
    });
    await callRoute(planToggleRoute, "PATCH", `/api/admin/subscription-types/${newPlan.id}/toggle-status`, { token: t, params: { id: newPlan.id } });
    await callRoute(planRoute, "DELETE", `/api/admin/subscription-types/${newPlan.id}`, { token: t, params: { id: newPlan.id } });

    const subscriber = await createTestUser({ plan: "FREE_BASIC" });
    const [sub] = await getDb()
      .select()
      .from(userSubscriptions)
      .where(sql`${userSubscriptions.userId} = ${subscriber.id}`);
    const cancel = await callRoute(cancelRoute, "PATCH", `/api/admin/subscriptions/${sub.id}/cancel`, { token: t, params: { id: sub.id }, body: {} });
    expect(cancel.status).toBe(200);
    await callRoute(reactivateRoute, "PATCH", `/api/admin/subscriptions/${sub.id}/reactivate`, { token: t, params: { id: sub.id } });

    const failed = await addTranscription(subscriber.id, { status: "FAILED" });
    expect(
      (await callRoute(retryRoute, "POST", `/api/admin/transcriptions/${failed.id}/retry`, { token: t, params: { id: failed.id } })).status,
    ).toBe(200);
    await callRoute(transcriptionRoute, "DELETE", `/api/admin/transcriptions/${failed.id}`, { token: t, params: { id: failed.id } });
    await callRoute(userRoute, "DELETE", `/api/admin/users/${userId}`, { token: t, params: { id: userId } });

    const entries = await trail();
    expect(entries.map((e) => e.action).reverse()).toEqual([
      "user.create",
      "user.update",
      "user.toggle",
      "plan.create",
      "plan.update",
      "plan.toggle",
      "plan.delete",
      "subscription.cancel",
      "subscription.reactivate",
      "transcription.retry",
      "transcription.delete",
      "user.delete",
    ]);
    expect(entries.every((e) => e.actorId === ctx.admin.id)).toBe(true);
    const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
    expect(byAction["user.update"]).toMatchObject({
      targetType: "user",
      targetId: userId,
      details: { roleId: { before: ctx.userRoleId, after: ctx.adminRoleId }, isEmailVerified: { before: false, after: true }, nameChanged: true },
    });
    expect(byAction["plan.update"].details).toEqual({ maxFileSizeMB: { before: plan.maxFileSizeMB, after: 77 } });
    expect(byAction["transcription.retry"]).toMatchObject({ targetId: failed.id, details: { job: "transcribe" } });
    const text = JSON.stringify(entries);
    for (const personal of ["registro@esempio.it", "Persona Registro", "Altro Nome"]) expect(text).not.toContain(personal);

    // Filters and the CSV.
    expect((await trail("&action=plan.toggle")).map((e) => e.targetId)).toEqual([newPlan.id]);
    expect(await trail(`&adminId=${subscriber.id}`)).toEqual([]);
    expect(await trail("&dateFrom=2000-01-01&dateTo=2000-01-02")).toEqual([]);
    const csv = await callRoute(auditExportRoute, "GET", "/api/admin/audit/export?action=user.delete", { token: t });
    expect(csv.headers.get("Content-Type")).toContain("text/csv");
    const lines = (await rawText(csv)).trim().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(userId);
    // Only admins.
    expect((await callRoute(auditRoute, "GET", "/api/admin/audit", { token: subscriber.token })).status).toBe(403);
  });

  it("entries cannot be changed or deleted: the trigger refuses UPDATE, DELETE and TRUNCATE", async () => {
    const before = await trail();
    expect(before.length).toBeGreaterThan(0);
    await expect(getDb().execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(getDb().execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(getDb().execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await trail()).toEqual(before);
  });
});
