import { createHash } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analysisResultSchema, formatTimestamp, type TimedSegment } from "~/lib/analysis";
import { buildSyntheticGguf } from "../../../tests/support/synthetic-gguf";
import { LocalAnalysisEngine } from "../local-analysis/index";
import { transcriptLines } from "../minutes";
import { LocalLlmAnalysisEngine } from "./engine";
import { splitByTokens } from "./parts";
import { resolveLlmModel } from "./models";
import { readLlmStatus } from "~/services/llm-status.server";

/**
 * The local LLM engine on a synthetic GGUF model (seeded random weights of a tiny llama): it
 * says nothing sensible, so these tests check what the engine guarantees whatever the model
 * says: output that parses into the shared schema, timestamps that exist in the transcript,
 * map-reduce over long meetings, the download on first use, and the extractive fallback.
 */

let dir: string;
let modelFile: string;
let modelBytes: Buffer;
let server: http.Server;
let baseUrl: string;
const served: string[] = [];
const engines: LocalLlmAnalysisEngine[] = [];

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "llm-engine-"));
  modelFile = buildSyntheticGguf({ shape: "tiny" });
  modelBytes = fs.readFileSync(modelFile);
  server = http.createServer((req, res) => {
    served.push(req.url ?? "");
    if (req.url !== "/synthetic-tiny.gguf") return void res.writeHead(404).end();
    res.writeHead(200, { "Content-Length": modelBytes.length, "Content-Type": "application/octet-stream" });
    // In pieces, so progress has something to report.
    let offset = 0;
    const next = () => {
      if (offset >= modelBytes.length) return void res.end();
      const piece = modelBytes.subarray(offset, offset + 64 * 1024);
      offset += piece.length;
      res.write(piece, next);
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const engine of engines) await engine.dispose();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The model files in DATA_DIR/models (not the status and speed files beside them). */
const modelFiles = (dataDir: string) => fs.readdirSync(path.join(dataDir, "models")).filter((f) => !f.endsWith(".json"));

const checksumOf = () => ({ algorithm: "sha256" as const, hex: createHash("sha256").update(modelBytes).digest("hex") });

function engine(options: Partial<ConstructorParameters<typeof LocalLlmAnalysisEngine>[0]> = {}) {
  const e = new LocalLlmAnalysisEngine({
    model: modelFile,
    dataDir: dir,
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
  { start: 200, end: 210, text: "Secondo punto: la pulizia delle scale, il contratto scade a giugno." },
];

/** Every timestamp in a result, to check each against the transcript. */
function timestampsOf(result: Awaited<ReturnType<LocalLlmAnalysisEngine["analyze"]>>): string[] {
  return [
    ...result.topics.flatMap((t) => t.keyPoints.map((p) => (typeof p === "string" ? undefined : p.estimatedTimestamp))),
    ...result.decisions.map((d) => d.timestamp),
    ...result.actionItems.map((a) => a.timestamp),
  ].filter((t): t is string => Boolean(t));
}

describe("local LLM analysis engine (synthetic GGUF)", () => {
  it("always returns minutes that parse into the shared schema, with timestamps taken from the transcript", { timeout: 120_000 }, async () => {
    const e = engine();
    const result = await e.analyze({ segments: meeting, language: "it" });
    expect(result.producedBy).toBeUndefined();
    expect(analysisResultSchema.safeParse(result).success).toBe(true);
    expect(result.title.length).toBeGreaterThan(0);
    expect(result.topics.length).toBeGreaterThan(0);
    const stamps = new Set(meeting.map((s) => formatTimestamp(s.start)));
    const used = timestampsOf(result);
    expect(used.length).toBeGreaterThan(0);
    for (const t of used) expect(stamps.has(t)).toBe(true);
    // A key point's excerpt is the transcript line said at its minute: a real quote.
    for (const topic of result.topics) {
      for (const p of topic.keyPoints) {
        if (typeof p !== "string" && p.estimatedTimestamp)
          expect(p.excerpt).toBe(meeting.find((s) => formatTimestamp(s.start) === p.estimatedTimestamp)!.text);
      }
    }
  });

  it("map-reduces a long meeting: every part contributes topics at its own minutes", async () => {
    const long: TimedSegment[] = Array.from({ length: 12 }, (_, i) => ({
      start: i * 300,
      end: i * 300 + 10,
      text: `Intervento numero ${i + 1} sul punto ${Math.floor(i / 6) + 1} dell'ordine del giorno, con una proposta da votare.`,
    }));
    const e = engine({ partTokens: 450 });
    const parts = splitByTokens(transcriptLines(long), (l) => Buffer.byteLength(l), 450);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    let progress = 0;
    const result = await e.analyze({ segments: long, language: "it", onProgress: (f) => (progress = f) });
    expect(result.producedBy).toBeUndefined();
    expect(progress).toBe(1);
    const used = timestampsOf(result);
    const stamps = new Set(long.map((s) => formatTimestamp(s.start)));
    for (const t of used) expect(stamps.has(t)).toBe(true);
    // Points from the start, the middle and the end of the meeting: no part was dropped.
    const seconds = used.map((t) => t.split(":").reduce((a, b) => a * 60 + Number(b), 0));
    expect(Math.min(...seconds)).toBeLessThan(1200);
    expect(Math.max(...seconds)).toBeGreaterThan(2400);
    // CPU-bound (a model run per part): generous on a busy 2-core machine.
  }, 180_000);

  it(
    "downloads a missing model in the background: the first minutes come from the extractive analyzer at once, the next from the model",
    { timeout: 120_000 },
    async () => {
      const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
      const logs: string[] = [];
      const e = engine({ model: "synthetic-tiny", dataDir, modelUrl: baseUrl, checksum: checksumOf(), log: (l) => logs.push(l) });
      const first = await e.analyze({ segments: meeting, language: "it" });
      expect(first.producedBy).toEqual({ name: "local", model: "textrank-it-1" });
      expect(first.standIn).toBe("downloading");
      await e.downloadSettled();
      const target = path.join(dataDir, "models", "synthetic-tiny.gguf");
      expect(fs.readFileSync(target).equals(modelBytes)).toBe(true);
      expect(modelFiles(dataDir)).toEqual(["synthetic-tiny.gguf"]);
      expect(readLlmStatus(dataDir)).toMatchObject({ model: "synthetic-tiny", state: "ready", fraction: 1 });
      expect(logs.join("\n")).toMatch(/download di "synthetic-tiny" avviato in background/);
      const second = await e.analyze({ segments: meeting, language: "it" });
      expect(second.producedBy).toBeUndefined();
      expect(second.standIn).toBeUndefined();
    },
  );

  it("discards a download whose checksum is wrong and lets the extractive analyzer make the minutes", async () => {
    const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
    const logs: string[] = [];
    const e = engine({
      model: "synthetic-tiny",
      dataDir,
      modelUrl: baseUrl,
      checksum: { algorithm: "sha256", hex: "0".repeat(64) },
      log: (l) => logs.push(l),
    });
    const result = await e.analyze({ segments: meeting, language: "it" });
    expect(result.producedBy).toEqual({ name: "local", model: "textrank-it-1" });
    expect(result).toMatchObject(await new LocalAnalysisEngine().analyze({ segments: meeting, language: "it" }));
    await e.downloadSettled();
    expect(modelFiles(dataDir)).toEqual([]);
    expect(logs.join("\n")).toMatch(/non è integro \(SHA-256/);
    expect(readLlmStatus(dataDir)).toMatchObject({ state: "failed", error: expect.stringMatching(/non è integro/) });
    expect((await e.analyze({ segments: meeting, language: "it" })).standIn).toBe("unavailable");
  });

  it("with no model file and no way to download it, the extractive analyzer runs (never a failure), and the download is not retried at once", async () => {
    const dataDir = fs.mkdtempSync(path.join(dir, "data-"));
    served.length = 0;
    const e = engine({ model: "qwen2.5-1.5b-instruct-q4_k_m", dataDir, modelUrl: `${baseUrl}/nothing-here` });
    const first = await e.analyze({ segments: meeting, language: "it" });
    await e.downloadSettled();
    const second = await e.analyze({ segments: meeting, language: "it" });
    expect(second.standIn).toBe("unavailable");
    expect(first.producedBy).toEqual({ name: "local", model: "textrank-it-1" });
    expect(second.producedBy).toEqual({ name: "local", model: "textrank-it-1" });
    expect(served).toEqual(["/nothing-here/qwen2.5-1.5b-instruct-q4_k_m.gguf"]);
    expect(first.topics.length).toBeGreaterThan(0);

    const unreachable = engine({ model: undefined, dataDir: fs.mkdtempSync(path.join(dir, "data-")), modelUrl: "http://127.0.0.1:9/models" });
    expect((await unreachable.analyze({ segments: meeting, language: "it" })).producedBy?.name).toBe("local");
    const missingPath = engine({ model: path.join(dir, "nessun-modello.gguf") });
    expect((await missingPath.analyze({ segments: meeting, language: "it" })).producedBy?.name).toBe("local");
  });

  it.runIf(process.platform === "linux")(
    "runs the model in a process of its own at the lowest CPU priority; a crash there gives the extractive minutes and the next analysis a new process",
    { timeout: 180_000 },
    async () => {
      const e = engine({ priority: "low" });
      const hosts = () =>
        fs
          .readdirSync("/proc")
          .filter((p) => /^\d+$/.test(p))
          .filter((p) => {
            try {
              const stat = fs.readFileSync(`/proc/${p}/stat`, "utf8");
              // Field 4 (after the command in parentheses) is the parent's id.
              return (
                Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === process.pid &&
                fs.readFileSync(`/proc/${p}/cmdline`, "utf8").includes("llm-host.mjs")
              );
            } catch {
              return false;
            }
          })
          .map(Number);
      /** The nice value of every thread of a process (field 19 of each task's stat). */
      const niceOfThreads = (pid: number) =>
        fs.readdirSync(`/proc/${pid}/task`).map((t) => {
          const stat = fs.readFileSync(`/proc/${pid}/task/${t}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
        });

      // Other tests' engines keep their processes until the end: only this engine's counts.
      const others = hosts();
      const mine = () => hosts().filter((p) => !others.includes(p));
      expect((await e.analyze({ segments: meeting, language: "it" })).producedBy).toBeUndefined();
      const [pid] = mine();
      expect(pid).toBeGreaterThan(0);
      // Every thread, those the model started for its work included, yields to the live windows.
      const nices = niceOfThreads(pid);
      expect(nices.length).toBeGreaterThan(1);
      expect(new Set(nices)).toEqual(new Set([19]));

      // Killed while asked (out of memory, a native crash): the server goes on, the minutes come from the extractive analyzer.
      const running = e.analyze({ segments: meeting, language: "it" });
      process.kill(pid, "SIGKILL");
      const result = await running;
      expect(result.producedBy).toEqual({ name: "local", model: "textrank-it-1" });
      expect(result.standIn).toBe("unavailable");
      // The next analysis starts a new process, which writes the minutes again.
      expect((await e.analyze({ segments: meeting, language: "it" })).producedBy).toBeUndefined();
      expect(mine()).toHaveLength(1);
      expect(mine()[0]).not.toBe(pid);
      await e.dispose();
      expect(mine()).toEqual([]);
    },
  );

  it("resolves catalogue names into DATA_DIR/models and .gguf paths as they are", () => {
    expect(resolveLlmModel(undefined, "/dati")).toMatchObject({
      name: "qwen2.5-1.5b-instruct-q4_k_m",
      path: "/dati/models/qwen2.5-1.5b-instruct-q4_k_m.gguf",
    });
    expect(resolveLlmModel(undefined, "/dati").catalogue?.checksum.algorithm).toBe("sha256");
    expect(resolveLlmModel("/modelli/mio.gguf", "/dati")).toEqual({ name: "mio", path: "/modelli/mio.gguf" });
    expect(() => resolveLlmModel("qwen;rm -rf", "/dati")).toThrow(/non valido/);
  });

  it("splits lines into parts under the token budget, keeping lines whole", () => {
    expect(splitByTokens(["aaaa", "bbbb", "cccc"], (l) => l.length, 10)).toEqual([["aaaa", "bbbb"], ["cccc"]]);
    expect(splitByTokens(["una riga molto lunga"], (l) => l.length, 5)).toEqual([["una riga molto lunga"]]);
  });
});
