import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/**
 * Test audio: real Italian speech from espeak-ng (Debian package), and plain tones or silence
 * through ffmpeg when only the length matters.
 */

export const ITALIAN_TEXT =
  "Buongiorno a tutti. Oggi parliamo del bilancio del primo trimestre. Il fatturato è cresciuto del dieci per cento. " +
  "Passiamo al progetto del nuovo sito web, la consegna è prevista per giugno.";

/** Speaks `text` with the Italian voice into a WAV file (22 kHz mono) and returns its path. */
export function espeakWav(file: string, text = ITALIAN_TEXT, options: { speed?: number } = {}): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("espeak-ng", ["-v", "it", "-s", String(options.speed ?? 150), "-w", file, text]);
  return file;
}

/** Speaks `text`, then pads or repeats to exactly `seconds`, re-encoded with ffmpeg to the given format. */
export function speechFile(file: string, seconds: number, text = ITALIAN_TEXT, codecArgs: string[] = []): string {
  const raw = espeakWav(`${file}.speech.wav`, text);
  execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-stream_loop", "-1", "-i", raw, "-t", String(seconds), ...codecArgs, file]);
  fs.rmSync(raw, { force: true });
  return file;
}

/** A sine tone of `seconds` in the format the extension implies (wav, webm, mp3, ogg, flac, m4a...). */
export function toneFile(file: string, seconds: number, extraArgs: string[] = []): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i", `sine=frequency=440:duration=${seconds}`, ...extraArgs, file]);
  return file;
}

/** A short mp4 video with an audio track, for the "audio of a video" path. */
export function videoWithAudio(file: string, seconds = 2): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("ffmpeg", [
    "-nostdin",
    "-loglevel",
    "error",
    "-y",
    "-f",
    "lavfi",
    "-i",
    `testsrc=size=64x64:rate=10:duration=${seconds}`,
    "-f",
    "lavfi",
    "-i",
    `sine=frequency=300:duration=${seconds}`,
    "-c:v",
    "mpeg4",
    "-c:a",
    "aac",
    "-shortest",
    file,
  ]);
  return file;
}
