import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { emailDeliveries } from "~/db/schema";
import { action as emailAction, loader as emailLoader } from "~/routes/api.document.$id.email";
import { loader as documentLoader } from "~/routes/api.document.$id";
import { getConfig, setConfigForTests } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import { deliverEmail, EMAIL_RATE_LIMIT, requestDocumentEmail } from "~/services/email-delivery.server";
import { closeMailTransport } from "~/services/mail.server";
import sendDocumentEmail from "../../worker/tasks/send-document-email";
import { startWorker, type WorkerHandle } from "../../worker/runner";
import { apiRequest, createTestUser, useTestDatabase } from "../support/db";
import { startSmtpCapture, type SmtpCapture } from "../support/smtp";
import { seedCompletedTranscription } from "../support/transcriptions";

const database = useTestDatabase();
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  setConfigForTests({ SMTP_URL: smtp.url, MAIL_FROM: "Verbale <noreply@verbale.test>" });
});
afterAll(async () => {
  closeMailTransport();
  await smtp.stop();
});

const seed = (userId: string) => seedCompletedTranscription(getSql(), path.join(getConfig().DATA_DIR, "storage"), userId);
const args = (request: Request, id: string) => ({ request, params: { id }, context: {} }) as never;
const send = (token: string, id: string, body: unknown) =>
  emailAction(args(apiRequest(`/api/document/${id}/email`, { token, method: "POST", body }), id));

async function readyTranscription() {
  const user = await createTestUser();
  const t = await seed(user.id);
  await ensureDocument(t.id, { userId: user.id }, { create: true });
  return { user, t };
}

async function deliveryRows(transcriptionId: string) {
  return getDb().select().from(emailDeliveries).where(eq(emailDeliveries.transcriptionId, transcriptionId));
}

