import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { UserFacingError } from "./types";
import { log as appLog } from "~/services/logger.server";

/**
 * Downloading a model file on first use, shared by the speech (whisper ggml) and the local LLM
 * (GGUF) engines: streamed to a temporary file beside the target, checksummed while it arrives,
 * renamed into place only when complete and verified, one transfer per file per process, with
 * progress. The engines give the Italian wording of their own failures.
 */

export type DownloadProgress = (fraction: number, received: number, total: number | undefined) => void;

export type Checksum = { algorithm: "sha1" | "sha256"; hex: string };

export type FileDownload = {
  url: string;
  /** Final path; its folder is created. */
  target: string;
  /** Name used in messages, e.g. "small" or "qwen2.5-1.5b-instruct-q4_k_m". */
  name: string;
  /** null: no known checksum (a warning is logged and the file is kept unverified). */
  checksum: Checksum | null;
  /** Italian texts of this kind of model. */
  messages: {
    /** The model is missing and could not be fetched (why: the network reason). */
    missing: (why: string) => string;
    /** HTTP 404: the name does not exist at the source. */
    notFound: string;
    /** How to install it by hand, appended to transfer failures. */
    installHint: string;
  };
  onProgress?: DownloadProgress;
  signal?: AbortSignal;
  log?: (line: string) => void;
};

const ALGORITHM_LABEL = { sha1: "SHA-1", sha256: "SHA-256" } as const;

// One download per file at a time within this process: two jobs asking for the same model
// wait for the same transfer instead of racing on it.
const inFlight = new Map<string, Promise<string>>();

export function downloadFile(options: FileDownload): Promise<string> {
  const pending = inFlight.get(options.target);
  if (pending) return pending;
  const job = doDownload(options).finally(() => inFlight.delete(options.target));
  inFlight.set(options.target, job);
  return job;
}

async function doDownload(o: FileDownload): Promise<string> {
  const dir = path.dirname(o.target);
  const log = o.log ?? ((line: string) => appLog.warn(line));
  const algorithm = o.checksum?.algorithm ?? "sha1";
  if (!o.checksum) log(`Modello "${o.name}": nessun ${ALGORITHM_LABEL[algorithm]} noto, il file scaricato non verrà verificato.`);
  fs.mkdirSync(dir, { recursive: true });

  let res: Response;
  try {
    res = await fetch(o.url, { signal: o.signal, redirect: "follow" });
  } catch (e) {
    if (o.signal?.aborted) throw e;
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw new UserFacingError(o.messages.missing(`rete non raggiungibile: ${cause?.code ?? cause?.message ?? (e as Error).message}`), false);
  }
  if (!res.ok || !res.body) {
    if (res.status === 404) throw new UserFacingError(o.messages.notFound, false);
    throw new UserFacingError(
      `Il download del modello "${o.name}" da ${o.url} non è riuscito (HTTP ${res.status}). Riprova più tardi. ${o.messages.installHint}`,
      res.status >= 500,
    );
  }
  const totalHeader = Number(res.headers.get("content-length"));
  const total = Number.isFinite(totalHeader) && totalHeader > 0 ? totalHeader : undefined;

  // A unique temporary name beside the target: rename() within one directory is atomic, so the
  // target is either absent or complete, whatever happens during the transfer.
  const part = `${o.target}.${process.pid}-${Date.now().toString(36)}.part`;
  const fh = await fs.promises.open(part, "w");
  const hash = createHash(algorithm);
  let received = 0;
  let lastReport = -1;
  try {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      hash.update(value);
      await fh.write(value);
      received += value.length;
      const fraction = total ? Math.min(1, received / total) : 0;
      // Report at most every 0.5 % so a fast link does not flood the progress bar.
      if (o.onProgress && (fraction - lastReport >= 0.005 || !total)) {
        lastReport = fraction;
        o.onProgress(fraction, received, total);
      }
    }
    if (total !== undefined && received !== total) {
      throw new UserFacingError(`Il download del modello "${o.name}" si è interrotto (${received} di ${total} byte). Riprova.`);
    }
    const actual = hash.digest("hex");
    if (o.checksum && actual !== o.checksum.hex.toLowerCase()) {
      throw new UserFacingError(
        `Il file scaricato del modello "${o.name}" non è integro (${ALGORITHM_LABEL[algorithm]} ${actual}, atteso ${o.checksum.hex}). È stato scartato: riprova il download.`,
      );
    }
    await fh.sync();
    await fh.close();
    await fs.promises.rename(part, o.target);
    await syncDir(dir);
  } catch (e) {
    await fh.close().catch(() => {});
    await fs.promises.rm(part, { force: true });
    if (e instanceof UserFacingError || o.signal?.aborted) throw e;
    throw new UserFacingError(o.messages.missing(`trasferimento interrotto: ${(e as Error).message}`), false);
  }
  o.onProgress?.(1, received, total);
  return o.target;
}

async function syncDir(dir: string) {
  // Makes the rename itself durable; not supported everywhere (e.g. Windows), hence best effort.
  try {
    const d = await fs.promises.open(dir, "r");
    await d.sync().finally(() => d.close());
  } catch {
    /* best effort */
  }
}

/** A one-line progress bar on stderr (redrawn in place on a terminal, every 10 % otherwise). */
export function terminalProgress(label: string, stream: NodeJS.WriteStream = process.stderr): DownloadProgress {
  let lastTenth = -1;
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return (fraction, received, total) => {
    const size = total ? `${mb(received)}/${mb(total)} MB` : `${mb(received)} MB`;
    if (stream.isTTY) {
      const width = 30;
      const filled = Math.round(fraction * width);
      const bar = "█".repeat(filled) + "░".repeat(width - filled);
      stream.write(`\r${label} [${bar}] ${(fraction * 100).toFixed(1).padStart(5)}% ${size}`);
      if (fraction >= 1) stream.write("\n");
    } else {
      const tenth = Math.floor(fraction * 10);
      if (tenth > lastTenth) {
        lastTenth = tenth;
        stream.write(`${label}: ${tenth * 10}% (${size})\n`);
      }
    }
  };
}
