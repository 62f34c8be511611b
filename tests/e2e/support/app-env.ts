import path from "node:path";
import { buildSyntheticModel } from "../../support/synthetic-ggml";
import { E2E } from "./env";

/**
 * Extra environment for the app under end-to-end test. The pipeline runs with the local engines
 * (no key, no network): whisper.cpp on a synthetic tiny model of the real architecture (built
 * from whisper.cpp's test file; it "says" a fixed Italian script), and the local analyzer.
 */
export async function appEnv(): Promise<Record<string, string>> {
  const model = buildSyntheticModel({ arch: "tiny", dir: path.join(E2E.root, "tests", ".data", "models") });
  return {
    TRANSCRIPTION_ENGINE: "whisper",
    ANALYSIS_ENGINE: "local",
    WHISPER_MODEL: model,
    // Nothing to download in tests: a wrong model must fail fast, not try the network.
    WHISPER_MODEL_URL: "http://127.0.0.1:9/models",
    // The local LLM's model cannot be fetched either: the extractive analyzer makes the minutes.
    LLM_MODEL_URL: "http://127.0.0.1:9/models",
    // Nor the diarization models: under DIARIZATION=auto the transcripts stay without speakers.
    DIARIZATION_MODEL_URL: "http://127.0.0.1:9/models",
  };
}
