import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { subscriptionTypes, transcriptions, userSubscriptions } from "~/db/schema";
import { toastOf } from "../support/auth";
import { apiRequest, createTestUser, useTestDatabase, type TestUser } from "../support/db";

/**
 * Every /api/admin route and every /dashboard page, for a visitor, a USER and an ADMIN. The route
 * files are listed from disk, so a new admin route without an entry here fails the first test.
 */

useTestDatabase();

type Module = { loader?: (args: never) => Promise<Response | unknown>; action?: (args: never) => Promise<Response | unknown> };
type ApiCase = { file: string; method: string; path: string; params?: Record<string, string>; body?: unknown; adminStatus: number };

let anonymous: undefined;
let user: TestUser;
let admin: TestUser;
const ids = { user: "", transcription: "", subscription: "", plan: "" };

beforeAll(async () => {
  user = await createTestUser({ plan: "FREE_BASIC" });
  admin = await createTestUser({ role: "ADMIN" });
  const target = await createTestUser({ plan: "FREE_BASIC" });
  const [t] = await getDb()
    .insert(transcriptions)
    .values({
      userId: target.id,
      fileName: "audio/x.webm",
      originalName: "x.webm",
      fileSize: 1,
      usageMonth: "2025-01-01",
      usageMegabytes: 1,
      status: "COMPLETED",
      text: "Testo",
    })
    .returning();
  const [s] = await getDb().select().from(userSubscriptions).where(eq(userSubscriptions.userId, target.id));
  const [p] = await getDb().insert(subscriptionTypes).values({ code: "AUTH_TEST", name: "Prova" }).returning();
  Object.assign(ids, { user: target.id, transcription: t.id, subscription: s.id, plan: p.id });
});

const routesDir = path.resolve(import.meta.dirname, "../../app/routes");

function cases(): ApiCase[] {
  const u = ids.user;
  const t = ids.transcription;
  const s = ids.subscription;
  const p = ids.plan;
  const plan = {
    code: "AUTH_TEST_2",
    name: "Prova 2",
    type: "FREE",
    currency: "EUR",
    interval: "month",
    maxFileSizeMB: 10,
    maxRecordingsPerMonth: 1,
  };
  // Admin outcomes are the successful ones (mutations run on throw-away rows, deletes last).
  return [
    { file: "api.admin.dashboard", method: "GET", path: "/api/admin/dashboard", adminStatus: 200 },
    { file: "api.admin.analytics", method: "GET", path: "/api/admin/analytics", adminStatus: 200 },
    { file: "api.admin.audit", method: "GET", path: "/api/admin/audit", adminStatus: 200 },
    { file: "api.admin.audit.export", method: "GET", path: "/api/admin/audit/export", adminStatus: 200 },
    { file: "api.admin.users", method: "GET", path: "/api/admin/users", adminStatus: 200 },
    {
      file: "api.admin.users",
      method: "POST",
      path: "/api/admin/users",
      body: { email: "auth-new@esempio.it", name: "Nuovo", password: "segreto", roleId: 1 },
      adminStatus: 201,
    },
    { file: "api.admin.users.roles", method: "GET", path: "/api/admin/users/roles", adminStatus: 200 },
    { file: "api.admin.users.export", method: "GET", path: "/api/admin/users/export", adminStatus: 200 },
    { file: "api.admin.users.$id", method: "GET", path: `/api/admin/users/${u}`, params: { id: u }, adminStatus: 200 },
    {
      file: "api.admin.users.$id",
      method: "PUT",
      path: `/api/admin/users/${u}`,
      params: { id: u },
      body: { email: "auth-target@esempio.it", name: "Target", roleId: 1, isActive: true, isEmailVerified: true },
      adminStatus: 200,
    },
    { file: "api.admin.users.$id.toggle-status", method: "PATCH", path: `/api/admin/users/${u}/toggle-status`, params: { id: u }, adminStatus: 200 },
    { file: "api.admin.transcriptions", method: "GET", path: "/api/admin/transcriptions", adminStatus: 200 },
    { file: "api.admin.transcriptions.export", method: "GET", path: "/api/admin/transcriptions/export", adminStatus: 200 },
    { file: "api.admin.transcriptions.$id", method: "GET", path: `/api/admin/transcriptions/${t}`, params: { id: t }, adminStatus: 200 },
    {
      file: "api.admin.transcriptions.$id.download",
      method: "GET",
      path: `/api/admin/transcriptions/${t}/download`,
      params: { id: t },
      adminStatus: 200,
    },
    {
      file: "api.admin.transcriptions.$id.document.download",
      method: "GET",
      path: `/api/admin/transcriptions/${t}/document/download`,
      params: { id: t },
      adminStatus: 404,
    },
    { file: "api.admin.transcriptions.$id.retry", method: "POST", path: `/api/admin/transcriptions/${t}/retry`, params: { id: t }, adminStatus: 409 },
    { file: "api.admin.subscriptions", method: "GET", path: "/api/admin/subscriptions", adminStatus: 200 },
    { file: "api.admin.subscriptions.export", method: "GET", path: "/api/admin/subscriptions/export", adminStatus: 200 },
    {
      file: "api.admin.subscriptions.$id.cancel",
      method: "PATCH",
      path: `/api/admin/subscriptions/${s}/cancel`,
      params: { id: s },
      adminStatus: 200,
    },
    {
      file: "api.admin.subscriptions.$id.reactivate",
      method: "PATCH",
      path: `/api/admin/subscriptions/${s}/reactivate`,
      params: { id: s },
      adminStatus: 200,
    },
    { file: "api.admin.subscription-types", method: "GET", path: "/api/admin/subscription-types", adminStatus: 200 },
    { file: "api.admin.subscription-types", method: "POST", path: "/api/admin/subscription-types", body: plan, adminStatus: 201 },
    { file: "api.admin.subscription-types.$id", method: "GET", path: `/api/admin/subscription-types/${p}`, params: { id: p }, adminStatus: 200 },
    {
      file: "api.admin.subscription-types.$id",
      method: "PUT",
      path: `/api/admin/subscription-types/${p}`,
      params: { id: p },
      body: { ...plan, code: "AUTH_TEST" },
      adminStatus: 200,
    },
    {
      file: "api.admin.subscription-types.$id.toggle-status",
      method: "PATCH",
      path: `/api/admin/subscription-types/${p}/toggle-status`,
      params: { id: p },
      adminStatus: 200,
    },
    { file: "api.admin.transcriptions.$id", method: "DELETE", path: `/api/admin/transcriptions/${t}`, params: { id: t }, adminStatus: 200 },
    { file: "api.admin.subscription-types.$id", method: "DELETE", path: `/api/admin/subscription-types/${p}`, params: { id: p }, adminStatus: 200 },
    { file: "api.admin.users.$id", method: "DELETE", path: `/api/admin/users/${u}`, params: { id: u }, adminStatus: 200 },
  ];
}

