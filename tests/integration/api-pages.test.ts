import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { MSG } from "~/lib/messages";
import { load, routesDir, snapshot } from "../support/api-contract";
import { f, useContractFixtures } from "../support/api-contract/fixtures";

/**
 * The page actions (forms that work without JavaScript) answer to the same rules as /api: a
 * cookie-authenticated write from another Origin is refused, a visitor is sent to /login, another
 * user's id is "not found", plan selection needs a verified e-mail. Page files are listed from
 * disk (the /dashboard ones are in admin-auth.test.ts), so a new page action without a case fails.
 */

useContractFixtures();

type PageCase = {
  file: string;
  path: () => string;
  params?: () => Record<string, string>;
  form: () => Record<string, string>;
  /** Signed-in only: where a visitor is sent. */
  login?: string;
  /** The same form from another user: the status it must answer (ownership). */
  strangerStatus?: number;
};

function pages(): PageCase[] {
  return [
    { file: "login", path: () => "/login", form: () => ({ intent: "login", email: f.loginUser.email, password: f.loginUser.password }) },
    { file: "logout", path: () => "/logout", form: () => ({}) },
    {
      file: "reset-password",
      path: () => "/reset-password?token=x",
      form: () => ({ token: "x", password: "Password123", confirmPassword: "Password123" }),
    },
    { file: "auth.google.callback", path: () => "/auth/google/callback", form: () => ({ code: "x", state: "y" }) },
    {
      file: "subscriptions",
      path: () => "/subscriptions",
      form: () => ({ subscriptionTypeId: f.freePlan }),
      login: "/login?redirectTo=%2Fsubscriptions",
    },
    {
      file: "my-subscriptions",
      path: () => "/my-subscriptions",
      form: () => ({ intent: "cancel", id: f.subscription }),
      login: "/login?redirectTo=%2Fmy-subscriptions",
      strangerStatus: 404,
    },
    {
      file: "recordings",
      path: () => "/recordings",
      form: () => ({ id: f.t1, js: "1" }),
      login: "/login?redirectTo=%2Frecordings",
      strangerStatus: 404,
    },
    { file: "settings", path: () => "/settings", form: () => ({ vocabulary: "Bianchi\nCondominio Aurora" }), login: "/login?redirectTo=%2Fsettings" },
    {
      file: "transcription.$id",
      path: () => `/transcription/${f.t1}`,
      params: () => ({ id: f.t1 }),
      form: () => ({ intent: "generate" }),
      login: `/login?redirectTo=${encodeURIComponent(`/transcription/${f.t1}`)}`,
      strangerStatus: 404,
    },
  ];
}

async function post(
  p: PageCase,
  options: { cookie?: string; origin?: string; form?: Record<string, string>; body?: BodyInit; contentType?: string } = {},
): Promise<Response> {
  const mod = await load(p.file);
  const headers = new Headers();
  if (options.cookie) headers.set("Cookie", `verbale_session=${options.cookie}`);
  if (options.origin) headers.set("Origin", options.origin);
  let body: BodyInit;
  if (options.body !== undefined) {
    body = options.body;
    if (options.contentType) headers.set("Content-Type", options.contentType);
  } else {
    body = new URLSearchParams(options.form ?? p.form());
    headers.set("Content-Type", "application/x-www-form-urlencoded");
  }
  const request = new Request(`http://localhost:3000${p.path()}`, { method: "POST", headers, body });
  try {
    const result = await mod.action!({ request, params: p.params?.() ?? {}, context: { clientIp: "192.0.2.1" } } as never);
    if (result instanceof Response) return result;
    // data(value, init) from @remix-run/node: the value with its status.
    const withInit = result as { type?: string; data?: unknown; init?: ResponseInit | null };
    if (withInit?.type === "DataWithResponseInit") return Response.json(withInit.data, withInit.init ?? {});
    return Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

describe("page actions", () => {
  it("has a case for every page route with an action (outside /dashboard)", async () => {
    const withAction: string[] = [];
    for (const name of fs.readdirSync(routesDir).filter((n) => n.endsWith(".tsx") && !n.startsWith("dashboard"))) {
      const file = name.replace(/\.tsx$/, "");
      if (typeof (await load(file)).action === "function") withAction.push(file);
    }
    expect(withAction.sort()).toEqual(
      pages()
        .map((p) => p.file)
        .sort(),
    );
    expect(fs.existsSync(path.join(routesDir, "login.tsx"))).toBe(true);
  });

  it("refuses a cookie-authenticated form from another Origin with 403, changing nothing", async () => {
    const before = await snapshot();
    for (const p of pages()) {
      for (const origin of ["https://evil.example", "null"]) {
        const response = await post(p, { cookie: f.owner.token, origin });
        expect(response.status, `${p.file} from ${origin}`).toBe(403);
        expect(await response.text(), p.file).toBe("Non hai i permessi per eseguire questa operazione.");
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("sends a visitor and an inactive account to /login from every signed-in form, changing nothing", async () => {
    const before = await snapshot();
    for (const p of pages().filter((p) => p.login)) {
      for (const cookie of [undefined, f.inactive.token]) {
        const response = await post(p, { cookie });
        expect(response.status, `${p.file} ${cookie ? "inactive" : "visitor"}`).toBe(302);
        expect(response.headers.get("Location"), p.file).toBe(p.login);
      }
    }
    expect(await snapshot()).toEqual(before);
  });

  it("answers another user's id as not found, changing nothing", async () => {
    const before = await snapshot();
    for (const p of pages().filter((p) => p.strangerStatus)) {
      const response = await post(p, { cookie: f.stranger.token });
      expect(response.status, p.file).toBe(p.strangerStatus);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses plan selection without a verified e-mail", async () => {
    const before = await snapshot();
    const response = await post(
      pages().find((p) => p.file === "subscriptions")!,
      { cookie: f.unverified.token },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ message: MSG.verifyEmailToSelectPlan });
    expect(await snapshot()).toEqual(before);
  });

  it("answers a page action posted with a non-form body with 400, not 500, changing nothing", async () => {
    const before = await snapshot();
    // Logout reads no form: it only ends the session.
    for (const p of pages().filter((p) => p.file !== "logout")) {
      const response = await post(p, { cookie: f.owner.token, body: JSON.stringify({ intent: "delete" }), contentType: "application/json" });
      expect(response.status, p.file).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });
});
