import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { analyses, roles, subscriptionTypes, transcriptions, usageMonths, userSubscriptions, users } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { adminUserSchema, fieldErrors, planSchema } from "~/lib/validation/admin";
import * as usersRoute from "~/routes/api.admin.users";
import * as userRoute from "~/routes/api.admin.users.$id";
import * as userToggleRoute from "~/routes/api.admin.users.$id.toggle-status";
import * as usersExportRoute from "~/routes/api.admin.users.export";
import * as transcriptionRoute from "~/routes/api.admin.transcriptions.$id";
import * as retryRoute from "~/routes/api.admin.transcriptions.$id.retry";
import * as textRoute from "~/routes/api.admin.transcriptions.$id.download";
import * as docRoute from "~/routes/api.admin.transcriptions.$id.document.download";
import * as transcriptionsExportRoute from "~/routes/api.admin.transcriptions.export";
import * as cancelRoute from "~/routes/api.admin.subscriptions.$id.cancel";
import * as reactivateRoute from "~/routes/api.admin.subscriptions.$id.reactivate";
import * as subscriptionsExportRoute from "~/routes/api.admin.subscriptions.export";
import * as plansRoute from "~/routes/api.admin.subscription-types";
import * as planRoute from "~/routes/api.admin.subscription-types.$id";
import * as planToggleRoute from "~/routes/api.admin.subscription-types.$id.toggle-status";
import { generateDocument } from "~/services/document.server";
import * as storage from "~/services/storage.server";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";

useTestDatabase();

type RouteModule = { loader: (args: never) => Promise<Response>; action: (args: never) => Promise<Response> };

/** The body as text with its BOM kept (Response.text() silently drops it). */
async function rawText(response: Response): Promise<string> {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
}

/** Calls a resource route as Remix would: GET/HEAD go to the loader, everything else to the action. */
async function call(route: RouteModule, method: string, path: string, options: { token?: string; body?: unknown; params?: Record<string, string> } = {}) {
  const request = apiRequest(path, { method, token: options.token, body: options.body });
  const args = { request, params: options.params ?? {}, context: {} } as never;
  const response = method === "GET" ? await route.loader(args) : await route.action(args);
  return response;
}

let admin: TestUser;
let userRoleId: number;
let adminRoleId: number;

beforeAll(async () => {
  admin = await createTestUser({ role: "ADMIN", name: "Admin Secondo" });
  const all = await getDb().select().from(roles);
  userRoleId = all.find((r) => r.name === "USER")!.id;
  adminRoleId = all.find((r) => r.name === "ADMIN")!.id;
});

async function addTranscription(userId: string, values: Partial<typeof transcriptions.$inferInsert> = {}) {
  const [row] = await getDb()
    .insert(transcriptions)
    .values({ userId, fileName: `audio/${crypto.randomUUID()}.webm`, originalName: "riunione.webm", fileSize: 3_000_000, usageMonth: "2025-01-01", usageMegabytes: 3, ...values })
    .returning();
  return row;
}

