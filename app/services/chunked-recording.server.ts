import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { transcriptions } from "~/db/schema";
import { MSG } from "~/lib/messages";
import { isAudioSource, type AudioSource } from "~/lib/audio-source";
import { CALL_AUDIO_TEXT } from "~/lib/call-audio";
import { recordingName } from "~/lib/dates";
import { megabytesFor } from "~/lib/usage";
import { z } from "zod";
import { ApiError, badRequest, notFound, readJsonBody } from "./api.server";
import { enqueueLiveTranscription } from "./live-transcript.server";
import { optionalMeeting } from "./meeting.server";
import { requireApiVerifiedUser } from "./session.server";
import * as storage from "./storage.server";
import { isUuid } from "~/lib/uuid";
import { assertDurationAllowed, getUsageLimits, reserveRecording, reserveRecordingGrowth } from "./usage.server";

/**
 * Recordings that reach the server while they are being made (issue 14, decision 009).
 *
 * POST /api/recordings opens a transcription row in the RECORDING state (the monthly limits are
 * checked and one recording is counted, as for an upload); PUT /api/recordings/:id/chunks/:index
 * stores each MediaRecorder chunk as its own storage object, strictly in order and idempotently
 * (a chunk already stored answers 200 again, a chunk past the next expected one 409 with
 * `expected`); the storage limits are counted as bytes arrive. Finalize concatenates the chunks
 * in order (MediaRecorder chunks after the first are not standalone files: only the sequence is),
 * remuxes without re-encoding so the file gets its duration, and in one transaction turns the row
 * PENDING and queues `transcribe`. The chunks are removed only after that commit.
 */

/** A MediaRecorder chunk of ≤ 2 s is a few tens of KB; anything this big is not one. */
export const MAX_CHUNK_BYTES = 2 * 1024 * 1024;

export type RecordingContainer = "webm" | "mp4" | "ogg";

export function containerFor(mimeType: string | null | undefined): RecordingContainer {
  const m = (mimeType ?? "").toLowerCase();
  if (m.includes("mp4") || m.includes("aac")) return "mp4";
  if (m.includes("ogg")) return "ogg";
  return "webm";
}

export const EXTENSION: Record<RecordingContainer, string> = { webm: "webm", mp4: "m4a", ogg: "ogg" };
const MIME: Record<RecordingContainer, string> = { webm: "audio/webm", mp4: "audio/mp4", ogg: "audio/ogg" };

export function chunkFolder(id: string): string {
  return `recordings/${id}`;
}

export function chunkKey(id: string, index: number): string {
  return `${chunkFolder(id)}/${String(index).padStart(7, "0")}.part`;
}

/**
 * Chunks read ahead while assembling a recording. One at a time, the 3,600 chunks of an hour cost
 * a round trip each (a file open, or a GET on object storage): seconds of «Invia». At most this
 * many chunks (≤ MAX_CHUNK_BYTES each, a few KB in practice) are in memory at once.
 */
const CHUNK_READ_AHEAD = 16;

/** The chunks from..count-1 in order: the recording as the browser made it so far (from 0). */
export function readChunks(id: string, count: number, from = 0): Readable {
  async function* chunks() {
    const pending: Promise<Buffer>[] = [];
    let next = from;
    const readAhead = () => {
      while (next < count && pending.length < CHUNK_READ_AHEAD) {
        const read = storage.readBuffer(chunkKey(id, next++));
        // Observed now, awaited in order below: a failure surfaces there, never as an unhandled rejection.
        read.catch(() => {});
        pending.push(read);
      }
    };
    readAhead();
    while (pending.length > 0) {
      const chunk = await pending.shift()!;
      readAhead();
      yield chunk;
    }
  }
  return Readable.from(chunks());
}

// ---------------------------------------------------------------- start

/** What MediaRecorder says it records, e.g. "audio/webm;codecs=opus"; only its container matters here. */
const startSchema = z.object({ mimeType: z.string().max(120).optional(), meeting: z.unknown().optional() });
/** Issue 30: where the sound comes from; absent = the microphone, as before. */
const sourceSchema = z.object({
  source: z.custom<AudioSource>(isAudioSource, { message: CALL_AUDIO_TEXT.badSource }).optional(),
});

export async function startRecording(request: Request): Promise<{ databaseId: string; maxChunkBytes: number }> {
  const user = await requireApiVerifiedUser(request);
  const { mimeType, source, meeting: rawMeeting } = await readJsonBody(request, startSchema.merge(sourceSchema));
  const meeting = optionalMeeting(rawMeeting);
  // Early refusals with the upload's texts; the transaction below is the real check.
  const { requiresSubscription, limits } = await getUsageLimits(user.id);
  if (requiresSubscription || !limits) throw new ApiError(403, MSG.noActiveSubscription, { requiresSubscription: true });
  if (!limits.canCreateRecording) throw new ApiError(403, MSG.limitReached, { limitReached: true });

  const container = containerFor(mimeType);
  const id = randomUUID();
  const now = new Date();
  await getDb().transaction(async (tx) => {
    // Its minutes are counted at finalize, from the decoded audio (decision 006).
    const { usageMonth, megabytes } = await reserveRecording(tx, user.id, { bytes: 0, durationSec: 0 }, now);
    await tx.insert(transcriptions).values({
      id,
      userId: user.id,
      status: "RECORDING",
      // Where the finalized audio will be; until then the chunks live under recordings/<id>/.
      fileName: `audio/${id}.${EXTENSION[container]}`,
      originalName: `${recordingName(now, "Europe/Rome")}.${EXTENSION[container]}`,
      mimeType: MIME[container],
      fileSize: 0,
      stage: "recording",
      progress: 0,
      chunksReceived: 0,
      lastChunkAt: now,
      usageMonth,
      usageMegabytes: megabytes,
      audioSource: source ?? "microphone",
      meeting,
    });
  });
  return { databaseId: id, maxChunkBytes: MAX_CHUNK_BYTES };
}

