import fsp from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import type { LiveState } from "~/lib/live-transcript";
import { MSG } from "~/lib/messages";
import { isUuid } from "~/lib/uuid";
import { ApiError, badRequest, notFound } from "./api.server";
import { containerFor, EXTENSION } from "./chunked-recording.server";
import { AudioTooLongError, remuxCopy } from "./ffmpeg.server";
import { measureDecodedSeconds, probeMedia, type ProbeResult } from "./media-probe.server";
import { stopLiveWindow } from "./live-transcript.server";
import { enqueueTranscription } from "./pipeline.server";
import { removeRecordingChunks, withAssembledRecording } from "./recording-assembly.server";
import * as storage from "./storage.server";
import { durationRefusal, getUsageLimits, reserveRecordingMinutes } from "./usage.server";

/**
 * «Invia» for a recording made in chunks (issue 14, decisions 009 and 024): assemble the chunks,
 * remux, count the decoded minutes (only after the live windows' final words), and in one
 * transaction turn the row PENDING and queue `transcribe`.
 */

export type FinalizeAccess = { userId: string } | { system: true };
export type FinalizeResult = { databaseId: string; alreadyFinalized: boolean; durationSec: number | null };

/**
 * Assembles what arrived and queues the transcription. Calling it again after success answers the
 * same id (a client whose answer was lost retries, then deletes its local copy).
 */
export async function finalizeRecording(id: string | undefined, access: FinalizeAccess): Promise<FinalizeResult> {
  if (!isUuid(id)) throw notFound();
  const where = "userId" in access ? and(eq(transcriptions.id, id), eq(transcriptions.userId, access.userId)) : eq(transcriptions.id, id);
  const [row] = await getDb().select().from(transcriptions).where(where);
  if (!row) throw notFound();
  if (row.status === "FAILED" && row.chunksReceived > 0 && row.stage === "recording-invalid") throw badRequest(MSG.recordingNotAudio);
  if (row.status !== "RECORDING") return { databaseId: id, alreadyFinalized: true, durationSec: row.duration };
  if (row.chunksReceived === 0) throw badRequest(MSG.recordingEmpty);
  stopLiveWindow(id);

  const container = containerFor(row.mimeType);
  const tempDir = await storage.makeTempDir("finalize");
  try {
    const out = path.join(tempDir, `audio.${EXTENSION[container]}`);
    // This process's copy of the recording (decision 027): usually only the last chunks are new.
    const remuxFailure = await withAssembledRecording(id, row.chunksReceived, async (recording, chunks) => {
      // A chunk past the count read above: the same answer as the check under the row lock.
      if (chunks !== row.chunksReceived) throw new ApiError(409, MSG.recordingChunkOutOfOrder, { expected: chunks });
      return remuxCopy(recording, out, container).then(
        () => undefined,
        (error: unknown) => (error instanceof Error ? error.message : String(error)),
      );
    });
    let probe: ProbeResult | undefined;
    let reason = remuxFailure ?? "";
    if (remuxFailure === undefined) {
      const probed = await probeMedia(out);
      probe = probed.ok ? probed.probe : undefined;
      if (!probed.ok) reason = probed.reason;
    }
    if (!probe) {
      // The rest of the user's data is untouched; the chunks stay until the row is deleted.
      await getDb()
        .update(transcriptions)
        .set({
          status: "FAILED",
          stage: "recording-invalid",
          errorMessage: MSG.recordingNotAudio,
          failureReason: `finalize: ${reason || "nessun flusso audio"}`.slice(0, 2000),
        })
        .where(and(eq(transcriptions.id, id), eq(transcriptions.status, "RECORDING")));
      throw badRequest(MSG.recordingNotAudio);
    }
    const durationSec = await measureRecording(out, probe, liveDecodedUntil(row.live, probe), row.userId, id, access);
    const { size } = await fsp.stat(out);
    const result = await getDb().transaction(async (tx) => {
      const [locked] = await tx
        .select({ status: transcriptions.status, chunksReceived: transcriptions.chunksReceived })
        .from(transcriptions)
        .where(eq(transcriptions.id, id))
        .for("update");
      if (!locked) throw notFound();
      if (locked.status !== "RECORDING") return { databaseId: id, alreadyFinalized: true, durationSec: row.duration };
      // A chunk that slipped in after the read above would be left out: assemble again next time.
      if (locked.chunksReceived !== row.chunksReceived) throw new ApiError(409, MSG.recordingChunkOutOfOrder, { expected: locked.chunksReceived });
      const minutes = await reserveRecordingMinutes(tx, row.userId, row.usageMonth, durationSec);
      await tx
        .update(transcriptions)
        .set({
          status: "PENDING",
          stage: "queued",
          progress: 0,
          fileSize: size,
          duration: durationSec,
          usageMinutes: minutes,
          lastChunkAt: new Date(),
        })
        .where(eq(transcriptions.id, id));
      await enqueueTranscription(tx, id);
      // Last step before commit: the job can only be picked up once the file is in place.
      await storage.putFile(row.fileName, out);
      return { databaseId: id, alreadyFinalized: false, durationSec };
    });
    // After the answer: the job already reads the stored file (3,600 removals for an hour).
    if (!result.alreadyFinalized) void removeRecordingChunks(id);
    return result;
  } finally {
    await storage.removeTempDir(tempDir);
  }
}

