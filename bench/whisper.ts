import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildSyntheticModel, type SyntheticArch } from "../tests/support/synthetic-ggml";
import { WhisperEngine } from "../worker/engines/whisper/engine";

/**
 * Real-time factor and peak memory of the whisper engine, run with
 * `node --import tsx bench/whisper.ts [--archs tiny,base,small] [--lengths 60,600] [--skip small:600]`.
 *
 * Models: synthetic weights of the real tiny/base/small architectures (tests/support/synthetic-
 * ggml.ts), scripted to decode ~110 tokens per 30 s window, about what Italian speech at
 * 150 words per minute produces. Audio: espeak-ng Italian, looped to 60 s and 10 min.
 * RSS is sampled every 50 ms in this process, which includes the worker thread and the model.
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
  execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-stream_loop", "-1", "-i", raw, "-t", String(seconds), "-ar", "16000", "-ac", "1", "-c:a", "pcm_s16le", file]);
  return file;
}

type Row = { arch: string; seconds: number; wall: number; cpu: number; peakMb: number; baseMb: number; segments: number };

async function measure(arch: SyntheticArch, seconds: number, threads: number): Promise<Row> {
  const model = buildSyntheticModel({ arch, tokensPerWindow: 110, segmentsPerWindow: 5, spanSeconds: 29, dir: DIR });
  const wav = recording(seconds);
  const engine = new WhisperEngine({ model, dataDir: DIR, modelUrl: "http://127.0.0.1:9", threads });
  global.gc?.();
  const baseMb = process.memoryUsage.rss() / 2 ** 20;
  let peak = baseMb;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss() / 2 ** 20)), 50);
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await engine.transcribe({ wavPath: wav, durationSec: seconds, language: "it" });
  const wall = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(cpu0);
  clearInterval(timer);
  return { arch, seconds, wall, cpu: (c.user + c.system) / 1e6, peakMb: peak, baseMb, segments: result.segments.length };
}

const archs = arg("archs", "tiny,base,small").split(",") as SyntheticArch[];
const lengths = arg("lengths", "60,600").split(",").map(Number);
const skip = new Set(arg("skip", "").split(",").filter(Boolean));
const threads = Number(arg("threads", "2"));
const rows: Row[] = [];
console.error(`cpu: ${os.cpus()[0]?.model} x${os.availableParallelism()}, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}, ${threads} threads`);
for (const seconds of lengths) {
  for (const arch of archs) {
    if (skip.has(`${arch}:${seconds}`)) continue;
    const row = await measure(arch, seconds, threads);
    rows.push(row);
    console.error(`${arch} ${seconds}s: ${row.wall.toFixed(1)} s wall, ${row.cpu.toFixed(1)} s cpu, peak ${row.peakMb.toFixed(0)} MB, load ${os.loadavg()[0].toFixed(1)}`);
  }
}

const fmtLen = (s: number) => (s >= 60 && s % 60 === 0 ? `${s / 60} min` : `${s} s`);
console.log(`| Model (synthetic, real architecture) | Audio | Wall time | RTF (wall) | CPU time | RTF (CPU / ${threads} threads) | Peak RSS |`);
console.log("|---|---|---|---|---|---|---|");
for (const r of rows) {
  console.log(
    `| ${r.arch} | ${fmtLen(r.seconds)} | ${r.wall.toFixed(1)} s | ${(r.wall / r.seconds).toFixed(3)} | ${r.cpu.toFixed(1)} s | ${(r.cpu / threads / r.seconds).toFixed(3)} | ${r.peakMb.toFixed(0)} MB |`,
  );
}
console.log(`\nLoad average at the end: ${os.loadavg().map((l) => l.toFixed(1)).join(" ")} (other processes share these ${os.availableParallelism()} cores).`);
