import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, orders, users } from "~/db/schema";
import { setConfigForTests } from "~/services/config.server";
import * as accountRoute from "~/routes/api.account";
import * as loginRoute from "~/routes/api.auth.login";
import * as registerRoute from "~/routes/api.auth.register";
import * as adminUserRoute from "~/routes/api.admin.users.$id";
import { listAllStored, seedAccountData } from "../support/account-data";
import { callRoute, useAdmin } from "../support/admin-api";
import { call } from "../support/auth";
import { createTestUser, useTestDatabase } from "../support/db";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";

/** «Elimina il mio account» (issue 32) on the local storage folder, with real SMTP. */

useTestDatabase();
const ctx = useAdmin();
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  setConfigForTests({ SMTP_URL: smtp.url, MAIL_FROM: "Verbale <noreply@verbale.test>" });
});
afterAll(() => smtp?.stop());

async function rowsOf(userId: string) {
  const db = getDb();
  const count = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)) as unknown as { n: number }[])[0].n);
  return {
    users: await count(sql`select count(*) as n from users where id = ${userId}`),
    sessions: await count(sql`select count(*) as n from sessions where user_id = ${userId}`),
    transcriptions: await count(sql`select count(*) as n from transcriptions where user_id = ${userId}`),
    subscriptions: await count(sql`select count(*) as n from user_subscriptions where user_id = ${userId}`),
    usage: await count(sql`select count(*) as n from usage_months where user_id = ${userId}`),
  };
}

/** The stored objects seedAccountData made for one user. */
const keysOf = (seeded: Awaited<ReturnType<typeof seedAccountData>>) => [
  seeded.done.fileName,
  seeded.docKey,
  seeded.queued.fileName,
  `recordings/${seeded.recording.id}/0000000.part`,
  `recordings/${seeded.recording.id}/0000001.part`,
];

const jobKeys = async () =>
  ((await getDb().execute(sql`select key from graphile_worker._private_jobs where key is not null`)) as unknown as { key: string }[]).map(
    (r) => r.key,
  );

