import type { Task } from "graphile-worker";
import { deliverEmail } from "~/services/email-delivery.server";

/**
 * Sends (or retries) one e-mail delivery. A transient SMTP failure throws, so graphile-worker
 * retries with its exponential backoff; the last attempt records FAILED instead.
 */
const sendDocumentEmail: Task = async (payload, helpers) => {
  const deliveryId = (payload as { deliveryId?: unknown } | null)?.deliveryId;
  if (typeof deliveryId !== "string") {
    helpers.logger.error(`send_document_email: payload non valido ${JSON.stringify(payload)}`);
    return;
  }
  const outcome = await deliverEmail(deliveryId, { finalAttempt: helpers.job.attempts >= helpers.job.max_attempts });
  if (outcome.status === "RETRY") throw new Error(`invio email ${deliveryId} non riuscito, nuovo tentativo: ${outcome.error}`);
};

export default sendDocumentEmail;
