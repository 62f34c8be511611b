import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { espeakWav } from "../../../tests/support/audio";
import { writeWav16k } from "./wav";

/** Test-only helpers: Italian speech from espeak-ng as 16 kHz mono PCM, and WAV writing. */

export const DATA = path.resolve(import.meta.dirname, "../../../tests/.data/whisper");

/** espeak-ng -v it, resampled by ffmpeg to 16 kHz mono s16le; returns the samples. */
export function italianPcm(name: string, text: string): Int16Array {
  fs.mkdirSync(DATA, { recursive: true });
  const raw = espeakWav(path.join(DATA, `${name}.espeak.wav`), text);
  const out = path.join(DATA, `${name}.16k.raw`);
  execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-i", raw, "-ar", "16000", "-ac", "1", "-f", "s16le", out]);
  const b = fs.readFileSync(out);
  const pcm = new Int16Array(b.length / 2);
  Buffer.from(pcm.buffer).set(b);
  return pcm;
}

export function silence(seconds: number): Int16Array {
  return new Int16Array(Math.round(seconds * 16000));
}

export function concat(...parts: Int16Array[]): Int16Array {
  const out = new Int16Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function writeWav(file: string, pcm: Int16Array): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  return writeWav16k(file, pcm);
}
