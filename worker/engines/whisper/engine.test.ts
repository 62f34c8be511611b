import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { buildSyntheticModel } from "../../../tests/support/synthetic-ggml";
import { UserFacingError } from "../types";
import { builtWhisperCliPath, findWhisperCli } from "./cli";
import { busyCoresBetween } from "./cpu-load";
import { fittedAudioContext, jobThreads, WhisperEngine, type WhisperEngineOptions } from "./engine";
import { concat, DATA, italianPcm, silence, writeWav } from "./test-audio";

// Native decoding on 2 shared cores: a busy machine (CI, parallel files) can take minutes; a
// hung engine still fails, later.
vi.setConfig({ testTimeout: 180_000 });

/**
 * The real native paths, whisper.cpp's program built for this machine (scripts/build-whisper.mjs,
 * run by `npm run test:all`) and the prebuilt @napi-rs/whisper binding in a worker thread, on a
 * synthetic model of the real tiny architecture and real Italian speech from espeak-ng. The
 * model's words are scripted, not recognised, so the checks are about timing, mapping, progress
 * and control. To stay fast on 2 busy cores: short pieces, a 6 s audio context and, for the
 * binding, a token cap per window.
 */

let model = "";
let wav = "";
let duration = 0;
let speech: { start: number; end: number }[] = [];

const fast: WhisperEngineOptions = { maxTokens: 30, audioCtx: 300, pieces: { maxPieceSec: 6 } };

/** The program the install built; the tests need it (npm run whisper:build makes it). */
const cli = findWhisperCli() ?? builtWhisperCliPath();

const backends = [
  ["whisper-cli", { cli }],
  ["binding", { cli: false }],
] as const;

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

it("uses whisper.cpp's program built for this machine by default", () => {
  expect(findWhisperCli(), "whisper-cli manca: esegui npm run whisper:build").toBe(builtWhisperCliPath());
  const e = new WhisperEngine({ model, dataDir: DATA, modelUrl: "http://127.0.0.1:9" });
  expect(e.backend).toBe("whisper-cli");
  expect(new WhisperEngine({ model, dataDir: DATA, modelUrl: "http://127.0.0.1:9", cli: false }).backend).toBe("binding");
  // Without WHISPER_MODEL: small (its 8-bit file, decision 043) on the fast program, base on the slower binding (decision 002).
  expect(new WhisperEngine({ dataDir: DATA, modelUrl: "http://127.0.0.1:9" }).model).toBe("small-q8_0");
  expect(new WhisperEngine({ dataDir: DATA, modelUrl: "http://127.0.0.1:9", cli: false }).model).toBe("base");
  // A configured path that does not start is not used.
  expect(findWhisperCli("/nessuna/cartella/whisper-cli")).toBeNull();
  expect(findWhisperCli("off")).toBeNull();
});

it("fits whisper's audio context to a live window: at least 10 s, 2 s to spare, full from 28 s", () => {
  expect(fittedAudioContext(3)).toBe(640);
  expect(fittedAudioContext(8)).toBe(640);
  expect(fittedAudioContext(12.5)).toBe(768);
  // Never shorter than the audio: whisper would drop what lies beyond its context.
  for (let s = 0; s < 28; s += 0.1) {
    const frames = fittedAudioContext(s);
    expect(frames === 0 || frames >= s * 50).toBe(true);
  }
  expect(fittedAudioContext(28)).toBe(0);
  expect(fittedAudioContext(120)).toBe(0);
});

it("counts as busy the cores other processes take, not those of niced ones (the local LLM yields to whisper)", () => {
  const idle = { user: 0, nice: 0, sys: 0, idle: 0, irq: 0 };
  const before = [idle, idle];
  // Over 1 s per core: one core held by a normal process, the other by a niced one.
  const after = [
    { ...idle, user: 1000 },
    { ...idle, nice: 1000 },
  ];
  expect(busyCoresBetween(before, after, 0)).toBeCloseTo(1);
  // This process's own share is not "other".
  expect(busyCoresBetween(before, after, 1000)).toBeCloseTo(0);
  expect(
    busyCoresBetween(
      before,
      [
        { ...idle, idle: 1000 },
        { ...idle, nice: 1000 },
      ],
      0,
    ),
  ).toBe(0);
});

it("uses fewer threads when other processes keep the cores busy", () => {
  const cores = os.availableParallelism();
  expect(jobThreads(cores, 0)).toBe(cores);
  expect(jobThreads(cores, 0.3)).toBe(cores);
  expect(jobThreads(cores, cores)).toBe(1);
  expect(jobThreads(cores, 10)).toBe(1);
  expect(jobThreads(1, 0)).toBe(1);
});

