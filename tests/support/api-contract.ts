import { usageMonthOf } from "~/lib/usage";
import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { emailDeliveries, subscriptionTypes, transcriptions, users, userSubscriptions } from "~/db/schema";
import { EDIT_TEXT, HTTP_ERRORS, MSG, PIPELINE_ERRORS } from "~/lib/messages";
import { getConfig } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { requestDocumentEmail } from "~/services/email-delivery.server";
import { toneFile } from "./audio";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "./db";
import { seedCompletedTranscription } from "./transcriptions";

/**
 * Shared by tests/integration/api-*.test.ts: the /api contract of spec section 7 and the server-side refusals of sections 6 and 8, for every
 * non-admin /api route file (admin roles: admin-auth.test.ts). Route files are listed from disk:
 * a new route without a case here fails the first test.
 *
 * Every case is called as the owner (the success shape), anonymously (401), with an inactive
 * account (401), as another user (404 exactly like a missing id), without a verified e-mail where
 * the spec requires one (403), with a cookie from another Origin (403) and with a bearer token from
 * another Origin (allowed), with every unsupported method (405 JSON) and with bad input (400 with a
 * catalogue text, nothing changed).
 */

export const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
export const EVIL = "https://evil.example";
export const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof METHODS)[number];

export const UNAUTHORIZED = { success: false, message: HTTP_ERRORS[401] };
export const FORBIDDEN = { success: false, message: HTTP_ERRORS[403] };
export const NOT_FOUND = { success: false, message: HTTP_ERRORS[404] };
export const METHOD_NOT_ALLOWED = { success: false, message: MSG.methodNotAllowed };

/** Every Italian text a /api error may carry (spec section 8 and the texts in app/lib/messages.ts). */
export const CATALOGUE = new Set<string>(
  ([...Object.values(HTTP_ERRORS), ...Object.values(MSG), ...Object.values(PIPELINE_ERRORS), ...Object.values(EDIT_TEXT)] as unknown[]).filter(
    (v): v is string => typeof v === "string",
  ),
);

export type Fixtures = {
  owner: TestUser;
  stranger: TestUser;
  unverified: TestUser;
  inactive: TestUser;
  loginUser: TestUser;
  logoutUser: TestUser;
  /** Completed, analysed, with a document and one e-mail delivery. */
  t1: string;
  /** Completed, deleted by the DELETE case. */
  t2: string;
  /** Recordings of the owner still arriving in chunks (decision 009): one with a chunk, one empty. */
  recording: string;
  emptyRecording: string;
  /** Completed, re-analysed by the analyze case. */
  t3: string;
  delivery: string;
  subscription: string;
  freePlan: string;
  audio: string;
};
export const f = {} as Fixtures;

export type Access = "public" | "user" | "verified";
export type Case = {
  file: string;
  method: Method;
  path: (id: string) => string;
  /** The id this route's path carries, from the fixtures (another user's, missing, malformed ids replace it). */
  id?: () => string;
  access: Access;
  body?: () => unknown;
  /** A JSON body endpoint: bad input is tried on it. Only bodies that must be refused. */
  invalid?: unknown[];
  ok: { status: number; fields?: string[]; contentType?: RegExp; user?: () => TestUser };
};

export const userFields = ["id", "email", "name", "avatar", "role", "isEmailVerified", "isActive"];

