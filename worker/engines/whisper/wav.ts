import fs from "node:fs";
import fsp from "node:fs/promises";
import { readWavInfo, wavHeader } from "~/services/wav.server";
import { SAMPLE_RATE } from "./vad";

/** 16 kHz mono 16-bit PCM WAV files: what the transcribe task writes and whisper-cli reads. */

/** Reads a 16 kHz mono s16le WAV (the transcribe task's format) into samples; its chunks are found by readWavInfo. */
export async function readWav16k(file: string): Promise<Int16Array> {
  const info = await readWavInfo(file).catch((error: unknown) => {
    throw new Error(`${file}: non è un file WAV leggibile (${(error as Error).message})`);
  });
  const { format, channels, sampleRate, bitsPerSample } = info;
  if ((format !== 1 && format !== 0xfffe) || channels !== 1 || sampleRate !== SAMPLE_RATE || bitsPerSample !== 16) {
    throw new Error(`${file}: atteso WAV PCM 16 bit mono 16 kHz (formato ${format}, ${channels} canali, ${sampleRate} Hz, ${bitsPerSample} bit)`);
  }
  const samples = new Int16Array(Math.floor(info.dataBytes / 2));
  const handle = await fsp.open(file, "r");
  try {
    const bytes = Buffer.from(samples.buffer);
    for (let done = 0; done < bytes.length;) {
      const { bytesRead } = await handle.read(bytes, done, bytes.length - done, info.dataOffset + done);
      if (bytesRead === 0) break;
      done += bytesRead;
    }
  } finally {
    await handle.close();
  }
  return samples;
}

/** Writes samples as a 16 kHz mono s16le WAV. */
export function writeWav16k(file: string, pcm: Int16Array): string {
  const h = wavHeader(pcm.length * 2, SAMPLE_RATE, 1);
  fs.writeFileSync(file, Buffer.concat([h, Buffer.from(pcm.buffer, pcm.byteOffset, pcm.length * 2)]));
  return file;
}
