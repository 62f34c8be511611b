import { createHash, randomBytes, scryptSync } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { BrowserContext } from "@playwright/test";
import { E2E } from "./env";

/**
 * Direct access to the e2e app's embedded database, to set up users and data quickly. What a test
 * asserts still goes through the browser; this only prepares the scene.
 */
let sql: postgres.Sql | undefined;

export function db(): postgres.Sql {
  if (!sql) {
    const settings = JSON.parse(fs.readFileSync(path.join(E2E.dataDir, "postgres.json"), "utf8")) as { port: number; password: string };
    sql = postgres(`postgres://postgres:${settings.password}@127.0.0.1:${settings.port}/postgres`, { max: 2, onnotice: () => {} });
  }
  return sql;
}

function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return ["scrypt", 16384, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export type E2EUser = { id: string; email: string; name: string; password: string; token: string };

/** Creates a user (verified, with the FREE plan by default) and a session token for it. */
export async function createUser(
  options: { name?: string; email?: string; password?: string; verified?: boolean; plan?: string | null; role?: "USER" | "ADMIN" } = {},
): Promise<E2EUser> {
  const s = db();
  const email = options.email ?? `e2e-${randomBytes(4).toString("hex")}@esempio.it`;
  const name = options.name ?? "Giulia Bianchi";
  const password = options.password ?? "Password123";
  const [role] = await s`select id from roles where name = ${options.role ?? "USER"}`;
  const [user] = await s`
    insert into users (email, name, password_hash, role_id, is_email_verified, is_active)
    values (${email}, ${name}, ${hashPassword(password)}, ${role.id}, ${options.verified ?? true}, true)
    returning id`;
  const plan = options.plan === undefined ? "FREE_BASIC" : options.plan;
  if (plan) {
    const [type] = await s`select id, type from subscription_types where code = ${plan}`;
    await s`
      insert into user_subscriptions (user_id, subscription_type_id, status, is_active, is_paid, start_date, end_date, current_period_start, current_period_end)
      values (${user.id}, ${type.id}, 'ACTIVE', true, ${type.type === "FREE" ? null : true}, now() - interval '1 day', now() + interval '30 days', now() - interval '1 day', now() + interval '30 days')`;
  }
  const token = randomBytes(32).toString("base64url");
  await s`insert into sessions (id, user_id, expires_at) values (${createHash("sha256").update(token).digest("hex")}, ${user.id}, now() + interval '1 day')`;
  return { id: user.id, email, name, password, token };
}

/** Signs the browser context in as the user by setting the session cookie. */
export async function signIn(context: BrowserContext, user: { token: string }): Promise<void> {
  await context.addCookies([{ name: "verbale_session", value: user.token, url: E2E.baseUrl, httpOnly: true, sameSite: "Lax" }]);
}
