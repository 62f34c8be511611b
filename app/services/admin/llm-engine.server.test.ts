import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { getConfig, type Config } from "../config.server";
import { writeLlmStatus } from "../llm-status.server";
import { getMinutesEngineOverview } from "./llm-engine.server";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "minutes-engine-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const config = (overrides: Partial<Config>): Config => ({ ...getConfig(), DATA_DIR: dataDir, LLM_MODEL: undefined, ...overrides });

describe("«Motore del verbale» on the admin overview", () => {
  it("the local LLM: its download as the worker wrote it, then its speed and the 60-minute estimate", () => {
    expect(getMinutesEngineOverview(config({ ANALYSIS_ENGINE: "local" }))).toMatchObject({
      engine: "local",
      model: "qwen2.5-1.5b-instruct-q4_k_m",
      download: null,
      sixtyMinutesSeconds: null,
    });
    writeLlmStatus(dataDir, {
      model: "qwen2.5-1.5b-instruct-q4_k_m",
      state: "downloading",
      fraction: 0.42,
      receivedBytes: 469_000_000,
      totalBytes: 1_117_320_736,
    });
    expect(getMinutesEngineOverview(config({ ANALYSIS_ENGINE: "local" })).download).toMatchObject({ state: "downloading", fraction: 0.42 });
    const speed = { readPerSecond: 174, writePerSecond: 14.9, charsPerToken: 3.5, threads: 2, cpu: "Xeon", measuredAt: new Date().toISOString() };
    writeLlmStatus(dataDir, { model: "qwen2.5-1.5b-instruct-q4_k_m", state: "ready", fraction: 1, speed });
    const ready = getMinutesEngineOverview(config({ ANALYSIS_ENGINE: "local" }));
    expect(ready).toMatchObject({ download: { state: "ready" }, speed: { readPerSecond: 174, writePerSecond: 14.9, threads: 2 }, slow: true });
    expect(ready.sixtyMinutesSeconds! / 60).toBeGreaterThan(6);
    // Another model configured: the status of the old one says nothing about it.
    expect(getMinutesEngineOverview(config({ ANALYSIS_ENGINE: "local", LLM_MODEL: "/modelli/altro.gguf" }))).toMatchObject({
      model: "altro",
      download: null,
    });
  });

  it("the extractive analyzer and a server: no download, no estimate", () => {
    expect(getMinutesEngineOverview(config({ ANALYSIS_ENGINE: "extractive" }))).toMatchObject({
      engine: "extractive",
      model: "textrank-it-1",
      download: null,
    });
    expect(getMinutesEngineOverview(config({ ANALYSIS_ENGINE: "openai", ANALYSIS_MODEL: "qwen2.5:7b" }))).toMatchObject({
      engine: "openai",
      model: "qwen2.5:7b",
      speed: null,
    });
  });
});
