import fsp from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { JobHelpers, Task } from "graphile-worker";
import { getDb } from "~/db/client.server";
import { transcriptionSegments, transcriptions } from "~/db/schema";
import { getVocabulary, vocabularyPrompt } from "~/services/vocabulary.server";
import type { TimedSegment } from "~/lib/analysis";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { decodeToWav } from "~/services/ffmpeg.server";
import { channelSpeakers } from "~/services/channel-levels.server";
import { probeMedia } from "~/services/media-probe.server";
import { readWavInfo, sliceWav } from "~/services/wav.server";
import { enqueueAnalysis } from "~/services/pipeline.server";
import * as storage from "~/services/storage.server";
import { planChunks, segmentsToText, stitchSegments, type ChunkPlan } from "../engines/chunking";
import { getSpeechEngine } from "../engines/index";
import { livePrefix } from "../engines/live-windows";
import { isCallRecording } from "~/lib/audio-source";
import { labelSpeakers } from "../engines/diarization/label";
import { UserFacingError } from "../engines/types";
import { withHeartbeat } from "./unlock-stale-jobs";

/**
 * Task `transcribe`: decode the stored upload to 16 kHz mono WAV, transcribe it chunk by chunk
 * (each chunk's segments saved in transcriptions.checkpoint, so a restarted job resumes at the
 * first chunk not done), stitch, save text and segments, queue `analyze`.
 */

/** Progress bar shares: decoding up to 5 %, transcription up to 85 %, analysis the rest. */
const DECODED_PERCENT = 5;
const TRANSCRIBED_PERCENT = 85;
/** Even an engine that could take an hour at once gets shorter chunks, for progress and resume. */
const MAX_CHUNK_SECONDS = 600;
const CHUNK_OVERLAP_SECONDS = 1.5;
const DEFAULT_LANGUAGE = "it";

export type TranscribeCheckpoint = {
  version: 1;
  engine: string;
  model: string;
  durationSec: number;
  chunkSeconds: number;
  /** Where the transcribed audio starts: after the live transcript's final words (issue 17), else 0. */
  offsetSec?: number;
  language?: string;
  /** Chunk index → segments relative to the chunk start. */
  done: Record<string, TimedSegment[]>;
};

export function readPayload(payload: unknown): { transcriptionId: string } {
  const id = (payload as { transcriptionId?: unknown } | null)?.transcriptionId;
  if (typeof id !== "string" || !id) throw new Error("payload without transcriptionId");
  return { transcriptionId: id };
}

function technicalReason(error: unknown): string {
  const e = error as Error & { cause?: unknown };
  const own = e instanceof Error ? `${e.name}: ${e.message}` : String(error);
  const cause = e?.cause instanceof Error ? ` (causa: ${e.cause.message})` : "";
  return `${own}${cause}`.slice(0, 2000);
}

/**
 * After a failed attempt: on the last one (or when retrying cannot help) the row becomes FAILED
 * with the technical reason for the admin and a plain Italian message; otherwise the error is
 * rethrown so graphile-worker retries with its exponential backoff.
 */
export async function handleFailure(helpers: JobHelpers, transcriptionId: string, error: unknown, fallbackMessage: string): Promise<void> {
  const reason = technicalReason(error);
  const retryable = !(error instanceof UserFacingError && !error.retryable);
  const last = helpers.job.attempts >= helpers.job.max_attempts;
  const shuttingDown = helpers.abortSignal?.aborted;
  if (shuttingDown) throw error;
  if (retryable && !last) {
    await getDb()
      .update(transcriptions)
      .set({ failureReason: `tentativo ${helpers.job.attempts}/${helpers.job.max_attempts}: ${reason}` })
      .where(eq(transcriptions.id, transcriptionId));
    throw error;
  }
  helpers.logger.error(`transcription ${transcriptionId} failed: ${reason}`);
  await getDb()
    .update(transcriptions)
    .set({
      status: "FAILED",
      stage: "failed",
      failureReason: reason,
      errorMessage: error instanceof UserFacingError ? error.message : fallbackMessage,
    })
    .where(eq(transcriptions.id, transcriptionId));
}

