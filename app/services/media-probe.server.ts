import { Writable } from "node:stream";
import { AUDIO_ONLY_MONO, AudioTooLongError, allowedDemuxer, decodeCapped, ffmpegBinaries, mediaInput, run, type RunResult } from "./ffmpeg.server";

/**
 * What an upload really is and how long it really lasts: ffprobe reads the container and its
 * streams (whatever the file's name says), and a decode to nowhere counts the samples, because a
 * container's stated duration may be missing or a lie. Both read through ffmpeg.server.ts's
 * sandboxed input (decision 006).
 */

export type ProbeResult = {
  /** Container names as ffprobe reports them, e.g. "matroska,webm" or "mov,mp4,m4a,3gp,3g2,mj2". */
  formatName: string;
  /** The demuxer to force with -f when decoding (one of the allow-list). */
  demuxer: string;
  audioCodec: string;
  hasVideo: boolean;
  /** Seconds as the container claims (may be missing or a lie: see measureDecodedSeconds). */
  durationSec: number | undefined;
};

export type ProbeOutcome =
  | { ok: true; probe: ProbeResult }
  /** unsupported: a container outside the allow-list (playlists, images, text…); notAudio: no audio stream or unreadable. */
  | { ok: false; reason: "unsupported" | "notAudio" };

/**
 * Reads the file's real content, whatever its name says: an allowed container holding an audio
 * stream (a video with an audio track counts).
 */
export async function probeMedia(filePath: string): Promise<ProbeOutcome> {
  let out: RunResult;
  try {
    out = await run(ffmpegBinaries().ffprobe, [
      "-v",
      "error",
      "-print_format",
      "json",
      "-show_entries",
      "format=format_name,duration:stream=codec_type,codec_name",
      ...mediaInput(filePath),
    ]);
  } catch (error) {
    return { ok: false, reason: /not on whitelist/i.test(String((error as Error).message)) ? "unsupported" : "notAudio" };
  }
  let data: { format?: { format_name?: string; duration?: string }; streams?: { codec_type?: string; codec_name?: string }[] };
  try {
    data = JSON.parse(out.stdout);
  } catch {
    return { ok: false, reason: "notAudio" };
  }
  const demuxer = allowedDemuxer(data.format?.format_name);
  if (!demuxer) return { ok: false, reason: "unsupported" };
  const streams = data.streams ?? [];
  const audio = streams.find((s) => s.codec_type === "audio");
  if (!audio) return { ok: false, reason: "notAudio" };
  const duration = Number(data.format?.duration);
  return {
    ok: true,
    probe: {
      formatName: data.format!.format_name!,
      demuxer,
      audioCodec: audio.codec_name ?? "unknown",
      hasVideo: streams.some((s) => s.codec_type === "video"),
      durationSec: Number.isFinite(duration) && duration > 0 ? duration : undefined,
    },
  };
}

/** The usual extension for a probed container, used for the storage key. */
export function extensionFor(probe: ProbeResult, originalName: string): string {
  const fromName = originalName.toLowerCase().match(/\.([a-z0-9]{2,5})$/)?.[1];
  switch (probe.demuxer) {
    case "matroska":
      return fromName === "mkv" ? "mkv" : "webm";
    case "ogg":
      return fromName === "opus" ? "opus" : "ogg";
    case "mov":
      if (fromName && ["mp4", "m4a", "mov", "3gp"].includes(fromName)) return fromName;
      return probe.hasVideo ? "mp4" : "m4a";
    default:
      return probe.demuxer;
  }
}

/** Bytes per second of the PCM used to count samples (8 kHz, mono, unsigned 8-bit). */
const COUNT_RATE = 8000;

/**
 * The audio's real length in seconds, from decoding it (to nowhere), stopping a little past
 * `limitSec`: throws AudioTooLongError when longer. Throws a plain Error when it cannot be decoded.
 */
export async function measureDecodedSeconds(
  filePath: string,
  demuxer: string,
  limitSec: number,
  options: { signal?: AbortSignal; /** Count only from this second of the input (by its timestamps). */ startSec?: number } = {},
): Promise<number> {
  const maxBytes = Math.ceil((limitSec + 1) * COUNT_RATE);
  const bytes = await decodeCapped(
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      ...mediaInput(filePath, demuxer, options.startSec),
      ...AUDIO_ONLY_MONO,
      "-ar",
      String(COUNT_RATE),
      "-f",
      "u8",
      "pipe:1",
    ],
    new Writable({ write: (_chunk, _encoding, done) => done() }),
    maxBytes,
    limitSec,
    COUNT_RATE,
    options.signal,
  );
  const seconds = bytes / COUNT_RATE;
  if (seconds > limitSec) throw new AudioTooLongError(limitSec);
  return seconds;
}
