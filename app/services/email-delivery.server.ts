import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb, type Executor } from "~/db/client.server";
import { documents, emailDeliveries } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { ApiError, badRequest, notFound, zodIssueMessage } from "./api.server";
import { getDocumentFile, DOCX_MIME } from "./document.server";
import { documentTitle } from "./docx-report.server";
import { documentEmail } from "./mail-templates.server";
import { sendMail } from "./mail.server";
import { consumeRateLimit } from "./rate-limit.server";
import * as storage from "./storage.server";
import { isUuid } from "~/lib/uuid";
import { findTranscription } from "./transcriptions/access.server";
import { getTranscriptionDetail } from "./transcriptions/detail.server";
import { log } from "./logger.server";

/**
 * "Invia via Email": one email_deliveries row per request, sent at most once (decision 008).
 *
 * The request inserts the row and a graphile-worker job in one transaction, then makes the first
 * attempt itself so the page can show the real outcome within seconds even when the worker is
 * busy with a long transcription. The job is the safety net: it runs a little later and, after a
 * transient SMTP failure, schedules the next attempt further out (minutes, then hours).
 *
 * An attempt never holds a database connection while it waits: it reads what it needs, claims the
 * row with one UPDATE (PENDING → SENDING), talks to the SMTP server, then records the outcome with
 * another. A row left SENDING by a crash is never sent again: whether the server accepted the
 * message cannot be known, so it ends FAILED and the user can send it anew. Errors that prove
 * the server did not take the message (it answered 4xx, or the connection never got to the
 * greeting) go back to PENDING for a retry; anything else ends FAILED for the same reason.
 */

export const SEND_EMAIL_TASK = "send_document_email";
/** Delays before attempts 2, 3, …: about 10 hours in all, so an SMTP outage of a night is survived. */
export const EMAIL_RETRY_DELAYS_SECONDS = [60, 5 * 60, 15 * 60, 60 * 60, 3 * 3600, 6 * 3600];
export const EMAIL_MAX_ATTEMPTS = EMAIL_RETRY_DELAYS_SECONDS.length + 1;
/** graphile-worker's own retries of the job: only for a job that crashed or found the row busy. */
export const EMAIL_JOB_MAX_ATTEMPTS = 3;
/** A SENDING claim older than this belongs to a process that died mid-send (SMTP timeouts are far shorter). */
export const SENDING_STALE_SECONDS = 15 * 60;
/** Per-user limit on the endpoint, so it cannot be used to spam. */
export const EMAIL_RATE_LIMIT = { limit: 10, windowSeconds: 3600 };
/**
 * SMTP attempts made inside requests at once, in this process, in all and per user: past them the
 * request leaves the attempt to the job and answers PENDING, so a burst of sends cannot take every
 * SMTP or database connection.
 */
export const INLINE_SEND_LIMITS = { total: 4, perUser: 1 };

export const emailRequestSchema = z.object({
  email: z.string({ invalid_type_error: MSG.emailInvalid }).trim().min(1, MSG.emailRequired).max(254, MSG.emailInvalid).email(MSG.emailInvalid),
  subject: z
    .string({ invalid_type_error: MSG.emailSubjectRequired })
    .trim()
    .min(1, MSG.emailSubjectRequired)
    .max(200)
    .refine((s) => !/[\r\n]/.test(s), MSG.emailSubjectRequired)
    .default(MSG.defaultEmailSubject),
  message: z
    .string({ invalid_type_error: MSG.emailMessageRequired })
    .trim()
    .min(1, MSG.emailMessageRequired)
    .max(5000)
    .default(MSG.defaultEmailMessage),
});

/** What clients see: SENDING (inside an attempt) reads as PENDING. */
export type DeliveryStatus = "PENDING" | "SENT" | "FAILED";
export type DeliveryView = { deliveryId: string; status: DeliveryStatus; email: string; sentAt: string | null; error: string | null };

function toView(row: typeof emailDeliveries.$inferSelect): DeliveryView {
  return {
    deliveryId: row.id,
    status: row.status === "SENDING" ? "PENDING" : row.status,
    email: row.toEmail,
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.status === "FAILED" ? MSG.emailSendError : null,
  };
}

/**
 * Whether an error proves the SMTP server did not take the message, so sending again cannot
 * duplicate it: a 4xx answer, or a failure before the conversation began (connection refused, DNS,
 * TLS, no greeting). A connection lost or timed out later, possibly after the data went out, does not.
 */