async function load(file: string): Promise<Module> {
  return (await import(/* @vite-ignore */ path.join(routesDir, `${file}.ts`))) as Module;
}

async function invoke(
  mod: Module,
  c: { method: string; path: string; params?: Record<string, string>; body?: unknown },
  token?: string,
): Promise<Response> {
  const request = apiRequest(c.path, { method: c.method, token, body: c.body });
  const args = { request, params: c.params ?? {}, context: {} } as never;
  const handler = c.method === "GET" ? mod.loader : mod.action;
  if (!handler) throw new Error(`${c.path}: no ${c.method === "GET" ? "loader" : "action"}`);
  return (await handler(args)) as Response;
}

describe("/api/admin authorization", () => {
  it("lists a case for every /api/admin route file", () => {
    const files = fs
      .readdirSync(routesDir)
      .filter((f) => f.startsWith("api.admin."))
      .map((f) => f.replace(/\.tsx?$/, ""));
    const covered = new Set(cases().map((c) => c.file));
    expect(files.filter((f) => !covered.has(f))).toEqual([]);
  });

  it("answers 401 to a visitor and 403 to a USER on every route and method, without side effects", async () => {
    for (const c of cases()) {
      const mod = await load(c.file);
      const anon = await invoke(mod, c, anonymous);
      expect(anon.status, `${c.method} ${c.path} anonymous`).toBe(401);
      expect(await anon.json()).toEqual({ success: false, message: "Sessione scaduta. Effettua nuovamente l'accesso." });
      const asUser = await invoke(mod, c, user.token);
      expect(asUser.status, `${c.method} ${c.path} USER`).toBe(403);
      expect(await asUser.json()).toEqual({ success: false, message: "Non hai i permessi per eseguire questa operazione." });
    }
    // Nothing was changed by the refused calls.
    expect(await getDb().select().from(transcriptions).where(eq(transcriptions.id, ids.transcription))).toHaveLength(1);
  });

  it("serves an ADMIN on every route", async () => {
    for (const c of cases()) {
      const response = await invoke(await load(c.file), c, admin.token);
      expect(response.status, `${c.method} ${c.path} ADMIN`).toBe(c.adminStatus);
      await response.arrayBuffer();
    }
  });

  it("answers an unsupported method with 405 only after the role check", async () => {
    const mod = await load("api.admin.dashboard");
    expect((await invoke(mod, { method: "DELETE", path: "/api/admin/dashboard" })).status).toBe(401);
    expect((await invoke(mod, { method: "DELETE", path: "/api/admin/dashboard" }, user.token)).status).toBe(403);
    expect((await invoke(mod, { method: "DELETE", path: "/api/admin/dashboard" }, admin.token)).status).toBe(405);
  });
});

