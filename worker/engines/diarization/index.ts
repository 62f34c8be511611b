import { fork } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { appRoot } from "~/services/paths.server";
import { ensureDiarizationModels, type DiarizationModelOptions } from "./models";
import type { SpeakerTurn } from "./assign";

/**
 * Offline speaker diarization with sherpa-onnx, one child process per recording (the toolkit
 * exits the process on a model it cannot load). It fails soft: any failure gives
 * { turns: null, reason } and the caller keeps the transcript without speakers.
 */

export type DiarizeOptions = DiarizationModelOptions & {
  wavPath: string;
  /** Known number of speakers; otherwise found by clustering. */
  speakers?: number;
  /** Clustering distance threshold: smaller finds more speakers. */
  threshold?: number;
  threads?: number;
};

export type DiarizeResult =
  { turns: SpeakerTurn[]; reason?: undefined; cpuSeconds: number; maxRssMb: number } | { turns: null; reason: string; modelsMissing?: boolean };

const childFile = () => path.join(appRoot(), "worker", "engines", "diarization", "diarize-child.mjs");

export async function diarize(o: DiarizeOptions): Promise<DiarizeResult> {
  let models: Awaited<ReturnType<typeof ensureDiarizationModels>>;
  try {
    models = await ensureDiarizationModels(o);
  } catch (error) {
    if (o.signal?.aborted) throw error;
    return { turns: null, reason: `modelli non disponibili: ${(error as Error).message}`, modelsMissing: true };
  }
  const request = {
    wavPath: o.wavPath,
    segmentationModel: models.segmentation,
    embeddingModel: models.embedding,
    speakers: o.speakers,
    threshold: o.threshold ?? 0.5,
    threads: o.threads ?? Math.max(1, Math.min(2, os.availableParallelism())),
  };
  return new Promise<DiarizeResult>((resolve, reject) => {
    const child = fork(childFile(), [], { stdio: ["ignore", "ignore", "pipe", "ipc"], signal: o.signal });
    let stderr = "";
    let answer: DiarizeResult | undefined;
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    child.on("message", (m: { ok: boolean; turns?: SpeakerTurn[]; reason?: string; cpuSeconds?: number; maxRssMb?: number }) => {
      answer = m.ok
        ? { turns: m.turns ?? [], cpuSeconds: m.cpuSeconds ?? 0, maxRssMb: m.maxRssMb ?? 0 }
        : { turns: null, reason: m.reason ?? "errore sconosciuto" };
    });
    child.on("error", (error) => {
      if (o.signal?.aborted) reject(error);
    });
    child.on("exit", (code, signal) => {
      if (o.signal?.aborted) return reject(o.signal.reason ?? new Error("aborted"));
      const lastLine = stderr.trim().split("\n").filter(Boolean).slice(-2).join(" | ");
      resolve(answer ?? { turns: null, reason: `il processo è terminato (${signal ?? `codice ${code}`})${lastLine ? `: ${lastLine}` : ""}` });
    });
    child.send(request);
  });
}