/**
 * Where the live windows' final words end (decision 010): the audio before it was decoded window
 * by window while recording, so finalize decodes only what follows. Decoding an hour of opus again
 * took 12 s of CPU, most of «Invia» → COMPLETED (decision 024). A point past the container's own
 * length is not this audio's: then everything is decoded.
 */
function liveDecodedUntil(live: unknown, probe: ProbeResult): number {
  const until = (live as LiveState | null)?.committedUntil;
  if (typeof until !== "number" || !Number.isFinite(until) || until <= 0) return 0;
  if (probe.durationSec !== undefined && until > probe.durationSec + 1) return 0;
  return until;
}

/**
 * The decoded length of the assembled recording, decoding no further than the plan allows. Past
 * it the user gets the Italian refusal and keeps the row (to delete it); a finalize by the server
 * (abandoned recording) marks it FAILED with the same text so it is not tried again.
 * `decodedUntil`: seconds the live windows already decoded; only the rest is decoded here. Whatever
 * the file's timestamps say, the words transcribed are never more than the seconds counted: the
 * windows and the final pass read the same timeline, and the final pass is capped at the count.
 */
async function measureRecording(
  file: string,
  probe: ProbeResult,
  decodedUntil: number,
  userId: string,
  id: string,
  access: FinalizeAccess,
): Promise<number> {
  const { limits } = await getUsageLimits(userId);
  if (!limits) throw new ApiError(403, MSG.noActiveSubscription, { requiresSubscription: true });
  const limitSec = Math.min(limits.maxMinutesPerFile, limits.remainingMinutes) * 60;
  // Already past the limit: decode from the start so the refusal is the same as without windows.
  const from = decodedUntil < limitSec ? decodedUntil : 0;
  let refusal: ApiError | undefined;
  let seconds = 0;
  try {
    seconds = from + (await measureDecodedSeconds(file, probe.demuxer, limitSec - from, { startSec: from }));
  } catch (error) {
    if (!(error instanceof AudioTooLongError)) throw badRequest(MSG.recordingNotAudio);
    refusal = durationRefusal(limits, limits.currentMinutesUsed, limitSec + 1) ?? new ApiError(413, MSG.audioTooLong(limits.maxMinutesPerFile));
  }
  if (refusal && "system" in access) {
    await getDb()
      .update(transcriptions)
      .set({ status: "FAILED", stage: "recording-too-long", errorMessage: refusal.message, failureReason: `finalize: ${refusal.message}` })
      .where(and(eq(transcriptions.id, id), eq(transcriptions.status, "RECORDING")));
  }
  if (refusal) throw refusal;
  return seconds;
}