export function provesNotAccepted(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string; message?: string } | undefined;
  if (typeof e?.responseCode === "number") return e.responseCode >= 400 && e.responseCode < 500;
  if (e?.code === "EDNS" || e?.code === "ETLS") return true;
  // nodemailer labels a connection closed mid-message ECONNECTION too, so the message decides.
  return /ECONNREFUSED|EHOSTUNREACH|ENETUNREACH|ENOTFOUND|EAI_AGAIN|greeting never received|connection timeout/i.test(e?.message ?? "");
}

export type DeliveryOutcome = {
  status: "SENT" | "FAILED" | "RETRY" | "SKIPPED" | "BUSY";
  error?: string;
  attempts?: number;
  /** BUSY: how long the other attempt has been under way. */
  busySeconds?: number;
};

const clip = (text: string) => text.slice(0, 500);

/**
 * One attempt at a delivery. SENT, FAILED (for good), RETRY (back to PENDING, another attempt may
 * succeed; `finalAttempt` or the last of EMAIL_MAX_ATTEMPTS turns it into FAILED), SKIPPED (already
 * done) or BUSY (another attempt is under way).
 */
export async function deliverEmail(deliveryId: string, options: { finalAttempt: boolean }): Promise<DeliveryOutcome> {
  const db = getDb();
  const [row] = await db.select().from(emailDeliveries).where(eq(emailDeliveries.id, deliveryId));
  if (!row) return { status: "SKIPPED" };
  if (row.status === "SENDING") {
    const age = (Date.now() - (row.sendingSince?.getTime() ?? 0)) / 1000;
    if (age < SENDING_STALE_SECONDS) return { status: "BUSY", busySeconds: age };
    // The process that claimed it died mid-send: the server may have the message. Never twice.
    await db
      .update(emailDeliveries)
      .set({ status: "FAILED", error: "esito sconosciuto: invio interrotto durante la consegna al server SMTP" })
      .where(and(eq(emailDeliveries.id, row.id), eq(emailDeliveries.status, "SENDING")));
    return { status: "FAILED", error: "esito sconosciuto" };
  }
  if (row.status !== "PENDING") return { status: "SKIPPED" };

  // Everything the message needs, read before the claim (each read takes a connection briefly).
  let attachment: { name: string; content: Buffer };
  let body: { text: string; html: string };
  try {
    const file = await getDocumentFile(row.transcriptionId, { userId: row.userId });
    attachment = { name: file.name, content: await storage.readBuffer(file.key) };
    const detail = await getTranscriptionDetail(row.transcriptionId, { userId: row.userId });
    body = documentEmail(row.message, {
      title: documentTitle(detail),
      decisions: detail.analysis?.decisions ?? [],
      actionItems: detail.analysis?.actionItems ?? [],
    });
  } catch (error) {
    // The document or the transcription is gone: nothing to send, ever.
    await db
      .update(emailDeliveries)
      .set({ status: "FAILED", error: clip(`documento non disponibile: ${(error as Error).message}`) })
      .where(and(eq(emailDeliveries.id, row.id), eq(emailDeliveries.status, "PENDING")));
    return { status: "FAILED", error: (error as Error).message };
  }

  const [claimed] = await db
    .update(emailDeliveries)
    .set({ status: "SENDING", sendingSince: new Date(), attempts: sql`${emailDeliveries.attempts} + 1` })
    .where(and(eq(emailDeliveries.id, row.id), eq(emailDeliveries.status, "PENDING")))
    .returning({ attempts: emailDeliveries.attempts });
  if (!claimed) return { status: "BUSY", busySeconds: 0 };

  try {
    const sent = await sendMail({
      to: row.toEmail,
      subject: row.subject,
      text: body.text,
      html: body.html,
      attachments: [{ filename: attachment.name, content: attachment.content, contentType: DOCX_MIME }],
      // The same Message-ID on every attempt: receiving servers that see it twice can drop the copy.
      messageId: `<${row.id}@verbale>`,
    });
    await db
      .update(emailDeliveries)
      .set({ status: "SENT", messageId: sent.messageId, sentAt: new Date(), sendingSince: null, error: null })
      .where(eq(emailDeliveries.id, row.id));
    return { status: "SENT", attempts: claimed.attempts };
  } catch (error) {
    const message = clip(String((error as Error)?.message ?? error));
    const retry = provesNotAccepted(error) && !options.finalAttempt && claimed.attempts < EMAIL_MAX_ATTEMPTS;
    await db
      .update(emailDeliveries)
      .set({ status: retry ? "PENDING" : "FAILED", sendingSince: null, error: message })
      .where(eq(emailDeliveries.id, row.id));
    return { status: retry ? "RETRY" : "FAILED", error: message, attempts: claimed.attempts };
  }
}

/** Seconds until the attempt after `attempts` made ones. */
export function retryDelaySeconds(attempts: number): number {
  return EMAIL_RETRY_DELAYS_SECONDS[Math.min(Math.max(attempts, 1), EMAIL_RETRY_DELAYS_SECONDS.length) - 1];
}

