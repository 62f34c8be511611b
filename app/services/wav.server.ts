import fs from "node:fs";
import fsp from "node:fs/promises";

/** 16-bit PCM WAV files: finding their samples, writing their header, cutting them. */

export type WavInfo = {
  dataOffset: number;
  dataBytes: number;
  sampleRate: number;
  channels: number;
  durationSec: number;
  /** The fmt chunk's format tag (1 = PCM, 0xFFFE = extensible) and bits per sample; 0 when there is no fmt chunk. */
  format: number;
  bitsPerSample: number;
};

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
    let format = 0;
    let bitsPerSample = 0;
    const header = Buffer.alloc(8);
    while (offset + 8 <= size) {
      await handle.read(header, 0, 8, offset);
      const id = header.toString("ascii", 0, 4);
      const length = header.readUInt32LE(4);
      if (id === "fmt ") {
        const fmt = Buffer.alloc(16);
        await handle.read(fmt, 0, 16, offset + 8);
        format = fmt.readUInt16LE(0);
        channels = fmt.readUInt16LE(2);
        sampleRate = fmt.readUInt32LE(4);
        bitsPerSample = fmt.readUInt16LE(14);
      } else if (id === "data") {
        // ffmpeg writes 0xFFFFFFFF or a stale length when streaming; the file size is the truth.
        const dataBytes = Math.min(length === 0xffffffff || length === 0 ? Infinity : length, size - offset - 8);
        return {
          dataOffset: offset + 8,
          dataBytes,
          sampleRate,
          channels,
          durationSec: dataBytes / (sampleRate * channels * 2),
          format,
          bitsPerSample,
        };
      }
      offset += 8 + length + (length % 2);
    }
    throw new Error("WAV without data chunk");
  } finally {
    await handle.close();
  }
}

/** The 44-byte header of a 16-bit PCM WAV holding `dataBytes` of samples. */
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

/** A WAV written to a pipe has no sizes in its header; readers such as whisper.cpp want them. */
export async function fixWavSizes(filePath: string): Promise<void> {
  const info = await readWavInfo(filePath);
  const handle = await fsp.open(filePath, "r+");
  try {
    const size = Buffer.alloc(4);
    size.writeUInt32LE(Math.min(0xffffffff, info.dataOffset + info.dataBytes - 8));
    await handle.write(size, 0, 4, 4);
    size.writeUInt32LE(Math.min(0xffffffff, info.dataBytes));
    await handle.write(size, 0, 4, info.dataOffset - 4);
  } finally {
    await handle.close();
  }
}
