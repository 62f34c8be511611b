// One diarization in a child process: sherpa-onnx calls exit() on a model it cannot use, which
// must end this child, not the worker. Request on IPC, turns (or an error) back, then exit.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

process.once("message", (request) => {
  try {
    const sherpa = require("sherpa-onnx-node");
    const wave = sherpa.readWave(request.wavPath);
    const diarizer = new sherpa.OfflineSpeakerDiarization({
      segmentation: { pyannote: { model: request.segmentationModel }, numThreads: request.threads, debug: 0 },
      embedding: { model: request.embeddingModel, numThreads: request.threads, debug: 0 },
      clustering: { numClusters: request.speakers ?? -1, threshold: request.threshold },
      minDurationOn: 0.3,
      minDurationOff: 0.5,
    });
    if (wave.sampleRate !== diarizer.sampleRate) throw new Error(`sample rate ${wave.sampleRate}, expected ${diarizer.sampleRate}`);
    const turns = diarizer.process(wave.samples).map((t) => ({ start: t.start, end: t.end, speaker: t.speaker }));
    // What it cost, for the log line and the benchmark (ru_maxrss is in KiB on Linux).
    const usage = process.resourceUsage();
    const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
    process.send({ ok: true, turns, cpuSeconds, maxRssMb: Math.round(usage.maxRSS / 1024) }, () => process.exit(0));
  } catch (error) {
    process.send({ ok: false, reason: error instanceof Error ? error.message : String(error) }, () => process.exit(0));
  }
});
