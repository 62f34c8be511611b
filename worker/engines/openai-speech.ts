import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError, toFile } from "openai";
import type { TimedSegment } from "~/lib/analysis";
import { PIPELINE_ERRORS } from "~/lib/messages";
import { readWavInfo, sliceWav } from "~/services/wav.server";
import { planChunks, stitchSegments, type ChunkResult } from "./chunking";
import { UserFacingError, type SpeechEngine, type SpeechInput, type SpeechResult } from "./types";

/**
 * Speech through any OpenAI-compatible /audio/transcriptions endpoint (OpenAI, or a local
 * server speaking the same protocol). Segment timestamps come from response_format verbose_json.
 */

/** The endpoint refuses uploads above 25 MiB. */
export const OPENAI_MAX_UPLOAD_BYTES = 25 * 1024 * 1024;

export type OpenAIEngineOptions = {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Per request; a timed-out request is retried like a 429 or 5xx. */
  timeoutMs?: number;
  maxRetries?: number;
  /** Upload limit, lowered by tests to exercise splitting without 25 MiB files. */
  maxUploadBytes?: number;
};

export function createOpenAIClient(options: OpenAIEngineOptions): OpenAI {
  // The SDK retries timeouts, 408, 409, 429 and 5xx with exponential backoff (and Retry-After).
  return new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs ?? 5 * 60_000,
    maxRetries: options.maxRetries ?? 4,
  });
}

/** Turns SDK errors into UserFacingError with a clear Italian text; retryable when another attempt may help. */
export function mapOpenAIError(error: unknown, model: string): Error {
  if (error instanceof UserFacingError) return error;
  if (error instanceof APIUserAbortError) return error;
  if (error instanceof APIConnectionTimeoutError) return withCause(new UserFacingError(PIPELINE_ERRORS.serviceTimeout), error);
  if (error instanceof APIConnectionError) return withCause(new UserFacingError(PIPELINE_ERRORS.serviceUnreachable), error);
  if (error instanceof APIError) {
    const status = error.status ?? 0;
    if (status === 401 || status === 403) return withCause(new UserFacingError(PIPELINE_ERRORS.serviceAuth, false), error);
    if (status === 404) return withCause(new UserFacingError(PIPELINE_ERRORS.serviceModel(model), false), error);
    if (status === 429) return withCause(new UserFacingError(PIPELINE_ERRORS.serviceBusy), error);
    if (status >= 500) return withCause(new UserFacingError(PIPELINE_ERRORS.serviceDown), error);
    return withCause(new UserFacingError(PIPELINE_ERRORS.serviceRejected, false), error);
  }
  return error instanceof Error ? error : new Error(String(error));
}

function withCause(error: UserFacingError, cause: Error): UserFacingError {
  // The technical reason (status, body) is what the admin sees in failureReason.
  (error as Error & { cause?: unknown }).cause = cause;
  return error;
}

/** OpenAI answers the language as a name ("italian"); the app stores ISO 639-1. */
const LANGUAGE_CODES: Record<string, string> = {
  italian: "it",
  english: "en",
  french: "fr",
  german: "de",
  spanish: "es",
  portuguese: "pt",
  dutch: "nl",
  romanian: "ro",
  polish: "pl",
};

export function languageCode(value: string | undefined, fallback: string): string {
  if (!value) return fallback;
  const v = value.trim().toLowerCase();
  if (/^[a-z]{2}$/.test(v)) return v;
  return LANGUAGE_CODES[v] ?? fallback;
}

type VerboseTranscription = {
  text?: string;
  language?: string;
  duration?: number;
  segments?: { start: number; end: number; text: string; speaker?: string }[];
};

/** Diarizing models label speakers "A", "B"… (or "speaker_0"): "Relatore 1, 2…" in order of first appearance. */
export function speakerNames(labels: (string | undefined)[]): (string | null)[] {
  const order = new Map<string, number>();
  return labels.map((label) => {
    if (!label?.trim()) return null;
    if (!order.has(label)) order.set(label, order.size + 1);
    return `Relatore ${order.get(label)}`;
  });
}

