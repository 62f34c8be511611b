import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildSyntheticModel } from "../../../tests/support/synthetic-ggml";
import { UserFacingError } from "../types";
import { jobThreads, WhisperEngine, type WhisperEngineOptions } from "./engine";
import { concat, DATA, italianPcm, silence, writeWav } from "./test-audio";

/**
 * The real native path (whisper.cpp through @napi-rs/whisper in a worker thread) on a synthetic
 * model of the real tiny architecture and real Italian speech from espeak-ng. The model's words
 * are scripted, not recognised, so the checks are about timing, mapping, progress and control.
 * To stay fast on 2 busy cores: short pieces, a 6 s audio context and a token cap per window.
 */

let model = "";
let wav = "";
let duration = 0;
let speech: { start: number; end: number }[] = [];

const fast: WhisperEngineOptions = { maxTokens: 30, audioCtx: 300, pieces: { maxPieceSec: 6 } };

function engine(extra: WhisperEngineOptions = {}) {
  return new WhisperEngine({ model, dataDir: DATA, modelUrl: "http://127.0.0.1:9", ...fast, ...extra });
}

beforeAll(() => {
  model = buildSyntheticModel({ arch: "tiny", tokensPerWindow: 24, segmentsPerWindow: 2, spanSeconds: 5 });
  const a = italianPcm("engine-a", "Buongiorno a tutti, iniziamo la riunione.");
  const b = italianPcm("engine-b", "Il bilancio del trimestre è stato approvato.");
  const parts = [silence(0.5), a, silence(4), b, silence(3)];
  const pcm = concat(...parts);
  const sr = 16000;
  const aStart = parts[0].length;
  const bStart = aStart + a.length + parts[2].length;
  speech = [
    { start: aStart / sr, end: (aStart + a.length) / sr },
    { start: bStart / sr, end: (bStart + b.length) / sr },
  ];
  duration = pcm.length / sr;
  wav = writeWav(path.join(DATA, "engine-speech.wav"), pcm);
}, 60_000);