// ---------------------------------------------------------------- chunks

export type ChunkResult = { received: number; duplicate: boolean };

async function ownRecording(userId: string, id: string | undefined) {
  if (!isUuid(id)) throw notFound();
  const [row] = await getDb()
    .select({ status: transcriptions.status, chunksReceived: transcriptions.chunksReceived })
    .from(transcriptions)
    .where(and(eq(transcriptions.id, id), eq(transcriptions.userId, userId)));
  if (!row) throw notFound();
  return row;
}

function parseIndex(value: string | undefined): number {
  if (!value || !/^\d{1,7}$/.test(value)) throw badRequest(MSG.recordingChunkInvalid);
  return Number(value);
}

class ChunkTooLarge extends Error {}

/** Streams the body to a temporary file, cut at MAX_CHUNK_BYTES (never whole in memory). */
async function receiveBody(request: Request, file: string): Promise<number> {
  if (!request.body) return 0;
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > MAX_CHUNK_BYTES) done(new ChunkTooLarge());
      else done(null, chunk);
    },
  });
  try {
    await pipeline(Readable.fromWeb(request.body as NodeReadableStream), limit, fs.createWriteStream(file));
  } catch (error) {
    if (error instanceof ChunkTooLarge) throw new ApiError(413, MSG.recordingChunkTooLarge);
    throw badRequest(MSG.uploadError);
  }
  return size;
}

/** Seconds recorded so far as the browser counts them (shown in lists until finalize measures the file). */
function readSeconds(request: Request): number | undefined {
  const value = Number(request.headers.get("x-recording-seconds"));
  return Number.isFinite(value) && value >= 0 && value < 7 * 24 * 3600 ? value : undefined;
}

export async function receiveChunk(request: Request, id: string | undefined, indexParam: string | undefined): Promise<ChunkResult> {
  const user = await requireApiVerifiedUser(request);
  const index = parseIndex(indexParam);
  const before = await ownRecording(user.id, id);
  const recordingId = id as string;
  if (before.status !== "RECORDING") throw new ApiError(409, MSG.recordingAlreadySent, { finalized: true });
  // Sent twice (a lost answer, a retry): stored once, answered the same.
  if (index < before.chunksReceived) return { received: before.chunksReceived, duplicate: true };
  if (index > before.chunksReceived) throw new ApiError(409, MSG.recordingChunkOutOfOrder, { expected: before.chunksReceived });
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > MAX_CHUNK_BYTES) throw new ApiError(413, MSG.recordingChunkTooLarge);

  const tempDir = await storage.makeTempDir("chunk");
  try {
    const temp = path.join(tempDir, "chunk.part");
    const size = await receiveBody(request, temp);
    if (size === 0) throw badRequest(MSG.uploadError);
    const seconds = readSeconds(request);
    // The browser's count is only a hint (finalize measures the decoded audio), but it stops a
    // recording past the plan's minutes while it is being made.
    if (seconds !== undefined) await assertDurationAllowed(user.id, seconds);
    return await getDb().transaction(async (tx) => {
      // The row lock orders parallel requests for the same recording and excludes a finalize.
      const [row] = await tx
        .select()
        .from(transcriptions)
        .where(and(eq(transcriptions.id, recordingId), eq(transcriptions.userId, user.id)))
        .for("update");
      if (!row) throw notFound();
      if (row.status !== "RECORDING") throw new ApiError(409, MSG.recordingAlreadySent, { finalized: true });
      if (index < row.chunksReceived) return { received: row.chunksReceived, duplicate: true };
      if (index > row.chunksReceived) throw new ApiError(409, MSG.recordingChunkOutOfOrder, { expected: row.chunksReceived });
      const fileSize = row.fileSize + size;
      const megabytes = megabytesFor(fileSize);
      await reserveRecordingGrowth(tx, user.id, row.usageMonth, megabytes - row.usageMegabytes, megabytes);
      await tx
        .update(transcriptions)
        .set({
          chunksReceived: index + 1,
          fileSize,
          usageMegabytes: Math.max(megabytes, row.usageMegabytes),
          lastChunkAt: new Date(),
          ...(seconds !== undefined ? { duration: seconds } : {}),
        })
        .where(eq(transcriptions.id, recordingId));
      // The live transcript hears the new audio (issue 17); one job per recording.
      await enqueueLiveTranscription(tx, recordingId);
      // Last step before commit; should the commit fail, the next try of this index overwrites it.
      await storage.putFile(chunkKey(recordingId, index), temp);
      return { received: index + 1, duplicate: false };
    });
  } finally {
    await storage.removeTempDir(tempDir);
  }
}

// ---------------------------------------------------------------- state (finalize: recording-finalize.server.ts)

export type RecordingState = { databaseId: string; status: string; chunksReceived: number };

export async function getRecordingState(request: Request, id: string | undefined): Promise<RecordingState> {
  const user = await requireApiVerifiedUser(request);
  const row = await ownRecording(user.id, id);
  return { databaseId: id as string, status: row.status, chunksReceived: row.chunksReceived };
}
