import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { roles, subscriptionTypes, users } from "~/db/schema";
import { seed } from "~/services/seed.server";
import { getSessionUser } from "~/services/session.server";
import { loader as apiNotFound } from "~/routes/api.$";
import { action as loginAction } from "~/routes/api.auth.login";
import { call } from "../support/auth";
import { createTestUser, useTestDatabase } from "../support/db";

useTestDatabase();

describe("seed", () => {
  it("creates roles, the plan catalogue with one FREE plan and one admin, and is idempotent", async () => {
    const db = getDb();
    await seed(db, { adminEmail: "admin@verbale.test", adminPassword: "Admin12345" });
    await seed(db, {});
    const roleNames = (await db.select().from(roles)).map((r) => r.name).sort();
    expect(roleNames).toEqual(["ADMIN", "USER"]);
    const plans = await db.select().from(subscriptionTypes);
    expect(plans.filter((p) => p.type === "FREE").map((p) => p.code)).toEqual(["FREE_BASIC"]);
    expect(plans.map((p) => p.code)).toContain("PREMIUM_MONTHLY");
    const [adminRole] = await db.select().from(roles).where(eq(roles.name, "ADMIN"));
    const admins = await db.select().from(users).where(eq(users.roleId, adminRole.id));
    expect(admins).toHaveLength(1);
    expect(admins[0].email).toBe("admin@verbale.test");
  });

  it("creates admin@localhost with a generated password that signs in", async () => {
    const db = getDb();
    await db.delete(users);
    const { adminEmail, generatedPassword } = await seed(db, {});
    expect(adminEmail).toBe("admin@localhost");
    expect(generatedPassword).toMatch(/^\S{12,}$/);
    const res = await call(loginAction, "/api/auth/login", { body: { email: adminEmail, password: generatedPassword } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { email: "admin@localhost", role: "ADMIN" } });
  });

  it("refuses a second account with the same e-mail in another case", async () => {
    await createTestUser({ email: "doppio@esempio.it" });
    await expect(createTestUser({ email: "Doppio@Esempio.it" })).rejects.toThrow();
  });
});

describe("sessions", () => {
  it("resolves a bearer token and a cookie to the same user, and nothing for an unknown token", async () => {
    const user = await createTestUser();
    const viaBearer = await getSessionUser(new Request("http://localhost:3000/", { headers: { Authorization: `Bearer ${user.token}` } }));
    const viaCookie = await getSessionUser(new Request("http://localhost:3000/", { headers: { Cookie: `verbale_session=${user.token}` } }));
    expect(viaBearer?.id).toBe(user.id);
    expect(viaCookie?.id).toBe(user.id);
    expect(await getSessionUser(new Request("http://localhost:3000/", { headers: { Authorization: "Bearer sbagliato" } }))).toBeUndefined();
  });

  it("ignores a cookie on a write coming from another origin", async () => {
    const user = await createTestUser();
    const request = new Request("http://localhost:3000/api/auth/logout", {
      method: "POST",
      headers: { Cookie: `verbale_session=${user.token}`, Origin: "https://evil.example", Host: "localhost:3000" },
    });
    expect(await getSessionUser(request)).toBeUndefined();
  });

  it("treats an expired session as signed out", async () => {
    const user = await createTestUser();
    await getDb().execute(sql`update sessions set expires_at = now() - interval '1 minute' where user_id = ${user.id}`);
    expect(await getSessionUser(new Request("http://localhost:3000/", { headers: { Authorization: `Bearer ${user.token}` } }))).toBeUndefined();
  });

  it("treats an inactive user as signed out", async () => {
    const user = await createTestUser({ active: false });
    expect(await getSessionUser(new Request("http://localhost:3000/", { headers: { Authorization: `Bearer ${user.token}` } }))).toBeUndefined();
  });
});

describe("/api fallbacks", () => {
  it("answers unknown /api paths with the catalogue's 404 in JSON", async () => {
    const response = await apiNotFound();
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, message: "Risorsa non trovata." });
  });
});