export function cases(): Case[] {
  const wrongTypes = (fields: string[]) => [
    Object.fromEntries(fields.map((k) => [k, 5])),
    Object.fromEntries(fields.map((k) => [k, { a: 1 }])),
    Object.fromEntries(fields.map((k) => [k, [k]])),
  ];
  return [
    // ---- auth
    {
      file: "api.auth.register",
      method: "POST",
      path: () => "/api/auth/register",
      access: "public",
      body: () => ({ name: "Nuovo Utente", email: "contratto-nuovo@esempio.it", password: "Password123" }),
      invalid: [
        {},
        { name: "", email: "x@esempio.it", password: "Password123" },
        { name: "A", email: "non-email", password: "Password123" },
        { name: "A", email: "y@esempio.it", password: "corta" },
        ...wrongTypes(["name", "email", "password"]),
      ],
      ok: { status: 201, fields: ["success", "token", "user", "message"] },
    },
    {
      file: "api.auth.login",
      method: "POST",
      path: () => "/api/auth/login",
      access: "public",
      body: () => ({ email: f.loginUser.email, password: f.loginUser.password }),
      invalid: [{}, { email: "", password: "x" }, { email: "a@esempio.it" }, ...wrongTypes(["email", "password"])],
      ok: { status: 200, fields: ["success", "token", "user", "message"] },
    },
    // Success with a real provider: auth-google.test.ts. Here: the shape of a refusal (no state cookie).
    {
      file: "api.auth.oauth.login",
      method: "POST",
      path: () => "/api/auth/oauth/login",
      access: "public",
      body: () => ({ provider: "google", code: "codice", state: "stato" }),
      invalid: [{}, { provider: "facebook", code: "x" }, { provider: "google" }, ...wrongTypes(["provider", "code"])],
      ok: { status: 400, fields: ["success", "message"] },
    },
    {
      file: "api.auth.verify-email",
      method: "POST",
      path: () => "/api/auth/verify-email",
      access: "public",
      body: () => ({ email: f.unverified.email, code: "000000" }),
      invalid: [{}, { email: f.unverified?.email, code: "12345" }, { email: "x", code: "123456" }, ...wrongTypes(["email", "code"])],
      ok: { status: 400, fields: ["success", "message"] },
    },
    {
      file: "api.auth.resend-verification",
      method: "POST",
      path: () => "/api/auth/resend-verification",
      access: "public",
      body: () => ({ email: "nessuno-contratto@esempio.it" }),
      invalid: [{}, { email: "" }, { email: "x" }, ...wrongTypes(["email"])],
      ok: { status: 200, fields: ["success", "message", "retryAfter"] },
    },
    {
      file: "api.auth.forgot-password",
      method: "POST",
      path: () => "/api/auth/forgot-password",
      access: "public",
      body: () => ({ email: "nessuno-reset@esempio.it" }),
      invalid: [{}, { email: "" }, ...wrongTypes(["email"])],
      ok: { status: 200, fields: ["success", "message"] },
    },
    // Success: auth.test.ts (needs the mailed link). Here: an unknown link is refused with its text.
    {
      file: "api.auth.reset-password",
      method: "POST",
      path: () => "/api/auth/reset-password",
      access: "public",
      body: () => ({ token: "sconosciuto", password: "Password123" }),
      invalid: [{}, { token: "x", password: "debole" }, { token: "x", password: "tuttominuscolo1" }, ...wrongTypes(["token", "password"])],
      ok: { status: 400, fields: ["success", "message"] },
    },
    {
      file: "api.auth.logout",
      method: "POST",
      path: () => "/api/auth/logout",
      access: "public",
      ok: { status: 200, fields: ["success", "message"], user: () => f.logoutUser },
    },
    { file: "api.auth.me", method: "GET", path: () => "/api/auth/me", access: "user", ok: { status: 200, fields: ["success", "user"] } },
    { file: "api.auth.check", method: "GET", path: () => "/api/auth/check", access: "user", ok: { status: 200, fields: ["success", "user"] } },
    { file: "api.auth.google", method: "GET", path: () => "/api/auth/google", access: "public", ok: { status: 200, fields: ["success", "authUrl"] } },
    // ---- transcription
    {
      file: "api.transcription",
      method: "POST",
      path: () => "/api/transcription",
      access: "verified",
      body: () => audioForm(f.audio),
      ok: { status: 200, fields: ["success", "databaseId"] },
    },
    { file: "api.history", method: "GET", path: () => "/api/history", access: "user", ok: { status: 200, fields: ["success", "transcriptions"] } },
    {
      file: "api.transcription.$id",
      method: "GET",
      path: (id) => `/api/transcription/${id}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, fields: ["success", "transcription", "analysis", "documentPath"] },
    },
    {
      file: "api.transcription.$id.progress",
      method: "GET",
      path: (id) => `/api/transcription/${id}/progress`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, fields: ["success", "status", "stage", "progress"] },
    },
    {
      file: "api.transcription.$id.export.$format",
      method: "GET",
      path: (id) => `/api/transcription/${id}/export/txt`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, contentType: /^text\/plain/ },
    },
    {
      file: "api.audio.$id",
      method: "GET",
      path: (id) => `/api/audio/${id}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, contentType: /^audio\// },
    },
    {
      file: "api.document.$id",
      method: "POST",
      path: (id) => `/api/document/${id}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, fields: ["success", "documentPath"] },
    },
    {
      file: "api.document.$id",
      method: "GET",
      path: (id) => `/api/document/${id}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, contentType: /officedocument\.wordprocessingml/ },
    },
    {
      file: "api.document.$id.email",
      method: "POST",
      path: (id) => `/api/document/${id}/email`,
      id: () => f.t1,
      access: "user",
      body: () => ({ email: "destinatario@esempio.it", subject: "Riunione", message: "In allegato." }),
      invalid: [
        { email: "" },
        { email: "non-email" },
        { email: "a@esempio.it", subject: "" },
        { email: "a@esempio.it", subject: "riga\nBcc: x@esempio.it" },
        { email: "a@esempio.it", subject: "x".repeat(5000) },
        { email: "a@esempio.it", message: "x".repeat(100_000) },
        ...wrongTypes(["email", "subject", "message"]),
      ],
      ok: { status: 200, fields: ["success", "deliveryId", "status", "message"] },
    },
    {
      file: "api.document.$id.email",
      method: "GET",
      path: (id) => `/api/document/${id}/email?delivery=${f.delivery}`,
      id: () => f.t1,
      access: "user",
      ok: { status: 200, fields: ["success", "deliveryId", "status", "message"] },
    },
    {
      file: "api.analyze.$id",
      method: "POST",
      path: (id) => `/api/analyze/${id}`,
      id: () => f.t3,
      access: "verified",
      ok: { status: 202, fields: ["success", "databaseId", "status"] },
    },
    // ---- recordings arriving in chunks (decision 009); the full behaviour: recording-chunks.test.ts
    {
      file: "api.recordings",
      method: "POST",
      path: () => "/api/recordings",
      access: "verified",
      body: () => ({ mimeType: "audio/webm;codecs=opus" }),
      invalid: [{ mimeType: 5 }, { mimeType: { a: 1 } }],
      ok: { status: 200, fields: ["success", "databaseId", "maxChunkBytes"] },
    },
    {
      file: "api.recordings.$id",
      method: "GET",
      path: (id) => `/api/recordings/${id}`,
      id: () => f.recording,
      access: "verified",
      ok: { status: 200, fields: ["success", "status", "chunksReceived"] },
    },
    {
      file: "api.recordings.$id.chunks.$index",
      method: "PUT",
      path: (id) => `/api/recordings/${id}/chunks/0`,
      id: () => f.recording,
      access: "verified",
      body: () => "parte-0",
      ok: { status: 200, fields: ["success", "received", "duplicate"] },
    },
    // The live transcript (decision 010); the full behaviour: live-transcript.test.ts
    {
      file: "api.recordings.$id.live",
      method: "GET",
      path: (id) => `/api/recordings/${id}/live`,
      id: () => f.recording,
      access: "verified",
      ok: { status: 200, fields: ["success", "status", "text", "draft", "recordedSeconds", "transcribedSeconds", "behindSeconds"] },
    },
    // Success: recording-chunks.test.ts (needs real audio). Here: an empty recording is refused with its text.
    {
      file: "api.recordings.$id.finalize",
      method: "POST",
      path: (id) => `/api/recordings/${id}/finalize`,
      id: () => f.emptyRecording,
      access: "verified",
      ok: { status: 400, fields: ["success", "message"] },
    },
    {
      file: "api.transcription.$id",
      method: "PATCH",
      path: (id) => `/api/transcription/${id}`,
      id: () => f.t1,
      access: "user",
      body: () => ({ summary: "Riassunto rivisto prima dell'invio." }),
      invalid: [{ title: "  " }, { colour: "rosso" }, { segments: "tutti" }, ...wrongTypes(["title", "summary"])],
      ok: { status: 200, fields: ["success", "message", "transcription", "analysis", "documentPath"] },
    },
    {
      file: "api.transcription.$id",
      method: "DELETE",
      path: (id) => `/api/transcription/${id}`,
      id: () => f.t2,
      access: "user",
      ok: { status: 200, fields: ["success", "message"] },
    },
    // ---- subscription
    {
      file: "api.subscription.types",
      method: "GET",
      path: () => "/api/subscription/types",
      access: "public",
      ok: { status: 200, fields: ["success", "subscriptionTypes"] },
    },
    {
      file: "api.subscription.limits",
      method: "GET",
      path: () => "/api/subscription/limits",
      access: "user",
      ok: { status: 200, fields: ["success", "requiresSubscription", "limits"] },
    },
    {
      file: "api.subscription.current",
      method: "GET",
      path: () => "/api/subscription/current",
      access: "user",
      ok: { status: 200, fields: ["success", "subscriptions"] },
    },
    {
      file: "api.orders",
      method: "GET",
      path: () => "/api/orders?page=1&limit=10&sortBy=createdAt&sortOrder=desc",
      access: "user",
      ok: { status: 200, fields: ["success", "orders", "pagination", "stats"] },
    },
    {
      file: "api.subscription.$id.cancel",
      method: "POST",
      path: (id) => `/api/subscription/${id}/cancel`,
      id: () => f.subscription,
      access: "user",
      body: () => ({ reason: "Prova del contratto" }),
      invalid: [{ reason: 5 }, { reason: { a: 1 } }, { reason: ["x"] }, { reason: "x".repeat(600) }],
      ok: { status: 200, fields: ["success", "message"] },
    },
    {
      file: "api.subscription.$id.reactivate",
      method: "POST",
      path: (id) => `/api/subscription/${id}/reactivate`,
      id: () => f.subscription,
      access: "user",
      ok: { status: 200, fields: ["success", "message"] },
    },
    {
      file: "api.subscription.assign",
      method: "POST",
      path: () => "/api/subscription/assign",
      access: "verified",
      body: () => ({ subscriptionTypeId: f.freePlan }),
      invalid: [{}, { subscriptionTypeId: "" }, { subscriptionTypeId: "non-un-uuid" }, ...wrongTypes(["subscriptionTypeId"])],
      ok: { status: 200, fields: ["success", "message", "subscription"] },
    },
    // ---- fallback
    { file: "api.$", method: "GET", path: () => "/api/sconosciuta", access: "public", ok: { status: 404, fields: ["success", "message"] } },
  ];
}

