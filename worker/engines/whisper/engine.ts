import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TimedSegment } from "~/lib/analysis";
import { getConfig } from "~/services/config.server";
import type { SpeechEngine, SpeechInput, SpeechResult } from "../types";
import { UserFacingError } from "../types";
import { abortError, type WhisperBackend, type WhisperBackendName, type WhisperRunStats } from "./backend";
import { BindingBackend } from "./binding-backend";
import { defaultWhisperModel, findWhisperCli, WhisperModelError } from "./cli";
import { CliBackend } from "./cli-backend";
import { jobThreads, otherBusyCores } from "./cpu-load";
import { ensureModel, inspectModelFile, resolveModel, terminalProgress, type DownloadOptions } from "./models";
import {
  DEFAULT_PIECES,
  DEFAULT_VAD,
  frameLevelsDb,
  mapSegments,
  planPieces,
  SAMPLE_RATE,
  voicedRegionsFromLevels,
  type Piece,
  type PieceOptions,
  type RawSegment,
  type VadOptions,
} from "./vad";
import { readWav16k } from "./wav";

export { jobThreads } from "./cpu-load";

export type WhisperEngineOptions = {
  /**
   * WHISPER_MODEL: a model name or a ggml file path. Default: the configuration, else
   * defaultWhisperModel for the backend in use.
   */
  model?: string;
  dataDir?: string;
  /** WHISPER_MODEL_URL. */
  modelUrl?: string;
  /**
   * Decoding threads. Default: all available cores, fewer for a job that starts while other
   * processes keep cores busy (see jobThreads). A number given here is used as is.
   */
  threads?: number;
  maxChunkSeconds?: number;
  /**
   * whisper.cpp's program built for this machine (the fast path), or false for the prebuilt
   * binding in a worker thread. Default: WHISPER_CLI, else the program built at install, else
   * the binding.
   */
  cli?: string | false;
  /** Caps the tokens whisper decodes per window (0: whisper's own limit; binding only). */
  maxTokens?: number;
  /** whisper's audio_ctx (0: full 30 s context). Smaller is faster and less accurate. */
  audioCtx?: number;
  /** Silence skipping; false sends the whole file. */
  vad?: Partial<VadOptions> | false;
  pieces?: Partial<PieceOptions>;
  /** Draw a download progress bar on stderr (default: when stderr is a terminal). */
  terminalProgress?: boolean;
};

/** whisper's encoder frames per second of audio (1,500 for its 30 s window). */
const AUDIO_CTX_PER_SECOND = 50;
const FULL_AUDIO_CTX = 1500;
/**
 * Decision 043: whisper's audio context for a live window of `seconds`: the audio plus 2 s, never
 * under 10 s (shorter contexts make the model repeat itself), in steps of 64 frames; the full
 * context from 28 s. The encoder's cost follows the context, so an 8 s window costs about a
 * third of a full one.
 */
export function fittedAudioContext(seconds: number): number {
  const frames = Math.ceil(((Math.max(seconds, 10) + 2) * AUDIO_CTX_PER_SECOND) / 64) * 64;
  return frames >= FULL_AUDIO_CTX ? 0 : frames;
}

/**
 * Local speech with whisper.cpp: the model (downloaded on first use), silence skipping and
 * pieces, then one of two backends decodes the pieces (see backend.ts).
 */
export class WhisperEngine implements SpeechEngine {
  readonly name = "whisper";
  readonly model: string;
  readonly maxChunkSeconds: number;
  /** Decoding threads at most: all available cores unless configured. */
  readonly threads: number;
  /** Timings of the last finished job. */
  lastRun: WhisperRunStats | null = null;
  private readonly runner: WhisperBackend;
  private readonly spec: string;
  private readonly opts: WhisperEngineOptions;
  private readonly download: Omit<DownloadOptions, "onProgress" | "signal">;
  private readonly checked = new Map<string, string>();

  constructor(options: WhisperEngineOptions = {}) {
    this.opts = options;
    let { model, dataDir, modelUrl } = options;
    const cliPath = options.cli === false ? null : (options.cli ?? findWhisperCli(getConfig().WHISPER_CLI));
    this.runner = cliPath ? new CliBackend(cliPath) : new BindingBackend();
    if (model === undefined || dataDir === undefined || modelUrl === undefined) {
      // Only read when needed, so tests and the benchmark can build an engine without one.
      const config = getConfig();
      model ??= config.WHISPER_MODEL ?? defaultWhisperModel(cliPath);
      dataDir ??= config.DATA_DIR;
      modelUrl ??= config.WHISPER_MODEL_URL;
    }
    this.spec = model;
    this.model = resolveModel(model, dataDir).name;
    this.maxChunkSeconds = options.maxChunkSeconds ?? 600;
    this.threads = options.threads ?? os.availableParallelism();
    this.download = { dataDir, baseUrl: modelUrl };
  }

