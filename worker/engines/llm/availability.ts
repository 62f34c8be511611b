import fs from "node:fs";
import { readLlmStatus, writeLlmStatus, type LlmStatus } from "~/services/llm-status.server";

/**
 * The model file's download in the background (issue 35): nobody waits for it. The engine asks
 * `check()` before each analysis: "ready" when the file is there; otherwise the download starts
 * (once; again only `retryAfterMs` after a failure) and the extractive analyzer answers meanwhile.
 * Progress goes to the log every 10 % and to DATA_DIR/models/llm-status.json.
 */

export type ModelAvailability = "ready" | "downloading" | "failed";

export type ModelWatchOptions = {
  name: string;
  path: string;
  dataDir: string;
  /** False when the model can never be fetched (a missing .gguf path): it fails at once. */
  downloadable: boolean;
  download: (onProgress: (fraction: number, received?: number, total?: number) => void) => Promise<string>;
  log: (line: string) => void;
  retryAfterMs: number;
};

export class ModelWatch {
  private state: ModelAvailability | undefined;
  private failedAt = 0;
  private running: Promise<void> | undefined;

  constructor(private readonly o: ModelWatchOptions) {}

  /** The model's state now, starting its download when it is missing and may be fetched. */
  check(): ModelAvailability {
    if (fs.existsSync(this.o.path)) {
      if (this.state !== "ready") {
        this.state = "ready";
        this.write({ state: "ready", fraction: 1 });
      }
      return "ready";
    }
    if (this.running) return "downloading";
    if (this.state === "failed" && Date.now() - this.failedAt < this.o.retryAfterMs) return "failed";
    if (!this.o.downloadable) {
      this.fail(`Il modello linguistico "${this.o.name}" non è installato (${this.o.path}) e non può essere scaricato.`);
      return "failed";
    }
    this.start();
    return "downloading";
  }

  /** Resolves when the download under way (if any) has ended, either way. */
  settled(): Promise<void> {
    return this.running ?? Promise.resolve();
  }

  private start() {
    this.state = "downloading";
    this.write({ state: "downloading", fraction: 0 });
    this.o.log(`[modello linguistico] download di "${this.o.name}" avviato in background: intanto i verbali li scrive l'analizzatore estrattivo.`);
    let lastTenth = 0;
    let lastWrite = 0;
    this.running = this.o
      .download((fraction, received, total) => {
        const tenth = Math.floor(fraction * 10);
        if (tenth > lastTenth && tenth < 10) {
          lastTenth = tenth;
          this.o.log(`[modello linguistico] download di "${this.o.name}": ${tenth * 10}%`);
        }
        if (Date.now() - lastWrite >= 1000) {
          lastWrite = Date.now();
          this.write({ state: "downloading", fraction, receivedBytes: received, totalBytes: total });
        }
      })
      .then(
        () => {
          this.state = "ready";
          this.write({ state: "ready", fraction: 1 });
          this.o.log(`[modello linguistico] "${this.o.name}" scaricato: i prossimi verbali li scrive il modello linguistico.`);
        },
        (error: Error) => this.fail(error.message),
      )
      .finally(() => {
        this.running = undefined;
      });
  }

  private fail(message: string) {
    this.state = "failed";
    this.failedAt = Date.now();
    this.write({ state: "failed", fraction: 0, error: message });
    this.o.log(`[modello linguistico] ${message} Uso l'analizzatore estrattivo.`);
  }

  private write(status: Pick<LlmStatus, "state" | "fraction" | "receivedBytes" | "totalBytes" | "error">) {
    try {
      // The measured speed stays: it belongs to the model file, not to this download.
      const before = readLlmStatus(this.o.dataDir);
      const speed = before?.model === this.o.name ? before.speed : undefined;
      writeLlmStatus(this.o.dataDir, { model: this.o.name, ...status, ...(speed ? { speed } : {}) });
    } catch {
      /* a read-only DATA_DIR: the log still says it */
    }
  }
}
