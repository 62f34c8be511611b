import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { fixWavSizes } from "./wav.server";

/**
 * Running ffmpeg on user media: which binaries, the sandboxed input every command line starts
 * with, a decode capped by its output size, and the two conversions the pipeline needs (to the
 * speech engines' WAV, and a remux that adds a duration and a seek index). What a file is and how
 * long it lasts: media-probe.server.ts.
 *
 * ffmpeg and ffprobe are the system binaries when installed (distribution builds get security
 * updates), otherwise the static builds shipped through npm so a fresh machine needs nothing.
 */

const require = createRequire(import.meta.url);

function pick(systemPath: string, npmPackage: string): string {
  if (fs.existsSync(systemPath)) return systemPath;
  try {
    return (require(npmPackage) as { path: string }).path;
  } catch {
    return systemPath.split("/").pop()!;
  }
}

let binaries: { ffmpeg: string; ffprobe: string } | undefined;

export function ffmpegBinaries(): { ffmpeg: string; ffprobe: string } {
  binaries ??= {
    ffmpeg: process.env.FFMPEG_PATH || pick("/usr/bin/ffmpeg", "@ffmpeg-installer/ffmpeg"),
    ffprobe: process.env.FFPROBE_PATH || pick("/usr/bin/ffprobe", "@ffprobe-installer/ffprobe"),
  };
  return binaries;
}

export type RunResult = { stdout: string; stderr: string };

export function run(binary: string, args: string[], signal?: AbortSignal): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"], signal });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => {
      if (stdout.length < 1_000_000) stdout += d;
    });
    // Only the tail of stderr matters for an error message; keep memory bounded on long decodes.
    child.stderr.setEncoding("utf8").on("data", (d: string) => {
      stderr = (stderr + d).slice(-8000);
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`${binary.split("/").pop()} exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" | ")}`));
    });
  });
}

// ---------------------------------------------------------------- reading user media safely

/**
 * Uploads are untrusted. ffmpeg can follow references inside a file (an HLS playlist lists other
 * files, the concat demuxer too, with `file:`, `../` or absolute paths), so every ffprobe/ffmpeg
 * that reads user media gets: the file protocol only, a whitelist of plain audio/video demuxers
 * (anything else fails with "Format not on whitelist" before it is read), and — when decoding —
 * the demuxer detected at upload forced with -f. Callers run it on a file inside their own
 * private temporary folder (see storage.linkToLocal). Decision 006.
 */

/** ffprobe's format_name of each container we accept → the demuxer forced with -f when decoding. */
const ALLOWED_CONTAINERS: Record<string, string> = {
  "matroska,webm": "matroska",
  ogg: "ogg",
  mp3: "mp3",
  "mov,mp4,m4a,3gp,3g2,mj2": "mov",
  wav: "wav",
  flac: "flac",
  aac: "aac",
};
/** Demuxer names ffmpeg may even open for user media (matched against each name of a demuxer). */
export const FORMAT_WHITELIST = "matroska,webm,ogg,mp3,mov,mp4,m4a,wav,flac,aac";

/** The input half of a command line that reads user media: `file:` only, whitelisted demuxers only. */
export function mediaInput(filePath: string, demuxer?: string, startSec?: number): string[] {
  if (demuxer !== undefined && !Object.values(ALLOWED_CONTAINERS).includes(demuxer)) throw new Error(`Demuxer non ammesso: ${demuxer}`);
  return [
    "-protocol_whitelist",
    "file",
    "-format_whitelist",
    FORMAT_WHITELIST,
    ...(demuxer ? ["-f", demuxer] : []),
    // Input seeking: only the demuxer walks the skipped part (a minute of an hour-long webm
    // decodes in about a second instead of decoding the whole hour); the cut is sample-accurate.
    ...(startSec && startSec > 0 ? ["-ss", startSec.toFixed(3)] : []),
    "-i",
    `file:${path.resolve(filePath)}`,
  ];
}

/** The demuxer to force for a probed format_name, or undefined when that container is not accepted. */
export function allowedDemuxer(formatName: string | undefined): string | undefined {
  return formatName ? ALLOWED_CONTAINERS[formatName] : undefined;
}

