import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSyntheticModel, type SyntheticArch, type WeightType } from "../tests/support/synthetic-ggml";
import { WhisperEngine } from "../worker/engines/whisper/engine";

/**
 * Real-time factor and peak memory of the whisper engine, run with
 * `node --expose-gc --import tsx bench/whisper.ts [--archs tiny,base,small] [--lengths 60,600]
 * [--weights f16,q8_0,q5_1] [--threads 2] [--piece-sec 150] [--skip small:600,small-q8_0:600]
 * [--backend whisper-cli|binding]`. whisper-cli (the default) is whisper.cpp's program built for
 * this machine by scripts/build-whisper.mjs; binding is the prebuilt @napi-rs/whisper.
 * `--piece-sec 30` reproduces the earlier engine (one whisper call per <= 30 s piece).
 *
 * Models: synthetic weights of the real tiny/base/small architectures (tests/support/synthetic-
 * ggml.ts), stored like the published files (f16 weight matrices, or q8_0 / q5_1), scripted to
 * decode 110 tokens (text and timestamps, 5 segments) per 30 s window, about what Italian
 * speech at 150 words per minute produces; the cap is the script's length, so every window costs
 * the same decoder steps a real model would take. Audio: espeak-ng Italian, looped to 60 s and
 * 10 min. The thread count is fixed (no load-based reduction). Wall time is split into the
 * worker start with model load and the whisper calls; CPU time is this process's (worker
 * included, and whisper-cli's child processes, read from /proc). RSS is sampled every 50 ms in this
 * process and, for whisper-cli, in its child processes (the larger of the two is reported). The machine's 1-minute load average
 * is printed before and after each row: ggml threads spin while waiting for each other, so on a
 * shared machine wall and CPU time both grow with the load.
 */

const DIR = path.resolve("bench/.data");
const TEXT =
  "Buongiorno a tutti e grazie per essere qui. Oggi parliamo del bilancio del primo trimestre, " +
  "del nuovo sito web e dell'organizzazione del lavoro per i prossimi mesi. Il fatturato è " +
  "cresciuto del dieci per cento rispetto all'anno scorso, soprattutto grazie ai clienti del nord. " +
  "Per il sito web la consegna è prevista per giugno, ma servono ancora i testi e le fotografie. " +
  "Chiedo a ciascuno di mandare le proprie osservazioni entro venerdì, così lunedì decidiamo.";

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

function recording(seconds: number): string {
  fs.mkdirSync(DIR, { recursive: true });
  const file = path.join(DIR, `italian-${seconds}s.wav`);
  if (fs.existsSync(file)) return file;
  const raw = path.join(DIR, "italian-espeak.wav");
  execFileSync("espeak-ng", ["-v", "it", "-s", "150", "-w", raw, TEXT]);
  execFileSync("ffmpeg", [
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-stream_loop",
    "-1",
    "-i",
    raw,
    "-t",
    String(seconds),
    "-ar",
    "16000",
    "-ac",
    "1",
    "-c:a",
    "pcm_s16le",
    file,
  ]);
  return file;
}

type Row = {
  model: string;
  seconds: number;
  wall: number;
  load: number;
  decode: number;
  cpu: number;
  peakMb: number;
  calls: number;
  segments: number;
  loadBefore: number;
  loadAfter: number;
};