  /** How whisper.cpp runs: the program built for this machine, or the prebuilt binding. */
  get backend(): WhisperBackendName {
    return this.runner.name;
  }

  /** The local model file, downloaded first when it is a missing named model. */
  async prepare(onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
    await this.modelPath(onProgress, signal);
  }

  private modelPath(onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
    const bar = (this.opts.terminalProgress ?? Boolean(process.stderr.isTTY)) ? terminalProgress(`Download modello ${this.model}`) : undefined;
    return ensureModel(this.spec, {
      ...this.download,
      signal,
      onProgress: (f, received, total) => {
        bar?.(f, received, total);
        onProgress?.(f);
      },
    });
  }

  async transcribe(input: SpeechInput): Promise<SpeechResult> {
    const { signal } = input;
    if (signal?.aborted) throw abortError(signal);
    const modelPath = await this.modelPath(undefined, signal);
    this.checkModel(modelPath);
    const pcm = await readWav16k(input.wavPath);
    const pieces = this.plan(pcm);
    if (pieces.length === 0) {
      input.onProgress?.(1);
      return { language: input.language === "auto" ? "it" : input.language, segments: [] };
    }
    // Explicit threads are used as is; by default a busy machine gets fewer (see otherBusyCores).
    const threads = this.opts.threads ?? jobThreads(this.threads, await otherBusyCores());
    if (signal?.aborted) throw abortError(signal);
    // Read before the binding moves the samples to its thread.
    const totalSamples = pcm.length;
    try {
      const result = await this.runner.run({
        modelPath,
        pcm,
        pieces,
        language: input.language || "it",
        threads,
        prompt: input.prompt,
        audioCtx: this.opts.audioCtx ?? (input.fitContext ? fittedAudioContext(Math.max(...pieces.map((p) => p.length)) / SAMPLE_RATE) : 0),
        maxTokens: this.opts.maxTokens ?? 0,
        // Beside the recording, so the transcribe task's clean-up of its folder covers a crash too.
        scratchDir: path.dirname(input.wavPath),
        signal,
        onProgress: input.onProgress,
      });
      this.lastRun = result.stats;
      const byPiece = result.byPiece.map((segments, i) => mapSegments(pieces[i], segments, totalSamples));
      return { language: result.language, segments: this.collect(byPiece, input.durationSec) };
    } catch (e) {
      throw e instanceof WhisperModelError ? this.badModel(modelPath, e.message) : e;
    }
  }

  /** Refuses a file the native loader would crash on (checked once per file version). */
  private checkModel(file: string) {
    const st = fs.statSync(file);
    const stamp = `${st.size}:${st.mtimeMs}`;
    if (this.checked.get(file) === stamp) return;
    try {
      inspectModelFile(file);
    } catch (e) {
      throw this.badModel(file, (e as Error).message);
    }
    this.checked.set(file, stamp);
  }

  private badModel(file: string, why: string): UserFacingError {
    return new UserFacingError(
      `Il modello di trascrizione "${this.model}" non può essere caricato (${file}: ${why}). Eliminalo e scaricalo di nuovo con \`npm run model:download -- ${this.model}\`.`,
      false,
    );
  }

  /** Voiced pieces of the recording, one whisper call each (see PieceOptions). */
  plan(pcm: Int16Array): Piece[] {
    // whisper-cli reports progress window by window, so one call per chunk costs no progress
    // and saves a model load and a part-empty last window per piece (-17 % on 10 min of small);
    // the binding reports only when a call ends, so it keeps pieces of a few minutes.
    const pieceOpts = { ...DEFAULT_PIECES, ...(this.backend === "whisper-cli" ? { maxPieceSec: this.maxChunkSeconds } : {}), ...this.opts.pieces };
    if (this.opts.vad === false) {
      return planPieces(pcm.length ? [{ start: 0, end: pcm.length }] : [], pieceOpts, frameLevelsDb(pcm, 480), 480);
    }
    const vad = { ...DEFAULT_VAD, ...this.opts.vad };
    const frame = Math.round((SAMPLE_RATE * vad.frameMs) / 1000);
    const levels = frameLevelsDb(pcm, frame);
    const regions = voicedRegionsFromLevels(levels, frame, pcm.length, vad);
    return planPieces(regions, pieceOpts, levels, frame);
  }

  private collect(byPiece: RawSegment[][], durationSec: number): TimedSegment[] {
    const out: TimedSegment[] = [];
    let lastStart = 0;
    for (const segs of byPiece) {
      for (const s of segs ?? []) {
        // Pieces are in order and timestamps within one are monotonic; clamp against rare
        // overlaps at piece edges and against the duration the task reports.
        const start = Math.min(Math.max(s.start, lastStart), durationSec);
        const end = Math.min(Math.max(s.end, start), durationSec);
        if (start >= durationSec && durationSec > 0) continue;
        out.push({ start, end, text: s.text });
        lastStart = start;
      }
    }
    return out;
  }
}
