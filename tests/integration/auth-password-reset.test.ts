import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { MSG } from "~/lib/messages";
import { action as forgotAction } from "~/routes/api.auth.forgot-password";
import { action as loginAction } from "~/routes/api.auth.login";
import { loader as meLoader } from "~/routes/api.auth.me";
import { action as resetAction } from "~/routes/api.auth.reset-password";
import { action as resetPageAction, loader as resetPageLoader } from "~/routes/reset-password";
import { settlePasswordResetMails } from "~/services/auth/password-reset.server";
import { setConfigForTests } from "~/services/config.server";
import { closeMailTransport } from "~/services/mail.server";
import { call } from "../support/auth";
import { useAuthFlow } from "../support/auth-flow";
import { createTestUser, useTestDatabase } from "../support/db";
import { extractLink, startSmtpCapture } from "../support/smtp";

/** Password reset: the mailed link, its expiry, and an answer that tells nothing. */

useTestDatabase();
const auth = useAuthFlow();
const { newEmail } = auth;

describe("password reset", () => {
  it("mails a single-use link; the new password works, the old one and old sessions do not", async () => {
    const user = await createTestUser({ password: "Vecchia123" });
    const answer = await call(forgotAction, "/api/auth/forgot-password", { body: { email: user.email } });
    expect(answer.body).toEqual({ success: true, message: MSG.forgotPasswordSent });
    const link = extractLink(await auth.smtp.waitForMessage(user.email));
    expect(link.origin).toBe("http://localhost:3000");
    const token = link.searchParams.get("token")!;
    const stored = (await getDb().execute(sql`select token_hash from password_reset_tokens where user_id = ${user.id}`)) as unknown as {
      token_hash: string;
    }[];
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
    const token = extractLink(await auth.smtp.waitForMessage(user.email)).searchParams.get("token")!;
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

  it("answers before sending: a known and an unknown address get their answer while the SMTP server has not even greeted", async () => {
    // A server that holds every connection until released: if the answer waited for the mail
    // (which would tell a known address from an unknown one by its time), it would never come.
    const held: (() => void)[] = [];
    let greeting = false;
    const greet = () => {
      greeting = true;
      for (const release of held.splice(0)) release();
    };
    const slow = await startSmtpCapture({ onConnect: (_session, callback) => void (greeting ? callback() : held.push(() => callback())) });
    closeMailTransport();
    setConfigForTests({ SMTP_URL: slow.url });
    try {
      const user = await createTestUser();
      for (const email of [user.email, newEmail()]) {
        const answer = await call(forgotAction, "/api/auth/forgot-password", { body: { email } });
        expect(answer.body).toEqual({ success: true, message: MSG.forgotPasswordSent });
      }
      expect(slow.messages).toHaveLength(0);
      // The link still arrives, after the answer, once the server speaks.
      await expect.poll(() => held.length, { timeout: 15_000 }).toBeGreaterThan(0);
      greet();
      expect(extractLink(await slow.waitForMessage(user.email, { timeoutMs: 15_000 })).pathname).toBe("/reset-password");
    } finally {
      greet();
      await settlePasswordResetMails();
      closeMailTransport();
      setConfigForTests({ SMTP_URL: auth.smtp.url });
      await slow.stop();
    }
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    const email = newEmail();
    const answer = await call(forgotAction, "/api/auth/forgot-password", { body: { email } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ success: true, message: MSG.forgotPasswordSent });
    await new Promise((r) => setTimeout(r, 200));
    expect(auth.smtp.messagesTo(email)).toHaveLength(0);
  });

  it("the reset page without a token redirects home", async () => {
    const answer = await call(resetPageLoader, "/reset-password");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/");
  });
});