describe("sending the document by e-mail", () => {
  it("delivers subject, message and the attachment byte-identical to the download, once", async () => {
    const { user, t } = await readyTranscription();
    const response = await send(user.token, t.id, { email: "Destinatario@Esempio.it", subject: "Verbale del 12 marzo", message: "Ciao Marco,\necco il verbale." });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, status: "SENT", message: "Email inviata con successo!" });

    const mail = await smtp.waitForMessage("destinatario@esempio.it");
    expect(mail.subject).toBe("Verbale del 12 marzo");
    // The sender's message first, then what the minutes decided and who must do what by when.
    expect(mail.text.startsWith("Ciao Marco,\necco il verbale.\n")).toBe(true);
    expect(mail.text).toContain(`Decisioni:\n- ${t.decisions[0].text} [${t.decisions[0].timestamp}]`);
    expect(mail.text).toContain(`Azioni da fare:\n- ${t.actionItems[0].task} (responsabile: Marco Bianchi; scadenza: entro la fine di marzo)`);
    expect(mail.text).toContain(`- ${t.actionItems[1].task} (responsabile: —; scadenza: —)`);
    expect(mail.parsed.html).toContain("<p style=\"margin:0 0 8px;font-weight:bold\">Azioni da fare</p>");
    expect(mail.from).toBe("noreply@verbale.test");
    expect(mail.parsed.attachments).toHaveLength(1);
    const [attachment] = mail.parsed.attachments;
    expect(attachment.filename).toBe("Riunione sul bilancio trimestrale.docx");
    expect(attachment.contentType).toBe("application/vnd.openxmlformats-officedocument.wordprocessingml.document");
    const download = Buffer.from(await (await documentLoader(args(apiRequest(`/api/document/${t.id}`, { token: user.token }), t.id))).arrayBuffer());
    expect(attachment.content.equals(download)).toBe(true);

    const [row] = await deliveryRows(t.id);
    expect(row).toMatchObject({ status: "SENT", attempts: 1, toEmail: "Destinatario@Esempio.it" });
    expect(row.messageId).toBeTruthy();

    // The scheduled job (or any retry) after the success sends nothing again.
    await sendDocumentEmail({ deliveryId: row.id }, { job: { attempts: 1, max_attempts: 5 }, logger: console } as never);
    expect(await deliverEmail(row.id, { finalAttempt: true })).toEqual({ status: "SKIPPED" });
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messagesTo("destinatario@esempio.it")).toHaveLength(1);

    // The page can read the outcome back.
    const status = await emailLoader(args(apiRequest(`/api/document/${t.id}/email?delivery=${row.id}`, { token: user.token }), t.id));
    expect(await status.json()).toMatchObject({ status: "SENT", message: "Email inviata con successo!" });
  });

  it("uses the default subject and greeting when they are not given", async () => {
    const { user, t } = await readyTranscription();
    const response = await send(user.token, t.id, { email: "predefiniti@esempio.it" });
    expect(response.status).toBe(200);
    const mail = await smtp.waitForMessage("predefiniti@esempio.it");
    expect(mail.subject).toBe("Riassunto della riunione");
    expect(mail.text).toContain("in allegato il documento");
  });

  it("validates the address, subject and message, and requires a generated document, sending nothing", async () => {
    const user = await createTestUser();
    const t = await seed(user.id);
    const cases: [unknown, string][] = [
      [{ email: "non-una-email", subject: "a", message: "b" }, "Inserisci un indirizzo email valido"],
      [{ email: "", subject: "a", message: "b" }, "L'email è obbligatoria"],
      [{ email: "x@esempio.it", subject: "  ", message: "b" }, "L'oggetto è obbligatorio"],
      [{ email: "x@esempio.it", subject: "a\r\nBcc: altri@esempio.it", message: "b" }, "L'oggetto è obbligatorio"],
      [{ email: "x@esempio.it", subject: "a", message: "" }, "Il messaggio è obbligatorio"],
      [{ email: "x@esempio.it", subject: "a", message: "b" }, "Genera prima il documento."],
    ];
    for (const [body, message] of cases) {
      const response = await send(user.token, t.id, body);
      expect(response.status, message).toBe(400);
      expect(await response.json()).toEqual({ success: false, message });
    }
    expect(await deliveryRows(t.id)).toHaveLength(0);
    expect(smtp.messagesTo("x@esempio.it")).toHaveLength(0);
  });

  it("answers the real failure when the server refuses for good, and never retries it", async () => {
    const { user, t } = await readyTranscription();
    smtp.failNext(1, 550);
    const response = await send(user.token, t.id, { email: "rifiutato@esempio.it", subject: "Oggetto", message: "Testo" });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({ success: false, message: "Impossibile inviare l'email. Verifica l'indirizzo e riprova.", status: "FAILED" });
    const [row] = await deliveryRows(t.id);
    expect(row).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(await deliverEmail(row.id, { finalAttempt: false })).toEqual({ status: "SKIPPED" });
    expect(smtp.messagesTo("rifiutato@esempio.it")).toHaveLength(0);
  });

  it("retries a transient failure through the graphile-worker job and delivers exactly once", async () => {
    const { user, t } = await readyTranscription();
    const worker: WorkerHandle = await startWorker({ connectionString: database.url, pollInterval: 100 });
    try {
      smtp.failNext(1, 451);
      const first = await requestDocumentEmail(t.id, user.id, { email: "riprova@esempio.it", subject: "Oggetto", message: "Testo" }, { retryDelaySeconds: 0 });
      expect(["PENDING", "SENT"]).toContain(first.status);
      const mail = await smtp.waitForMessage("riprova@esempio.it", { timeoutMs: 20_000 });
      expect(mail.subject).toBe("Oggetto");
      let row = (await deliveryRows(t.id))[0];
      for (let i = 0; i < 50 && row.status !== "SENT"; i++) {
        await new Promise((r) => setTimeout(r, 100));
        row = (await deliveryRows(t.id))[0];
      }
      expect(row).toMatchObject({ status: "SENT", attempts: 2 });
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.messagesTo("riprova@esempio.it")).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  });

  it("records FAILED when the last attempt fails too", async () => {
    const { user, t } = await readyTranscription();
    smtp.failNext(1, 451);
    const first = await requestDocumentEmail(t.id, user.id, { email: "ultimo@esempio.it", subject: "Oggetto", message: "Testo" }, { retryDelaySeconds: 3600 });
    expect(first.status).toBe("PENDING");
    smtp.failNext(1, 421);
    await expect(
      sendDocumentEmail({ deliveryId: first.deliveryId }, { job: { attempts: 5, max_attempts: 5 }, logger: console } as never),
    ).resolves.toBeUndefined();
    const [row] = await deliveryRows(t.id);
    expect(row).toMatchObject({ status: "FAILED", attempts: 2 });
    expect(row.error).toMatch(/421/);
  });

  it("limits how many e-mails a user can request", async () => {
    const { user, t } = await readyTranscription();
    // Refused requests send nothing and do not use up the hour.
    for (let i = 0; i < 3; i++) expect((await send(user.token, t.id, { email: "non-valida" })).status).toBe(400);
    for (let i = 0; i < EMAIL_RATE_LIMIT.limit; i++) {
      expect((await send(user.token, t.id, { email: `conta-${i}@esempio.it`, subject: "a", message: "b" })).status).toBe(200);
    }
    const limited = await send(user.token, t.id, { email: "limite@esempio.it", subject: "a", message: "b" });
    expect(limited.status).toBe(429);
    const body = await limited.json();
    expect(body.retryAfter).toBeGreaterThan(0);
    expect(limited.headers.get("Retry-After")).toBe(String(body.retryAfter));
    expect(smtp.messagesTo("limite@esempio.it")).toHaveLength(0);
  });
});
