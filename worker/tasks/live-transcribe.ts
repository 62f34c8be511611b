import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Task } from "graphile-worker";
import { getDb } from "~/db/client.server";
import { getConfig } from "~/services/config.server";
import { transcriptions } from "~/db/schema";
import type { LiveState } from "~/lib/live-transcript";
import { containerFor } from "~/services/chunked-recording.server";
import { withAssembledRecording } from "~/services/recording-assembly.server";
import { decodeToWav } from "~/services/ffmpeg.server";
import { readWavInfo } from "~/services/wav.server";
import { enqueueLiveTranscription, startLiveWindow } from "~/services/live-transcript.server";
import * as storage from "~/services/storage.server";
import { getVocabulary, vocabularyPrompt } from "~/services/vocabulary.server";
import { getSpeechEngine } from "../engines/index";
import { commitLiveWindow, LIVE_MIN_NEW_SECONDS, liveStateFor, nextLiveWindow } from "../engines/live-windows";
import { enqueueLiveParts } from "./llm-live-parts";
import { readPayload } from "./transcribe";

/**
 * Task `live_transcribe` (issue 17, decision 010): one window of a recording in progress. Takes
 * the chunks that have arrived (this process's copy, decision 027), decodes only the window
 * (ffmpeg seeks by timestamp, so minute 59 of an hour costs about as much as minute 1), lets the
 * speech engine hear it and folds the words into transcriptions.live. Best effort: a failure is logged and the next chunk queues the
 * job again; whatever the windows did not finish is done by `transcribe` after "Invia".
 */

const DEMUXER = { webm: "matroska", mp4: "mov", ogg: "ogg" } as const;

export type LiveRunOutcome = "not-recording" | "waiting" | "transcribed" | "superseded";

export async function runLiveWindow(transcriptionId: string, signal?: AbortSignal): Promise<LiveRunOutcome> {
  const db = getDb();
  const [row] = await db
    .select({
      status: transcriptions.status,
      userId: transcriptions.userId,
      mimeType: transcriptions.mimeType,
      chunksReceived: transcriptions.chunksReceived,
      duration: transcriptions.duration,
      live: transcriptions.live,
    })
    .from(transcriptions)
    .where(eq(transcriptions.id, transcriptionId));
  if (!row || row.status !== "RECORDING" || row.chunksReceived === 0) return "not-recording";

  const engine = await getSpeechEngine();
  const state = liveStateFor(row.live, engine.name, engine.model);
  // The browser's count of seconds says whether a window is worth it; the decoded audio says
  // where it really ends. Without that header, chunks are about a second each.
  const window = nextLiveWindow(state, row.duration ?? row.chunksReceived);
  if (!window) return "waiting";

  const tempDir = await storage.makeTempDir("live");
  try {
    const wavPath = path.join(tempDir, "window.wav");
    // This process's copy of the recording gets only the chunks new since the last window.
    await withAssembledRecording(transcriptionId, row.chunksReceived, (recording) =>
      decodeToWav(recording, wavPath, {
        demuxer: DEMUXER[containerFor(row.mimeType)],
        startSec: window.start,
        lengthSec: window.end - window.start,
        signal,
      }),
    );
    const info = await readWavInfo(wavPath);
    if (info.durationSec < 0.5) return "waiting";
    const heard = { start: window.start, end: window.start + info.durationSec };
    if (engine.prepare) await engine.prepare();
    const prompt = vocabularyPrompt(await getVocabulary(row.userId));
    const fitContext = getConfig().LIVE_AUDIO_CONTEXT === "fit";
    const result = await engine.transcribe({ wavPath, durationSec: info.durationSec, language: "it", signal, prompt, fitContext });
    const next = commitLiveWindow(state, heard, result.segments, { language: result.language });
    return await saveLiveState(transcriptionId, state, next);
  } finally {
    await storage.removeTempDir(tempDir);
  }
}

/**
 * Writes the new state unless another run got there first (compare-and-set on processedUntil) or
 * the final pass has started (PROCESSING: it read the state it uses). A recording sent while this
 * window ran (PENDING) still gets it: the final pass then has less left to do.
 */
async function saveLiveState(transcriptionId: string, before: LiveState, next: LiveState): Promise<LiveRunOutcome> {
  const unchanged =
    before.windows === 0
      ? sql`(${transcriptions.live} is null or ${transcriptions.live}->>'engine' is distinct from ${before.engine} or ${transcriptions.live}->>'model' is distinct from ${before.model})`
      : sql`(${transcriptions.live}->>'windows')::int = ${before.windows}`;
  const updated = await getDb()
    .update(transcriptions)
    .set({ live: next })
    .where(and(eq(transcriptions.id, transcriptionId), inArray(transcriptions.status, ["RECORDING", "PENDING"]), unchanged))
    .returning({ status: transcriptions.status, duration: transcriptions.duration });
  if (updated.length === 0) return "superseded";
  // Issue 35: new final words may complete a part of the minutes (the LLM's own lane does it).
  await enqueueLiveParts(transcriptionId);
  // Audio that arrived while this window ran and no chunk left to queue the job (e.g. paused):
  // take it now rather than at the next chunk.
  const [after] = updated;
  if (after.status === "RECORDING" && (after.duration ?? 0) - next.processedUntil >= LIVE_MIN_NEW_SECONDS)
    await enqueueLiveTranscription(getDb(), transcriptionId, 0);
  return "transcribed";
}

const liveTranscribe: Task = async (payload, helpers) => {
  const { transcriptionId } = readPayload(payload);
  const window = startLiveWindow(transcriptionId, helpers.abortSignal);
  try {
    await runLiveWindow(transcriptionId, window.signal);
  } catch (error) {
    // Never fails the recording: the final pass after "Invia" covers what the windows missed.
    if (window.signal.aborted) return;
    helpers.logger.warn(`live transcript of ${transcriptionId}: window skipped (${error instanceof Error ? error.message : String(error)})`);
  } finally {
    window.end();
  }
};

export default liveTranscribe;