async function measure(arch: SyntheticArch, weights: WeightType, seconds: number, threads: number): Promise<Row> {
  const model = buildSyntheticModel({ arch, weights, tokensPerWindow: 110, segmentsPerWindow: 5, spanSeconds: 29, dir: DIR });
  const wav = recording(seconds);
  const pieces = pieceSec > 0 ? { maxPieceSec: pieceSec } : undefined;
  const engine = new WhisperEngine({
    model,
    dataDir: DIR,
    modelUrl: "http://127.0.0.1:9",
    threads,
    pieces,
    cli: backend === "binding" ? false : undefined,
  });
  if (engine.backend !== backend) throw new Error(`backend ${backend} non disponibile (npm run whisper:build)`);
  global.gc?.();
  const baseMb = process.memoryUsage.rss() / 2 ** 20;
  let peak = baseMb;
  const children = new Map<number, { cpuSec: number; peakMb: number }>();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss() / 2 ** 20);
    // A finished child can still be read as a zombie, with its CPU time but no memory figures.
    for (const [pid, c] of childUsage()) {
      const before = children.get(pid);
      children.set(pid, { cpuSec: Math.max(c.cpuSec, before?.cpuSec ?? 0), peakMb: Math.max(c.peakMb, before?.peakMb ?? 0) });
    }
  }, 50);
  const loadBefore = os.loadavg()[0];
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await engine.transcribe({ wavPath: wav, durationSec: seconds, language: "it" });
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(cpu0);
  clearInterval(timer);
  const st = engine.lastRun!;
  const kids = [...children.values()];
  return {
    model: `${weights === "f16" ? arch : `${arch}-${weights}`}${backend === "binding" ? " (binding)" : ""}`,
    seconds,
    wall,
    load: st.loadSec,
    decode: st.decodeSec,
    cpu: (c.user + c.system) / 1e6 + kids.reduce((sum, k) => sum + k.cpuSec, 0),
    peakMb: Math.max(peak, ...kids.map((k) => k.peakMb)),
    calls: st.calls,
    segments: result.segments.length,
    loadBefore,
    loadAfter: os.loadavg()[0],
  };
}

/** CPU seconds and peak RSS of this process's children (the whisper-cli runs), from /proc. */
function childUsage(): Map<number, { cpuSec: number; peakMb: number }> {
  const out = new Map<number, { cpuSec: number; peakMb: number }>();
  const tick = 100; // USER_HZ on Linux
  for (const name of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${name}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[1]) !== process.pid) continue;
      const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${name}/status`, "utf8"));
      out.set(Number(name), { cpuSec: (Number(fields[11]) + Number(fields[12])) / tick, peakMb: hwm ? Number(hwm[1]) / 1024 : 0 });
    } catch {
      // The process ended between listing and reading.
    }
  }
  return out;
}

const backend = arg("backend", "whisper-cli") as "whisper-cli" | "binding";
const archs = arg("archs", "tiny,base,small").split(",") as SyntheticArch[];
const weightTypes = arg("weights", "f16").split(",") as WeightType[];
const lengths = arg("lengths", "60,600").split(",").map(Number);
const skip = new Set(arg("skip", "").split(",").filter(Boolean));
const threads = Number(arg("threads", "2"));
const pieceSec = Number(arg("piece-sec", "0"));
const rows: Row[] = [];
console.error(
  `cpu: ${os.cpus()[0]?.model} x${os.availableParallelism()}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}, ${threads} threads, ${pieceSec || "default"} s of voiced audio per whisper call`,
);
for (const seconds of lengths) {
  for (const arch of archs) {
    for (const weights of weightTypes) {
      const name = weights === "f16" ? arch : `${arch}-${weights}`;
      if (skip.has(`${name}:${seconds}`)) continue;
      const row = await measure(arch, weights, seconds, threads);
      rows.push(row);
      console.error(
        `${name} ${seconds}s: ${row.wall.toFixed(1)} s wall (load ${row.load.toFixed(1)} s, whisper ${row.decode.toFixed(1)} s in ${row.calls} calls), ${row.cpu.toFixed(1)} s cpu, peak ${row.peakMb.toFixed(0)} MB, load avg ${row.loadBefore.toFixed(1)} -> ${row.loadAfter.toFixed(1)}`,
      );
    }
  }
}

const fmtLen = (s: number) => (s >= 60 && s % 60 === 0 ? `${s / 60} min` : `${s} s`);
console.log(
  `| Model (synthetic, real architecture) | Audio | Wall time | RTF (wall) | Model load | RTF (whisper calls) | CPU time | RTF (CPU / ${threads} threads) | Peak RSS | Load avg (1 min) before → after |`,
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.model} | ${fmtLen(r.seconds)} | ${r.wall.toFixed(1)} s | ${(r.wall / r.seconds).toFixed(3)} | ${r.load.toFixed(2)} s | ${(r.decode / r.seconds).toFixed(3)} | ${r.cpu.toFixed(1)} s | ${(r.cpu / threads / r.seconds).toFixed(3)} | ${r.peakMb.toFixed(0)} MB | ${r.loadBefore.toFixed(1)} → ${r.loadAfter.toFixed(1)} |`,
  );
}
console.log(
  `\nLoad average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")} (other processes share these ${os.availableParallelism()} cores).`,
);