describe("DELETE /api/account", () => {
  it("a wrong password answers 403 «Password non corretta.» and erases nothing", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const seeded = await seedAccountData(user.id);
    const storedBefore = await listAllStored();
    const wrong = await call(accountRoute.action, "/api/account", { method: "DELETE", token: user.token, body: { password: "sbagliata" } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ success: false, message: "Password non corretta." });
    const missing = await call(accountRoute.action, "/api/account", { method: "DELETE", token: user.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Inserisci la password per confermare.");
    expect(await listAllStored()).toEqual(storedBefore);
    expect(await rowsOf(user.id)).toMatchObject({ users: 1, sessions: 1, transcriptions: 3, subscriptions: 1 });
    expect(await jobKeys()).toContain(`transcribe:${seeded.queued.id}`);
    const anonymous = await call(accountRoute.action, "/api/account", { method: "DELETE", body: { password: user.password } });
    expect(anonymous.status).toBe(401);
  });

  it("erases rows, jobs and every stored file, keeps the payment without the person, mails, and the e-mail can register again", async () => {
    const other = await createTestUser({ plan: "FREE_BASIC" });
    const othersData = await seedAccountData(other.id);
    const user = await createTestUser({ plan: "FREE_BASIC", email: `da-eliminare-${Date.now()}@esempio.it` });
    const seeded = await seedAccountData(user.id);
    const stored = await listAllStored();
    expect(stored).toEqual(
      expect.arrayContaining([seeded.done.fileName, seeded.docKey, `recordings/${seeded.recording.id}/0000000.part`, seeded.queued.fileName]),
    );

    const answer = await call(accountRoute.action, "/api/account", { method: "DELETE", token: user.token, body: { password: user.password } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: "Account eliminato. Ti abbiamo inviato un'email di conferma." });
    expect(answer.cookies.some((c) => c.startsWith("verbale_session=;"))).toBe(true);

    // Listing the storage, not trusting the code: nothing with the user's ids is left, the other user's all is.
    const after = await listAllStored();
    const mine = [seeded.done.id, seeded.recording.id, seeded.queued.id];
    const myKeys = keysOf(seeded);
    expect(after.filter((key) => myKeys.includes(key))).toEqual([]);
    expect(after).toEqual(stored.filter((key) => !myKeys.includes(key)));
    expect(after).toEqual(expect.arrayContaining([othersData.done.fileName, othersData.docKey]));

    expect(await rowsOf(user.id)).toEqual({ users: 0, sessions: 0, transcriptions: 0, subscriptions: 0, usage: 0 });
    const leftovers = (await getDb().execute(
      sql`select count(*) as n from transcription_segments s where s.transcription_id in (${sql.join(
        mine.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`,
    )) as unknown as { n: number }[];
    expect(Number(leftovers[0].n)).toBe(0);
    expect(await jobKeys()).not.toContain(`transcribe:${seeded.queued.id}`);
    expect(await jobKeys()).toContain(`transcribe:${othersData.queued.id}`);

    const [order] = await getDb().select().from(orders).where(eq(orders.id, seeded.order.id));
    expect(order).toMatchObject({ userId: null, paymentMethod: null, amount: 19.9, status: "PAID" });
    const [othersOrder] = await getDb().select().from(orders).where(eq(orders.id, othersData.order.id));
    expect(othersOrder.userId).toBe(other.id);

    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entry).toMatchObject({ actorId: user.id, action: "account.self_delete", targetType: "user" });
    expect(JSON.stringify(entry.details)).not.toContain(user.email);

    const mail = await smtp.waitForMessage(user.email);
    expect(mail.subject).toBe("Il tuo account Verbale è stato eliminato");

    const login = await call(loginRoute.action, "/api/auth/login", { body: { email: user.email, password: user.password } });
    const unknown = await call(loginRoute.action, "/api/auth/login", {
      body: { email: `nessuno-${Date.now()}@esempio.it`, password: user.password },
    });
    expect(login.status).toBe(unknown.status);
    expect(login.body.message).toBe(unknown.body.message);
    const again = await call(registerRoute.action, "/api/auth/register", { body: { name: "Di Nuovo", email: user.email, password: "Password123" } });
    expect(again.status).toBe(201);
  });

  it("a Google-only account confirms with its e-mail", async () => {
    const user = await createTestUser();
    await getDb()
      .update(users)
      .set({ passwordHash: null, googleId: `g-${user.id}` })
      .where(eq(users.id, user.id));
    const wrong = await call(accountRoute.action, "/api/account", { method: "DELETE", token: user.token, body: { email: "altro@esempio.it" } });
    expect(wrong.status).toBe(403);
    const ok = await call(accountRoute.action, "/api/account", { method: "DELETE", token: user.token, body: { email: user.email.toUpperCase() } });
    expect(ok.status).toBe(200);
    expect((await rowsOf(user.id)).users).toBe(0);
  });

  it("the last active admin cannot delete their own account (400)", async () => {
    // Only ctx.admin and the seeded admin exist: deactivate the seeded one so ctx.admin is the last.
    await getDb().execute(
      sql`update users set is_active = false where id in (select u.id from users u join roles r on r.id = u.role_id where r.name = 'ADMIN' and u.id <> ${ctx.admin.id})`,
    );
    const answer = await call(accountRoute.action, "/api/account", {
      method: "DELETE",
      token: ctx.admin.token,
      body: { password: ctx.admin.password },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("Non puoi eliminare il tuo account: sei l'ultimo amministratore attivo.");
    expect((await rowsOf(ctx.admin.id)).users).toBe(1);
    await getDb().execute(
      sql`update users set is_active = true where id in (select u.id from users u join roles r on r.id = u.role_id where r.name = 'ADMIN')`,
    );
  });

  it("the admin's user delete erases the same way and is in the audit trail", async () => {
    const user = await createTestUser({ plan: "FREE_BASIC" });
    const seeded = await seedAccountData(user.id);
    const stored = await listAllStored();
    const answer = await callRoute(adminUserRoute, "DELETE", `/api/admin/users/${user.id}`, { token: ctx.admin.token, params: { id: user.id } });
    expect(answer.status).toBe(200);
    const myKeys = keysOf(seeded);
    expect((await listAllStored()).filter((key) => myKeys.includes(key))).toEqual([]);
    expect(stored.filter((key) => myKeys.includes(key))).toHaveLength(5);
    expect(await rowsOf(user.id)).toEqual({ users: 0, sessions: 0, transcriptions: 0, subscriptions: 0, usage: 0 });
    const [order] = await getDb().select().from(orders).where(eq(orders.id, seeded.order.id));
    expect(order.userId).toBeNull();
    const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(entry).toMatchObject({
      actorId: ctx.admin.id,
      action: "user.delete",
      targetType: "user",
      details: { role: "USER", transcriptions: 3, ordersKept: 1 },
    });
  });
});