describe("WhisperEngine (native, synthetic tiny model)", () => {
  it("describes itself: name, model, chunk size, threads = available cores", () => {
    const e = engine();
    expect(e.name).toBe("whisper");
    expect(e.model).toBe(path.basename(model).replace(/\.bin$/, "").replace(/^ggml-/, ""));
    expect(e.maxChunkSeconds).toBe(600);
    expect(e.threads).toBe(os.availableParallelism());
  });

  it("transcribes Italian speech, skipping silences, with monotonic timestamps on the original timeline", async () => {
    const progress: number[] = [];
    const e = engine();
    const result = await e.transcribe({ wavPath: wav, durationSec: duration, language: "it", onProgress: (f) => progress.push(f) });
    expect(result.language).toBe("it");
    expect(result.segments.length).toBeGreaterThan(0);
    expect(result.segments.map((s) => s.text).join(" ")).toMatch(/Buongiorno/);
    let last = 0;
    for (const s of result.segments) {
      expect(s.start).toBeGreaterThanOrEqual(last);
      expect(s.end).toBeGreaterThanOrEqual(s.start);
      expect(s.end).toBeLessThanOrEqual(duration);
      last = s.start;
      // Every segment starts inside spoken audio (plus VAD padding), never in a skipped silence.
      expect(speech.some((r) => s.start >= r.start - 0.5 && s.start <= r.end + 0.5)).toBe(true);
    }
    // The second utterance, after 4 s of removed silence, is found at its real time.
    expect(result.segments.some((s) => Math.abs(s.start - speech[1].start) < 0.5)).toBe(true);
    // Progress per piece, ending at 1.
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect(progress.length).toBeGreaterThanOrEqual(3);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
  });

  it("walks several whisper windows in one call and maps every window back to the original timeline", async () => {
    // One piece holds both utterances (joined over the cut 4 s silence); the model's windows
    // end after 4.9 s, so whisper.cpp decodes several windows inside the one call.
    const progress: number[] = [];
    const e = engine({ pieces: { maxPieceSec: 60 } });
    const result = await e.transcribe({ wavPath: wav, durationSec: duration, language: "it", onProgress: (f) => progress.push(f) });
    expect(e.lastRun).toMatchObject({ calls: 1 });
    expect(e.lastRun!.loadSec).toBeGreaterThan(0);
    expect(e.lastRun!.decodeSec).toBeGreaterThan(0);
    expect(progress).toEqual([0, 1]);
    // 2 segments per window, more than one window.
    expect(result.segments.length).toBeGreaterThan(2);
    let last = 0;
    for (const s of result.segments) {
      expect(s.start).toBeGreaterThanOrEqual(last);
      expect(s.end).toBeLessThanOrEqual(duration);
      expect(speech.some((r) => s.start >= r.start - 0.5 && s.start <= r.end + 0.5)).toBe(true);
      last = s.start;
    }
    // A later window's segment lands in the second utterance, after the removed silence.
    expect(result.segments.some((s) => s.start >= speech[1].start - 0.5)).toBe(true);
  });

  it("decodes a quantised (q5_1) model like the published ggml-<name>-q5_1.bin files", async () => {
    const q = buildSyntheticModel({ arch: "tiny", weights: "q5_1", tokensPerWindow: 24, segmentsPerWindow: 2, spanSeconds: 5 });
    const result = await new WhisperEngine({ model: q, dataDir: DATA, modelUrl: "http://127.0.0.1:9", ...fast }).transcribe({
      wavPath: wav,
      durationSec: duration,
      language: "it",
    });
    expect(result.segments.map((s) => s.text).join(" ")).toMatch(/Buongiorno/);
  });

  it("uses fewer threads when other processes keep the cores busy", () => {
    const cores = os.availableParallelism();
    expect(jobThreads(cores, 0)).toBe(cores);
    expect(jobThreads(cores, 0.3)).toBe(cores);
    expect(jobThreads(cores, cores)).toBe(1);
    expect(jobThreads(cores, 10)).toBe(1);
    expect(jobThreads(1, 0)).toBe(1);
  });

  it("detects the language only when asked (auto)", async () => {
    const short = writeWav(path.join(DATA, "engine-short.wav"), italianPcm("engine-a", "Buongiorno a tutti, iniziamo la riunione."));
    const result = await engine({ threads: 1, vad: false }).transcribe({ wavPath: short, durationSec: 3, language: "auto" });
    expect(result.language).toBe("it");
    expect(result.segments.length).toBeGreaterThan(0);
  });

  it("cancels through AbortSignal by ending the thread", async () => {
    const controller = new AbortController();
    const e = engine({ pieces: { maxPieceSec: 2 } });
    let abortedAt = 0;
    const run = e.transcribe({
      wavPath: wav,
      durationSec: duration,
      language: "it",
      signal: controller.signal,
      onProgress: (f) => {
        if (f > 0 && !abortedAt) {
          abortedAt = Date.now();
          controller.abort();
        }
      },
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(Date.now() - abortedAt).toBeLessThan(1000);
    // An already aborted signal fails before any work.
    await expect(e.transcribe({ wavPath: wav, durationSec: duration, language: "it", signal: AbortSignal.abort() })).rejects.toBeDefined();
  });

  it("returns no segments for a silent file without starting whisper", async () => {
    const silent = writeWav(path.join(DATA, "engine-silent.wav"), silence(5));
    const progress: number[] = [];
    const result = await engine().transcribe({ wavPath: silent, durationSec: 5, language: "it", onProgress: (f) => progress.push(f) });
    expect(result.segments).toEqual([]);
    expect(progress).toEqual([1]);
  });

  it("refuses a damaged model file with a clear message instead of crashing the process", async () => {
    const bad = path.join(DATA, "ggml-damaged.bin");
    fs.writeFileSync(bad, randomBytes(4096));
    const err = (await new WhisperEngine({ model: bad, dataDir: DATA, modelUrl: "http://127.0.0.1:9" })
      .transcribe({ wavPath: wav, durationSec: duration, language: "it" })
      .catch((e: unknown) => e)) as UserFacingError;
    expect(err).toBeInstanceOf(UserFacingError);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('"damaged"');
    expect(err.message).toContain("npm run model:download -- damaged");
  });
});
