import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Worker } from "node:worker_threads";
import type { TimedSegment } from "~/lib/analysis";
import type { SpeechEngine, SpeechInput, SpeechResult } from "../types";
import { UserFacingError } from "../types";
import { getConfig } from "~/services/config.server";
import { appRoot } from "~/services/paths.server";
import { defaultWhisperModel, findWhisperCli, transcribePiecesWithCli, WhisperModelError } from "./cli";
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

type ThreadMessage =
  | { type: "loaded"; ms: number }
  | { type: "piece"; index: number; ms: number; segments: RawSegment[] }
  | { type: "done"; language: string }
  | { type: "error"; code: "model" | "run"; message: string };

/** Where the time of the last job went (the benchmark reports loading apart from decoding). */
export type WhisperRunStats = {
  backend: "whisper-cli" | "binding";
  threads: number;
  /** whisper.cpp calls (pieces) and the voiced seconds sent to them. */
  calls: number;
  voicedSec: number;
  /** Binding: thread start, import and model load; whisper-cli: model loads, s (modelSec: the model loads alone). */
  loadSec: number;
  modelSec: number;
  /** Sum of the full() calls, s. */
  decodeSec: number;
};

/**
 * Busy cores taken by other processes, from the machine's CPU counters over `ms`. ggml's worker
 * threads wait for each other at every graph node by spinning: a thread descheduled because
 * another process holds its core stalls the others, which burn their core meanwhile. Measured
 * on 2 cores with about two other busy processes: 2 threads took 1.2–1.35x the wall time and
 * 1.25–1.5x the CPU time of 1 thread.
 */
export async function otherBusyCores(ms = 250): Promise<number> {
  const sample = () => os.cpus().reduce((a, c) => {
    const t = c.times;
    a.busy += t.user + t.nice + t.sys + t.irq;
    a.all += t.user + t.nice + t.sys + t.irq + t.idle;
    return a;
  }, { busy: 0, all: 0 });
  const a = sample();
  const own = process.cpuUsage();
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  const mine = process.cpuUsage(own);
  const cores = os.cpus().length || 1;
  const elapsed = (b.all - a.all) / cores; // ms of wall time seen by the counters
  if (elapsed <= 0) return 0;
  const busy = (b.busy - a.busy) / elapsed; // cores busy, this process included
  return Math.max(0, busy - (mine.user + mine.system) / 1000 / elapsed);
}

/** Threads for one job: `max`, less one per core that other processes keep busy, at least 1. */
export function jobThreads(max: number, otherBusy: number): number {
  return Math.max(1, Math.min(max, Math.round(os.availableParallelism() - otherBusy)));
}

/**
 * Plain JS so it loads without a TypeScript loader (see the file's header). Found from the
 * project root, not from this module: in the compiled app this code lives in build/server/.
 */
const threadFile = () => path.join(appRoot(), "worker", "engines", "whisper", "whisper-thread.mjs");

function abortError(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  if (r instanceof Error) return r;
  const e = new Error("Trascrizione annullata");
  e.name = "AbortError";
  return e;
}

export class WhisperEngine implements SpeechEngine {
  readonly name = "whisper";
  readonly model: string;
  readonly maxChunkSeconds: number;
  /** Decoding threads at most: all available cores unless configured. */
  readonly threads: number;
  /** How whisper.cpp runs: the program built for this machine, or the prebuilt binding. */
  readonly backend: "whisper-cli" | "binding";
  /** Timings of the last finished job. */
  lastRun: WhisperRunStats | null = null;
  private readonly spec: string;
  private readonly cliPath: string | null;
  private readonly opts: WhisperEngineOptions;
  private readonly download: Omit<DownloadOptions, "onProgress" | "signal">;

  constructor(options: WhisperEngineOptions = {}) {
    this.opts = options;
    let { model, dataDir, modelUrl } = options;
    this.cliPath = options.cli === false ? null : options.cli ?? findWhisperCli(getConfig().WHISPER_CLI);
    this.backend = this.cliPath ? "whisper-cli" : "binding";
    if (model === undefined || dataDir === undefined || modelUrl === undefined) {
      // Only read when needed, so tests and the benchmark can build an engine without one.
      const config = getConfig();
      model ??= config.WHISPER_MODEL ?? defaultWhisperModel(this.cliPath);
      dataDir ??= config.DATA_DIR;
      modelUrl ??= config.WHISPER_MODEL_URL;
    }
    this.spec = model;
    this.model = resolveModel(model, dataDir).name;
    this.maxChunkSeconds = options.maxChunkSeconds ?? 600;
    this.threads = options.threads ?? os.availableParallelism();
    this.download = { dataDir, baseUrl: modelUrl };
  }