describe("admin user form validation (spec 5), in order", () => {
  const schema = (mode: "create" | "edit") => adminUserSchema({ mode, roleIds: [1, 2] });
  const first = (mode: "create" | "edit", input: Record<string, unknown>) => {
    const r = schema(mode).safeParse(input);
    return r.success ? undefined : r.error.issues[0].message;
  };
  const valid = { email: "nuovo@esempio.it", name: "Nuovo", password: "segreto", roleId: 1 };

  it("gives every message of the spec", () => {
    expect(first("create", { ...valid, email: "" })).toBe("Email è obbligatoria");
    expect(first("create", { ...valid, email: "non-una-email" })).toBe("Email non valida");
    expect(first("create", { ...valid, name: "  " })).toBe("Nome è obbligatorio");
    expect(first("create", { ...valid, password: "" })).toBe("Password è obbligatoria per nuovi utenti");
    expect(first("create", { ...valid, password: "12345" })).toBe("Password deve essere di almeno 6 caratteri");
    expect(first("create", { ...valid, roleId: "" })).toBe("Ruolo è obbligatorio");
    expect(first("create", { ...valid, roleId: 99 })).toBe("Ruolo selezionato non valido");
    expect(first("create", valid)).toBeUndefined();
  });

  it("accepts a blank password on edit but still checks a given one", () => {
    expect(first("edit", { ...valid, password: "" })).toBeUndefined();
    expect(first("edit", { ...valid, password: "abc" })).toBe("Password deve essere di almeno 6 caratteri");
  });

  it("reports one message per field for the modal", () => {
    const r = schema("create").safeParse({ email: "", name: "", password: "", roleId: "" });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!)).toEqual({
      email: "Email è obbligatoria",
      name: "Nome è obbligatorio",
      password: "Password è obbligatoria per nuovi utenti",
      roleId: "Ruolo è obbligatorio",
    });
  });
});

describe("plan form validation (spec 5)", () => {
  const base = { code: "PRO_TEST", name: "Pro", type: "PAYMENT", price: "12.5", currency: "EUR", interval: "month", maxFileSizeMB: "100", maxRecordingsPerMonth: "10", features: ["Una", "Due"] };
  const errors = (input: Record<string, unknown>) => {
    const r = planSchema.safeParse(input);
    return r.success ? {} : fieldErrors(r.error);
  };

  it("requires code, name, type, currency, interval, max file size and recordings", () => {
    expect(errors({ ...base, code: "" }).code).toBe(MSG.planCodeRequired);
    expect(errors({ ...base, name: "" }).name).toBe(MSG.planNameRequired);
    expect(errors({ ...base, type: "" }).type).toBe(MSG.planTypeRequired);
    expect(errors({ ...base, currency: "" }).currency).toBe(MSG.planCurrencyRequired);
    expect(errors({ ...base, currency: "JPY" }).currency).toBe(MSG.planCurrencyRequired);
    expect(errors({ ...base, interval: "" }).interval).toBe(MSG.planIntervalRequired);
    expect(errors({ ...base, maxFileSizeMB: "" }).maxFileSizeMB).toBe(MSG.planMaxFileSizeRequired);
    expect(errors({ ...base, maxRecordingsPerMonth: "" }).maxRecordingsPerMonth).toBe(MSG.planMaxRecordingsRequired);
  });

  it("checks the minimums, the price step and each feature", () => {
    expect(errors({ ...base, price: "" }).price).toBe(MSG.planPriceRequired);
    expect(errors({ ...base, price: "-1" }).price).toBe(MSG.planPriceMin);
    expect(errors({ ...base, price: "1.234" }).price).toBe(MSG.planPriceStep);
    expect(errors({ ...base, maxFileSizeMB: "0" }).maxFileSizeMB).toBe(MSG.planMaxFileSizeMin);
    expect(errors({ ...base, maxRecordingsPerMonth: "-1" }).maxRecordingsPerMonth).toBe(MSG.planMaxRecordingsMin);
    expect(errors({ ...base, maxMBStorage: "-1" }).maxMBStorage).toBe(MSG.planMaxStorageMin);
    expect(errors({ ...base, sortOrder: "-3" }).sortOrder).toBe(MSG.planSortOrderMin);
    expect(errors({ ...base, features: ["ok", "  "] })["features.1"]).toBe(MSG.planFeatureRequired);
    expect(errors({ ...base, features: [{ name: "", value: "x" }] })["features.0.name"]).toBe(MSG.planFeatureRequired);
  });

  it("turns non-numeric numbers into 0, forces price 0 for FREE and applies the defaults", () => {
    const r = planSchema.parse({ ...base, type: "FREE", price: "49.99", maxRecordingsPerMonth: "abc", maxMBStorage: "" });
    expect(r).toMatchObject({ price: 0, maxRecordingsPerMonth: 0, maxMBStorage: 0, sortOrder: 0, isActive: true, isPreferred: false, autoRenew: false, code: "PRO_TEST" });
    // A FREE plan needs no price at all.
    expect(planSchema.safeParse({ ...base, type: "FREE", price: undefined }).success).toBe(true);
    // A non-numeric maximum file size becomes 0, which is then below the minimum of 1.
    expect(errors({ ...base, maxFileSizeMB: "abc" }).maxFileSizeMB).toBe(MSG.planMaxFileSizeMin);
  });
});

