import { getConfig, type Config } from "~/services/config.server";
import { OpenAIAnalysisEngine } from "./openai-analysis";
import { OpenAISpeechEngine } from "./openai-speech";
import { UserFacingError, type AnalysisEngine, type SpeechEngine } from "./types";

/**
 * Chooses the engines from the configuration (TRANSCRIPTION_ENGINE whisper|openai,
 * ANALYSIS_ENGINE local|openai). The local engines are imported on first use: their native
 * binding and model files cost nothing to a deployment that uses OpenAI.
 */

type Overrides = { speech?: SpeechEngine; analysis?: AnalysisEngine };
const globalForEngines = globalThis as unknown as { __verbaleEngineOverrides?: Overrides; __verbaleEngines?: Map<string, unknown> };

/** Tests put stand-in engines here (e.g. one that counts calls or crashes on purpose). */
export function setEnginesForTests(overrides: Overrides | undefined): void {
  globalForEngines.__verbaleEngineOverrides = overrides;
  globalForEngines.__verbaleEngines = undefined;
}

function cache(): Map<string, unknown> {
  globalForEngines.__verbaleEngines ??= new Map();
  return globalForEngines.__verbaleEngines;
}

function openAIOptions(config: Config, model: string) {
  if (!config.OPENAI_API_KEY) {
    throw new UserFacingError("Il motore OpenAI è configurato ma OPENAI_API_KEY non è impostata.", false);
  }
  return { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model };
}

// Specifiers in variables: these modules are written in parallel and may not exist yet at build time.
const WHISPER_MODULE = "./whisper/engine";
const LOCAL_ANALYSIS_MODULE = "./local-analysis/index";

export async function getSpeechEngine(config: Config = getConfig()): Promise<SpeechEngine> {
  const override = globalForEngines.__verbaleEngineOverrides?.speech;
  if (override) return override;
  const key = `speech:${config.TRANSCRIPTION_ENGINE}:${config.OPENAI_BASE_URL ?? ""}:${config.OPENAI_TRANSCRIPTION_MODEL}:${config.WHISPER_MODEL}`;
  const cached = cache().get(key) as SpeechEngine | undefined;
  if (cached) return cached;
  let engine: SpeechEngine;
  if (config.TRANSCRIPTION_ENGINE === "openai") {
    engine = new OpenAISpeechEngine(openAIOptions(config, config.OPENAI_TRANSCRIPTION_MODEL));
  } else {
    const mod = (await import(/* @vite-ignore */ WHISPER_MODULE)) as Record<string, unknown>;
    const options = { model: config.WHISPER_MODEL, dataDir: config.DATA_DIR, modelUrl: config.WHISPER_MODEL_URL };
    engine = instantiate<SpeechEngine>(mod, ["createWhisperEngine"], ["WhisperEngine"], options);
  }
  cache().set(key, engine);
  return engine;
}

export async function getAnalysisEngine(config: Config = getConfig()): Promise<AnalysisEngine> {
  const override = globalForEngines.__verbaleEngineOverrides?.analysis;
  if (override) return override;
  const key = `analysis:${config.ANALYSIS_ENGINE}:${config.OPENAI_BASE_URL ?? ""}:${config.OPENAI_ANALYSIS_MODEL}`;
  const cached = cache().get(key) as AnalysisEngine | undefined;
  if (cached) return cached;
  let engine: AnalysisEngine;
  if (config.ANALYSIS_ENGINE === "openai") {
    engine = new OpenAIAnalysisEngine(openAIOptions(config, config.OPENAI_ANALYSIS_MODEL));
  } else {
    const mod = (await import(/* @vite-ignore */ LOCAL_ANALYSIS_MODULE)) as Record<string, unknown>;
    engine = instantiate<AnalysisEngine>(mod, ["createLocalAnalysisEngine"], ["LocalAnalysisEngine"], {});
  }
  cache().set(key, engine);
  return engine;
}

/** A factory function if the module has one, else its class, given the options. */
function instantiate<T>(mod: Record<string, unknown>, factories: string[], classes: string[], options: object): T {
  for (const name of factories) {
    const factory = mod[name];
    if (typeof factory === "function") return (factory as (o: object) => T)(options);
  }
  for (const name of classes) {
    const Ctor = mod[name];
    if (typeof Ctor === "function") return new (Ctor as new (o: object) => T)(options);
  }
  throw new Error(`Engine module exports none of ${[...factories, ...classes].join(", ")}`);
}
