import { and, eq, lt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { transcriptions, users } from "~/db/schema";
import { ApiError } from "./api.server";
import { finalizeRecording } from "./recording-finalize.server";
import { log } from "./logger.server";
import { deleteTranscription } from "./transcriptions/delete.server";

/** A recording without a new chunk for this long is finalized by the server (the browser is gone). */
export const ABANDONED_AFTER_MS = 6 * 3600 * 1000;

export type AbandonedOutcome = { id: string; userId: string; email: string; name: string; outcome: "finalized" | "empty" | "invalid" };

/**
 * Recordings untouched for 6 hours (the browser died and never came back): finalized and
 * transcribed by the server; an empty one (no chunk ever arrived) is removed with its usage.
 */
export async function finalizeAbandonedRecordings(now: Date = new Date()): Promise<AbandonedOutcome[]> {
  const cutoff = new Date(now.getTime() - ABANDONED_AFTER_MS);
  const rows = await getDb()
    .select({
      id: transcriptions.id,
      userId: transcriptions.userId,
      chunksReceived: transcriptions.chunksReceived,
      email: users.email,
      name: users.name,
    })
    .from(transcriptions)
    .innerJoin(users, eq(users.id, transcriptions.userId))
    .where(and(eq(transcriptions.status, "RECORDING"), lt(transcriptions.lastChunkAt, cutoff)))
    .limit(100);
  const outcomes: AbandonedOutcome[] = [];
  for (const row of rows) {
    const base = { id: row.id, userId: row.userId, email: row.email, name: row.name };
    if (row.chunksReceived === 0) {
      await deleteTranscription(row.id, { admin: true }).catch(() => {});
      outcomes.push({ ...base, outcome: "empty" });
      continue;
    }
    try {
      const result = await finalizeRecording(row.id, { system: true });
      if (!result.alreadyFinalized) outcomes.push({ ...base, outcome: "finalized" });
    } catch (error) {
      if (error instanceof ApiError && [400, 403, 413].includes(error.status)) outcomes.push({ ...base, outcome: "invalid" });
      else log.error({ err: error, transcriptionId: row.id }, "[recordings] finalizzazione automatica non riuscita");
    }
  }
  return outcomes;
}
