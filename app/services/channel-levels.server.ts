import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import type { TimedSegment } from "~/lib/analysis";
import { isCallRecording, type AudioSource } from "~/lib/audio-source";
import { attributeSpeakers, type ChannelLevels } from "~/lib/channel-speakers";
import { decodeCapped, ffmpegBinaries, mediaInput, run } from "./ffmpeg.server";
import { log } from "./logger.server";

/**
 * The two channels' levels of a call recording (issue 30), measured in one ffmpeg pass over the
 * whole file: decoded to 8 kHz stereo s16le and reduced here to one RMS value per 100 ms frame
 * and channel (an hour is 36,000 pairs of numbers). Recognition does not use this: it hears
 * ffmpeg's mono downmix as always.
 */

const RATE = 8000;
export const FRAME_SEC = 0.1;
const FRAME_SAMPLES = RATE * FRAME_SEC;
const BYTES_PER_SEC = RATE * 2 * 2;

const toDb = (sumSquares: number, n: number) => (sumSquares > 0 ? 10 * Math.log10(sumSquares / n / (32768 * 32768)) : -Infinity);

/** Channels of the first audio stream, read through the sandboxed input (decision 006). */
async function channelCount(file: string, demuxer: string | undefined, signal?: AbortSignal): Promise<number> {
  const { stdout } = await run(
    ffmpegBinaries().ffprobe,
    ["-v", "error", "-select_streams", "a:0", "-show_entries", "stream=channels", "-of", "csv=p=0", ...mediaInput(file, demuxer)],
    signal,
  );
  return Number.parseInt(stdout.trim(), 10) || 0;
}

/**
 * Per-frame levels of the left and right channels, or null when the file is not stereo (then
 * nothing tells the sides apart). `maxSeconds` caps the decode like the transcription's.
 */
export async function measureChannelLevels(
  file: string,
  options: { demuxer?: string; maxSeconds?: number; signal?: AbortSignal } = {},
): Promise<ChannelLevels | null> {
  if ((await channelCount(file, options.demuxer, options.signal)) !== 2) return null;
  const left: number[] = [];
  const right: number[] = [];
  let sumL = 0;
  let sumR = 0;
  let n = 0;
  let carry = Buffer.alloc(0);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const data = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const whole = data.length - (data.length % 4);
      for (let i = 0; i < whole; i += 4) {
        const l = data.readInt16LE(i);
        const r = data.readInt16LE(i + 2);
        sumL += l * l;
        sumR += r * r;
        if (++n === FRAME_SAMPLES) {
          left.push(toDb(sumL, n));
          right.push(toDb(sumR, n));
          sumL = sumR = n = 0;
        }
      }
      carry = Buffer.from(data.subarray(whole));
      done();
    },
  });
  const maxSeconds = options.maxSeconds ?? Infinity;
  await decodeCapped(
    [
      "-nostdin",
      "-hide_banner",
      "-loglevel",
      "error",
      ...mediaInput(file, options.demuxer),
      ...["-vn", "-sn", "-dn", "-map_metadata", "-1", "-ac", "2", "-ar", String(RATE), "-f", "s16le", "pipe:1"],
    ],
    sink,
    Number.isFinite(maxSeconds) ? Math.ceil(maxSeconds * BYTES_PER_SEC) : Infinity,
    maxSeconds,
    BYTES_PER_SEC,
    options.signal,
  );
  // The last partial frame counts too (a segment may end in it).
  if (n > 0) {
    left.push(toDb(sumL, n));
    right.push(toDb(sumR, n));
  }
  return { frameSec: FRAME_SEC, left, right };
}

/**
 * What the transcribe task calls while it holds the recording: for a microphone-and-call
 * recording the levels are measured now, and the returned function gives the final segments
 * their speakers (see attributeSpeakers); for every other recording it returns them unchanged.
 */
export async function channelSpeakers(
  row: { userId: string; audioSource: AudioSource | null },
  file: string,
  options: { demuxer?: string; maxSeconds?: number; signal?: AbortSignal },
): Promise<<T extends TimedSegment>(segments: T[]) => T[]> {
  const source = row.audioSource;
  if (!isCallRecording(source)) return (segments) => segments;
  const [owner] = await getDb().select({ name: users.name }).from(users).where(eq(users.id, row.userId));
  let levels: ChannelLevels | null = null;
  if (source === "microphone-and-call") {
    try {
      levels = await measureChannelLevels(file, options);
    } catch (error) {
      // The transcript matters more than its speakers: without the levels it keeps the engine's.
      if (options.signal?.aborted) throw error;
      log.warn({ err: error }, "livelli dei canali non misurati: relatori non attribuiti");
    }
  }
  return (segments) => attributeSpeakers(segments, source, owner?.name ?? "", levels);
}
