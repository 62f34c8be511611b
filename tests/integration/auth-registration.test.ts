import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { MSG } from "~/lib/messages";
import { loader as meLoader } from "~/routes/api.auth.me";
import { loader as checkLoader } from "~/routes/api.auth.check";
import { action as registerAction } from "~/routes/api.auth.register";
import { action as resendAction } from "~/routes/api.auth.resend-verification";
import { action as verifyAction } from "~/routes/api.auth.verify-email";
import { call, cookieValue } from "../support/auth";
import { useAuthFlow } from "../support/auth-flow";
import { useTestDatabase } from "../support/db";
import { extractCode } from "../support/smtp";

/** Registration and e-mail verification through /api/auth. */

useTestDatabase();
const auth = useAuthFlow();
const { newEmail, register, endCooldown, wrongCode } = auth;

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
    expect(answer.cookies.find((c) => c.startsWith("verbale_session"))?.split("; ")).toEqual(
      expect.arrayContaining(["HttpOnly", "SameSite=Lax", "Path=/"]),
    );
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.html).toContain(code);
    expect(mail.from).toBe("noreply@verbale.test");
    const rows = (await getDb().execute(
      sql`select code_hash from email_verification_codes c join users u on u.id = c.user_id where u.email = ${email}`,
    )) as unknown as { code_hash: string }[];
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
    const { email, answer } = await register();
    const early = await call(resendAction, "/api/auth/resend-verification", { body: { email } });
    expect(early.status).toBe(429);
    expect(early.body.retryAfter).toBeGreaterThan(50);
    expect(early.body.retryAfter).toBeLessThanOrEqual(60);
    expect(early.headers.get("Retry-After")).toBe(String(early.body.retryAfter));
    expect(auth.smtp.messagesTo(email)).toHaveLength(1);

    await endCooldown(email);
    const resent = await call(resendAction, "/api/auth/resend-verification", { body: { email } });
    expect(resent.status).toBe(200);
    expect(resent.body).toMatchObject({ success: true, message: MSG.verificationSent, retryAfter: 60 });
    const second = extractCode(await auth.smtp.waitForMessage(email));
    // The first code is spent (checked on the rows: the two random codes may even be equal).
    const live = (await getDb().execute(
      sql`select count(*)::int as n from email_verification_codes where user_id = ${answer.body.user.id} and consumed_at is null`,
    )) as unknown as { n: number }[];
    expect(live[0].n).toBe(1);
    const ok = await call(verifyAction, "/api/auth/verify-email", { body: { email, code: second } });
    expect(ok.status).toBe(200);
  });

  it("answers an unknown address like a known one, cool-down included", async () => {
    const email = newEmail();
    const first = await call(resendAction, "/api/auth/resend-verification", { body: { email } });
    expect(first.body).toMatchObject({ success: true, message: MSG.verificationSent });
    const second = await call(resendAction, "/api/auth/resend-verification", { body: { email } });
    expect(second.status).toBe(429);
    expect(auth.smtp.messagesTo(email)).toHaveLength(0);
  });
});
