import os from "node:os";
import type { AnalysisResult } from "~/lib/analysis";
import { agendaOf, agendaTopicNames, fitToAgenda } from "../agenda-fit";
import { agendaLines, assembleMinutes, stampsOf, transcriptLines, type PartialMinutes } from "../minutes";
import type { DownloadProgress } from "../model-files";
import { UserFacingError, type AnalysisEngine, type AnalysisInput, type AnalysisOutput } from "../types";
import { ensureLlmModel, resolveLlmModel, type LlmDownloadOptions } from "./models";
import { log } from "~/services/logger.server";
import { readLlmStatus, writeLlmStatus, type LlmStandIn } from "~/services/llm-status.server";
import { estimateAnalysisSeconds, estimateSecondsForText, SLOW_ANALYSIS_SECONDS } from "~/lib/llm-estimate";
import { ModelWatch } from "./availability";
import { LlmHost, type LlmPriority } from "./host";
import { cutIntoParts, partHash, partLines, type TranscriptPart } from "./parts";
import { overallPrompt, partPrompt, systemPromptFor } from "./prompts";
import {
  OVERALL_ANSWER_TOKENS,
  OVERALL_SCHEMA,
  PART_ANSWER_TOKENS,
  partContextSize,
  partSchema,
  type OverallAnswer,
  type PartAnswer,
} from "./schema";
import { cachedSpeed, measureSpeed, saveSpeed, type MeasuredSpeed } from "./speed";

/**
 * The local LLM analysis engine: a small instruct model (node-llama-cpp, CPU build) in a child
 * process at the lowest CPU priority (host.ts), its output held to a JSON schema by a grammar, so
 * it always parses.
 *
 * Long meetings are map-reduced: the transcript is cut into parts of about `partTokens` tokens;
 * each part gives its minutes (topics, decisions, actions), every "minuto" restricted by the
 * grammar to the [mm:ss] stamps of that part, so timestamps are always real; a last, short
 * request writes the title and the summary of the whole meeting from the parts' summaries.
 *
 * When the model file is missing and cannot be downloaded, or the model fails, the extractive
 * analyzer makes the minutes and the result says so (producedBy).
 *
 * Nobody waits for the model (issue 35, decision 039): while it downloads in the background, or
 * when its download failed, or when this machine would take over 5 minutes for this transcript,
 * the extractive analyzer answers at once and the result says why (standIn).
 */

export type LlmEngineOptions = {
  /** LLM_MODEL: a catalogue name or a .gguf path (default: decision 012). */
  model?: string;
  dataDir: string;
  /** LLM_MODEL_URL: where to download catalogue models from instead of their published URL. */
  modelUrl?: string;
  threads?: number;
  /** LLM_PRIORITY: "low" (default) runs the model's process below everything else (host.ts). */
  priority?: LlmPriority;
  /** Transcript tokens per part (map step). */
  partTokens?: number;
  fallback: AnalysisEngine;
  /** Tests: the checksum to expect instead of the catalogue's. */
  checksum?: LlmDownloadOptions["checksum"];
  log?: (line: string) => void;
  /** After a failed download, how long to use the fallback before trying again. */
  retryDownloadAfterMs?: number;
};

export const DEFAULT_PART_TOKENS = 1500;
/** Unload the model after this long without work, giving its memory back. */
const IDLE_UNLOAD_MS = 10 * 60_000;

/** The transcript in parts (parts.ts), cut by the tokens of its lines as the model counts them. */
async function transcriptParts(segments: AnalysisInput["segments"], host: LlmHost, maxTokens: number): Promise<TranscriptPart[]> {
  const lines = partLines(segments);
  const counts = await countTokens(host, lines.words);
  return cutIntoParts(lines, (line) => counts.get(line) ?? line.length, maxTokens);
}

/** Tokens of each distinct text, as the model counts them (one request for all). */
async function countTokens(host: LlmHost, texts: string[]): Promise<Map<string, number>> {
  const distinct = [...new Set(texts)];
  const { counts } = await host.call<{ counts: number[] }>("countTokens", { texts: distinct });
  return new Map(distinct.map((t, i) => [t, counts[i]]));
}

type Loaded = { host: LlmHost; trainContextSize: number; path: string };

export class LocalLlmAnalysisEngine implements AnalysisEngine {
  readonly name = "llm";
  readonly model: string;
  private loaded: Promise<Loaded> | undefined;
  private host: LlmHost | undefined;
  private idleTimer: NodeJS.Timeout | undefined;
  private unavailableUntil = 0;
  private readonly log: (line: string) => void;
  private readonly modelPath: string;
  private readonly watch: ModelWatch;

  constructor(private readonly options: LlmEngineOptions) {
    const resolved = resolveLlmModel(options.model, options.dataDir);
    this.model = resolved.name;
    this.modelPath = resolved.path;
    this.log = options.log ?? ((line) => log.warn(line));
    this.watch = new ModelWatch({
      name: resolved.name,
      path: resolved.path,
      dataDir: options.dataDir,
      downloadable: Boolean(resolved.catalogue || options.modelUrl),
      download: (onProgress) => this.prepare(onProgress),
      log: this.log,
      retryAfterMs: options.retryDownloadAfterMs ?? 10 * 60_000,
    });
  }