function audioForm(file: string): FormData {
  const data = new FormData();
  data.append("audio", new Blob([fs.readFileSync(file)], { type: "audio/wav" }), "registrazione.wav");
  return data;
}

export type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
const modules = new Map<string, Module>();
export async function load(file: string): Promise<Module> {
  if (!modules.has(file)) {
    const ext = fs.existsSync(path.join(routesDir, `${file}.ts`)) ? ".ts" : ".tsx";
    modules.set(file, (await import(/* @vite-ignore */ path.join(routesDir, `${file}${ext}`))) as Module);
  }
  return modules.get(file)!;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON body, checked field by field by the assertions
export type Answer = { status: number; body: any; headers: Headers };
export type CallOptions = {
  method?: Method;
  token?: string;
  cookie?: string;
  origin?: string;
  body?: unknown;
  id?: string;
  context?: Record<string, unknown>;
  keepRateLimits?: boolean;
};

/** Calls the case's route module as Remix would: GET to the loader, anything else to the action. */
export async function invoke(c: Case, options: CallOptions = {}): Promise<Answer> {
  // Rate limits have their own suite (api-rate-limits.test.ts); here every call starts afresh.
  if (!options.keepRateLimits) await getSql()`delete from rate_limits`;
  const mod = await load(c.file);
  const method = options.method ?? c.method;
  const id = options.id ?? c.id?.();
  const headers: Record<string, string> = {};
  if (options.cookie) headers.Cookie = `verbale_session=${options.cookie}`;
  if (options.origin) headers.Origin = options.origin;
  const body = "body" in options ? options.body : method === "GET" ? undefined : c.body?.();
  const request = apiRequest(c.path(id ?? ""), { method, token: options.token, body, headers });
  const params: Record<string, string> = {};
  if (id !== undefined) params.id = id;
  if (c.file === "api.transcription.$id.export.$format") params.format = "txt";
  if (c.file === "api.recordings.$id.chunks.$index") params.index = "0";
  if (c.file === "api.$") params["*"] = "sconosciuta";
  const handler = method === "GET" ? mod.loader : mod.action;
  if (!handler) throw new Error(`${c.file}: no ${method === "GET" ? "loader" : "action"} for ${method}`);
  let response: Response;
  try {
    response = (await handler({ request, params, context: options.context ?? {} } as never)) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) response = thrown;
    else throw thrown;
  }
  expect(response, `${method} ${c.file} answers a Response`).toBeInstanceOf(Response);
  const text = await response.text();
  let parsed: unknown = text;
  if (response.headers.get("Content-Type")?.includes("application/json")) parsed = JSON.parse(text);
  return { status: response.status, body: parsed, headers: response.headers };
}