  /** The local model file, downloaded first when it is a missing named model. */
  async prepare(onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<void> {
    await this.modelPath(onProgress, signal);
  }

  private modelPath(onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
    const bar = this.opts.terminalProgress ?? Boolean(process.stderr.isTTY) ? terminalProgress(`Download modello ${this.model}`) : undefined;
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
    const pcm = readWav16k(input.wavPath);
    const pieces = this.plan(pcm);
    if (pieces.length === 0) {
      input.onProgress?.(1);
      return { language: input.language === "auto" ? "it" : input.language, segments: [] };
    }
    // Explicit threads are used as is; by default a busy machine gets fewer (see otherBusyCores).
    const threads = this.opts.threads ?? jobThreads(this.threads, await otherBusyCores());
    if (signal?.aborted) throw abortError(signal);
    if (!this.cliPath) return this.runInThread(modelPath, pcm, pieces, input, threads);
    return this.runCli(this.cliPath, modelPath, pcm, pieces, input, threads);
  }

  private checked = new Map<string, string>();

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
    const pieceOpts = { ...DEFAULT_PIECES, ...(this.cliPath ? { maxPieceSec: this.maxChunkSeconds } : {}), ...this.opts.pieces };
    if (this.opts.vad === false) {
      return planPieces(pcm.length ? [{ start: 0, end: pcm.length }] : [], pieceOpts, frameLevelsDb(pcm, 480), 480);
    }
    const vad = { ...DEFAULT_VAD, ...this.opts.vad };
    const frame = Math.round((SAMPLE_RATE * vad.frameMs) / 1000);
    const levels = frameLevelsDb(pcm, frame);
    const regions = voicedRegionsFromLevels(levels, frame, pcm.length, vad);
    return planPieces(regions, pieceOpts, levels, frame);
  }

  private async runCli(binary: string, modelPath: string, pcm: Int16Array, pieces: Piece[], input: SpeechInput, threads: number): Promise<SpeechResult> {
    const total = pieces.reduce((s, p) => s + p.length, 0);
    const stats: WhisperRunStats = { backend: "whisper-cli", threads, calls: pieces.length, voicedSec: total / SAMPLE_RATE, loadSec: 0, modelSec: 0, decodeSec: 0 };
    const byPiece: RawSegment[][] = [];
    let doneSamples = 0;
    let reported = 0;
    const report = (f: number) => {
      // whisper.cpp reports per 30 s window; never step back between pieces.
      if (f < reported) return;
      reported = f;
      input.onProgress?.(f);
    };
    report(0);
    // Beside the recording, so the transcribe task's clean-up of its folder covers a crash too.
    const workDir = await fsp.mkdtemp(path.join(path.dirname(input.wavPath), "whisper-"));
    try {
      const { language } = await transcribePiecesWithCli({
        binary,
        modelPath,
        pcm,
        pieces,
        language: input.language || "it",
        threads,
        prompt: input.prompt,
        audioCtx: this.opts.audioCtx ?? 0,
        workDir,
        signal: input.signal,
        onProgress: (index, f) => report(Math.min(1, (doneSamples + f * pieces[index].length) / total)),
        onPiece: (index, r) => {
          stats.decodeSec += (r.ms - r.loadMs) / 1000;
          stats.loadSec += r.loadMs / 1000;
          stats.modelSec += r.loadMs / 1000;
          byPiece[index] = mapSegments(pieces[index], r.segments, pcm.length);
          doneSamples += pieces[index].length;
          report(Math.min(1, doneSamples / total));
        },
      });
      this.lastRun = stats;
      return { language, segments: this.collect(byPiece, input.durationSec) };
    } catch (e) {
      throw e instanceof WhisperModelError ? this.badModel(modelPath, e.message) : e;
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }

  private runInThread(modelPath: string, pcm: Int16Array, pieces: Piece[], input: SpeechInput, threads: number): Promise<SpeechResult> {
    const { signal, onProgress } = input;
    const language = input.language || "it";
    const total = pieces.reduce((s, p) => s + p.length, 0);
    // Read before the buffer is transferred to the thread (which detaches it here).
    const totalSamples = pcm.length;
    const started = performance.now();
    const worker = new Worker(threadFile(), {
      workerData: {
        modelPath,
        pcm,
        pieces,
        language,
        threads,
        prompt: input.prompt ?? "",
        maxTokens: this.opts.maxTokens ?? 0,
        audioCtx: this.opts.audioCtx ?? 0,
      },
      transferList: [pcm.buffer as ArrayBuffer],
      // The thread needs no TypeScript loader or inspector flags from the parent.
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    const byPiece: RawSegment[][] = [];
    let doneSamples = 0;
    const stats: WhisperRunStats = { backend: "binding", threads, calls: pieces.length, voicedSec: total / SAMPLE_RATE, loadSec: 0, modelSec: 0, decodeSec: 0 };
    onProgress?.(0);

    return new Promise<SpeechResult>((resolve, reject) => {
      let settled = false;
      const finish = (err: Error | null, result?: SpeechResult) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        // Ending the thread after each job frees the model and the binding's callbacks, which
        // would otherwise keep the process alive. A thread still inside whisper's native call
        // stops when that call returns (at most one piece, <= 30 s of audio).
        void worker.terminate();
        if (err) reject(err);
        else resolve(result!);
      };
      const onAbort = () => finish(abortError(signal!));
      signal?.addEventListener("abort", onAbort, { once: true });

      worker.on("message", (m: ThreadMessage) => {
        if (m.type === "loaded") {
          stats.loadSec = (performance.now() - started) / 1000;
          stats.modelSec = m.ms / 1000;
        } else if (m.type === "piece") {
          stats.decodeSec += m.ms / 1000;
          const piece = pieces[m.index];
          byPiece[m.index] = mapSegments(piece, m.segments, totalSamples);
          doneSamples += piece.length;
          onProgress?.(Math.min(1, doneSamples / total));
        } else if (m.type === "done") {
          this.lastRun = stats;
          finish(null, { language: m.language || language, segments: this.collect(byPiece, input.durationSec) });
        } else if (m.type === "error") {
          finish(
            m.code === "model"
              ? this.badModel(modelPath, m.message)
              : new Error(`whisper: ${m.message}`),
          );
        }
      });
      worker.on("error", (e) => finish(e));
      worker.on("exit", (code) => finish(new Error(`whisper: il thread di trascrizione è terminato (codice ${code})`)));
    });
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
