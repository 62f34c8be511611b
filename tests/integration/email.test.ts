import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, getSql } from "~/db/client.server";
import { emailDeliveries } from "~/db/schema";
import { action as emailAction, loader as emailLoader } from "~/routes/api.document.$id.email";
import { loader as documentLoader } from "~/routes/api.document.$id";
import { getConfig, setConfigForTests } from "~/services/config.server";
import { ensureDocument } from "~/services/document.server";
import {
  deliverEmail,
  EMAIL_MAX_ATTEMPTS,
  EMAIL_RATE_LIMIT,
  EMAIL_RETRY_DELAYS_SECONDS,
  requestDocumentEmail,
  SENDING_STALE_SECONDS,
} from "~/services/email-delivery.server";
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
    const response = await send(user.token, t.id, {
      email: "Destinatario@Esempio.it",
      subject: "Verbale del 12 marzo",
      message: "Ciao Marco,\necco il verbale.",
    });
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
    expect(mail.parsed.html).toContain('<p style="margin:0 0 8px;font-weight:bold">Azioni da fare</p>');
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
    smtp.failNext(1, 550, "rifiutato@esempio.it");
    const response = await send(user.token, t.id, { email: "rifiutato@esempio.it", subject: "Oggetto", message: "Testo" });
    expect(response.status).toBe(502);
    expect(await response.json()).toMatchObject({
      success: false,
      message: "Impossibile inviare l'email. Verifica l'indirizzo e riprova.",
      status: "FAILED",
    });
    const [row] = await deliveryRows(t.id);
    expect(row).toMatchObject({ status: "FAILED", attempts: 1 });
    expect(await deliverEmail(row.id, { finalAttempt: false })).toEqual({ status: "SKIPPED" });
    expect(smtp.messagesTo("rifiutato@esempio.it")).toHaveLength(0);
  });

  it("retries a transient failure through the graphile-worker job and delivers exactly once", async () => {
    const { user, t } = await readyTranscription();
    const worker: WorkerHandle = await startWorker({ connectionString: database.url, pollInterval: 100 });
    try {
      smtp.failNext(1, 451, "riprova@esempio.it");
      const first = await requestDocumentEmail(
        t.id,
        user.id,
        { email: "riprova@esempio.it", subject: "Oggetto", message: "Testo" },
        { retryDelaySeconds: 3600 },
      );
      expect(first.status).toBe("PENDING");
      // The next attempt is queued minutes away; once the first one has failed (however long a
      // busy machine takes), bring it forward instead of waiting.
      await expect
        .poll(async () => (await deliveryRows(t.id))[0], { timeout: 40_000 })
        .toMatchObject({ status: "PENDING", attempts: 1, error: expect.stringMatching(/451/) });
      // Until the retry has run: graphile-worker may still be recording the failure (and its own
      // run_at) when the row already says PENDING, so the job is brought forward once unlocked.
      await expect
        .poll(
          async () => {
            await getSql()`update graphile_worker._private_jobs set run_at = now() where payload->>'deliveryId' = ${first.deliveryId} and locked_at is null`;
            return smtp.messagesTo("riprova@esempio.it").length;
          },
          { timeout: 40_000, interval: 250 },
        )
        .toBe(1);
      expect(smtp.messagesTo("riprova@esempio.it")[0].subject).toBe("Oggetto");
      await expect.poll(async () => (await deliveryRows(t.id))[0], { timeout: 20_000 }).toMatchObject({ status: "SENT", attempts: 2 });
      await new Promise((r) => setTimeout(r, 500));
      expect(smtp.messagesTo("riprova@esempio.it")).toHaveLength(1);
    } finally {
      await worker.stop();
    }
  }, 120_000);

  it("records FAILED when the last attempt fails too", async () => {
    const { user, t } = await readyTranscription();
    smtp.failNext(1, 451, "ultimo@esempio.it");
    const first = await requestDocumentEmail(
      t.id,
      user.id,
      { email: "ultimo@esempio.it", subject: "Oggetto", message: "Testo" },
      { retryDelaySeconds: 3600 },
    );
    expect(first.status).toBe("PENDING");
    smtp.failNext(1, 421, "ultimo@esempio.it");
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

/** A minimal SMTP server that takes the whole message and then hangs up without answering it. */
async function startVanishingSmtp(): Promise<{ url: string; messages: () => number; stop: () => Promise<void> }> {
  const net = await import("node:net");
  let messages = 0;
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    let inData = false;
    let buffer = "";
    socket.write("220 sparisce.test ESMTP\r\n");
    socket.on("data", (chunk) => {
      buffer += chunk.toString("latin1");
      for (;;) {
        if (inData) {
          const end = buffer.indexOf("\r\n.\r\n");
          if (end < 0) return;
          messages += 1;
          socket.destroy(); // the message arrived; the acknowledgement never leaves
          return;
        }
        const eol = buffer.indexOf("\r\n");
        if (eol < 0) return;
        const line = buffer.slice(0, eol).toUpperCase();
        buffer = buffer.slice(eol + 2);
        if (line.startsWith("EHLO")) socket.write("250-sparisce.test\r\n250 8BITMIME\r\n");
        else if (line.startsWith("DATA")) {
          inData = true;
          socket.write("354 avanti\r\n");
        } else socket.write("250 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `smtp://127.0.0.1:${port}`, messages: () => messages, stop: () => new Promise((r) => server.close(() => r())) };
}

describe("never twice (decision 008)", () => {
  it("a connection lost after the message went out ends FAILED and is never sent again", async () => {
    const vanishing = await startVanishingSmtp();
    try {
      closeMailTransport();
      setConfigForTests({ SMTP_URL: vanishing.url });
      const { user, t } = await readyTranscription();
      const view = await requestDocumentEmail(
        t.id,
        user.id,
        { email: "forse@esempio.it", subject: "Oggetto", message: "Testo" },
        { retryDelaySeconds: 3600 },
      );
      expect(view.status).toBe("FAILED");
      const [row] = await deliveryRows(t.id);
      expect(row).toMatchObject({ status: "FAILED", attempts: 1 });
      expect(await deliverEmail(row.id, { finalAttempt: false })).toEqual({ status: "SKIPPED" });
      await sendDocumentEmail({ deliveryId: row.id }, { job: { attempts: 1, max_attempts: 3 }, logger: console } as never);
      expect(vanishing.messages()).toBe(1);
    } finally {
      closeMailTransport();
      setConfigForTests({ SMTP_URL: smtp.url });
      await vanishing.stop();
    }
  });

  it("a delivery left SENDING by a crash is not sent again: busy while recent, FAILED once stale", async () => {
    const { user, t } = await readyTranscription();
    const view = await requestDocumentEmail(
      t.id,
      user.id,
      { email: "crash@esempio.it", subject: "Oggetto", message: "Testo" },
      { retryDelaySeconds: 3600 },
    );
    await smtp.waitForMessage("crash@esempio.it");
    // As if the process had died between the server's acknowledgement and the SENT update.
    await getDb().update(emailDeliveries).set({ status: "SENDING", sendingSince: new Date() }).where(eq(emailDeliveries.id, view.deliveryId));
    expect((await deliverEmail(view.deliveryId, { finalAttempt: false })).status).toBe("BUSY");
    await getDb()
      .update(emailDeliveries)
      .set({ sendingSince: new Date(Date.now() - (SENDING_STALE_SECONDS + 1) * 1000) })
      .where(eq(emailDeliveries.id, view.deliveryId));
    expect((await deliverEmail(view.deliveryId, { finalAttempt: false })).status).toBe("FAILED");
    expect((await deliveryRows(t.id))[0].error).toMatch(/esito sconosciuto/);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messagesTo("crash@esempio.it")).toHaveLength(1);
  });

  it("spreads retries over hours, not minutes", async () => {
    const { user, t } = await readyTranscription();
    smtp.failNext(1, 451, "dopo@esempio.it");
    const view = await requestDocumentEmail(
      t.id,
      user.id,
      { email: "dopo@esempio.it", subject: "Oggetto", message: "Testo" },
      { retryDelaySeconds: 3600 },
    );
    expect(view.status).toBe("PENDING");
    smtp.failNext(1, 451, "dopo@esempio.it");
    await sendDocumentEmail({ deliveryId: view.deliveryId }, { job: { attempts: 1, max_attempts: 3 }, logger: console } as never);
    const jobs = (await getSql()`
      select extract(epoch from (run_at - now()))::int as wait from graphile_worker._private_jobs
      where payload->>'deliveryId' = ${view.deliveryId} order by run_at desc`) as unknown as { wait: number }[];
    // The request's job an hour out, and the one the failed attempt queued: 5 minutes after attempt 2.
    expect(jobs.map((j) => j.wait).sort((a, b) => a - b)[0]).toBeGreaterThan(EMAIL_RETRY_DELAYS_SECONDS[1] - 10);
    const total = EMAIL_RETRY_DELAYS_SECONDS.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(6 * 3600);
    expect(EMAIL_MAX_ATTEMPTS).toBe(EMAIL_RETRY_DELAYS_SECONDS.length + 1);
    expect(smtp.messagesTo("dopo@esempio.it")).toHaveLength(0);
  });
});