export const label = (c: Case, who = "") => `${c.method} ${c.path(c.id?.() ?? ":id")} ${who}`.trim();

/** Rows a refused request must not have touched. */
export async function snapshot() {
  const db = getDb();
  const [t] = await db.select({ n: sql<number>`count(*)::int` }).from(transcriptions);
  const [u] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  const [d] = await db.select({ n: sql<number>`count(*)::int` }).from(emailDeliveries);
  const subs = await db
    .select({ id: userSubscriptions.id, status: userSubscriptions.status, isActive: userSubscriptions.isActive })
    .from(userSubscriptions)
    .orderBy(userSubscriptions.id);
  const statuses = await db.select({ id: transcriptions.id, status: transcriptions.status }).from(transcriptions).orderBy(transcriptions.id);
  return { transcriptions: t.n, users: u.n, deliveries: d.n, subs, statuses };
}

/** One database for the calling test file, with the fixtures above filled before its tests. */
export function useContractFixtures(): void {
  useTestDatabase({ GOOGLE_CLIENT_ID: "client-id-test", GOOGLE_CLIENT_SECRET: "client-secret-test" });
  beforeAll(setupFixtures);
}

async function setupFixtures(): Promise<void> {
  const storageDir = path.join(getConfig().DATA_DIR, "storage");
  f.owner = await createTestUser({ plan: "FREE_BASIC" });
  f.stranger = await createTestUser({ plan: "FREE_BASIC" });
  f.unverified = await createTestUser({ verified: false, plan: "FREE_BASIC" });
  f.inactive = await createTestUser({ active: false, plan: "FREE_BASIC" });
  f.loginUser = await createTestUser();
  f.logoutUser = await createTestUser();
  f.t1 = (await seedCompletedTranscription(getSql(), storageDir, f.owner.id)).id;
  f.t2 = (await seedCompletedTranscription(getSql(), storageDir, f.owner.id)).id;
  f.t3 = (await seedCompletedTranscription(getSql(), storageDir, f.owner.id)).id;
  for (const key of ["recording", "emptyRecording"] as const) {
    const [row] =
      await getSql()`insert into transcriptions (user_id, status, file_name, original_name, file_size, usage_month, usage_megabytes, last_chunk_at)
      values (${f.owner.id}, 'RECORDING', 'audio/in-registrazione.webm', 'registrazione.webm', 0, ${usageMonthOf()}, 0, now()) returning id`;
    f[key] = row.id as string;
  }
  await ensureDocument(f.t1, { userId: f.owner.id }, { create: true });
  f.delivery = (await requestDocumentEmail(f.t1, f.owner.id, { email: "primo@esempio.it", subject: "Primo", message: "Primo invio" })).deliveryId;
  const [sub] = await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, f.owner.id));
  f.subscription = sub.id;
  const [free] = await getDb().select().from(subscriptionTypes).where(eq(subscriptionTypes.code, "FREE_BASIC"));
  f.freePlan = free.id;
  fs.mkdirSync(path.join(getConfig().DATA_DIR, "fixtures"), { recursive: true });
  f.audio = toneFile(path.join(getConfig().DATA_DIR, "fixtures", "contratto.wav"), 1);
}