/** A decode stopped because the audio turned out longer than the caller allowed. */
export class AudioTooLongError extends Error {
  constructor(
    public limitSec: number,
    /** How far the decode went before it was stopped (the whole audio is never decoded). */
    public decodedSec = limitSec,
  ) {
    super(`audio longer than ${limitSec} s`);
  }
}

/**
 * Runs ffmpeg with its output on stdout through `sink`, counting bytes; past `maxBytes` the
 * process is killed and AudioTooLongError thrown, so a tiny file that decodes to hours costs
 * only the time to decode up to the limit (no -t: timestamps inside a file can lie, the number
 * of decoded samples cannot).
 */
export async function decodeCapped(
  args: string[],
  sink: Writable,
  maxBytes: number,
  limitSec: number,
  bytesPerSec: number,
  signal?: AbortSignal,
): Promise<number> {
  const child = spawn(ffmpegBinaries().ffmpeg, args, { stdio: ["ignore", "pipe", "pipe"], signal });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (d: string) => {
    stderr = (stderr + d).slice(-8000);
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
  // Observed now, awaited below: an abort rejects it while the pipeline is still running.
  exited.catch(() => {});
  let bytes = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > maxBytes) done(new AudioTooLongError(limitSec, bytes / bytesPerSec));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(child.stdout, counter, sink);
  } catch (error) {
    child.kill("SIGKILL");
    await exited.catch(() => {});
    throw error;
  }
  const code = await exited;
  if (code !== 0) throw new Error(`ffmpeg exited with ${code}: ${stderr.trim().split("\n").slice(-3).join(" | ")}`);
  return bytes;
}

/** Output options of every decode: the first audio stream only, no metadata, one channel. */
export const AUDIO_ONLY_MONO = ["-vn", "-sn", "-dn", "-map_metadata", "-1", "-ac", "1"];

/**
 * Decodes any accepted audio (or a video's audio) to 16 kHz mono 16-bit PCM WAV, what the speech
 * engines read. `demuxer` forces the container found at upload; `maxSeconds` stops a file that
 * decodes to more than was measured and counted (AudioTooLongError).
 */
export async function decodeToWav(
  input: string,
  output: string,
  options: {
    demuxer?: string;
    maxSeconds?: number;
    signal?: AbortSignal;
    /** Decode from this second of the input (by its timestamps) instead of the beginning. */
    startSec?: number;
    /** Decode at most this many seconds (a window of a recording, not a limit check). */
    lengthSec?: number;
  } = {},
): Promise<void> {
  const maxSeconds = options.maxSeconds ?? Infinity;
  const length = options.lengthSec !== undefined ? ["-t", options.lengthSec.toFixed(3)] : [];
  await decodeCapped(
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      ...mediaInput(input, options.demuxer, options.startSec),
      ...length,
      ...AUDIO_ONLY_MONO,
      "-ar",
      "16000",
      "-c:a",
      "pcm_s16le",
      "-f",
      "wav",
      "pipe:1",
    ],
    fs.createWriteStream(output),
    Number.isFinite(maxSeconds) ? Math.ceil(44 + 1024 + maxSeconds * 32000) : Infinity,
    maxSeconds,
    32000,
    options.signal,
  );
  await fixWavSizes(output);
}

/**
 * Rewrites a container without re-encoding (`-c copy`): a MediaRecorder recording assembled from
 * its chunks has no duration or seek index; the remuxed file has both. Fast (no decoding).
 */
export async function remuxCopy(input: string, output: string, format: "webm" | "mp4" | "ogg", signal?: AbortSignal): Promise<void> {
  // The chunks are user data: read with the container they claim, through the allow-list (decision 006).
  const demuxer = { webm: "matroska", mp4: "mov", ogg: "ogg" }[format];
  await run(
    ffmpegBinaries().ffmpeg,
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      "-y",
      "-fflags",
      "+genpts",
      ...mediaInput(input, demuxer),
      "-vn",
      "-map",
      "0:a:0",
      "-c",
      "copy",
      "-f",
      format,
      output,
    ],
    signal,
  );
}
