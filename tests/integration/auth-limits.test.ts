import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { HTTP_ERRORS, MSG } from "~/lib/messages";
import { action as forgotAction } from "~/routes/api.auth.forgot-password";
import { action as loginAction } from "~/routes/api.auth.login";
import { action as logoutAction } from "~/routes/api.auth.logout";
import { loader as meLoader } from "~/routes/api.auth.me";
import { action as registerAction } from "~/routes/api.auth.register";
import { action as resendAction } from "~/routes/api.auth.resend-verification";
import { action as verifyAction } from "~/routes/api.auth.verify-email";
import { action as loginPageAction } from "~/routes/login";
import { action as logoutPageAction } from "~/routes/logout";
import { AUTH_LIMITS } from "~/services/auth/common.server";
import { call, cookieValue, randomIp, toastOf } from "../support/auth";
import { useAuthFlow } from "../support/auth-flow";
import { createTestUser, useTestDatabase } from "../support/db";
import { extractCode } from "../support/smtp";

/** Rate limits, cross-origin refusal and the forms that work without JavaScript. */

useTestDatabase();
const auth = useAuthFlow();
const { newEmail, register, endCooldown, wrongCode } = auth;

describe("rate limits", () => {
  it("login failures per e-mail and address: 429 with retryAfter there, even with the right password; not elsewhere", async () => {
    const user = await createTestUser({ password: "Giusta1234" });
    const ip = randomIp();
    for (let i = 0; i < 5; i++) {
      const answer = await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "Sbagliata1" }, ip });
      expect(answer.status).toBe(401);
    }
    const blocked = await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "Giusta1234" }, ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body.retryAfter).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/^Troppe richieste\. Riprova tra \d+ minuti\.$/);
    expect((await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "Giusta1234" } })).status).toBe(200);
  });

  it("per-IP limits of login, registration and forgot-password (counters shared through Postgres)", async () => {
    const cases = [
      ["loginPerIp", loginAction, "/api/auth/login", { email: newEmail(), password: "x" }],
      ["registerPerIp", registerAction, "/api/auth/register", { name: "A", email: newEmail(), password: "Password123" }],
      ["forgotPerIp", forgotAction, "/api/auth/forgot-password", { email: newEmail() }],
    ] as const;
    for (const [key, handler, path, body] of cases) {
      const ip = randomIp();
      const [limit, windowSeconds] = AUTH_LIMITS[key];
      // as if `limit` requests had come from this address already
      await getDb().execute(
        sql`insert into rate_limits (key, count, reset_at) values (${`${key}:${ip}`}, ${limit}, now() + make_interval(secs => ${windowSeconds}))`,
      );
      const blocked = await call(handler, path, { ip, body });
      expect(blocked.status).toBe(429);
      expect(blocked.body.retryAfter).toBeGreaterThan(windowSeconds - 10);
      expect((await call(handler, path, { body })).status).not.toBe(429);
    }
  });

  it("forgot-password requests per e-mail", async () => {
    const user = await createTestUser();
    for (let i = 0; i < 5; i++) expect((await call(forgotAction, "/api/auth/forgot-password", { body: { email: user.email } })).status).toBe(200);
    const blocked = await call(forgotAction, "/api/auth/forgot-password", { body: { email: user.email } });
    expect(blocked.status).toBe(429);
    expect(blocked.body.retryAfter).toBeGreaterThan(0);
  });

  it("verification attempts per e-mail", async () => {
    const { email, code } = await register();
    let status = 0;
    for (let i = 0; i < 16 && status !== 429; i++) {
      // a fresh code every 4 tries so the 5-attempt rule does not end it first
      if (i % 4 === 3) {
        await endCooldown(email);
        await call(resendAction, "/api/auth/resend-verification", { body: { email } });
      }
      status = (await call(verifyAction, "/api/auth/verify-email", { body: { email, code: wrongCode(code) } })).status;
    }
    expect(status).toBe(429);
  });
});

describe("cross-origin refusal", () => {
  it("refuses /api/auth writes and cookie page posts from another origin", async () => {
    const user = await createTestUser({ password: "Segreta123" });
    const evil = { Origin: "https://evil.example" };
    const login = await call(loginAction, "/api/auth/login", { headers: evil, body: { email: user.email, password: "Segreta123" } });
    expect(login.status).toBe(403);
    expect(login.body.message).toBe(HTTP_ERRORS[403]);
    const logout = await call(logoutAction, "/api/auth/logout", { method: "POST", headers: evil, cookie: `verbale_session=${user.token}` });
    expect(logout.status).toBe(403);
    const page = await call(logoutPageAction, "/logout", { method: "POST", headers: evil, cookie: `verbale_session=${user.token}` });
    expect(page.status).toBe(403);
    const site = await call(loginPageAction, "/login", {
      headers: { "Sec-Fetch-Site": "cross-site" },
      form: { intent: "login", email: user.email, password: "Segreta123" },
    });
    expect(site.status).toBe(403);
    // the session survived
    expect((await call(meLoader, "/api/auth/me", { token: user.token })).status).toBe(200);
    // same origin is fine
    const same = await call(loginAction, "/api/auth/login", {
      headers: { Origin: "http://localhost:3000" },
      body: { email: user.email, password: "Segreta123" },
    });
    expect(same.status).toBe(200);
  });
});

describe("page forms without JavaScript", () => {
  it("register, verify with the six boxes, logout and login through the /login and /logout actions", async () => {
    const email = newEmail();
    const reg = await call(loginPageAction, "/login", {
      form: {
        intent: "register",
        name: "Giulia Neri",
        email,
        password: "Password123",
        confirmPassword: "Password123",
        acceptTerms: "on",
        redirectTo: "/record",
      },
    });
    expect(reg.status).toBe(302);
    expect(reg.headers.get("Location")).toBe("/login?mode=verify-email&redirectTo=%2Frecord");
    const session = cookieValue(reg.cookies, "verbale_session")!;
    expect(session).toBeTruthy();
    const code = extractCode(await auth.smtp.waitForMessage(email));

    const noTerms = await call(loginPageAction, "/login", {
      form: { intent: "register", name: "X", email: newEmail(), password: "Password123", confirmPassword: "Password123" },
    });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error).toBe(MSG.termsRequired);
    const mismatch = await call(loginPageAction, "/login", {
      form: { intent: "register", name: "X", email: newEmail(), password: "Password123", confirmPassword: "Password124", acceptTerms: "on" },
    });
    expect(mismatch.body.error).toBe(MSG.passwordsMismatch);

    const verified = await call(loginPageAction, "/login", {
      cookie: session,
      form: { intent: "verify", redirectTo: "/record", code: code.split("") },
    });
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/record");

    const out = await call(logoutPageAction, "/logout", { method: "POST", cookie: session });
    expect(out.status).toBe(302);
    expect(out.headers.get("Location")).toBe("/");
    expect(out.cookies.some((c) => c.startsWith("verbale_session=;"))).toBe(true);
    expect(toastOf(out.cookies)?.message).toBe(MSG.logoutSuccess);
    expect((await call(meLoader, "/api/auth/me", { cookie: session })).status).toBe(401);

    const bad = await call(loginPageAction, "/login", { form: { intent: "login", email, password: "Sbagliata1" } });
    expect(bad.status).toBe(401);
    expect(bad.body.error).toBe(MSG.invalidCredentials);
    const back = await call(loginPageAction, "/login", { form: { intent: "login", email, password: "Password123", redirectTo: "//evil.example" } });
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe("/");
    expect(cookieValue(back.cookies, "verbale_session")).toBeTruthy();
  });
});
