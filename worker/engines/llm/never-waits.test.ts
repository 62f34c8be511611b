import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TimedSegment } from "~/lib/analysis";
import { readLlmStatus } from "~/services/llm-status.server";
import { buildSyntheticGguf } from "../../../tests/support/synthetic-gguf";
import { LocalAnalysisEngine } from "../local-analysis/index";
import { LocalLlmAnalysisEngine } from "./engine";
import { saveSpeed } from "./speed";

/**
 * Issue 35 on the tiny synthetic GGUF: the minutes never wait for the model's download, and the
 * measured speed decides whether the LLM writes them now or the extractive analyzer stands in.
 */

let dir: string;
let modelFile: string;
let stalling: http.Server;
let stallingUrl: string;
const engines: LocalLlmAnalysisEngine[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "llm-never-waits-"));
  modelFile = buildSyntheticGguf({ shape: "tiny" });
  // A mirror that announces a gigabyte, sends 64 KB and then nothing more, ever.
  stalling = http.createServer((_req, res) => {
    res.writeHead(200, { "Content-Length": 1_117_320_736, "Content-Type": "application/octet-stream" });
    res.write(Buffer.alloc(64 * 1024));
  });
  await new Promise<void>((resolve) => stalling.listen(0, "127.0.0.1", resolve));
  stallingUrl = `http://127.0.0.1:${(stalling.address() as AddressInfo).port}`;
});

afterAll(async () => {
  stalling.closeAllConnections();
  await new Promise((resolve) => stalling.close(resolve));
  for (const engine of engines) {
    await engine.downloadSettled();
    await engine.dispose();
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

function engine(options: Partial<ConstructorParameters<typeof LocalLlmAnalysisEngine>[0]> = {}) {
  const e = new LocalLlmAnalysisEngine({
    model: modelFile,
    dataDir: fs.mkdtempSync(path.join(dir, "data-")),
    threads: 1,
    // Beside other test files on the same cores a model at the lowest priority would wait for them.
    priority: "normal",
    fallback: new LocalAnalysisEngine(),
    log: () => {},
    ...options,
  });
  engines.push(e);
  return e;
}

const meeting: TimedSegment[] = [
  { start: 0, end: 6, text: "Buonasera, apriamo l'assemblea del condominio di via Roma." },
  { start: 6, end: 14, text: "Primo punto all'ordine del giorno: il rifacimento della facciata." },
  { start: 75, end: 84, text: "Si approva il preventivo dell'impresa Rossi all'unanimità." },
  { start: 130, end: 140, text: "L'amministratore invierà il verbale ai condomini entro il trenta maggio." },
];

describe("the local LLM never makes anyone wait", () => {
  it("a download that never finishes does not delay the minutes: the extractive analyzer writes them at once and says why", async () => {
    const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
    const e = engine({ model: "qwen2.5-1.5b-instruct-q4_k_m", dataDir, modelUrl: stallingUrl });
    const started = Date.now();
    const first = await e.analyze({ segments: meeting, language: "it" });
    const second = await e.analyze({ segments: meeting, language: "it" });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(first).toMatchObject({ producedBy: { name: "local", model: "textrank-it-1" }, standIn: "downloading" });
    expect(first.topics.length).toBeGreaterThan(0);
    expect(second.standIn).toBe("downloading");
    await expect.poll(() => readLlmStatus(dataDir)?.state).toBe("downloading");
    expect(readLlmStatus(dataDir)?.model).toBe("qwen2.5-1.5b-instruct-q4_k_m");
    expect(fs.existsSync(path.join(dataDir, "models", "qwen2.5-1.5b-instruct-q4_k_m.gguf"))).toBe(false);
  });

  it("measures the speed once at start and keeps it by model, CPU and threads: the next start reads it", { timeout: 120_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
    const e = engine({ dataDir });
    expect(e.speed()).toBeUndefined();
    const measured = await e.warmUp();
    expect(measured!.readPerSecond).toBeGreaterThan(0);
    expect(measured!.writePerSecond).toBeGreaterThan(0);
    expect(measured!.threads).toBe(1);
    expect(readLlmStatus(dataDir)).toMatchObject({ state: "ready", speed: { readPerSecond: measured!.readPerSecond } });
    const again = engine({ dataDir });
    expect(again.speed()).toEqual(measured);
    expect(await again.warmUp()).toEqual(measured);
    // Other threads: another machine as far as speed goes.
    expect(engine({ dataDir, threads: 2 }).speed()).toBeUndefined();
  });

  it(
    "when the estimate is over 5 minutes the extractive analyzer stands in ('slow'), unless the LLM is asked to wait; under it, the LLM writes",
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
      const slow = engine({ dataDir });
      // 4 tokens read and 1 written per second: 450 tokens of answer alone take 7.5 minutes.
      const speed = { readPerSecond: 4, writePerSecond: 1, charsPerToken: 4, threads: 1, cpu: "lenta", measuredAt: new Date().toISOString() };
      saveSpeed(dataDir, modelFile, 1, speed);
      const first = await slow.analyze({ segments: meeting, language: "it" });
      expect(first).toMatchObject({ producedBy: { name: "local" }, standIn: "slow" });
      const waited = await slow.analyze({ segments: meeting, language: "it", waitForLlm: true });
      expect(waited.producedBy).toBeUndefined();
      expect(waited.standIn).toBeUndefined();

      saveSpeed(dataDir, modelFile, 1, { ...speed, readPerSecond: 400, writePerSecond: 40 });
      const fast = await slow.analyze({ segments: meeting, language: "it" });
      expect(fast.producedBy).toBeUndefined();
    },
  );
});