describe("users: create, update, toggle, delete, export", () => {
  it("creates a user, refuses a duplicate e-mail and reports the first validation message", async () => {
    const created = await call(usersRoute, "POST", "/api/admin/users", {
      token: admin.token,
      body: { email: "Nuovo.Utente@Esempio.it", name: "Nuovo Utente", password: "segreto1", roleId: userRoleId, isActive: true, isEmailVerified: true },
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body).toMatchObject({ success: true, message: "Utente creato con successo", user: { email: "nuovo.utente@esempio.it", role: { name: "USER" }, isEmailVerified: true } });

    const duplicate = await call(usersRoute, "POST", "/api/admin/users", {
      token: admin.token,
      body: { email: "nuovo.utente@esempio.it", name: "Altro", password: "segreto1", roleId: userRoleId },
    });
    expect(duplicate.status).toBe(409);
    expect((await duplicate.json()).message).toBe(MSG.adminEmailTaken);

    const invalid = await call(usersRoute, "POST", "/api/admin/users", { token: admin.token, body: { email: "x@y.it", name: "X", roleId: userRoleId } });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({ success: false, message: "Password è obbligatoria per nuovi utenti" });
  });

  it("updates a user keeping the password when blank, and changing it when given", async () => {
    const target = await createTestUser({ name: "Da Modificare" });
    const [before] = await getDb().select().from(users).where(eq(users.id, target.id));
    const kept = await call(userRoute, "PUT", `/api/admin/users/${target.id}`, {
      token: admin.token,
      params: { id: target.id },
      body: { email: target.email, name: "Modificato", password: "", roleId: userRoleId, isActive: true, isEmailVerified: false },
    });
    expect(kept.status).toBe(200);
    expect((await kept.json()).message).toBe("Utente aggiornato con successo");
    const [afterKeep] = await getDb().select().from(users).where(eq(users.id, target.id));
    expect(afterKeep.name).toBe("Modificato");
    expect(afterKeep.isEmailVerified).toBe(false);
    expect(afterKeep.passwordHash).toBe(before.passwordHash);

    await call(userRoute, "PUT", `/api/admin/users/${target.id}`, {
      token: admin.token,
      params: { id: target.id },
      body: { email: target.email, name: "Modificato", password: "nuovapass", roleId: userRoleId, isActive: true, isEmailVerified: true },
    });
    const [afterChange] = await getDb().select().from(users).where(eq(users.id, target.id));
    expect(afterChange.passwordHash).not.toBe(before.passwordHash);
  });

  it("self-protection: an admin cannot delete or deactivate their own account", async () => {
    const del = await call(userRoute, "DELETE", `/api/admin/users/${admin.id}`, { token: admin.token, params: { id: admin.id } });
    expect(del.status).toBe(400);
    expect((await del.json()).message).toBe(MSG.adminCannotDeleteSelf);
    const toggle = await call(userToggleRoute, "PATCH", `/api/admin/users/${admin.id}/toggle-status`, { token: admin.token, params: { id: admin.id } });
    expect(toggle.status).toBe(400);
    expect((await toggle.json()).message).toBe(MSG.adminCannotDeactivateSelf);
    const viaUpdate = await call(userRoute, "PUT", `/api/admin/users/${admin.id}`, {
      token: admin.token,
      params: { id: admin.id },
      body: { email: admin.email, name: "Admin", roleId: adminRoleId, isActive: false, isEmailVerified: true },
    });
    expect(viaUpdate.status).toBe(400);
    const [still] = await getDb().select().from(users).where(eq(users.id, admin.id));
    expect(still.isActive).toBe(true);
  });

  it("never removes the last active admin", async () => {
    // Make `admin` the only active admin: deactivate the seeded one (allowed, another admin remains).
    const [seeded] = await getDb().select().from(users).where(eq(users.email, "admin@verbale.test"));
    const off = await call(userToggleRoute, "PATCH", `/api/admin/users/${seeded.id}/toggle-status`, { token: admin.token, params: { id: seeded.id } });
    expect(off.status).toBe(200);
    expect((await off.json()).message).toBe("Stato utente aggiornato con successo");

    const demote = await call(userRoute, "PUT", `/api/admin/users/${admin.id}`, {
      token: admin.token,
      params: { id: admin.id },
      body: { email: admin.email, name: "Admin", roleId: userRoleId, isActive: true, isEmailVerified: true },
    });
    expect(demote.status).toBe(409);
    expect((await demote.json()).message).toBe(MSG.adminLastAdmin);
    const [stillAdmin] = await getDb().select().from(users).where(eq(users.id, admin.id));
    expect(stillAdmin.roleId).toBe(adminRoleId);

    // With a second active admin again, demoting becomes possible.
    const on = await call(userToggleRoute, "PATCH", `/api/admin/users/${seeded.id}/toggle-status`, { token: admin.token, params: { id: seeded.id } });
    expect((await on.json()).user.isActive).toBe(true);
  });

  it("deletes a user with their files", async () => {
    const target = await createTestUser();
    const t = await addTranscription(target.id);
    await storage.putBuffer(t.fileName, Buffer.from("audio"));
    const response = await call(userRoute, "DELETE", `/api/admin/users/${target.id}`, { token: admin.token, params: { id: target.id } });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("Utente eliminato con successo");
    expect(await getDb().select().from(users).where(eq(users.id, target.id))).toHaveLength(0);
    expect(await storage.stat(t.fileName)).toBeUndefined();
    const again = await call(userRoute, "DELETE", `/api/admin/users/${target.id}`, { token: admin.token, params: { id: target.id } });
    expect(again.status).toBe(404);
  });

  it("exports users as CSV with BOM, quoting and formula neutralisation", async () => {
    await createTestUser({ name: '=HYPERLINK("http://evil")', email: "formula@esempio.it" });
    const response = await call(usersExportRoute, "GET", "/api/admin/users/export?search=formula", { token: admin.token });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.trimEnd().split("\r\n");
    expect(lines[0]).toBe('"ID","Email","Nome","Ruolo","Email verificata","Attivo","Trascrizioni","Ultimo accesso","Creato il"');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(lines[1]).toContain('"formula@esempio.it"');
  });
});

describe("transcriptions: delete, retry, downloads, export", () => {
  it("retries only a FAILED transcription and queues the pipeline job", async () => {
    const owner = await createTestUser();
    const failed = await addTranscription(owner.id, { status: "FAILED", errorMessage: "Errore" });
    const done = await addTranscription(owner.id, { status: "COMPLETED" });
    const ok = await call(retryRoute, "POST", `/api/admin/transcriptions/${failed.id}/retry`, { token: admin.token, params: { id: failed.id } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe("Trascrizione riavviata con successo");
    const [after] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, failed.id));
    expect(after.status).toBe("PENDING");
    const jobs = await getDb().execute<{ n: number }>(sql`select count(*)::int as n from graphile_worker.jobs where key = ${`transcribe:${failed.id}`}`);
    expect(jobs[0].n).toBe(1);

    const refused = await call(retryRoute, "POST", `/api/admin/transcriptions/${done.id}/retry`, { token: admin.token, params: { id: done.id } });
    expect(refused.status).toBe(409);
    const [unchanged] = await getDb().select().from(transcriptions).where(eq(transcriptions.id, done.id));
    expect(unchanged.status).toBe("COMPLETED");
    // Retrying the now PENDING one again is refused too.
    expect((await call(retryRoute, "POST", "/x", { token: admin.token, params: { id: failed.id } })).status).toBe(409);
  });

  it("deletes like the owner's delete: rows, usage given back, files removed", async () => {
    const owner = await createTestUser();
    const t = await addTranscription(owner.id, { usageMonth: "2025-01-01", usageMegabytes: 3 });
    await getDb().insert(usageMonths).values({ userId: owner.id, month: "2025-01-01", recordingsUsed: 2, megabytesUsed: 10 });
    await storage.putBuffer(t.fileName, Buffer.from("audio"));
    const response = await call(transcriptionRoute, "DELETE", `/api/admin/transcriptions/${t.id}`, { token: admin.token, params: { id: t.id } });
    expect(response.status).toBe(200);
    expect((await response.json()).message).toBe("Trascrizione eliminata con successo");
    const [usage] = await getDb().select().from(usageMonths).where(and(eq(usageMonths.userId, owner.id), eq(usageMonths.month, "2025-01-01")));
    expect(usage).toMatchObject({ recordingsUsed: 1, megabytesUsed: 7 });
    expect(await storage.stat(t.fileName)).toBeUndefined();
    expect((await call(transcriptionRoute, "DELETE", "/x", { token: admin.token, params: { id: t.id } })).status).toBe(404);
  });

  it("downloads the text named after the title, and the document once generated", async () => {
    const owner = await createTestUser();
    const t = await addTranscription(owner.id, { status: "COMPLETED", title: "Riunione è importante", text: "Buongiorno a tutti.", completedAt: new Date() });
    const text = await call(textRoute, "GET", "/x", { token: admin.token, params: { id: t.id } });
    expect(text.status).toBe(200);
    expect(await text.text()).toBe("Buongiorno a tutti.");
    expect(text.headers.get("Content-Disposition")).toContain("filename*=UTF-8''Riunione%20%C3%A8%20importante.txt");

    const missing = await call(docRoute, "GET", "/x", { token: admin.token, params: { id: t.id } });
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("Documento non disponibile");

    await getDb().insert(analyses).values({ transcriptionId: t.id, status: "COMPLETED", title: "Riunione", summary: "Sintesi.", topics: [] });
    await generateDocument(t.id, { admin: true });
    const doc = await call(docRoute, "GET", "/x", { token: admin.token, params: { id: t.id } });
    expect(doc.status).toBe(200);
    expect(doc.headers.get("Content-Type")).toContain("wordprocessingml");
    const bytes = new Uint8Array(await doc.arrayBuffer());
    expect(String.fromCharCode(bytes[0], bytes[1])).toBe("PK");
  });

  it("exports transcriptions as CSV with the filters", async () => {
    const owner = await createTestUser({ email: "esporta@esempio.it" });
    await addTranscription(owner.id, { title: "-1+1 riunione", status: "FAILED" });
    const response = await call(transcriptionsExportRoute, "GET", "/api/admin/transcriptions/export?user=esporta@esempio.it", { token: admin.token });
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="transcriptions-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await rawText(response);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"\'-1+1 riunione"');
    expect(lines[1]).toContain('"FAILED"');
  });
});