/** Queues the job that makes the next attempt `delaySeconds` from now. */
export async function scheduleDeliveryAttempt(deliveryId: string, delaySeconds: number, db: Executor = getDb()): Promise<void> {
  await db.execute(sql`select graphile_worker.add_job(
    ${SEND_EMAIL_TASK},
    json_build_object('deliveryId', ${deliveryId}::text),
    run_at := now() + make_interval(secs => ${delaySeconds}),
    max_attempts := ${EMAIL_JOB_MAX_ATTEMPTS}
  )`);
}

export async function getDelivery(deliveryId: string | null | undefined, transcriptionId: string | undefined, userId: string): Promise<DeliveryView> {
  if (!isUuid(deliveryId ?? undefined) || !isUuid(transcriptionId)) throw notFound();
  const [row] = await getDb()
    .select()
    .from(emailDeliveries)
    .where(and(eq(emailDeliveries.id, deliveryId!), eq(emailDeliveries.transcriptionId, transcriptionId), eq(emailDeliveries.userId, userId)));
  if (!row) throw notFound();
  return toView(row);
}

function timeout(ms: number): Promise<"timeout"> {
  return new Promise((resolve) => setTimeout(() => resolve("timeout"), ms).unref?.());
}

/**
 * POST /api/document/:id/email. Validates, checks the document exists ('Genera prima il
 * documento.'), records the delivery with its job, makes the first attempt and answers the
 * outcome: SENT, FAILED, or PENDING (retrying; the page polls getDelivery).
 */
export async function requestDocumentEmail(
  transcriptionId: string | undefined,
  userId: string,
  input: unknown,
  options: { retryDelaySeconds?: number; waitMs?: number } = {},
): Promise<DeliveryView> {
  const transcription = await findTranscription(transcriptionId, { userId });
  const parsed = emailRequestSchema.safeParse(input ?? {});
  if (!parsed.success) throw badRequest(zodIssueMessage(parsed.error));
  const [document] = await getDb().select({ id: documents.id }).from(documents).where(eq(documents.transcriptionId, transcription.id));
  if (!document) throw badRequest(MSG.generateDocumentFirst);
  // Counted only for a request that would send: a mistyped address must not use up the hour.
  await consumeRateLimit(`email-document:${userId}`, EMAIL_RATE_LIMIT.limit, EMAIL_RATE_LIMIT.windowSeconds);

  const retryDelay = Math.max(0, options.retryDelaySeconds ?? 30);
  const row = await getDb().transaction(async (tx) => {
    const [inserted] = await tx
      .insert(emailDeliveries)
      .values({ userId, transcriptionId: transcription.id, toEmail: parsed.data.email, subject: parsed.data.subject, message: parsed.data.message })
      .returning();
    await scheduleDeliveryAttempt(inserted.id, retryDelay, tx);
    return inserted;
  });

  // The first attempt inside the request, unless this process is already at its limit of such
  // attempts (in all, or for this user): then the job makes it, moments later.
  const slot = takeInlineSlot(userId);
  if (slot) {
    const attempt = deliverEmail(row.id, { finalAttempt: false })
      .catch((error: unknown) => {
        log.error({ err: error, deliveryId: row.id }, "[email] primo tentativo non riuscito");
        return { status: "RETRY" } as DeliveryOutcome;
      })
      .finally(slot.release);
    await Promise.race([attempt, timeout(options.waitMs ?? 10_000)]);
  }
  return getDelivery(row.id, transcription.id, userId);
}

const inlineSends = { total: 0, perUser: new Map<string, number>() };

function takeInlineSlot(userId: string): { release: () => void } | undefined {
  const mine = inlineSends.perUser.get(userId) ?? 0;
  if (inlineSends.total >= INLINE_SEND_LIMITS.total || mine >= INLINE_SEND_LIMITS.perUser) return undefined;
  inlineSends.total += 1;
  inlineSends.perUser.set(userId, mine + 1);
  let released = false;
  return {
    release: () => {
      if (released) return;
      released = true;
      inlineSends.total -= 1;
      const left = (inlineSends.perUser.get(userId) ?? 1) - 1;
      if (left > 0) inlineSends.perUser.set(userId, left);
      else inlineSends.perUser.delete(userId);
    },
  };
}

/** Throws the catalogue error for a delivery that ended FAILED (used by the page action). */
export function assertNotFailed(view: DeliveryView): DeliveryView {
  if (view.status === "FAILED") throw new ApiError(502, MSG.emailSendError, { deliveryId: view.deliveryId, status: view.status });
  return view;
}
