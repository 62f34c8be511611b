import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { HTTP_ERRORS, MSG } from "~/lib/messages";
import { action as forgotAction } from "~/routes/api.auth.forgot-password";
import { action as loginAction } from "~/routes/api.auth.login";
import { action as logoutAction } from "~/routes/api.auth.logout";
import { loader as meLoader } from "~/routes/api.auth.me";
import { loader as checkLoader } from "~/routes/api.auth.check";
import { action as registerAction } from "~/routes/api.auth.register";
import { action as resendAction } from "~/routes/api.auth.resend-verification";
import { action as resetAction } from "~/routes/api.auth.reset-password";
import { action as verifyAction } from "~/routes/api.auth.verify-email";
import { action as loginPageAction } from "~/routes/login";
import { action as logoutPageAction } from "~/routes/logout";
import { action as resetPageAction, loader as resetPageLoader } from "~/routes/reset-password";
import { AUTH_LIMITS, settlePasswordResetMails } from "~/services/auth.server";
import { setConfigForTests } from "~/services/config.server";
import { closeMailTransport } from "~/services/mail.server";
import { call, cookieValue, randomIp, toastOf } from "../support/auth";
import { createTestUser, useTestDatabase } from "../support/db";
import { extractCode, extractLink, startSmtpCapture, type SmtpCapture } from "../support/smtp";

useTestDatabase();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  setConfigForTests({ SMTP_URL: smtp.url, MAIL_FROM: "Verbale <noreply@verbale.test>" });
});
afterAll(async () => {
  closeMailTransport();
  await smtp.stop();
});

let n = 0;
const newEmail = () => `persona${++n}-${Date.now()}@esempio.it`;

async function register(email = newEmail(), password = "Password123", name = "Mario Rossi") {
  const answer = await call(registerAction, "/api/auth/register", { body: { name, email, password } });
  expect(answer.status).toBe(201);
  const mail = await smtp.waitForMessage(email);
  return { email, password, answer, token: answer.body.token as string, code: extractCode(mail), mail };
}