describe("subscriptions: cancel and reactivate rules", () => {
  it("cancels only an ACTIVE one not already flagged, reactivates only CANCELLED or EXPIRED", async () => {
    const owner = await createTestUser({ plan: "FREE_BASIC" });
    const [sub] = await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, owner.id));

    const reactivateActive = await call(reactivateRoute, "PATCH", "/x", { token: admin.token, params: { id: sub.id } });
    expect(reactivateActive.status).toBe(409);
    expect((await reactivateActive.json()).message).toBe(MSG.adminReactivateOnlyEnded);

    const cancelled = await call(cancelRoute, "PATCH", "/x", { token: admin.token, params: { id: sub.id }, body: { reason: "Richiesta utente" } });
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ message: "Sottoscrizione cancellata con successo", subscription: { status: "CANCELLED", cancelReason: "Richiesta utente" } });
    expect((await call(cancelRoute, "PATCH", "/x", { token: admin.token, params: { id: sub.id } })).status).toBe(409);

    const reactivated = await call(reactivateRoute, "PATCH", "/x", { token: admin.token, params: { id: sub.id } });
    expect(reactivated.status).toBe(200);
    expect(await reactivated.json()).toMatchObject({ message: "Sottoscrizione riattivata con successo", subscription: { status: "ACTIVE", isActive: true, cancelledAt: null } });

    // Flagged to cancel at period end: the admin cannot cancel it again.
    await getDb().update(userSubscriptions).set({ cancelAtPeriodEnd: true }).where(eq(userSubscriptions.id, sub.id));
    const flagged = await call(cancelRoute, "PATCH", "/x", { token: admin.token, params: { id: sub.id } });
    expect(flagged.status).toBe(409);
    expect((await flagged.json()).message).toBe(MSG.adminCancelOnlyActive);

    // An EXPIRED one whose period is over restarts with a new period from now.
    const past = new Date(Date.now() - 40 * 24 * 3600 * 1000);
    await getDb().update(userSubscriptions).set({ status: "EXPIRED", isActive: false, cancelAtPeriodEnd: false, endDate: past, currentPeriodEnd: past }).where(eq(userSubscriptions.id, sub.id));
    const renewed = await (await call(reactivateRoute, "PATCH", "/x", { token: admin.token, params: { id: sub.id } })).json();
    expect(renewed.subscription.status).toBe("ACTIVE");
    expect(new Date(renewed.subscription.endDate).getTime()).toBeGreaterThan(Date.now() + 27 * 24 * 3600 * 1000);
  });

  it("refuses to reactivate while the user holds another active subscription", async () => {
    const owner = await createTestUser({ plan: "PREMIUM_MONTHLY" });
    const [plan] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
    const now = new Date();
    const [old] = await getDb()
      .insert(userSubscriptions)
      .values({ userId: owner.id, subscriptionTypeId: plan.id, status: "CANCELLED", isActive: false, startDate: now, endDate: new Date(now.getTime() + 86400000), currentPeriodStart: now, currentPeriodEnd: new Date(now.getTime() + 86400000) })
      .returning();
    const response = await call(reactivateRoute, "PATCH", "/x", { token: admin.token, params: { id: old.id } });
    expect(response.status).toBe(409);
    expect((await response.json()).message).toBe(MSG.adminOtherActiveSubscription);
  });

  it("exports subscriptions as CSV", async () => {
    const response = await call(subscriptionsExportRoute, "GET", "/api/admin/subscriptions/export?type=basic", { token: admin.token });
    expect(response.headers.get("Content-Disposition")).toMatch(/filename="subscriptions-\d{4}-\d{2}-\d{2}\.csv"/);
    const text = await rawText(response);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trimEnd().split("\r\n");
    expect(lines[0]).toBe('"ID","Stato","Utente","Email","Piano","Prezzo","Valuta","Intervallo","Inizio","Fine","Cancellazione a fine periodo","Cancellata il","Creata il"');
    expect(lines.slice(1).every((l) => l.includes('"Gratuito"'))).toBe(true);
    expect(lines.length).toBeGreaterThan(1);
  });
});