export class OpenAISpeechEngine implements SpeechEngine {
  readonly name = "openai";
  readonly model: string;
  /** 10 minutes of 16 kHz mono PCM is 19 MB: under the upload limit with room to spare. */
  readonly maxChunkSeconds = 600;
  private readonly client: OpenAI;
  private readonly maxUploadBytes: number;

  constructor(private readonly options: OpenAIEngineOptions) {
    this.model = options.model;
    this.client = createOpenAIClient(options);
    this.maxUploadBytes = options.maxUploadBytes ?? OPENAI_MAX_UPLOAD_BYTES;
  }

  async transcribe(input: SpeechInput): Promise<SpeechResult> {
    const { size } = await fsp.stat(input.wavPath);
    if (size <= this.maxUploadBytes) {
      const result = await this.request(input.wavPath, input);
      input.onProgress?.(1);
      return result;
    }
    // Too big for one request: split with a small overlap and stitch the segments back.
    const info = await readWavInfo(input.wavPath);
    const bytesPerSec = info.sampleRate * info.channels * 2;
    const maxSeconds = Math.max(1, Math.floor(((this.maxUploadBytes - 1024) / bytesPerSec) * 100) / 100);
    const parts = planChunks(info.durationSec, maxSeconds, Math.min(2, maxSeconds / 4));
    const dir = await fsp.mkdtemp(path.join(path.dirname(input.wavPath) || os.tmpdir(), "openai-part-"));
    try {
      const results: ChunkResult[] = [];
      let language = input.language;
      for (const part of parts) {
        input.signal?.throwIfAborted();
        const file = path.join(dir, `part-${part.index}.wav`);
        await sliceWav(info, input.wavPath, file, part.start, part.end);
        const result = await this.request(file, input);
        await fsp.rm(file, { force: true });
        language = result.language;
        results.push({ start: part.start, end: part.end, segments: result.segments });
        input.onProgress?.((part.index + 1) / parts.length);
      }
      return { language, segments: stitchSegments(results) };
    } finally {
      await fsp.rm(dir, { recursive: true, force: true });
    }
  }

  private async request(file: string, input: SpeechInput): Promise<SpeechResult> {
    // Read once so the SDK can resend the same body on a retry; at most 25 MiB.
    const data = await fsp.readFile(file);
    let response: VerboseTranscription;
    try {
      response = (await this.client.audio.transcriptions.create(
        {
          file: await toFile(data, path.basename(file), { type: "audio/wav" }),
          model: this.model,
          response_format: "verbose_json",
          timestamp_granularities: ["segment"],
          ...(input.language && input.language !== "auto" ? { language: input.language } : {}),
          ...(input.prompt ? { prompt: input.prompt } : {}),
        },
        { signal: input.signal },
      )) as VerboseTranscription;
    } catch (error) {
      throw mapOpenAIError(error, this.model);
    }
    const duration = data.length > 44 ? (data.length - 44) / 32000 : 0;
    const usable = (response.segments ?? []).filter((s) => typeof s.text === "string" && Number.isFinite(s.start) && Number.isFinite(s.end));
    const speakers = speakerNames(usable.map((s) => (typeof s.speaker === "string" ? s.speaker : undefined)));
    let segments: TimedSegment[] = usable
      .map((s, i) => ({ start: s.start, end: Math.max(s.start, s.end), text: s.text.trim(), ...(speakers[i] ? { speaker: speakers[i] } : {}) }))
      .filter((s) => s.text);
    // Some compatible servers ignore verbose_json: one segment for the whole file then.
    if (segments.length === 0 && response.text?.trim()) {
      segments = [{ start: 0, end: response.duration ?? duration, text: response.text.trim() }];
    }
    return { language: languageCode(response.language, input.language === "auto" ? "it" : input.language), segments };
  }
}
