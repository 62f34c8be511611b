import fs from "node:fs";
import path from "node:path";
import type { LlmSpeed } from "~/lib/llm-estimate";

/**
 * The local LLM's state as the worker last wrote it in DATA_DIR/models/llm-status.json (issue 35):
 * the model's download, and its measured speed. A file, not a table: the worker writes it while it
 * downloads (many times a minute) and the admin overview and the result page only read it.
 */

export type LlmDownloadState = "downloading" | "ready" | "failed";

/** Why the extractive analyzer wrote the minutes instead of the local LLM (analyses.stand_in). */
export type LlmStandIn = "downloading" | "unavailable" | "slow";

export type LlmStatus = {
  model: string;
  state: LlmDownloadState;
  /** 0..1 of the download. */
  fraction: number;
  receivedBytes?: number;
  totalBytes?: number;
  /** Why the download failed (Italian, as logged). */
  error?: string;
  speed?: LlmSpeed & { threads: number; cpu: string; measuredAt: string };
  updatedAt: string;
};

export function llmStatusFile(dataDir: string): string {
  return path.join(dataDir, "models", "llm-status.json");
}

export function readLlmStatus(dataDir: string): LlmStatus | null {
  try {
    return JSON.parse(fs.readFileSync(llmStatusFile(dataDir), "utf8")) as LlmStatus;
  } catch {
    return null;
  }
}

/** Written whole to a temporary file and renamed, so a reader never sees half of it. */
export function writeLlmStatus(dataDir: string, status: Omit<LlmStatus, "updatedAt">): void {
  const file = llmStatusFile(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, JSON.stringify({ ...status, updatedAt: new Date().toISOString() }));
  fs.renameSync(temp, file);
}
