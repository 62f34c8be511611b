import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { emailDeliveries, transcriptions, users, userSubscriptions } from "~/db/schema";
import { CALL_AUDIO_TEXT } from "~/lib/call-audio";
import { LLM_TEXT } from "~/lib/llm-messages";
import { MEETING_TEXT } from "~/lib/meeting-text";
import { EDIT_TEXT, HTTP_ERRORS, MSG, PIPELINE_ERRORS } from "~/lib/messages";
import { PRIVACY_TEXT } from "~/lib/privacy-messages";
import { authCases } from "./api-contract/auth-routes";
import type { Case, Method } from "./api-contract/case";
import { recordingCases } from "./api-contract/recording-routes";
import { subscriptionCases } from "./api-contract/subscription-routes";
import { transcriptionCases } from "./api-contract/transcription-routes";
import { apiRequest } from "./db";

/**
 * Shared by tests/integration/api-*.test.ts: the /api contract of spec section 7 and the server-side refusals of sections 6 and 8, for every
 * non-admin /api route file (admin roles: admin-auth.test.ts). Route files are listed from disk:
 * a new route without a case here fails the first test. The cases, by group of routes, and the
 * fixtures they use: tests/support/api-contract/.
 *
 * Every case is called as the owner (the success shape), anonymously (401), with an inactive
 * account (401), as another user (404 exactly like a missing id), without a verified e-mail where
 * the spec requires one (403), with a cookie from another Origin (403) and with a bearer token from
 * another Origin (allowed), with every unsupported method (405 JSON) and with bad input (400 with a
 * catalogue text, nothing changed).
 */

export const routesDir = path.resolve(import.meta.dirname, "../../app/routes");
export const EVIL = "https://evil.example";

export const UNAUTHORIZED = { success: false, message: HTTP_ERRORS[401] };
export const FORBIDDEN = { success: false, message: HTTP_ERRORS[403] };
export const NOT_FOUND = { success: false, message: HTTP_ERRORS[404] };
export const METHOD_NOT_ALLOWED = { success: false, message: MSG.methodNotAllowed };

/**
 * Every Italian text a /api error may carry: spec section 8 and the texts in app/lib/messages.ts,
 * and the catalogues of the features that have their own (call audio, meeting details, privacy, LLM).
 */
export const CATALOGUE = new Set<string>(
  (
    [HTTP_ERRORS, MSG, PIPELINE_ERRORS, EDIT_TEXT, CALL_AUDIO_TEXT, MEETING_TEXT, PRIVACY_TEXT, LLM_TEXT].flatMap((texts) =>
      Object.values(texts),
    ) as unknown[]
  ).filter((v): v is string => typeof v === "string"),
);

export const userFields = ["id", "email", "name", "avatar", "role", "isEmailVerified", "isActive"];

export function cases(): Case[] {
  return [
    ...authCases(),
    ...transcriptionCases(),
    ...recordingCases(),
    ...subscriptionCases(),
    // ---- fallback
    { file: "api.$", method: "GET", path: () => "/api/sconosciuta", access: "public", ok: { status: 404, fields: ["success", "message"] } },
  ];
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
