import { SAMPLE_RATE, type Piece, type RawSegment } from "./vad";

/**
 * How whisper.cpp runs: the program built for this machine at install (whisper-cli, the fast
 * path) or the prebuilt Node binding in a worker thread. The engine plans the pieces and maps
 * the segments; a backend only decodes pieces.
 */
export type WhisperBackendName = "whisper-cli" | "binding";

/** Where the time of the last job went (the benchmark reports loading apart from decoding). */
export type WhisperRunStats = {
  backend: WhisperBackendName;
  threads: number;
  /** whisper's audio_ctx for the job (0: full 30 s context). */
  audioCtx: number;
  /** whisper.cpp calls (pieces) and the voiced seconds sent to them. */
  calls: number;
  voicedSec: number;
  /** Binding: thread start, import and model load; whisper-cli: model loads, s (modelSec: the model loads alone). */
  loadSec: number;
  modelSec: number;
  /** Sum of the full() calls, s. */
  decodeSec: number;
};

export type BackendJob = {
  modelPath: string;
  /** The whole recording, 16 kHz mono; each piece is a range of it. */
  pcm: Int16Array;
  pieces: Piece[];
  language: string;
  threads: number;
  prompt?: string;
  /** whisper's audio_ctx (0: full 30 s context). */
  audioCtx: number;
  /** Caps the tokens whisper decodes per window (0: whisper's own limit; the binding only). */
  maxTokens: number;
  /** Where a backend may create its temporary folder (beside the recording). */
  scratchDir: string;
  signal?: AbortSignal;
  /** Fraction of the voiced audio done, never stepping back. */
  onProgress?: (fraction: number) => void;
};

/** Segments per piece (times relative to the piece), the language and the job's timings. */
export type BackendResult = { language: string; byPiece: RawSegment[][]; stats: WhisperRunStats };

export interface WhisperBackend {
  readonly name: WhisperBackendName;
  /** Throws WhisperModelError when whisper.cpp cannot load the model. */
  run(job: BackendJob): Promise<BackendResult>;
}

export function newStats(backend: WhisperBackendName, job: Pick<BackendJob, "threads" | "pieces" | "audioCtx">): WhisperRunStats {
  const samples = job.pieces.reduce((s, p) => s + p.length, 0);
  return {
    backend,
    threads: job.threads,
    audioCtx: job.audioCtx,
    calls: job.pieces.length,
    voicedSec: samples / SAMPLE_RATE,
    loadSec: 0,
    modelSec: 0,
    decodeSec: 0,
  };
}

export function abortError(signal: AbortSignal): Error {
  const r: unknown = signal.reason;
  if (r instanceof Error) return r;
  const e = new Error("Trascrizione annullata");
  e.name = "AbortError";
  return e;
}
