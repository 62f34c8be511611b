import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { LlmSpeed } from "~/lib/llm-estimate";
import { modelsDir } from "../whisper/models";
import type { LlmHost } from "./host";

/**
 * The local LLM's reading and writing speed on this machine (issue 35), measured once in a few
 * seconds and kept in DATA_DIR/models/llm-speed.json by model file (name and size), CPU and
 * threads: the same model on the same machine is not measured again at the next start.
 */

export type MeasuredSpeed = LlmSpeed & { threads: number; cpu: string; measuredAt: string };

const SAMPLE =
  "Buonasera a tutti, apriamo la riunione. Primo punto all'ordine del giorno: il bilancio preventivo dell'anno prossimo. " +
  "La tesoriera propone di rinviare l'acquisto delle sedie a marzo; si approva all'unanimità. Marco manderà il verbale entro venerdì. ";
const PROMPT_REPEAT = 3;
const GENERATE_TOKENS = 24;

function cacheFile(dataDir: string): string {
  return path.join(modelsDir(dataDir), "llm-speed.json");
}

function keyOf(modelPath: string, threads: number): string {
  const size = fs.statSync(modelPath).size;
  return `${path.basename(modelPath)}:${size}:${os.cpus()[0]?.model ?? "cpu"}:${threads}`;
}

function readCache(dataDir: string): Record<string, MeasuredSpeed> {
  try {
    return JSON.parse(fs.readFileSync(cacheFile(dataDir), "utf8")) as Record<string, MeasuredSpeed>;
  } catch {
    return {};
  }
}

export function cachedSpeed(dataDir: string, modelPath: string, threads: number): MeasuredSpeed | undefined {
  if (!fs.existsSync(modelPath)) return undefined;
  return readCache(dataDir)[keyOf(modelPath, threads)];
}

export function saveSpeed(dataDir: string, modelPath: string, threads: number, speed: MeasuredSpeed): void {
  const cache = { ...readCache(dataDir), [keyOf(modelPath, threads)]: speed };
  fs.mkdirSync(path.dirname(cacheFile(dataDir)), { recursive: true });
  fs.writeFileSync(cacheFile(dataDir), JSON.stringify(cache, null, 2));
}

/** Reads an Italian sample, then writes a few tokens, timing each (about 5 s for the default model on 2 cores). */
export async function measureSpeed(host: LlmHost, threads: number): Promise<MeasuredSpeed> {
  const text = SAMPLE.repeat(PROMPT_REPEAT);
  const m = await host.call<{ tokens: number; readSeconds: number; written: number; writeSeconds: number }>("measureSpeed", {
    text,
    generate: GENERATE_TOKENS,
    threads,
  });
  return {
    readPerSecond: m.tokens / Math.max(m.readSeconds, 1e-3),
    writePerSecond: m.written / Math.max(m.writeSeconds, 1e-3),
    charsPerToken: text.length / m.tokens,
    threads,
    cpu: os.cpus()[0]?.model ?? "cpu",
    measuredAt: new Date().toISOString(),
  };
}
