import { spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import { createRequire } from "node:module";

/**
 * ffmpeg and ffprobe: the system binaries when installed (distribution builds get security
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

type RunResult = { stdout: string; stderr: string };

function run(binary: string, args: string[], signal?: AbortSignal): Promise<RunResult> {
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

export type ProbeResult = {
  /** Container names as ffprobe reports them, e.g. "matroska,webm" or "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  audioCodec: string;
  hasVideo: boolean;
  /** Seconds; undefined when the container does not say (e.g. MediaRecorder webm). */
  durationSec: number | undefined;
};

/**
 * Reads the file's real content. Returns undefined when it is not audio, nor a video with an
 * audio stream, whatever its name says.
 */
export async function probeAudio(filePath: string): Promise<ProbeResult | undefined> {
  let out: RunResult;
  try {
    out = await run(ffmpegBinaries().ffprobe, [
      "-v", "error",
      "-print_format", "json",
      "-show_entries", "format=format_name,duration:stream=codec_type,codec_name",
      filePath,
    ]);
  } catch {
    return undefined;
  }
  let data: { format?: { format_name?: string; duration?: string }; streams?: { codec_type?: string; codec_name?: string }[] };
  try {
    data = JSON.parse(out.stdout);
  } catch {
    return undefined;
  }
  const streams = data.streams ?? [];
  const audio = streams.find((s) => s.codec_type === "audio");
  if (!audio || !data.format?.format_name) return undefined;
  // Image "formats" (a PNG named .mp3) have no audio stream and were refused above; tty/text demuxers too.
  const duration = Number(data.format.duration);
  return {
    formatName: data.format.format_name,
    audioCodec: audio.codec_name ?? "unknown",
    hasVideo: streams.some((s) => s.codec_type === "video"),
    durationSec: Number.isFinite(duration) && duration > 0 ? duration : undefined,
  };
}

/** The usual extension for a probed container, used for the storage key. */
export function extensionFor(probe: ProbeResult, originalName: string): string {
  const f = probe.formatName.split(",");
  const fromName = originalName.toLowerCase().match(/\.([a-z0-9]{2,5})$/)?.[1];
  if (f.includes("webm") || f.includes("matroska")) return fromName === "mkv" ? "mkv" : "webm";
  if (f.includes("ogg")) return fromName === "opus" ? "opus" : "ogg";
  if (f.includes("mp3")) return "mp3";
  if (f.includes("wav")) return "wav";
  if (f.includes("flac")) return "flac";
  if (f.includes("aac")) return "aac";
  if (f.includes("mov") || f.includes("mp4")) {
    if (fromName && ["mp4", "m4a", "mov", "3gp"].includes(fromName)) return fromName;
    return probe.hasVideo ? "mp4" : "m4a";
  }
  return fromName && /^[a-z0-9]+$/.test(fromName) ? fromName : "bin";
}

/** Decodes any audio (or a video's audio) to 16 kHz mono 16-bit PCM WAV, what the speech engines read. */
export async function decodeToWav(input: string, output: string, signal?: AbortSignal): Promise<void> {
  await run(
    ffmpegBinaries().ffmpeg,
    ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-i", input, "-vn", "-map_metadata", "-1", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", output],
    signal,
  );
}

/**
 * Rewrites a container without re-encoding (`-c copy`): a MediaRecorder recording assembled from
 * its chunks has no duration or seek index; the remuxed file has both. Fast (no decoding).
 */
export async function remuxCopy(input: string, output: string, format: "webm" | "mp4" | "ogg", signal?: AbortSignal): Promise<void> {
  await run(
    ffmpegBinaries().ffmpeg,
    ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", "-fflags", "+genpts", "-i", input, "-vn", "-map", "0:a:0", "-c", "copy", "-f", format, output],
    signal,
  );
}

// ---------------------------------------------------------------- WAV helpers (16-bit PCM)

export type WavInfo = { dataOffset: number; dataBytes: number; sampleRate: number; channels: number; durationSec: number };

/** Finds the PCM data of a WAV file by walking its chunks (ffmpeg may add LIST before data). */
export async function readWavInfo(filePath: string): Promise<WavInfo> {
  const handle = await fsp.open(filePath, "r");
  try {
    const { size } = await handle.stat();
    const head = Buffer.alloc(12);
    await handle.read(head, 0, 12, 0);
    if (head.toString("ascii", 0, 4) !== "RIFF" || head.toString("ascii", 8, 12) !== "WAVE") throw new Error("Not a WAV file");
    let offset = 12;
    let sampleRate = 16000;
    let channels = 1;
    const header = Buffer.alloc(8);
    while (offset + 8 <= size) {
      await handle.read(header, 0, 8, offset);
      const id = header.toString("ascii", 0, 4);
      const length = header.readUInt32LE(4);
      if (id === "fmt ") {
        const fmt = Buffer.alloc(16);
        await handle.read(fmt, 0, 16, offset + 8);
        channels = fmt.readUInt16LE(2);
        sampleRate = fmt.readUInt32LE(4);
      } else if (id === "data") {
        // ffmpeg writes 0xFFFFFFFF or a stale length when streaming; the file size is the truth.
        const dataBytes = Math.min(length === 0xffffffff || length === 0 ? Infinity : length, size - offset - 8);
        return { dataOffset: offset + 8, dataBytes, sampleRate, channels, durationSec: dataBytes / (sampleRate * channels * 2) };
      }
      offset += 8 + length + (length % 2);
    }
    throw new Error("WAV without data chunk");
  } finally {
    await handle.close();
  }
}

export function wavHeader(dataBytes: number, sampleRate = 16000, channels = 1): Buffer {
  const h = Buffer.alloc(44);
  h.write("RIFF", 0, "ascii");
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write("WAVE", 8, "ascii");
  h.write("fmt ", 12, "ascii");
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(sampleRate, 24);
  h.writeUInt32LE(sampleRate * channels * 2, 28);
  h.writeUInt16LE(channels * 2, 32);
  h.writeUInt16LE(16, 34);
  h.write("data", 36, "ascii");
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** Copies [startSec, endSec) of a PCM WAV into a new WAV file without re-encoding. */
export async function sliceWav(info: WavInfo, input: string, output: string, startSec: number, endSec: number): Promise<number> {
  const frame = info.channels * 2;
  const bytesPerSec = info.sampleRate * frame;
  const start = Math.min(info.dataBytes, Math.floor((startSec * bytesPerSec) / frame) * frame);
  const end = Math.min(info.dataBytes, Math.floor((endSec * bytesPerSec) / frame) * frame);
  const length = Math.max(0, end - start);
  await fsp.writeFile(output, wavHeader(length, info.sampleRate, info.channels));
  if (length > 0) {
    await new Promise<void>((resolve, reject) => {
      const read = fs.createReadStream(input, { start: info.dataOffset + start, end: info.dataOffset + start + length - 1 });
      const write = fs.createWriteStream(output, { flags: "a" });
      read.on("error", reject);
      write.on("error", reject);
      write.on("finish", () => resolve());
      read.pipe(write);
    });
  }
  return length / bytesPerSec;
}