  /** Worker start: the download in the background if needed, then the speed measured once. */
  async warmUp(): Promise<MeasuredSpeed | undefined> {
    this.watch.check();
    await this.watch.settled();
    if (this.watch.check() !== "ready") return undefined;
    let speed = this.speed();
    if (!speed) {
      const { host } = await this.load({ segments: [], language: "it" });
      speed = await measureSpeed(host, this.threads());
      saveSpeed(this.options.dataDir, this.modelPath, this.threads(), speed);
      this.scheduleUnload();
      this.log(
        `[modello linguistico] velocità misurata: lettura ${speed.readPerSecond.toFixed(0)} token/s, scrittura ${speed.writePerSecond.toFixed(1)} token/s (${speed.threads} thread).`,
      );
    }
    const status = readLlmStatus(this.options.dataDir);
    writeLlmStatus(this.options.dataDir, { ...(status?.model === this.model ? status : {}), model: this.model, state: "ready", fraction: 1, speed });
    return speed;
  }

  /** The download under way, if any (tests, shutdown). */
  downloadSettled(): Promise<void> {
    return this.watch.settled();
  }

  /** This machine's measured speed for the model, once measured. */
  speed(): MeasuredSpeed | undefined {
    return cachedSpeed(this.options.dataDir, this.modelPath, this.threads());
  }

  private threads(): number {
    return this.options.threads ?? os.availableParallelism();
  }

  /** The model file, downloaded when missing (progress 0..1). */
  async prepare(onProgress?: (fraction: number) => void, signal?: AbortSignal): Promise<string> {
    const progress: DownloadProgress | undefined = onProgress ? (f) => onProgress(f) : undefined;
    return ensureLlmModel(this.options.model, {
      dataDir: this.options.dataDir,
      baseUrl: this.options.modelUrl,
      checksum: this.options.checksum,
      onProgress: progress,
      signal,
      log: this.log,
    });
  }

  async analyze(input: AnalysisInput): Promise<AnalysisOutput> {
    const lines = transcriptLines(input.segments);
    if (lines.length === 0) return { title: "", summary: "", topics: [], decisions: [], actionItems: [] };
    const availability = this.watch.check();
    if (availability !== "ready") return this.fallback(input, availability === "downloading" ? "downloading" : "unavailable");
    const speed = input.waitForLlm ? undefined : this.speed();
    if (
      speed &&
      estimateSecondsForText(lines.join("\n").length, speed) > SLOW_ANALYSIS_SECONDS &&
      (await this.secondsLeft(input, speed)) > SLOW_ANALYSIS_SECONDS
    )
      return this.fallback(input, "slow");
    let loaded: Loaded;
    try {
      if (Date.now() < this.unavailableUntil)
        throw new UserFacingError(`Modello linguistico "${this.model}" non disponibile (download fallito di recente).`, false);
      loaded = await this.load(input);
    } catch (error) {
      if (input.signal?.aborted) throw error;
      this.unavailableUntil = Date.now() + (this.options.retryDownloadAfterMs ?? 10 * 60_000);
      this.log(`[analisi] ${(error as Error).message} Uso l'analizzatore estrattivo.`);
      return this.fallback(input, "unavailable");
    }
    try {
      return await this.run(loaded, input);
    } catch (error) {
      if (input.signal?.aborted) throw error;
      this.log(
        `[analisi] il modello linguistico "${this.model}" non ha prodotto il verbale (${(error as Error).message}); uso l'analizzatore estrattivo.`,
      );
      return this.fallback(input, "unavailable");
    } finally {
      this.scheduleUnload();
    }
  }

  /** The estimate without the parts done during the meeting (minutes_parts): only what is left to ask. */
  private async secondsLeft(input: AnalysisInput, speed: MeasuredSpeed): Promise<number> {
    if (!input.parts) return Infinity;
    try {
      const { host } = await this.load(input);
      const parts = await transcriptParts(input.segments, host, this.options.partTokens ?? DEFAULT_PART_TOKENS);
      if (parts.length === 1) return Infinity;
      const asked: string[] = [];
      for (const [index, part] of parts.entries()) {
        if (!(await input.parts.get(index, partHash(part.key, agendaOf(input)), this.model))) asked.push(part.lines.join("\n"));
      }
      const counts = await countTokens(host, asked);
      return estimateAnalysisSeconds(
        asked.reduce((sum, text) => sum + (counts.get(text) ?? 0), 0),
        speed,
      );
    } catch {
      return Infinity;
    } finally {
      this.scheduleUnload();
    }
  }

  /** Frees the model and the native runtime (tests, shutdown). */
  async dispose(): Promise<void> {
    clearTimeout(this.idleTimer);
    const loaded = this.loaded;
    this.loaded = this.host = undefined;
    if (!loaded) return;
    const l = await loaded.catch(() => undefined);
    await l?.host.stop();
  }