/** Writes progress at most once a second (engines may report very often). */
function progressWriter(transcriptionId: string) {
  let lastWrite = 0;
  let lastValue = -1;
  return async (stage: string, percent: number, force = false) => {
    const value = Math.max(0, Math.min(100, Math.floor(percent)));
    const now = Date.now();
    if (!force && (value === lastValue || now - lastWrite < 1000)) return;
    lastWrite = now;
    lastValue = value;
    await getDb().update(transcriptions).set({ stage, progress: value }).where(eq(transcriptions.id, transcriptionId));
  };
}

async function runTranscription(transcriptionId: string, helpers: JobHelpers, signal: AbortSignal): Promise<void> {
  const db = getDb();
  const [row] = await db.select().from(transcriptions).where(eq(transcriptions.id, transcriptionId));
  // Deleted meanwhile, or already done by an earlier run: nothing to do.
  if (!row || row.status === "COMPLETED") return;

  // The live transcript as it is when this pass starts: a live window finishing later no longer writes it.
  const [{ live }] = await db
    .update(transcriptions)
    .set({ status: "PROCESSING", attempts: sql`${transcriptions.attempts} + 1`, errorMessage: null })
    .where(eq(transcriptions.id, transcriptionId))
    .returning({ live: transcriptions.live });
  const progress = progressWriter(transcriptionId);

  const engine = await getSpeechEngine();
  // The owner's vocabulary, so names and terms come out spelled their way (issue 16).
  const prompt = vocabularyPrompt(await getVocabulary(row.userId));
  if (engine.prepare) {
    await progress("preparing", 0, true);
    await engine.prepare((f) => void progress("preparing", f * DECODED_PERCENT).catch(() => {}));
  }

  // Words the live windows made final (same engine and model): only the tail after them is left.
  const prefix = livePrefix(live, engine.name, engine.model, row.duration);
  const offsetSec = prefix?.from ?? 0;

  const tempDir = await storage.makeTempDir("transcribe");
  try {
    await progress("decoding", 1, true);
    const wavPath = path.join(tempDir, "audio.wav");
    let bySide: Awaited<ReturnType<typeof channelSpeakers>>;
    try {
      // ffmpeg reads a link in this job's private folder, with the container allow-list and the
      // demuxer forced, and stops past the duration measured and counted at upload (decision 006).
      const localAudio = path.join(tempDir, "input");
      await storage.linkToLocal(row.fileName, localAudio);
      const probed = await probeMedia(localAudio);
      if (!probed.ok) throw new Error(`container not accepted (${probed.reason})`);
      const maxSeconds = row.duration ? (row.duration - offsetSec) * 1.01 + 5 : undefined;
      await decodeToWav(localAudio, wavPath, { demuxer: probed.probe.demuxer, maxSeconds, signal, startSec: offsetSec });
      // A call recording: who spoke, from its two channels over the whole file (issue 30).
      bySide = await channelSpeakers(row, localAudio, { demuxer: probed.probe.demuxer, maxSeconds: maxSeconds && maxSeconds + offsetSec, signal });
      await fsp.rm(localAudio, { force: true });
    } catch (error) {
      if (signal.aborted) throw error;
      throw Object.assign(new UserFacingError(PIPELINE_ERRORS.audioUnreadable, false), { cause: error });
    }
    const info = await readWavInfo(wavPath);
    const tailSec = info.durationSec;
    const durationSec = offsetSec + tailSec;
    const chunkSeconds = Math.min(MAX_CHUNK_SECONDS, engine.maxChunkSeconds);
    const chunks = planChunks(tailSec, chunkSeconds, CHUNK_OVERLAP_SECONDS);

    // Resume only from a checkpoint made by the same engine on the same audio and plan.
    const saved = row.checkpoint as TranscribeCheckpoint | null;
    const checkpoint: TranscribeCheckpoint =
      saved?.version === 1 &&
      saved.engine === engine.name &&
      saved.model === engine.model &&
      saved.chunkSeconds === chunkSeconds &&
      (saved.offsetSec ?? 0) === offsetSec &&
      Math.abs(saved.durationSec - tailSec) < 0.01
        ? saved
        : { version: 1, engine: engine.name, model: engine.model, durationSec: tailSec, chunkSeconds, offsetSec, done: {} };
    if (saved && checkpoint !== saved) helpers.logger.info(`transcription ${transcriptionId}: checkpoint discarded (different engine or audio)`);

    const share = (TRANSCRIBED_PERCENT - DECODED_PERCENT) / Math.max(1, chunks.length);
    const doneCount = () => Object.keys(checkpoint.done).length;
    await db
      .update(transcriptions)
      .set({ duration: durationSec, stage: "transcribing", progress: Math.floor(DECODED_PERCENT + doneCount() * share), checkpoint })
      .where(eq(transcriptions.id, transcriptionId));

    for (const chunk of chunks) {
      if (checkpoint.done[chunk.index]) continue;
      signal.throwIfAborted();
      const result = await transcribeChunk(
        chunk,
        info,
        wavPath,
        tempDir,
        engine,
        signal,
        prompt,
        (f) => void progress("transcribing", DECODED_PERCENT + (doneCount() + f) * share).catch(() => {}),
      );
      checkpoint.done[chunk.index] = result.segments;
      checkpoint.language ??= result.language;
      await db
        .update(transcriptions)
        .set({ checkpoint, stage: "transcribing", progress: Math.floor(DECODED_PERCENT + doneCount() * share) })
        .where(eq(transcriptions.id, transcriptionId));
    }

    const tail = stitchSegments(
      chunks.map((c) => ({ start: offsetSec + c.start, end: offsetSec + c.end, segments: checkpoint.done[c.index] ?? [] })),
    );
    // The tail starts where the live words end: joined, nothing heard twice.
    const joined = [...(prefix?.segments ?? []), ...tail];
    // Who spoke: a call recording's two channels (issue 30) say it; otherwise «Relatore N» from
    // the voices on the segments that have no speaker yet (issue 33); both fail soft.
    let segments = bySide(joined);
    if (!isCallRecording(row.audioSource)) {
      await progress("diarizing", TRANSCRIBED_PERCENT, true);
      segments = await labelSpeakers({ segments: joined, wavPath, offsetSec, meeting: row.meeting, transcriptionId, signal });
    }
    const text = segmentsToText(segments);
    await db.transaction(async (tx) => {
      await tx.delete(transcriptionSegments).where(eq(transcriptionSegments.transcriptionId, transcriptionId));
      for (let i = 0; i < segments.length; i += 1000) {
        await tx
          .insert(transcriptionSegments)
          .values(
            segments
              .slice(i, i + 1000)
              .map((s, j) => ({ transcriptionId, position: i + j, start: s.start, end: s.end, text: s.text, speaker: s.speaker ?? null })),
          );
      }
      await tx
        .update(transcriptions)
        .set({
          text,
          language: checkpoint.language ?? DEFAULT_LANGUAGE,
          duration: durationSec,
          speechEngine: engine.name,
          speechModel: engine.model,
          stage: "analyzing",
          progress: TRANSCRIBED_PERCENT,
          checkpoint: null,
          live: null,
          failureReason: null,
        })
        .where(eq(transcriptions.id, transcriptionId));
      await enqueueAnalysis(tx, transcriptionId);
    });
  } finally {
    await storage.removeTempDir(tempDir);
  }
}

