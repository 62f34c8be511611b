import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { documents, emailDeliveries } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { ApiError, badRequest, notFound, zodIssueMessage } from "./api.server";
import { documentTitle, getDocumentFile, DOCX_MIME } from "./document.server";
import { documentEmail } from "./mail-templates.server";
import { sendMail } from "./mail.server";
import { consumeRateLimit } from "./rate-limit.server";
import * as storage from "./storage.server";
import { findTranscription, getTranscriptionDetail, isUuid } from "./transcriptions.server";

/**
 * "Invia via Email": one email_deliveries row per request, sent at most once.
 *
 * The request inserts the row and a graphile-worker job (job_key = row id) in one transaction,
 * then makes the first attempt itself so the page can show the real outcome within seconds even
 * when the worker is busy with a long transcription. The job is the safety net: it runs a little
 * later and retries transient SMTP failures with backoff. Both paths go through deliverEmail,
 * which locks the row and sends only while it is PENDING, so a retry after a success (or the job
 * after the request already sent) never sends again.
 */

export const SEND_EMAIL_TASK = "send_document_email";
export const EMAIL_MAX_ATTEMPTS = 5;
/** Per-user limit on the endpoint, so it cannot be used to spam. */
export const EMAIL_RATE_LIMIT = { limit: 10, windowSeconds: 3600 };

export const emailRequestSchema = z.object({
  email: z.string({ invalid_type_error: MSG.emailInvalid }).trim().min(1, MSG.emailRequired).max(254, MSG.emailInvalid).email(MSG.emailInvalid),
  subject: z
    .string({ invalid_type_error: MSG.emailSubjectRequired })
    .trim()
    .min(1, MSG.emailSubjectRequired)
    .max(200)
    .refine((s) => !/[\r\n]/.test(s), MSG.emailSubjectRequired)
    .default(MSG.defaultEmailSubject),
  message: z.string({ invalid_type_error: MSG.emailMessageRequired }).trim().min(1, MSG.emailMessageRequired).max(5000).default(MSG.defaultEmailMessage),
});

export type EmailRequest = z.infer<typeof emailRequestSchema>;

export type DeliveryStatus = "PENDING" | "SENT" | "FAILED";
export type DeliveryView = { deliveryId: string; status: DeliveryStatus; email: string; sentAt: string | null; error: string | null };

function toView(row: typeof emailDeliveries.$inferSelect): DeliveryView {
  return {
    deliveryId: row.id,
    status: row.status,
    email: row.toEmail,
    sentAt: row.sentAt?.toISOString() ?? null,
    error: row.status === "FAILED" ? MSG.emailSendError : null,
  };
}

/** SMTP 5xx and refused envelopes will not get better by retrying; everything else might. */
export function isPermanentMailError(error: unknown): boolean {
  const e = error as { responseCode?: number; code?: string } | undefined;
  if (typeof e?.responseCode === "number") return e.responseCode >= 500 && e.responseCode < 600;
  return e?.code === "EENVELOPE";
}

export type DeliveryOutcome = { status: "SENT" | "FAILED" | "RETRY" | "SKIPPED"; error?: string };

/**
 * One attempt at a delivery. Returns RETRY (after recording the error) when a later attempt may
 * succeed; `finalAttempt` turns that into FAILED.
 */
export async function deliverEmail(deliveryId: string, options: { finalAttempt: boolean }): Promise<DeliveryOutcome> {
  return getDb().transaction(async (tx) => {
    const [row] = await tx.select().from(emailDeliveries).where(eq(emailDeliveries.id, deliveryId)).for("update");
    if (!row || row.status !== "PENDING") return { status: "SKIPPED" };
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
      await tx
        .update(emailDeliveries)
        .set({ status: "FAILED", error: `documento non disponibile: ${(error as Error).message}`.slice(0, 500) })
        .where(eq(emailDeliveries.id, row.id));
      return { status: "FAILED", error: (error as Error).message };
    }
    try {
      const sent = await sendMail({
        to: row.toEmail,
        subject: row.subject,
        text: body.text,
        html: body.html,
        attachments: [{ filename: attachment.name, content: attachment.content, contentType: DOCX_MIME }],
      });
      await tx
        .update(emailDeliveries)
        .set({ status: "SENT", attempts: row.attempts + 1, messageId: sent.messageId, sentAt: new Date(), error: null })
        .where(eq(emailDeliveries.id, row.id));
      return { status: "SENT" };
    } catch (error) {
      const message = String((error as Error)?.message ?? error).slice(0, 500);
      const failed = options.finalAttempt || isPermanentMailError(error);
      await tx
        .update(emailDeliveries)
        .set({ status: failed ? "FAILED" : "PENDING", attempts: row.attempts + 1, error: message })
        .where(eq(emailDeliveries.id, row.id));
      return { status: failed ? "FAILED" : "RETRY", error: message };
    }
  });
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
    await tx.execute(sql`select graphile_worker.add_job(
      ${SEND_EMAIL_TASK},
      json_build_object('deliveryId', ${inserted.id}::text),
      run_at := now() + make_interval(secs => ${retryDelay}),
      max_attempts := ${EMAIL_MAX_ATTEMPTS},
      job_key := ${inserted.id}::text
    )`);
    return inserted;
  });

  const attempt = deliverEmail(row.id, { finalAttempt: false }).catch((error: unknown) => {
    console.error("[email] primo tentativo non riuscito:", error);
    return { status: "RETRY" } as DeliveryOutcome;
  });
  await Promise.race([attempt, timeout(options.waitMs ?? 10_000)]);
  return getDelivery(row.id, transcription.id, userId);
}

/** Throws the catalogue error for a delivery that ended FAILED (used by the page action). */
export function assertNotFailed(view: DeliveryView): DeliveryView {
  if (view.status === "FAILED") throw new ApiError(502, MSG.emailSendError, { deliveryId: view.deliveryId, status: view.status });
  return view;
}
