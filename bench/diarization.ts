import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { meetingWav, writeSyntheticModels } from "../tests/support/meeting-voices";
import { diarizationErrorRate } from "../worker/engines/diarization/assign";
import { diarize } from "../worker/engines/diarization/index";

/**
 * Speaker diarization cost with the synthetic models (the real ones cannot be downloaded here):
 * CPU seconds per audio minute and the child's peak RSS for 1, 10 and 60 minutes of three espeak
 * voices taking turns, with the DER. Run: node --import tsx bench/diarization.ts   (MINUTES=1,10,60)
 */

const minutesList = (process.env.MINUTES ?? "1,10,60").split(",").map(Number);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-diarization-"));
const models = writeSyntheticModels(path.join(dir, "models"));
// About a minute of turns, repeated with ffmpeg for the longer runs (the reference repeats with it).
const unit = meetingWav(path.join(dir, "unit.wav"), "ABCACBAB");
const unitSeconds = unit.turns.at(-1)!.end + 0.6;

try {
  for (const minutes of minutesList) {
    const copies = Math.max(1, Math.round((minutes * 60) / unitSeconds));
    const file = path.join(dir, `meeting-${minutes}.wav`);
    execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-y", "-stream_loop", String(copies - 1), "-i", unit.file, "-c", "copy", file]);
    const turns = Array.from({ length: copies }, (_, i) =>
      unit.turns.map((t) => ({ ...t, start: t.start + i * unitSeconds, end: t.end + i * unitSeconds })),
    ).flat();
    const started = Date.now();
    const result = await diarize({ wavPath: file, dataDir: dir, paths: models, threads: 2 });
    const wall = (Date.now() - started) / 1000;
    if (!result.turns) throw new Error(result.reason);
    const audioMinutes = (copies * unitSeconds) / 60;
    const der = diarizationErrorRate(turns, result.turns);
    console.log(
      `${audioMinutes.toFixed(1)} min: CPU ${result.cpuSeconds.toFixed(1)} s (${(result.cpuSeconds / audioMinutes).toFixed(2)} s per audio minute), ` +
        `wall ${wall.toFixed(1)} s, peak RSS ${result.maxRssMb} MB, speakers ${new Set(result.turns.map((t) => t.speaker)).size}, ` +
        `DER ${(der * 100).toFixed(1)} %, load ${os.loadavg()[0].toFixed(1)}`,
    );
    fs.rmSync(file);
  }
} finally {
  fs.rmSync(dir, { recursive: true, force: true });
}
