import fsp from "node:fs/promises";
import path from "node:path";
import { transcribePiecesWithCli } from "./cli";
import { newStats, type BackendJob, type BackendResult, type WhisperBackend } from "./backend";
import type { RawSegment } from "./vad";

/** whisper.cpp's own program, one run per piece (see cli.ts). */
export class CliBackend implements WhisperBackend {
  readonly name = "whisper-cli";

  constructor(private readonly binary: string) {}

  async run(job: BackendJob): Promise<BackendResult> {
    const { pieces } = job;
    const total = pieces.reduce((s, p) => s + p.length, 0);
    const stats = newStats(this.name, job);
    const byPiece: RawSegment[][] = [];
    let doneSamples = 0;
    let reported = 0;
    const report = (f: number) => {
      // whisper.cpp reports per 30 s window; never step back between pieces.
      if (f < reported) return;
      reported = f;
      job.onProgress?.(f);
    };
    report(0);
    const workDir = await fsp.mkdtemp(path.join(job.scratchDir, "whisper-"));
    try {
      const { language } = await transcribePiecesWithCli({
        binary: this.binary,
        modelPath: job.modelPath,
        pcm: job.pcm,
        pieces,
        language: job.language,
        threads: job.threads,
        prompt: job.prompt,
        audioCtx: job.audioCtx,
        workDir,
        signal: job.signal,
        onProgress: (index, f) => report(Math.min(1, (doneSamples + f * pieces[index].length) / total)),
        onPiece: (index, r) => {
          stats.decodeSec += (r.ms - r.loadMs) / 1000;
          stats.loadSec += r.loadMs / 1000;
          stats.modelSec += r.loadMs / 1000;
          byPiece[index] = r.segments;
          doneSamples += pieces[index].length;
          report(Math.min(1, doneSamples / total));
        },
      });
      return { language, byPiece, stats };
    } finally {
      await fsp.rm(workDir, { recursive: true, force: true });
    }
  }
}
