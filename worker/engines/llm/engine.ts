import { createHash } from "node:crypto";
import os from "node:os";
import type { AnalysisResult } from "~/lib/analysis";
import { agendaOf, agendaTopicNames, fitToAgenda } from "../agenda-fit";
import { AGENDA_INSTRUCTIONS, agendaLines, assembleMinutes, MINUTES_INSTRUCTIONS, stampsOf, transcriptLines, type PartialMinutes } from "../minutes";
import type { DownloadProgress } from "../model-files";
import { UserFacingError, type AnalysisEngine, type AnalysisInput, type AnalysisOutput } from "../types";
import { ensureLlmModel, resolveLlmModel, type LlmDownloadOptions } from "./models";
import { log } from "~/services/logger.server";
import { readLlmStatus, writeLlmStatus, type LlmStandIn } from "~/services/llm-status.server";
import { estimateAnalysisSeconds, estimateSecondsForText, SLOW_ANALYSIS_SECONDS } from "~/lib/llm-estimate";
import { ModelWatch } from "./availability";
import { LlmHost, type LlmPriority } from "./host";
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
/** Tokens the answer of one part may take; the schema's limits keep a complete answer below it. */
const PART_ANSWER_TOKENS = 1600;
const OVERALL_ANSWER_TOKENS = 700;
/** Unload the model after this long without work, giving its memory back. */
const IDLE_UNLOAD_MS = 10 * 60_000;

const text = (min: number, max: number) => ({ type: "string", minLength: min, maxLength: max }) as const;
const nullableText = (max: number) => ({ oneOf: [{ type: "string", maxLength: max }, { type: "null" }] }) as const;

function partSchema(stamps: string[], withTitle: boolean, topicNames?: string[]) {
  const minuto = { enum: stamps };
  // With an agenda (issue 31) a topic is one of its items by name: the grammar allows no other.
  const nome = topicNames ? { enum: topicNames } : text(3, 60);
  return {
    type: "object",
    properties: {
      ...(withTitle ? { titolo: text(3, 60) } : {}),
      riassunto: text(1, withTitle ? 1200 : 500),
      argomenti: {
        type: "array",
        minItems: 1,
        maxItems: topicNames ? Math.min(topicNames.length, 6) : 3,
        items: {
          type: "object",
          properties: {
            nome,
            punti: { type: "array", minItems: 1, maxItems: 3, items: { type: "object", properties: { punto: text(3, 160), minuto } } },
          },
        },
      },
      decisioni: { type: "array", maxItems: 4, items: { type: "object", properties: { testo: text(3, 160), minuto } } },
      azioni: {
        type: "array",
        maxItems: 4,
        items: { type: "object", properties: { attivita: text(3, 160), responsabile: nullableText(40), scadenza: nullableText(40), minuto } },
      },
    },
  } as const;
}

export { partSchema };

const OVERALL_SCHEMA = { type: "object", properties: { titolo: text(3, 60), riassunto: text(1, 1200) } } as const;

/**
 * A part's key in minutes_parts: its words and, with an agenda, the agenda it was asked under, so
 * an edited part or a changed agenda gets another key and the part is asked again.
 */
function partHash(lines: string[], agenda: string[] | undefined): string {
  return createHash("sha256")
    .update((agenda ? [agendaLines(agenda), ...lines] : lines).join("\n"))
    .digest("hex");
}

/** Groups lines into parts of at most maxTokens (a single longer line is its own part). */
export function splitByTokens(lines: string[], countTokens: (line: string) => number, maxTokens: number): string[][] {
  const parts: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    const n = countTokens(line) + 1;
    if (current.length > 0 && size + n > maxTokens) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(line);
    size += n;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * The transcript in parts, each with the lines the model reads and the words it is known by.
 * Parts are cut and known by their words alone: speakers are labelled only after «Invia»
 * (channels, diarization), so a part mapped during the meeting keeps its place and key when they
 * arrive, while the prompt still shows them.
 */
async function transcriptParts(segments: AnalysisInput["segments"], host: LlmHost, maxTokens: number) {
  const words = transcriptLines(segments.map((s) => ({ ...s, speaker: null })));
  const shown = transcriptLines(segments);
  const counts = await countTokens(host, words);
  let at = 0;
  return splitByTokens(words, (line) => counts.get(line) ?? line.length, maxTokens).map((key) => {
    const part = { lines: shown.slice(at, at + key.length), key };
    at += key.length;
    return part;
  });
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
    const systemPrompt = agenda ? `${MINUTES_INSTRUCTIONS} ${AGENDA_INSTRUCTIONS}` : MINUTES_INSTRUCTIONS;
    // Room for the instructions and the agenda as this model counts them (a byte-level tokenizer
    // needs far more than a real one), plus the chat template's own tokens; never less than 1,024.
    const instructions = await countTokens(host, agenda ? [systemPrompt, agendaLines(agenda)] : [systemPrompt]);
    const instructionTokens = [...instructions.values()].reduce((a, b) => a + b, 0) + 256;
    await host.call("openContext", {
      contextSize: Math.min(trainContextSize, partTokens + PART_ANSWER_TOKENS + Math.max(1024, instructionTokens)),
      threads,
    });
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
        const kept = single ? undefined : ((await input.parts?.get(index, hash, this.model)) as (PartialMinutes & { titolo?: string }) | undefined);
        // No "of N" in the heading: a part done during the meeting (N unknown yet) reads as it will at «Invia».
        const heading = single ? "Trascrizione della riunione" : `Parte ${index + 1} della trascrizione della riunione`;
        const answer =
          kept ??
          (await ask<PartialMinutes & { titolo?: string }>(
            partSchema(stampsOf(part.lines), single, topicNames),
            `${agenda ? `${agendaLines(agenda)}\n\n` : ""}${heading}:\n\n${part.lines.join("\n")}`,
            PART_ANSWER_TOKENS,
          ));
        if (!kept && !single) await input.parts?.put(index, hash, this.model, answer);
        partials.push(answer);
        if (single) overall = { title: answer.titolo ?? "", summary: answer.riassunto };
        input.onProgress?.((index + 1) / (parts.length + (single ? 0 : 1)));
      }
      if (live) return assembleMinutes(partials, input.segments, overall);
      if (parts.length > 1) {
        const digest = partials.map((p, i) => `Parte ${i + 1}: ${p.riassunto}\nArgomenti: ${p.argomenti.map((a) => a.nome).join("; ")}`).join("\n\n");
        const answer = await ask<{ titolo: string; riassunto: string }>(
          OVERALL_SCHEMA,
          `Questi sono i riassunti delle parti consecutive di una riunione. Scrivi il titolo dell'intera riunione (che ne nomini l'oggetto, mai un saluto) e un riassunto complessivo che tocchi ogni argomento.\n\n${digest}`,
          OVERALL_ANSWER_TOKENS,
        );
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
