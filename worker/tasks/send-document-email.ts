import type { Task } from "graphile-worker";
import { deliverEmail, retryDelaySeconds, scheduleDeliveryAttempt } from "~/services/email-delivery.server";

/**
 * Makes one attempt at an e-mail delivery. After a transient SMTP failure it queues the next
 * attempt itself, minutes and then hours later (EMAIL_RETRY_DELAYS_SECONDS), rather than through
 * graphile-worker's backoff, which would spend every attempt within a few minutes. A delivery
 * whose attempt is under way elsewhere is looked at again shortly. Graphile-worker's own retries
 * remain for a job that crashed.
 */
const sendDocumentEmail: Task = async (payload, helpers) => {
  const deliveryId = (payload as { deliveryId?: unknown } | null)?.deliveryId;
  if (typeof deliveryId !== "string") {
    helpers.logger.error(`send_document_email: payload non valido ${JSON.stringify(payload)}`);
    return;
  }
  const outcome = await deliverEmail(deliveryId, { finalAttempt: helpers.job.attempts >= helpers.job.max_attempts });
  if (outcome.status === "RETRY") {
    const delay = retryDelaySeconds(outcome.attempts ?? 1);
    helpers.logger.info(`invio email ${deliveryId} non riuscito (${outcome.error}), nuovo tentativo tra ${delay} s`);
    await scheduleDeliveryAttempt(deliveryId, delay);
  } else if (outcome.status === "BUSY") {
    // An attempt normally ends within seconds; one that lasts was probably cut by a crash.
    await scheduleDeliveryAttempt(deliveryId, (outcome.busySeconds ?? 0) < 60 ? 5 : 60);
  }
};

export default sendDocumentEmail;
