import { describe, expect, it } from "vitest";
import { HTTP_ERRORS, MSG } from "~/lib/messages";
import { action as loginAction } from "~/routes/api.auth.login";
import { action as logoutAction } from "~/routes/api.auth.logout";
import { loader as meLoader } from "~/routes/api.auth.me";
import { loader as checkLoader } from "~/routes/api.auth.check";
import { action as verifyAction } from "~/routes/api.auth.verify-email";
import { setConfigForTests } from "~/services/config.server";
import { closeMailTransport } from "~/services/mail.server";
import { call, cookieValue } from "../support/auth";
import { useAuthFlow } from "../support/auth-flow";
import { createTestUser, useTestDatabase } from "../support/db";
import { extractCode } from "../support/smtp";

/** Login and logout through /api/auth. */

useTestDatabase();
const auth = useAuthFlow();
const { newEmail, register, endCooldown } = auth;

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
    expect(answer.body).toMatchObject({
      success: true,
      message: MSG.unverifiedLoginCodeSent,
      verificationSent: true,
      user: { isEmailVerified: false },
    });
    expect(answer.body.message.toLowerCase()).toContain("email non verificata");
    const fresh = extractCode(await auth.smtp.waitForMessage(email));
    const ok = await call(verifyAction, "/api/auth/verify-email", { body: { email, code: fresh } });
    expect(ok.status).toBe(200);
    // Any code after that: the address is already verified.
    expect((await call(verifyAction, "/api/auth/verify-email", { body: { email, code } })).body.message).toBe(MSG.alreadyVerified);
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
      setConfigForTests({ SMTP_URL: auth.smtp.url });
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
