import path from "node:path";
import { Worker } from "node:worker_threads";
import { appRoot } from "~/services/paths.server";
import { abortError, newStats, type BackendJob, type BackendResult, type WhisperBackend } from "./backend";
import { WhisperModelError } from "./cli";
import type { RawSegment } from "./vad";

type ThreadMessage =
  | { type: "loaded"; ms: number }
  | { type: "piece"; index: number; ms: number; segments: RawSegment[] }
  | { type: "done"; language: string }
  | { type: "error"; code: "model" | "run"; message: string };

/**
 * Plain JS so it loads without a TypeScript loader (see the file's header). Found from the
 * project root, not from this module: in the compiled app this code lives in build/server/.
 */
const threadFile = () => path.join(appRoot(), "worker", "engines", "whisper", "whisper-thread.mjs");

/** The prebuilt binding (@napi-rs/whisper) in a worker thread, one thread per job. */
export class BindingBackend implements WhisperBackend {
  readonly name = "binding";

  run(job: BackendJob): Promise<BackendResult> {
    const { signal, onProgress, pieces } = job;
    const total = pieces.reduce((s, p) => s + p.length, 0);
    const started = performance.now();
    const worker = new Worker(threadFile(), {
      workerData: {
        modelPath: job.modelPath,
        pcm: job.pcm,
        pieces,
        language: job.language,
        threads: job.threads,
        prompt: job.prompt ?? "",
        maxTokens: job.maxTokens,
        audioCtx: job.audioCtx,
      },
      // The samples move to the thread (the engine has read what it needs of them).
      transferList: [job.pcm.buffer as ArrayBuffer],
      // The thread needs no TypeScript loader or inspector flags from the parent.
      execArgv: [],
      stdout: false,
      stderr: false,
    });
    const byPiece: RawSegment[][] = [];
    let doneSamples = 0;
    const stats = newStats(this.name, job);
    onProgress?.(0);

    return new Promise<BackendResult>((resolve, reject) => {
      let settled = false;
      const finish = (err: Error | null, result?: BackendResult) => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener("abort", onAbort);
        // Ending the thread after each job frees the model and the binding's callbacks, which
        // would otherwise keep the process alive. A thread still inside whisper's native call
        // stops when that call returns (at most one piece, <= 30 s of audio).
        void worker.terminate();
        if (err) reject(err);
        else resolve(result!);
      };
      const onAbort = () => finish(abortError(signal!));
      signal?.addEventListener("abort", onAbort, { once: true });

      worker.on("message", (m: ThreadMessage) => {
        if (m.type === "loaded") {
          stats.loadSec = (performance.now() - started) / 1000;
          stats.modelSec = m.ms / 1000;
        } else if (m.type === "piece") {
          stats.decodeSec += m.ms / 1000;
          byPiece[m.index] = m.segments;
          doneSamples += pieces[m.index].length;
          onProgress?.(Math.min(1, doneSamples / total));
        } else if (m.type === "done") {
          finish(null, { language: m.language || job.language, byPiece, stats });
        } else if (m.type === "error") {
          finish(m.code === "model" ? new WhisperModelError(m.message) : new Error(`whisper: ${m.message}`));
        }
      });
      worker.on("error", (e) => finish(e));
      worker.on("exit", (code) => finish(new Error(`whisper: il thread di trascrizione è terminato (codice ${code})`)));
    });
  }
}
