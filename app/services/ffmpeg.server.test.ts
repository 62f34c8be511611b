import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { toneFile } from "../../tests/support/audio";
import { decodeToWav } from "./ffmpeg.server";
import { readWavInfo } from "./wav.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "verbale-ffmpeg-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("decodeToWav", () => {
  it("writes a WAV whose header gives the real sizes (it was decoded through a pipe)", async () => {
    const out = path.join(dir, "out.wav");
    await decodeToWav(toneFile(path.join(dir, "tre.mp3"), 3), out, { demuxer: "mp3" });
    const header = fs.readFileSync(out).subarray(0, 8);
    expect(header.readUInt32LE(4)).toBe(fs.statSync(out).size - 8);
    const info = await readWavInfo(out);
    expect(info).toMatchObject({ sampleRate: 16000, channels: 1 });
    expect(info.durationSec).toBeGreaterThan(2.9);
    expect(info.durationSec).toBeLessThan(3.2);
  });

  it("stops past maxSeconds, and an aborted decode rejects once with nothing left unhandled", async () => {
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", record);
    try {
      const long = toneFile(path.join(dir, "lungo.wav"), 120);
      await expect(decodeToWav(long, path.join(dir, "corto.wav"), { maxSeconds: 10 })).rejects.toThrow(/longer than 10 s/);
      const controller = new AbortController();
      const decoding = decodeToWav(long, path.join(dir, "annullato.wav"), { signal: controller.signal });
      controller.abort();
      await expect(decoding).rejects.toThrow(/abort/i);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(unhandled).toEqual([]);
    } finally {
      process.off("unhandledRejection", record);
    }
  });
});