describe.each(backends)("WhisperEngine through %s (native, synthetic tiny model)", (backend, choice) => {
  function engine(extra: WhisperEngineOptions = {}) {
    return new WhisperEngine({ model, dataDir: DATA, modelUrl: "http://127.0.0.1:9", ...fast, ...choice, ...extra });
  }

  it("describes itself: name, model, chunk size, threads = available cores", () => {
    const e = engine();
    expect(e.backend).toBe(backend);
    expect(e.name).toBe("whisper");
    expect(e.model).toBe(
      path
        .basename(model)
        .replace(/\.bin$/, "")
        .replace(/^ggml-/, ""),
    );
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
    // About 70 s of speech in one piece, two stretches joined over a cut 4 s silence, with the
    // full 30 s context: whisper.cpp decodes three windows inside the one call.
    const loop = (pcm: Int16Array, seconds: number) =>
      concat(...Array.from({ length: Math.ceil(seconds / (pcm.length / 16000 + 0.2)) }, () => concat(pcm, silence(0.2))));
    const a = loop(italianPcm("engine-a", "Buongiorno a tutti, iniziamo la riunione."), 35);
    const b = loop(italianPcm("engine-b", "Il bilancio del trimestre è stato approvato."), 35);
    const parts = [silence(0.5), a, silence(4), b, silence(3)];
    const pcm = concat(...parts);
    const bStart = (parts[0].length + a.length + parts[2].length) / 16000;
    const gap = { start: (parts[0].length + a.length) / 16000 + 0.5, end: bStart - 0.5 };
    const file = writeWav(path.join(DATA, "engine-long.wav"), pcm);
    const progress: number[] = [];
    const e = engine({ audioCtx: 0, pieces: { maxPieceSec: 150 } });
    const result = await e.transcribe({ wavPath: file, durationSec: pcm.length / 16000, language: "it", onProgress: (f) => progress.push(f) });
    expect(e.lastRun).toMatchObject({ calls: 1, backend });
    expect(e.lastRun!.loadSec).toBeGreaterThan(0);
    expect(e.lastRun!.decodeSec).toBeGreaterThan(0);
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
    // The program reports each decoded window while the call runs; the binding only its end.
    if (backend === "whisper-cli") expect(progress.some((f) => f > 0 && f < 1)).toBe(true);
    else expect(progress).toEqual([0, 1]);
    // 2 segments per window (5 s of the window), several windows.
    expect(result.segments.length).toBeGreaterThan(4);
    let last = 0;
    for (const s of result.segments) {
      expect(s.start).toBeGreaterThanOrEqual(last);
      expect(s.end).toBeLessThanOrEqual(pcm.length / 16000);
      // Nothing starts inside the removed silence.
      expect(s.start > gap.start && s.start < gap.end).toBe(false);
      last = s.start;
    }
    // A later window's segment lands in the second stretch, after the removed silence.
    expect(result.segments.some((s) => s.start >= bStart - 0.5)).toBe(true);
    // 70 s of audio through the binding took 274 s alone and over 300 s while other suites shared
    // the two cores: the limit only catches a hung engine, so it is far above either.
  }, 900_000);

  it("decodes a quantised (q5_1) model like the published ggml-<name>-q5_1.bin files", async () => {
    const q = buildSyntheticModel({ arch: "tiny", weights: "q5_1", tokensPerWindow: 24, segmentsPerWindow: 2, spanSeconds: 5 });
    const result = await new WhisperEngine({ model: q, dataDir: DATA, modelUrl: "http://127.0.0.1:9", ...fast, ...choice }).transcribe({
      wavPath: wav,
      durationSec: duration,
      language: "it",
    });
    expect(result.segments.map((s) => s.text).join(" ")).toMatch(/Buongiorno/);
  });

  it("hears a live window with a context fitted to its audio, an upload with the full context (decision 043)", async () => {
    const short = writeWav(path.join(DATA, "engine-window.wav"), italianPcm("engine-a", "Buongiorno a tutti, iniziamo la riunione."));
    const e = engine({ audioCtx: undefined, vad: false });
    const live = await e.transcribe({ wavPath: short, durationSec: 3, language: "it", fitContext: true });
    // About 3 s of audio: the 10 s floor plus 2 s, 600 frames rounded up to 640.
    expect(e.lastRun!.audioCtx).toBe(640);
    expect(live.segments.map((s) => s.text).join(" ")).toMatch(/Buongiorno/);
    await e.transcribe({ wavPath: short, durationSec: 3, language: "it" });
    expect(e.lastRun!.audioCtx).toBe(0);
  });

  it("detects the language only when asked (auto)", async () => {
    const short = writeWav(path.join(DATA, "engine-short.wav"), italianPcm("engine-a", "Buongiorno a tutti, iniziamo la riunione."));
    const result = await engine({ threads: 1, vad: false }).transcribe({ wavPath: short, durationSec: 3, language: "auto" });
    expect(result.language).toBe("it");
    expect(result.segments.length).toBeGreaterThan(0);
  });

  it("cancels through AbortSignal by ending the thread or the program", async () => {
    const controller = new AbortController();
    const e = engine({ pieces: { maxPieceSec: 2 } });
    const progress: number[] = [];
    const run = e.transcribe({
      wavPath: wav,
      durationSec: duration,
      language: "it",
      signal: controller.signal,
      onProgress: (f) => {
        progress.push(f);
        if (f > 0) controller.abort();
      },
    });
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    // Stopped after the first piece: the rest of the recording was never decoded.
    expect(Math.max(...progress)).toBeGreaterThan(0);
    expect(Math.max(...progress)).toBeLessThan(1);
    // No piece files are left beside the recording.
    await new Promise((r) => setTimeout(r, 200));
    expect(fs.readdirSync(DATA).filter((f) => f.startsWith("whisper-"))).toEqual([]);
    // An already aborted signal fails before any work.
    await expect(e.transcribe({ wavPath: wav, durationSec: duration, language: "it", signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: "AbortError",
    });
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
    const err = (await new WhisperEngine({ model: bad, dataDir: DATA, modelUrl: "http://127.0.0.1:9", ...choice })
      .transcribe({ wavPath: wav, durationSec: duration, language: "it" })
      .catch((e: unknown) => e)) as UserFacingError;
    expect(err).toBeInstanceOf(UserFacingError);
    expect(err.retryable).toBe(false);
    expect(err.message).toContain('"damaged"');
    expect(err.message).toContain("npm run model:download -- damaged");
  });
});
