import type { Task } from "graphile-worker";
import { finalizeAbandonedRecordings } from "~/services/abandoned-recordings.server";
import { getConfig } from "~/services/config.server";
import { recordingFinalizedEmail } from "~/services/mail-templates.server";
import { sendMail } from "~/services/mail.server";

/**
 * Crontab, every 10 minutes: a recording that got no chunk for 6 hours is finalized and
 * transcribed by the server (the browser that made it is gone) and its owner gets an e-mail.
 */
const finalizeAbandoned: Task = async (_payload, helpers) => {
  const outcomes = await finalizeAbandonedRecordings();
  for (const o of outcomes) {
    if (o.outcome === "empty") continue;
    const link = `${getConfig().APP_URL.replace(/\/$/, "")}/transcription/${o.id}`;
    const mail = recordingFinalizedEmail({ name: o.name, link, outcome: o.outcome });
    // The recording is safe either way; a failed e-mail is logged, never retried into a second finalize.
    await sendMail({ to: o.email, ...mail }).catch((error: unknown) =>
      helpers.logger.error(`e-mail per la registrazione ${o.id} non inviata: ${String(error)}`),
    );
  }
  if (outcomes.length) helpers.logger.info(`registrazioni abbandonate: ${outcomes.map((o) => `${o.id} ${o.outcome}`).join(", ")}`);
};

export default finalizeAbandoned;