async function transcribeChunk(
  chunk: ChunkPlan,
  info: Awaited<ReturnType<typeof readWavInfo>>,
  wavPath: string,
  tempDir: string,
  engine: Awaited<ReturnType<typeof getSpeechEngine>>,
  signal: AbortSignal,
  prompt: string | undefined,
  onProgress: (fraction: number) => void,
) {
  // A single chunk covering the whole file needs no copy.
  const whole = chunk.start === 0 && chunk.end >= info.durationSec;
  const file = whole ? wavPath : path.join(tempDir, `chunk-${chunk.index}.wav`);
  if (!whole) await sliceWav(info, wavPath, file, chunk.start, chunk.end);
  try {
    return await engine.transcribe({ wavPath: file, durationSec: chunk.end - chunk.start, language: DEFAULT_LANGUAGE, signal, onProgress, prompt });
  } finally {
    if (!whole) await fsp.rm(file, { force: true });
  }
}

const transcribe: Task = async (payload, helpers) => {
  const { transcriptionId } = readPayload(payload);
  try {
    await withHeartbeat(helpers, (signal) => runTranscription(transcriptionId, helpers, signal));
  } catch (error) {
    await handleFailure(helpers, transcriptionId, error, PIPELINE_ERRORS.generic);
  }
};

export default transcribe;