/** As if the 60-second resend cool-down of this address had run out. */
async function endCooldown(email: string) {
  await getDb().execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`verifyCooldown:${email}`}`);
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("registration", () => {
  it("creates an unverified USER, signs in (token + cookie) and mails a 6-digit code", async () => {
    const { answer, mail, code, email } = await register();
    expect(answer.body).toMatchObject({
      success: true,
      message: MSG.verificationCodeSent,
      user: { email, name: "Mario Rossi", role: "USER", isEmailVerified: false, isActive: true, avatar: null },
    });
    expect(answer.body.token).toBeTruthy();
    expect(cookieValue(answer.cookies, "verbale_session")).toBe(`verbale_session=${answer.body.token}`);
    expect(answer.cookies.find((c) => c.startsWith("verbale_session"))?.split("; ")).toEqual(expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]));
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);
    expect(mail.from).toBe("noreply@verbale.test");
    const rows = (await getDb().execute(sql`select code_hash from email_verification_codes c join users u on u.id = c.user_id where u.email = ${email}`)) as unknown as { code_hash: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).not.toContain(code);
    const me = await call(meLoader, "/api/auth/me", { token: answer.body.token });
    expect(me.body.user.isEmailVerified).toBe(false);
  });

  it("validates in the spec's order with the spec's messages and refuses a taken e-mail with 409", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: "", email: "", password: "" }, MSG.nameRequired],
      [{ name: "Anna", email: "", password: "" }, MSG.emailRequired],
      [{ name: "Anna", email: "non-una-email", password: "" }, MSG.emailInvalid],
      [{ name: "Anna", email: "anna@esempio.it", password: "corta" }, MSG.passwordMin8],
      [{ name: 12, email: ["x"], password: null }, MSG.emailRequired],
    ];
    for (const [body, message] of cases) {
      const answer = await call(registerAction, "/api/auth/register", { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, message });
    }
    const { email } = await register();
    const again = await call(registerAction, "/api/auth/register", { body: { name: "Altro", email: email.toUpperCase(), password: "Password123" } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MSG.emailTaken);
  });
});

describe("e-mail verification", () => {
  it("refuses a wrong code, accepts the mailed one once, and the user becomes verified", async () => {
    const { email, code, token } = await register();
    const wrong = await call(verifyAction, "/api/auth/verify-email", { body: { email, code: wrongCode(code) } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(MSG.codeInvalid);
    const malformed = await call(verifyAction, "/api/auth/verify-email", { body: { email, code: "12ab" } });
    expect(malformed.body.message).toBe(MSG.codeFormat);
    const ok = await call(verifyAction, "/api/auth/verify-email", { body: { email, code } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: MSG.emailVerified, user: { email, isEmailVerified: true } });
    const check = await call(checkLoader, "/api/auth/check", { token });
    expect(check.body).toMatchObject({ success: true, user: { isEmailVerified: true } });
  });

  it("spends the code after 5 wrong attempts", async () => {
    const { email, code } = await register();
    for (let i = 0; i < 4; i++) {
      const answer = await call(verifyAction, "/api/auth/verify-email", { body: { email, code: wrongCode(code) } });
      expect(answer.body.message).toBe(MSG.codeInvalid);
    }
    const fifth = await call(verifyAction, "/api/auth/verify-email", { body: { email, code: wrongCode(code) } });
    expect(fifth.body.message).toBe(MSG.codeSpent);
    const right = await call(verifyAction, "/api/auth/verify-email", { body: { email, code } });
    expect(right.status).toBe(400);
    expect(right.body.message).toBe(MSG.codeExpired);
  });

  it("refuses an expired code (15 minutes)", async () => {
    const { email, code } = await register();
    await getDb().execute(sql`update email_verification_codes set expires_at = now() - interval '1 second'`);
    const answer = await call(verifyAction, "/api/auth/verify-email", { body: { email, code } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(MSG.codeExpired);
  });

  it("enforces the 60-second resend cool-down on the server; a resent code replaces the old one", async () => {
    const { email, code } = await register();
    const early = await call(resendAction, "/api/auth/resend-verification", { body: { email } });
    expect(early.status).toBe(429);
    expect(early.body.retryAfter).toBeGreaterThan(50);
    expect(early.body.retryAfter).toBeLessThanOrEqual(60);
    expect(early.headers.get("Retry-After")).toBe(String(early.body.retryAfter));
    expect(smtp.messagesTo(email)).toHaveLength(1);

    await endCooldown(email);
    const resent = await call(resendAction, "/api/auth/resend-verification", { body: { email } });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ success: true, message: MSG.verificationSent, retryAfter: 60 });
    const second = extractCode(await smtp.waitForMessage(email));
    if (second !== code) {
      const old = await call(verifyAction, "/api/auth/verify-email", { body: { email, code } });
      expect(old.body.message).toBe(MSG.codeInvalid);
    }
    const ok = await call(verifyAction, "/api/auth/verify-email", { body: { email, code: second } });
    expect(ok.status).toBe(200);
  });

  it("answers an unknown address like a known one, cool-down included", async () => {
    const email = newEmail();
    const first = await call(resendAction, "/api/auth/resend-verification", { body: { email } });
    expect(first.body).toMatchObject({ success: true, message: MSG.verificationSent });
    const second = await call(resendAction, "/api/auth/resend-verification", { body: { email } });
    expect(second.status).toBe(429);
    expect(smtp.messagesTo(email)).toHaveLength(0);
  });
});

describe("login and logout", () => {
  it("signs a verified user in and refuses wrong passwords and unknown e-mails alike", async () => {
    const user = await createTestUser({ password: "Segreta123" });
    const ok = await call(loginAction, "/api/auth/login", { body: { email: user.email.toUpperCase(), password: "Segreta123" } });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, message: MSG.loginSuccess, user: { id: user.id, isEmailVerified: true, role: "USER" } });
    expect(cookieValue(ok.cookies, "verbale_session")).toBeTruthy();
    const me = await call(meLoader, "/api/auth/me", { token: ok.body.token });
    expect(me.body.user.id).toBe(user.id);

    const wrong = await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "Sbagliata1" } });
    const unknown = await call(loginAction, "/api/auth/login", { body: { email: newEmail(), password: "Sbagliata1" } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(MSG.invalidCredentials);
    expect(unknown.body.message).toBe(MSG.invalidCredentials);
    const empty = await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "" } });
    expect(empty.status).toBe(400);
  });

  it("an unverified login sends a fresh code and says so", async () => {
    const { email, password, code } = await register();
    await endCooldown(email);
    const answer = await call(loginAction, "/api/auth/login", { body: { email, password } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: MSG.unverifiedLoginCodeSent, verificationSent: true, user: { isEmailVerified: false } });
    expect(answer.body.message.toLowerCase()).toContain("email non verificata");
    const fresh = extractCode(await smtp.waitForMessage(email));
    const ok = await call(verifyAction, "/api/auth/verify-email", { body: { email, code: fresh } });
    expect(ok.status).toBe(200);
    if (fresh !== code) expect((await call(verifyAction, "/api/auth/verify-email", { body: { email, code } })).body.message).toBe(MSG.alreadyVerified);
  });

  it("an unverified login within a minute of the last code says to use that code, not that a new one was sent", async () => {
    const { email, password } = await register();
    const answer = await call(loginAction, "/api/auth/login", { body: { email, password } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ success: true, message: MSG.unverifiedLoginCodeRecent, verificationSent: false });
  });

  it("an unverified login whose code could not be mailed says so instead of promising it", async () => {
    const { email, password } = await register();
    await endCooldown(email);
    // An SMTP server that refuses connections.
    setConfigForTests({ SMTP_URL: "smtp://127.0.0.1:9" });
    closeMailTransport();
    try {
      const answer = await call(loginAction, "/api/auth/login", { body: { email, password } });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({ success: true, message: MSG.unverifiedLoginCodeNotSent, verificationSent: false });
    } finally {
      setConfigForTests({ SMTP_URL: smtp.url });
      closeMailTransport();
    }
  });

  it("logout deletes the session: the token then answers 401 with the catalogue text", async () => {
    const user = await createTestUser();
    const answer = await call(logoutAction, "/api/auth/logout", { method: "POST", token: user.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: MSG.logoutSuccess });
    expect(answer.cookies.some((c) => c.startsWith("verbale_session=;"))).toBe(true);
    const me = await call(meLoader, "/api/auth/me", { token: user.token });
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(HTTP_ERRORS[401]);
    const check = await call(checkLoader, "/api/auth/check", { token: "sconosciuto" });
    expect(check.status).toBe(401);
  });

  it("refuses an inactive user, but only once the password is right", async () => {
    const user = await createTestUser({ active: false, password: "Segreta123" });
    const right = await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "Segreta123" } });
    expect(right.status).toBe(403);
    expect(right.body.message).toBe(MSG.accountInactive);
    const wrong = await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "Sbagliata1" } });
    expect(wrong.status).toBe(401);
  });
});

describe("password reset", () => {
  it("mails a single-use link; the new password works, the old one and old sessions do not", async () => {
    const user = await createTestUser({ password: "Vecchia123" });
    const answer = await call(forgotAction, "/api/auth/forgot-password", { body: { email: user.email } });
    expect(answer.body).toEqual({ success: true, message: MSG.forgotPasswordSent });
    const link = extractLink(await smtp.waitForMessage(user.email));
    expect(link.origin).toBe("http://localhost:3000");
    const token = link.searchParams.get("token")!;
    const stored = (await getDb().execute(sql`select token_hash from password_reset_tokens where user_id = ${user.id}`)) as unknown as { token_hash: string }[];
    expect(stored[0].token_hash).not.toBe(token);

    const page = await call(resetPageLoader, `/reset-password?token=${token}`);
    expect(page.body).toMatchObject({ token, state: "valid" });

    const weak = await call(resetAction, "/api/auth/reset-password", { body: { token, password: "senzamaiuscole1" } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe(MSG.passwordUppercase);

    const done = await call(resetAction, "/api/auth/reset-password", { body: { token, password: "Nuova12345" } });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ success: true, message: MSG.passwordResetDone });
    expect((await call(meLoader, "/api/auth/me", { token: user.token })).status).toBe(401);
    expect((await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "Vecchia123" } })).status).toBe(401);
    expect((await call(loginAction, "/api/auth/login", { body: { email: user.email, password: "Nuova12345" } })).status).toBe(200);

    const twice = await call(resetAction, "/api/auth/reset-password", { body: { token, password: "Altra12345" } });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MSG.resetLinkInvalid);
  });

  it("an expired link (5 hours) answers a text containing 'scaduto' and the page shows the expired screen", async () => {
    const user = await createTestUser();
    await call(forgotAction, "/api/auth/forgot-password", { body: { email: user.email } });
    const token = extractLink(await smtp.waitForMessage(user.email)).searchParams.get("token")!;
    const [{ hours }] = (await getDb().execute(
      sql`select round(extract(epoch from (expires_at - created_at)) / 3600) as hours from password_reset_tokens where user_id = ${user.id}`,
    )) as unknown as { hours: string }[];
    expect(Number(hours)).toBe(5);
    await getDb().execute(sql`update password_reset_tokens set expires_at = now() - interval '1 second' where user_id = ${user.id}`);
    const answer = await call(resetAction, "/api/auth/reset-password", { body: { token, password: "Nuova12345" } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("scaduto");
    expect((await call(resetPageLoader, `/reset-password?token=${token}`)).body.state).toBe("expired");
    const form = await call(resetPageAction, "/reset-password", { form: { token, password: "Nuova12345", confirmPassword: "Nuova12345" } });
    expect(form.body.error).toContain("scaduto");
  });

  it("answers before sending: a known and an unknown address take the same time even with a slow SMTP server", async () => {
    // A server that waits 3 s before its greeting.
    const slow = await startSmtpCapture({ onConnect: (_session, callback) => void setTimeout(() => callback(), 3000) });
    closeMailTransport();
    setConfigForTests({ SMTP_URL: slow.url });
    try {
      const user = await createTestUser();
      const timed = async (email: string) => {
        const started = Date.now();
        const answer = await call(forgotAction, "/api/auth/forgot-password", { body: { email } });
        expect(answer.body).toEqual({ success: true, message: MSG.forgotPasswordSent });
        return Date.now() - started;
      };
      const known = await timed(user.email);
      const unknown = await timed(newEmail());
      expect(known).toBeLessThan(2000);
      expect(Math.abs(known - unknown)).toBeLessThan(1000);
      // The link still arrives, after the answer.
      expect(extractLink(await slow.waitForMessage(user.email, { timeoutMs: 15_000 })).pathname).toBe("/reset-password");
    } finally {
      await settlePasswordResetMails();
      closeMailTransport();
      setConfigForTests({ SMTP_URL: smtp.url });
      await slow.stop();
    }
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = newEmail();
    const answer = await call(forgotAction, "/api/auth/forgot-password", { body: { email } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: MSG.forgotPasswordSent });
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.messagesTo(email)).toHaveLength(0);
  });

  it("the reset page without a token redirects home", async () => {
    const answer = await call(resetPageLoader, "/reset-password");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/");
  });
});

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
    const site = await call(loginPageAction, "/login", { headers: { "Sec-Fetch-Site": "cross-site" }, form: { intent: "login", email: user.email, password: "Segreta123" } });
    expect(site.status).toBe(403);
    // the session survived
    expect((await call(meLoader, "/api/auth/me", { token: user.token })).status).toBe(200);
    // same origin is fine
    const same = await call(loginAction, "/api/auth/login", { headers: { Origin: "http://localhost:3000" }, body: { email: user.email, password: "Segreta123" } });
    expect(same.status).toBe(200);
  });
});

describe("page forms without JavaScript", () => {
  it("register, verify with the six boxes, logout and login through the /login and /logout actions", async () => {
    const email = newEmail();
    const reg = await call(loginPageAction, "/login", {
      form: { intent: "register", name: "Giulia Neri", email, password: "Password123", confirmPassword: "Password123", acceptTerms: "on", redirectTo: "/record" },
    });
    expect(reg.status).toBe(302);
    expect(reg.headers.get("Location")).toBe("/login?mode=verify-email&redirectTo=%2Frecord");
    const session = cookieValue(reg.cookies, "verbale_session")!;
    expect(session).toBeTruthy();
    const code = extractCode(await smtp.waitForMessage(email));

    const noTerms = await call(loginPageAction, "/login", { form: { intent: "register", name: "X", email: newEmail(), password: "Password123", confirmPassword: "Password123" } });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error).toBe(MSG.termsRequired);
    const mismatch = await call(loginPageAction, "/login", { form: { intent: "register", name: "X", email: newEmail(), password: "Password123", confirmPassword: "Password124", acceptTerms: "on" } });
    expect(mismatch.body.error).toBe(MSG.passwordsMismatch);

    const verified = await call(loginPageAction, "/login", { cookie: session, form: { intent: "verify", redirectTo: "/record", code: code.split("") } });
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
