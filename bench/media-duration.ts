import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { AudioTooLongError } from "../app/services/ffmpeg.server";
import { measureDecodedSeconds, probeMedia } from "../app/services/media-probe.server";

/**
 * What the upload's duration check costs (decision 006): ffprobe plus decoding to count samples,
 * for a 60-minute recording in each common format, and for a 3-hour FLAC that must be refused at
 * the free plan's 60 minutes (the decoder is stopped one second past the limit).
 * Run: node --import tsx bench/media-duration.ts [minutes]
 */

const minutes = Number(process.argv[2] ?? 60);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-duration-"));

function make(name: string, seconds: number, args: string[], source = "sine=frequency=440:sample_rate=16000"): string {
  const file = path.join(dir, name);
  execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", source, "-t", String(seconds), ...args, file]);
  return file;
}

/** CPU seconds of the finished child processes (cutime + cstime of /proc/self/stat). */
function childrenCpuSeconds(): number {
  const fields = fs.readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function time(file: string, limitSec: number): Promise<{ wall: number; cpu: number; result: string }> {
  const cpu0 = childrenCpuSeconds();
  const start = process.hrtime.bigint();
  const probed = await probeMedia(file);
  if (!probed.ok) throw new Error(`${file}: ${probed.reason}`);
  let result: string;
  try {
    result = `${(await measureDecodedSeconds(file, probed.probe.demuxer, limitSec)).toFixed(1)} s`;
  } catch (error) {
    if (!(error instanceof AudioTooLongError)) throw error;
    result = `rifiutato oltre ${limitSec / 60} min`;
  }
  return { wall: Number(process.hrtime.bigint() - start) / 1e9, cpu: childrenCpuSeconds() - cpu0, result };
}

const cases: [string, string, number, string[], string?][] = [
  [`${minutes} min mp3 (mono 64k)`, "a.mp3", minutes * 60, ["-ac", "1", "-b:a", "64k"]],
  [`${minutes} min webm/opus (come MediaRecorder)`, "a.webm", minutes * 60, ["-c:a", "libopus", "-b:a", "32k"]],
  [`${minutes} min m4a/aac`, "a.m4a", minutes * 60, ["-c:a", "aac", "-b:a", "64k"]],
  [`${minutes} min flac 16 kHz`, "a.flac", minutes * 60, ["-c:a", "flac"]],
  ["3 h flac di silenzio (2 MB), limite 60 min", "silenzio.flac", 3 * 3600, ["-c:a", "flac"], "anullsrc=r=8000:cl=mono"],
];

console.log(
  `Macchina: ${os.cpus().length} core, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`,
);
console.log("| file | dimensione | esito | tempo | CPU di ffprobe + ffmpeg |");
console.log("|---|---|---|---|---|");
for (const [label, name, seconds, args, source] of cases) {
  const file = make(name, seconds, args, source);
  const limit = name === "silenzio.flac" ? 3600 : seconds + 60;
  const { wall, cpu, result } = await time(file, limit);
  console.log(`| ${label} | ${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB | ${result} | ${wall.toFixed(2)} s | ${cpu.toFixed(2)} s |`);
  fs.rmSync(file);
}
fs.rmSync(dir, { recursive: true, force: true });
