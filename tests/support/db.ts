import fs from "node:fs";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, inject } from "vitest";
import postgres from "postgres";
import { eq } from "drizzle-orm";
import { connectDatabase, disconnectDatabase, getDb } from "~/db/client.server";
import { roles, subscriptionTypes, userSubscriptions, users } from "~/db/schema";
import { setConfigForTests, type Config } from "~/services/config.server";
import { hashPassword } from "~/services/password.server";
import { createSession, type RoleName } from "~/services/session.server";

const TEMPLATE_DB = "verbale_template";
const root = path.resolve(import.meta.dirname, "../..");

export type TestDatabase = { url: string; dataDir: string; config: Config };

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * Gives the calling test file its own database cloned from the migrated, seeded template, and
 * its own DATA_DIR. Call at the top level of a test file.
 */
export function useTestDatabase(overrides: Partial<Config> = {}): TestDatabase {
  const handle = {} as TestDatabase;
  const name = `t_${randomBytes(6).toString("hex")}`;
  let admin: postgres.Sql;
  beforeAll(async () => {
    const serverUrl = inject("pgServerUrl");
    admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
    handle.url = withDatabase(serverUrl, name);
    handle.dataDir = path.join(root, "tests", ".data", name);
    fs.mkdirSync(handle.dataDir, { recursive: true });
    handle.config = setConfigForTests({
      NODE_ENV: "test",
      DATA_DIR: handle.dataDir,
      DATABASE_URL: handle.url,
      APP_URL: "http://localhost:3000",
      SESSION_SECRET: "test-secret-test-secret-1234",
      SMTP_URL: undefined,
      OPENAI_API_KEY: undefined,
      ...overrides,
    });
    connectDatabase(handle.url);
  });
  afterAll(async () => {
    await disconnectDatabase();
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    fs.rmSync(handle.dataDir, { recursive: true, force: true });
  });
  return handle;
}

export type TestUser = { id: string; email: string; password: string; token: string; role: RoleName };

let counter = 0;

/** Inserts a user directly (verified by default) and opens a session for it. */
export async function createTestUser(
  options: { email?: string; name?: string; password?: string; role?: RoleName; verified?: boolean; active?: boolean; plan?: string | null } = {},
): Promise<TestUser> {
  const db = getDb();
  counter += 1;
  const email = options.email ?? `utente${counter}-${randomBytes(3).toString("hex")}@esempio.it`;
  const password = options.password ?? "Password123";
  const role = options.role ?? "USER";
  const [roleRow] = await db.select().from(roles).where(eq(roles.name, role));
  const [user] = await db
    .insert(users)
    .values({
      email,
      name: options.name ?? `Utente Prova ${counter}`,
      passwordHash: await hashPassword(password),
      roleId: roleRow.id,
      isEmailVerified: options.verified ?? true,
      isActive: options.active ?? true,
    })
    .returning();
  if (options.plan !== null && options.plan !== undefined) {
    const [plan] = await db.select().from(subscriptionTypes).where(eq(subscriptionTypes.code, options.plan));
    const now = new Date();
    const end = new Date(now.getTime() + 30 * 24 * 3600 * 1000);
    await db.insert(userSubscriptions).values({
      userId: user.id,
      subscriptionTypeId: plan.id,
      status: "ACTIVE",
      isActive: true,
      isPaid: plan.type === "FREE" ? null : true,
      startDate: now,
      endDate: end,
      currentPeriodStart: now,
      currentPeriodEnd: end,
    });
  }
  const { token } = await createSession(user.id);
  return { id: user.id, email, password, token, role };
}

/** A Request as a browser or API client would send it to a route's loader or action. */
export function apiRequest(
  pathname: string,
  options: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Request {
  const headers = new Headers(options.headers);
  if (options.token) headers.set("Authorization", `Bearer ${options.token}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || typeof options.body === "string") body = options.body as BodyInit;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers.set("Content-Type", "application/json");
  }
  return new Request(`http://localhost:3000${pathname}`, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
}