  private async fallback(input: AnalysisInput, standIn: LlmStandIn): Promise<AnalysisOutput> {
    const result = await this.options.fallback.analyze(input);
    return { ...result, producedBy: { name: this.options.fallback.name, model: this.options.fallback.model }, standIn };
  }

  private load(input: AnalysisInput): Promise<Loaded> {
    clearTimeout(this.idleTimer);
    // A process that ended (killed, crashed) is replaced by a new one.
    if (this.host && !this.host.alive) this.loaded = this.host = undefined;
    this.loaded ??= (async () => {
      const file = await this.prepare(input.onProgress, input.signal);
      const host = new LlmHost(this.options.priority ?? "low");
      this.host = host;
      try {
        const { trainContextSize } = await host.call<{ trainContextSize: number }>("load", { modelPath: file });
        return { host, trainContextSize, path: file };
      } catch (error) {
        await host.stop();
        throw error;
      }
    })();
    this.loaded.catch(() => {
      this.loaded = undefined;
    });
    return this.loaded;
  }

  private scheduleUnload() {
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => void this.dispose(), IDLE_UNLOAD_MS);
    this.idleTimer.unref();
  }

  /**
   * Issue 35, during a meeting: the map step of each complete part of the live transcript (every
   * part but the last, which may still grow) not done yet, kept in input.parts by position and a
   * hash of its words; answers the minutes so far (no title or summary).
   */
  async mapCompleteParts(input: AnalysisInput): Promise<AnalysisResult | null> {
    if (transcriptLines(input.segments).length === 0 || !input.parts || this.watch.check() !== "ready") return null;
    const loaded = await this.load(input);
    try {
      return await this.run(loaded, input, true);
    } finally {
      this.scheduleUnload();
    }
  }

  private async run({ host, trainContextSize }: Loaded, input: AnalysisInput, live = false): Promise<AnalysisResult> {
    const partTokens = this.options.partTokens ?? DEFAULT_PART_TOKENS;
    const parts = await transcriptParts(input.segments, host, partTokens);
    const threads = this.threads();
    const agenda = agendaOf(input);
    const topicNames = agenda && agendaTopicNames(agenda);
    const systemPrompt = systemPromptFor(agenda);
    const instructions = await countTokens(host, agenda ? [systemPrompt, agendaLines(agenda)] : [systemPrompt]);
    await host.call("openContext", { contextSize: partContextSize(trainContextSize, partTokens, [...instructions.values()]), threads });
    const askOnce = async <T>(schema: object, prompt: string, maxTokens: number, seed: number): Promise<T> => {
      input.signal?.throwIfAborted();
      const { text: answer } = await host.call<{ text: string }>(
        "ask",
        { systemPrompt, prompt, schema, maxTokens, temperature: 0.2, seed },
        input.signal,
      );
      return JSON.parse(answer) as T;
    };
    // An answer cut off by maxTokens is JSON without its end: one more draw before giving up.
    const ask = async <T>(schema: object, prompt: string, maxTokens: number): Promise<T> => {
      try {
        return await askOnce<T>(schema, prompt, maxTokens, 1);
      } catch (error) {
        if (!(error instanceof SyntaxError)) throw error;
        return askOnce<T>(schema, prompt, maxTokens, 2);
      }
    };
    try {
      const partials: PartialMinutes[] = [];
      let overall = { title: "", summary: "" };
      for (const [index, part] of parts.entries()) {
        const single = parts.length === 1;
        if (live && index === parts.length - 1) break;
        // A part done during the meeting (same place, same words and agenda, same model) is not asked again.
        const hash = single ? "" : partHash(part.key, agenda);
        const kept = single ? undefined : ((await input.parts?.get(index, hash, this.model)) as PartAnswer | undefined);
        const answer =
          kept ??
          (await ask<PartAnswer>(
            partSchema(stampsOf(part.lines), single, topicNames),
            partPrompt(part.lines, index, single, agenda),
            PART_ANSWER_TOKENS,
          ));
        if (!kept && !single) await input.parts?.put(index, hash, this.model, answer);
        partials.push(answer);
        if (single) overall = { title: answer.titolo ?? "", summary: answer.riassunto };
        input.onProgress?.((index + 1) / (parts.length + (single ? 0 : 1)));
      }
      if (live) return assembleMinutes(partials, input.segments, overall);
      if (parts.length > 1) {
        const answer = await ask<OverallAnswer>(OVERALL_SCHEMA, overallPrompt(partials), OVERALL_ANSWER_TOKENS);
        overall = { title: answer.titolo, summary: answer.riassunto };
        input.onProgress?.(1);
      }
      const minutes = assembleMinutes(partials, input.segments, overall);
      return agenda ? fitToAgenda(minutes, agenda) : minutes;
    } finally {
      if (host.alive) await host.call("closeContext").catch(() => undefined);
    }
  }
}