describe("/dashboard pages authorization", () => {
  const pages: { file: string; path: string; params?: Record<string, string> }[] = [
    { file: "dashboard", path: "/dashboard" },
    { file: "dashboard._index", path: "/dashboard" },
    { file: "dashboard.users", path: "/dashboard/users" },
    { file: "dashboard.transcriptions", path: "/dashboard/transcriptions" },
    { file: "dashboard.subscriptions", path: "/dashboard/subscriptions" },
    { file: "dashboard.subscription-types", path: "/dashboard/subscription-types" },
    { file: "dashboard.analytics", path: "/dashboard/analytics" },
    { file: "dashboard.audit", path: "/dashboard/audit" },
    { file: "dashboard.settings", path: "/dashboard/settings" },
    { file: "dashboard.$", path: "/dashboard/sconosciuta", params: { "*": "sconosciuta" } },
  ];

  async function pageLoader(file: string, pathname: string, token?: string, params: Record<string, string> = {}) {
    const mod = (await import(/* @vite-ignore */ path.join(routesDir, `${file}.tsx`))) as Module;
    const headers: Record<string, string> = token ? { Cookie: `verbale_session=${token}` } : {};
    const request = new Request(`http://localhost:3000${pathname}`, { headers });
    try {
      return { value: await mod.loader!({ request, params, context: {} } as never) };
    } catch (thrown) {
      return { thrown };
    }
  }

  it("lists a case for every /dashboard route file", () => {
    const files = fs
      .readdirSync(routesDir)
      .filter((f) => f === "dashboard.tsx" || f.startsWith("dashboard."))
      .map((f) => f.replace(/\.tsx?$/, ""));
    expect(files.sort()).toEqual(pages.map((p) => p.file).sort());
  });

  it("redirects visitors and USERs to / from every page and every page action", async () => {
    for (const p of pages) {
      for (const token of [undefined, user.token]) {
        const result = await pageLoader(p.file, p.path, token, p.params);
        expect(result.thrown, `${p.path} ${token ? "USER" : "anonymous"}`).toBeInstanceOf(Response);
        const response = result.thrown as Response;
        expect(response.status).toBe(302);
        expect(response.headers.get("Location")).toBe("/");
      }
    }
    for (const file of ["dashboard.users", "dashboard.transcriptions", "dashboard.subscriptions", "dashboard.subscription-types"]) {
      const mod = (await import(/* @vite-ignore */ path.join(routesDir, `${file}.tsx`))) as Module;
      const form = new FormData();
      form.set("intent", "delete");
      form.set("id", ids.plan);
      const request = new Request(`http://localhost:3000/${file.replace(".", "/")}`, {
        method: "POST",
        body: form,
        headers: { Cookie: `verbale_session=${user.token}` },
      });
      const thrown = await mod.action!({ request, params: {}, context: {} } as never).catch((e: unknown) => e);
      expect((thrown as Response).headers.get("Location"), file).toBe("/");
    }
  });

  it("sends a list page past its end to the last page", async () => {
    for (const file of ["dashboard.users", "dashboard.transcriptions", "dashboard.subscriptions", "dashboard.subscription-types"]) {
      const pathname = `/${file.replace(".", "/")}`;
      const result = await pageLoader(file, `${pathname}?search=&page=99`, admin.token);
      expect(result.thrown, file).toBeInstanceOf(Response);
      expect((result.thrown as Response).headers.get("Location"), file).toBe(`${pathname}?search=&page=1`);
      expect((await pageLoader(file, `${pathname}?page=1`, admin.token)).thrown, file).toBeUndefined();
    }
  });

  it("refuses a row action without a row id with the spec's local message, changing nothing", async () => {
    const cases = [
      ["dashboard.users", "delete", "ID utente mancante"],
      ["dashboard.users", "toggle", "ID utente mancante"],
      ["dashboard.transcriptions", "retry", "ID trascrizione mancante"],
      ["dashboard.transcriptions", "delete", "ID trascrizione mancante"],
      ["dashboard.subscriptions", "reactivate", "Dati non validi."],
      ["dashboard.subscription-types", "toggle", "Dati non validi."],
    ] as const;
    for (const [file, intent, message] of cases) {
      const mod = (await import(/* @vite-ignore */ path.join(routesDir, `${file}.tsx`))) as Module;
      const form = new FormData();
      form.set("intent", intent);
      const request = new Request(`http://localhost:3000/${file.replace(".", "/")}`, {
        method: "POST",
        body: form,
        headers: { Cookie: `verbale_session=${admin.token}` },
      });
      const response = (await mod.action!({ request, params: {}, context: {} } as never)) as Response;
      expect(toastOf(response.headers.getSetCookie()), `${file} ${intent}`).toMatchObject({ type: "error", message });
    }
  });

  it("serves every page to an ADMIN, and sends unknown sub-paths to /dashboard", async () => {
    for (const p of pages) {
      const result = await pageLoader(p.file, p.path, admin.token, p.params);
      if (p.file === "dashboard.$") {
        expect((result.thrown as Response).headers.get("Location")).toBe("/dashboard");
        continue;
      }
      expect(result.thrown, p.path).toBeUndefined();
      if (p.file === "dashboard._index") {
        const { dashboard } = result.value as { dashboard: Promise<{ users: { total: number } }> };
        expect((await dashboard).users.total).toBeGreaterThan(0);
      }
    }
  });
});
