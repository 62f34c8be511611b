import fs from "node:fs";
import { wavHeader } from "~/services/wav.server";
import { SAMPLE_RATE } from "./vad";

/** 16 kHz mono 16-bit PCM WAV files: what the transcribe task writes and whisper-cli reads. */

/** Reads a 16 kHz mono s16le WAV (the transcribe task's format) into samples. */
export function readWav16k(file: string): Int16Array {
  const b = fs.readFileSync(file);
  if (b.length < 12 || b.toString("ascii", 0, 4) !== "RIFF" || b.toString("ascii", 8, 12) !== "WAVE") {
    throw new Error(`${file}: non è un file WAV`);
  }
  let o = 12;
  let fmtOk = false;
  while (o + 8 <= b.length) {
    const id = b.toString("ascii", o, o + 4);
    const size = b.readUInt32LE(o + 4);
    const body = o + 8;
    if (id === "fmt ") {
      const format = b.readUInt16LE(body);
      const channels = b.readUInt16LE(body + 2);
      const rate = b.readUInt32LE(body + 4);
      const bits = b.readUInt16LE(body + 14);
      fmtOk = (format === 1 || format === 0xfffe) && channels === 1 && rate === SAMPLE_RATE && bits === 16;
      if (!fmtOk) throw new Error(`${file}: atteso WAV PCM 16 bit mono 16 kHz (formato ${format}, ${channels} canali, ${rate} Hz, ${bits} bit)`);
    } else if (id === "data") {
      if (!fmtOk) throw new Error(`${file}: WAV senza intestazione fmt`);
      // ffmpeg writes 0xFFFFFFFF sizes when streaming: take what is there.
      const len = Math.min(size, b.length - body) & ~1;
      const copy = new Int16Array(len / 2);
      Buffer.from(copy.buffer).set(b.subarray(body, body + len));
      return copy;
    }
    o = body + size + (size & 1);
  }
  throw new Error(`${file}: WAV senza dati audio`);
}

/** Writes samples as a 16 kHz mono s16le WAV. */
export function writeWav16k(file: string, pcm: Int16Array): string {
  const h = wavHeader(pcm.length * 2, SAMPLE_RATE, 1);
  fs.writeFileSync(file, Buffer.concat([h, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.length * 2)]));
  return file;
}
