import type { AnalysisResult, TimedSegment } from "~/lib/analysis";

/**
 * The two engine interfaces of the pipeline. The transcribe task decodes the upload with ffmpeg
 * to 16 kHz mono 16-bit PCM WAV, cuts it into chunks, and hands each chunk file to the speech
 * engine; segment times it returns are relative to the chunk (the task adds the offset).
 */

export type SpeechInput = {
  /** A 16 kHz mono s16le WAV file. */
  wavPath: string;
  /** Duration of this file in seconds. */
  durationSec: number;
  /** ISO 639-1 language, "it" by default; "auto" asks the engine to detect it. */
  language: string;
  signal?: AbortSignal;
  /** Fraction 0..1 of this file done, for the progress bar. */
  onProgress?: (fraction: number) => void;
  /** The user's vocabulary as a short text the engine reads before the audio (names spelled right). */
  prompt?: string;
  /**
   * Short audio heard while it is recorded (a live window): the engine may size its context to
   * the audio instead of its full window, trading a little accuracy for speed (decision 043).
   */
  fitContext?: boolean;
};

export type SpeechResult = { language: string; segments: TimedSegment[] };

export interface SpeechEngine {
  /** "whisper" or "openai": shown in the admin detail. */
  readonly name: string;
  /** The model that produced the result (e.g. "base", "whisper-1"). */
  readonly model: string;
  /** Longest chunk this engine wants at once, in seconds. */
  readonly maxChunkSeconds: number;
  /** Prepares what the engine needs (e.g. downloads a model); may report progress 0..1. */
  prepare?(onProgress?: (fraction: number) => void): Promise<void>;
  transcribe(input: SpeechInput): Promise<SpeechResult>;
}

export type AnalysisInput = {
  segments: TimedSegment[];
  language: string;
  /** The meeting's agenda items in order (issue 31): with them every engine makes one topic per item. */
  agenda?: string[];
  signal?: AbortSignal;
  /** Fraction 0..1 of the analysis done (including a model download), for the progress bar. */
  onProgress?: (fraction: number) => void;
  /** The local LLM writes these minutes however long it takes (issue 35: the llm_rewrite job). */
  waitForLlm?: boolean;
  /** Issue 35: the map step of parts done during the meeting (minutes_parts), reused and kept. */
  parts?: MinutesPartStore;
};

export type MinutesPartStore = {
  get(position: number, wordsHash: string, model: string): Promise<unknown>;
  put(position: number, wordsHash: string, model: string, result: object): Promise<void>;
};

/** An engine that hands the work to another (e.g. the local LLM to the extractive analyzer) says which one made the result. */
export type AnalysisOutput = AnalysisResult & {
  producedBy?: { name: string; model: string };
  /** Issue 35: why the extractive analyzer stood in for the local LLM. */
  standIn?: "downloading" | "unavailable" | "slow";
};

export interface AnalysisEngine {
  readonly name: string;
  readonly model: string;
  analyze(input: AnalysisInput): Promise<AnalysisOutput>;
}

/** An error whose message is fit to show the user as is (Italian); other errors get a generic text. */
export class UserFacingError extends Error {
  constructor(
    message: string,
    /** false when retrying cannot help (e.g. a missing model with no network). */
    public retryable = true,
  ) {
    super(message);
  }
}
