import { getConfig, type Config } from "~/services/config.server";
import { OpenAIAnalysisEngine } from "./openai-analysis";
import { OpenAISpeechEngine } from "./openai-speech";
import { UserFacingError, type AnalysisEngine, type SpeechEngine } from "./types";

/**
 * Chooses the engines from the configuration (TRANSCRIPTION_ENGINE whisper|openai,
 * ANALYSIS_ENGINE local|extractive|openai). The local engines are imported on first use: their
 * native bindings and model files cost nothing to a deployment that uses a server.
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
    const { WhisperEngine } = await import("./whisper/engine");
    engine = new WhisperEngine({ model: config.WHISPER_MODEL, dataDir: config.DATA_DIR, modelUrl: config.WHISPER_MODEL_URL });
  }
  cache().set(key, engine);
  return engine;
}

/** The OpenAI-compatible analysis server: ANALYSIS_BASE_URL (any key, even none) or the OpenAI settings. */
function analysisServerOptions(config: Config) {
  const model = config.ANALYSIS_MODEL ?? config.OPENAI_ANALYSIS_MODEL;
  if (config.ANALYSIS_BASE_URL) {
    // Ollama and llama.cpp's server want no key; the SDK wants a string.
    return { apiKey: config.ANALYSIS_API_KEY ?? config.OPENAI_API_KEY ?? "nessuna-chiave", baseURL: config.ANALYSIS_BASE_URL, model };
  }
  if (config.ANALYSIS_API_KEY) return { apiKey: config.ANALYSIS_API_KEY, baseURL: config.OPENAI_BASE_URL, model };
  return openAIOptions(config, model);
}

export async function getAnalysisEngine(config: Config = getConfig()): Promise<AnalysisEngine> {
  const override = globalForEngines.__verbaleEngineOverrides?.analysis;
  if (override) return override;
  const key = [
    "analysis",
    config.ANALYSIS_ENGINE,
    config.ANALYSIS_BASE_URL ?? config.OPENAI_BASE_URL ?? "",
    config.ANALYSIS_MODEL ?? config.OPENAI_ANALYSIS_MODEL,
    config.LLM_MODEL ?? "",
    config.LLM_MODEL_URL ?? "",
    config.DATA_DIR,
  ].join(":");
  const cached = cache().get(key) as AnalysisEngine | undefined;
  if (cached) return cached;
  let engine: AnalysisEngine;
  if (config.ANALYSIS_ENGINE === "openai") {
    engine = new OpenAIAnalysisEngine(analysisServerOptions(config));
  } else {
    const { LocalAnalysisEngine } = await import("./local-analysis/index");
    engine = new LocalAnalysisEngine();
    if (config.ANALYSIS_ENGINE === "local") {
      const { LocalLlmAnalysisEngine } = await import("./llm/engine");
      engine = new LocalLlmAnalysisEngine({
        model: config.LLM_MODEL,
        modelUrl: config.LLM_MODEL_URL,
        dataDir: config.DATA_DIR,
        threads: config.LLM_THREADS,
        priority: config.LLM_PRIORITY,
        fallback: engine,
      });
    }
  }
  cache().set(key, engine);
  return engine;
}
