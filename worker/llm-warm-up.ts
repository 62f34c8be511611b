import { getConfig } from "~/services/config.server";
import { log } from "~/services/logger.server";
import { getAnalysisEngine } from "./engines/index";

/**
 * Worker start with the local LLM configured (issue 35): its model downloads in the background
 * (the minutes meanwhile come from the extractive analyzer), then its speed is measured once.
 * Nothing waits for this; a failure is logged and the extractive analyzer keeps standing in.
 */
export function startLlmWarmUp(): void {
  if (getConfig().ANALYSIS_ENGINE !== "local") return;
  void (async () => {
    const engine = await getAnalysisEngine();
    const { LocalLlmAnalysisEngine } = await import("./engines/llm/engine");
    if (engine instanceof LocalLlmAnalysisEngine) await engine.warmUp();
  })().catch((error: unknown) => log.warn({ err: error }, "[modello linguistico] preparazione non riuscita"));
}
