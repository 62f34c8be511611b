import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect } from "vitest";
import { getDb } from "~/db/client.server";
import { action as registerAction } from "~/routes/api.auth.register";
import { setConfigForTests } from "~/services/config.server";
import { closeMailTransport } from "~/services/mail.server";
import { call } from "./auth";
import { extractCode, startSmtpCapture, type SmtpCapture } from "./smtp";

/**
 * The account tests' common ground: a real SMTP server that captures the codes and links, and
 * a registration through /api/auth/register as a client would do it.
 */
export function useAuthFlow() {
  let smtp: SmtpCapture | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    setConfigForTests({ SMTP_URL: smtp.url, MAIL_FROM: "Verbale <noreply@verbale.test>" });
  });
  afterAll(async () => {
    closeMailTransport();
    await smtp?.stop();
  });

  const current = (): SmtpCapture => {
    if (!smtp) throw new Error("SMTP di prova non avviato");
    return smtp;
  };
  let n = 0;
  const newEmail = () => `persona${++n}-${Date.now()}@esempio.it`;
  return {
    get smtp(): SmtpCapture {
      return current();
    },
    newEmail,
    async register(email = newEmail(), password = "Password123", name = "Mario Rossi") {
      const answer = await call(registerAction, "/api/auth/register", { body: { name, email, password } });
      expect(answer.status).toBe(201);
      const mail = await current().waitForMessage(email);
      return { email, password, answer, token: answer.body.token as string, code: extractCode(mail), mail };
    },
    /** As if the 60-second resend cool-down of this address had run out. */
    async endCooldown(email: string) {
      await getDb().execute(sql`update rate_limits set reset_at = now() - interval '1 second' where key = ${`verifyCooldown:${email}`}`);
    },
    wrongCode: (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0"),
  };
}
