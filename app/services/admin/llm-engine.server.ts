import path from "node:path";
import { estimateSecondsForMeeting, SLOW_ANALYSIS_SECONDS } from "~/lib/llm-estimate";
import { getConfig, type Config } from "../config.server";
import { readLlmStatus, type LlmStatus } from "../llm-status.server";

/**
 * The admin overview's «Motore del verbale» (issue 35): the analysis engine in use and, for the
 * local LLM, its download, its measured speed and the time it would take for a 60-minute meeting
 * (from DATA_DIR/models/llm-status.json, written by the worker).
 */

export type MinutesEngineOverview = {
  engine: Config["ANALYSIS_ENGINE"];
  model: string | null;
  download: Pick<LlmStatus, "state" | "fraction" | "receivedBytes" | "totalBytes" | "error"> | null;
  speed: { readPerSecond: number; writePerSecond: number; threads: number } | null;
  /** Seconds of analysis for a 60-minute meeting on this machine, once the speed is known. */
  sixtyMinutesSeconds: number | null;
  /** Over 5 minutes: the extractive minutes come first, the LLM's follow. */
  slow: boolean;
};

export function getMinutesEngineOverview(config: Config = getConfig()): MinutesEngineOverview {
  const engine = config.ANALYSIS_ENGINE;
  if (engine !== "local") {
    const model = engine === "openai" ? (config.ANALYSIS_MODEL ?? config.OPENAI_ANALYSIS_MODEL) : "textrank-it-1";
    return { engine, model, download: null, speed: null, sixtyMinutesSeconds: null, slow: false };
  }
  const spec = config.LLM_MODEL ?? "qwen2.5-1.5b-instruct-q4_k_m";
  const model = path.basename(spec).replace(/\.gguf$/, "");
  const status = readLlmStatus(config.DATA_DIR);
  const mine = status?.model === model ? status : null;
  const speed = mine?.speed ?? null;
  const sixtyMinutesSeconds = speed ? Math.round(estimateSecondsForMeeting(60, speed)) : null;
  return {
    engine,
    model,
    download: mine
      ? { state: mine.state, fraction: mine.fraction, receivedBytes: mine.receivedBytes, totalBytes: mine.totalBytes, error: mine.error }
      : null,
    speed: speed ? { readPerSecond: speed.readPerSecond, writePerSecond: speed.writePerSecond, threads: speed.threads } : null,
    sixtyMinutesSeconds,
    slow: sixtyMinutesSeconds !== null && sixtyMinutesSeconds > SLOW_ANALYSIS_SECONDS,
  };
}