describe("subscription types: create, update, toggle, delete", () => {
  const form = { code: "team_plus", name: "Team Plus", type: "PAYMENT", price: 19.9, currency: "EUR", interval: "month", maxFileSizeMB: 300, maxRecordingsPerMonth: 100, maxMBStorage: 10240, sortOrder: 5, features: ["Tutto", { name: "Utenti", value: "10" }] };

  it("creates, refuses a duplicate code, updates with FREE forcing price 0, toggles", async () => {
    const created = await call(plansRoute, "POST", "/api/admin/subscription-types", { token: admin.token, body: form });
    expect(created.status).toBe(201);
    const { subscriptionType, message } = await created.json();
    expect(message).toBe("Piano sottoscrizione creato/aggiornato con successo");
    expect(subscriptionType).toMatchObject({ code: "TEAM_PLUS", price: 19.9, subscriptionCount: 0, isActive: true });

    const dup = await call(plansRoute, "POST", "/x", { token: admin.token, body: form });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe(MSG.planCodeTaken);

    const invalid = await call(plansRoute, "POST", "/x", { token: admin.token, body: { ...form, code: "ALTRO", maxFileSizeMB: 0 } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe(MSG.planMaxFileSizeMin);

    const updated = await call(planRoute, "PUT", "/x", { token: admin.token, params: { id: subscriptionType.id }, body: { ...form, type: "FREE", price: 50 } });
    expect(updated.status).toBe(200);
    expect((await updated.json()).subscriptionType).toMatchObject({ type: "FREE", price: 0 });

    const toggled = await call(planToggleRoute, "PATCH", "/x", { token: admin.token, params: { id: subscriptionType.id } });
    expect((await toggled.json()).subscriptionType.isActive).toBe(false);

    const deleted = await call(planRoute, "DELETE", "/x", { token: admin.token, params: { id: subscriptionType.id } });
    expect(deleted.status).toBe(200);
    expect((await deleted.json()).message).toBe("Piano sottoscrizione eliminato con successo");
  });

  it("takes the audio minutes per file and per month, keeps them when an update leaves them out, refuses bad ones in Italian", async () => {
    const created = await call(plansRoute, "POST", "/x", { token: admin.token, body: { ...form, code: "MINUTI", maxMinutesPerFile: 90, maxMinutesPerMonth: 1200 } });
    expect(created.status).toBe(201);
    const { subscriptionType } = await created.json();
    expect(subscriptionType).toMatchObject({ maxMinutesPerFile: 90, maxMinutesPerMonth: 1200 });
    const kept = await call(planRoute, "PUT", "/x", { token: admin.token, params: { id: subscriptionType.id }, body: { ...form, code: "MINUTI", name: "Rinominato" } });
    expect((await kept.json()).subscriptionType).toMatchObject({ name: "Rinominato", maxMinutesPerFile: 90, maxMinutesPerMonth: 1200 });
    const invalid = await call(planRoute, "PUT", "/x", { token: admin.token, params: { id: subscriptionType.id }, body: { ...form, code: "MINUTI", maxMinutesPerFile: 0 } });
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).message).toBe(MSG.planMaxMinutesPerFileMin);
    // Without the fields a new plan gets the defaults.
    const plain = await call(plansRoute, "POST", "/x", { token: admin.token, body: { ...form, code: "SENZA_MINUTI" } });
    expect((await plain.json()).subscriptionType).toMatchObject({ maxMinutesPerFile: 120, maxMinutesPerMonth: 600 });
  });

  it("refuses to delete a plan while users hold it, with a clear message", async () => {
    const [plan] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "PREMIUM_YEARLY"));
    await createTestUser({ plan: "PREMIUM_YEARLY" });
    const response = await call(planRoute, "DELETE", "/x", { token: admin.token, params: { id: plan.id } });
    expect(response.status).toBe(409);
    const { message } = await response.json();
    expect(message).toBe(MSG.planInUse(1));
    expect(message).toContain("Impossibile eliminare il piano");
    expect(await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.id, plan.id))).toHaveLength(1);
  });
});
