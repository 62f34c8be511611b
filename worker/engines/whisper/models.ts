import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { UserFacingError } from "../types";

/**
 * Where whisper models live and how a missing one is fetched. WHISPER_MODEL is either a model
 * name (tiny, base, small, medium, large-v3-turbo, quantised variants such as base-q5_1) found
 * as <DATA_DIR>/models/ggml-<name>.bin, or a path to a ggml file.
 */

/**
 * Published SHA-1 of the ggml files in the whisper.cpp model repository (models/README.md of
 * whisper.cpp). Only checksums cross-checked against that table or several independent copies
 * are listed; another name still downloads, but without verification (a warning is logged).
 */
export const MODEL_SHA1: Readonly<Record<string, string>> = {
  tiny: "bd577a113a864445d4c299885e0cb97d4ba92b5f",
  "tiny.en": "c78c86eb1a8faa21b369bcd33207cc90d64ae9df",
  "tiny-q5_1": "2827a03e495b1ed3048ef28a6a4620537db4ee51",
  "tiny-q8_0": "19e8118f6652a650569f5a949d962154e01571d9",
  "tiny.en-q5_1": "3fb92ec865cbbc769f08137f22470d6b66e071b6",
  "tiny.en-q8_0": "802d6668e7d411123e672abe4cb6c18f12306abb",
  base: "465707469ff3a37a2b9b8d8f89f2f99de7299dac",
  "base.en": "137c40403d78fd54d454da0f9bd998f78703390c",
  "base-q5_1": "a3733eda680ef76256db5fc5dd9de8629e62c5e7",
  "base-q8_0": "7bb89bb49ed6955013b166f1b6a6c04584a20fbe",
  "base.en-q5_1": "d26d7ce5a1b6e57bea5d0431b9c20ae49423c94a",
  small: "55356645c2b361a969dfd0ef2c5a50d530afd8d5",
  "small.en": "db8a495a91d927739e50b3fc1cc4c6b8f6c2d022",
  "small.en-tdrz": "b6c6e7e89af1a35c08e6de56b66ca6a02a2fdfa1",
  "small-q5_1": "6fe57ddcfdd1c6b07cdcc73aaf620810ce5fc771",
  "small-q8_0": "bcad8a2083f4e53d648d586b7dbc0cd673d8afad",
  medium: "fd9727b6e1217c2f614f9b698455c4ffd82463b4",
  "medium.en": "8c30f0e44ce9560643ebd10bbe50cd20eafd3723",
  "large-v1": "b1caaf735c4cc1429223d5a74f0f4d0b9b59a299",
  "large-v2": "0f4c8e34f21cf1a914c59d8b3ce882345ad349d6",
  "large-v2-q5_0": "00e39f2196344e901b3a2bd5814807a769bd1630",
  "large-v3": "ad82bf6a9043ceed055076d0fd39f5f186ff8062",
  "large-v3-q5_0": "e6e2ed78495d403bef4b7cff42ef4aaadcfea8de",
  "large-v3-turbo": "4af2b29d7ec73d781377bfd1758ca957a807e941",
  "large-v3-turbo-q5_0": "e050f7970618a659205450ad97eb95a18d69c9ee",
  "large-v3-turbo-q8_0": "01bf15bedffe9f39d65c1b6ff9b687ea91f59e0e",
};

const NAME_RE = /^[a-z0-9][a-z0-9._-]*$/i;

export type ResolvedModel = {
  /** Short name shown in the admin detail: the model name, or the file's base name. */
  name: string;
  path: string;
  /** True for a model name that can be downloaded; false for an explicit file path. */
  downloadable: boolean;
};

export function modelsDir(dataDir: string): string {
  return path.join(dataDir, "models");
}

export function resolveModel(spec: string, dataDir: string): ResolvedModel {
  const s = spec.trim();
  const looksLikePath = s.includes("/") || s.includes("\\") || s.endsWith(".bin");
  if (looksLikePath) {
    const p = path.resolve(s);
    return { name: path.basename(p).replace(/^ggml-/, "").replace(/\.bin$/, ""), path: p, downloadable: false };
  }
  if (!NAME_RE.test(s)) throw new UserFacingError(`Nome del modello Whisper non valido: "${spec}".`, false);
  return { name: s, path: path.join(modelsDir(dataDir), `ggml-${s}.bin`), downloadable: true };
}

export function modelUrl(name: string, baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/ggml-${name}.bin`;
}

export type DownloadProgress = (fraction: number, received: number, total: number | undefined) => void;

export type DownloadOptions = {
  dataDir: string;
  baseUrl: string;
  onProgress?: DownloadProgress;
  signal?: AbortSignal;
  /** Replaces the checksum table (tests). */
  sha1?: string | null;
  log?: (line: string) => void;
};

function installHint(name: string, dir: string): string {
  return `Per installarlo esegui \`npm run model:download -- ${name}\` su un computer connesso a Internet, oppure copia il file ggml-${name}.bin nella cartella ${dir}.`;
}

function missingModelError(name: string, dir: string, why: string): UserFacingError {
  return new UserFacingError(`Il modello di trascrizione "${name}" non è installato e non è stato possibile scaricarlo (${why}). ${installHint(name, dir)}`, false);
}

// One download per file at a time within this process: two jobs asking for the same model
// wait for the same transfer instead of racing on it.
const inFlight = new Map<string, Promise<string>>();

/** Downloads a named model into DATA_DIR/models, verified and written atomically. */
export function downloadModel(name: string, options: DownloadOptions): Promise<string> {
  const target = resolveModel(name, options.dataDir);
  if (!target.downloadable) throw new Error(`not a model name: ${name}`);
  const pending = inFlight.get(target.path);
  if (pending) return pending;
  const job = doDownload(target, options).finally(() => inFlight.delete(target.path));
  inFlight.set(target.path, job);
  return job;
}

async function doDownload(target: ResolvedModel, o: DownloadOptions): Promise<string> {
  const dir = path.dirname(target.path);
  const url = modelUrl(target.name, o.baseUrl);
  const expected = o.sha1 === undefined ? MODEL_SHA1[target.name] : o.sha1;
  const log = o.log ?? ((line: string) => console.warn(line));
  if (!expected) log(`Modello "${target.name}": nessun SHA-1 noto, il file scaricato non verrà verificato.`);
  fs.mkdirSync(dir, { recursive: true });

  let res: Response;
  try {
    res = await fetch(url, { signal: o.signal, redirect: "follow" });
  } catch (e) {
    if (o.signal?.aborted) throw e;
    const cause = (e as { cause?: { code?: string; message?: string } }).cause;
    throw missingModelError(target.name, dir, `rete non raggiungibile: ${cause?.code ?? cause?.message ?? (e as Error).message}`);
  }
  if (!res.ok || !res.body) {
    if (res.status === 404) {
      throw new UserFacingError(`Il modello di trascrizione "${target.name}" non esiste in ${o.baseUrl} (HTTP 404). Controlla il valore di WHISPER_MODEL.`, false);
    }
    throw new UserFacingError(`Il download del modello "${target.name}" da ${url} non è riuscito (HTTP ${res.status}). Riprova più tardi. ${installHint(target.name, dir)}`, res.status >= 500);
  }
  const totalHeader = Number(res.headers.get("content-length"));
  const total = Number.isFinite(totalHeader) && totalHeader > 0 ? totalHeader : undefined;

  // A unique temporary name beside the target: rename() within one directory is atomic, so the
  // target is either absent or complete, whatever happens during the transfer.
  const part = `${target.path}.${process.pid}-${Date.now().toString(36)}.part`;
  const fh = await fs.promises.open(part, "w");
  const hash = createHash("sha1");
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
      throw new UserFacingError(`Il download del modello "${target.name}" si è interrotto (${received} di ${total} byte). Riprova.`);
    }
    const actual = hash.digest("hex");
    if (expected && actual !== expected.toLowerCase()) {
      throw new UserFacingError(
        `Il file scaricato del modello "${target.name}" non è integro (SHA-1 ${actual}, atteso ${expected}). È stato scartato: riprova il download.`,
      );
    }
    await fh.sync();
    await fh.close();
    await fs.promises.rename(part, target.path);
    await syncDir(dir);
  } catch (e) {
    await fh.close().catch(() => {});
    await fs.promises.rm(part, { force: true });
    if (e instanceof UserFacingError || o.signal?.aborted) throw e;
    throw missingModelError(target.name, dir, `trasferimento interrotto: ${(e as Error).message}`);
  }
  o.onProgress?.(1, received, total);
  return target.path;
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

/** The model file for WHISPER_MODEL, downloading a missing named model first. */
export async function ensureModel(spec: string, o: DownloadOptions): Promise<string> {
  const m = resolveModel(spec, o.dataDir);
  if (fs.existsSync(m.path)) return m.path;
  if (!m.downloadable) {
    throw new UserFacingError(`Il file del modello di trascrizione indicato in WHISPER_MODEL non esiste: ${m.path}.`, false);
  }
  return downloadModel(m.name, o);
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

// ---- file check ------------------------------------------------------------------------------

/** Bytes per block and elements per block of the ggml tensor types whisper models use. */
const GGML_TYPES: Record<number, { bytes: number; block: number }> = {
  0: { bytes: 4, block: 1 }, // f32
  1: { bytes: 2, block: 1 }, // f16
  2: { bytes: 18, block: 32 }, // q4_0
  3: { bytes: 20, block: 32 }, // q4_1
  6: { bytes: 22, block: 32 }, // q5_0
  7: { bytes: 24, block: 32 }, // q5_1
  8: { bytes: 34, block: 32 }, // q8_0
};

export type ModelInfo = { audioLayers: number; textLayers: number; state: number; vocab: number; tensors: number };

/**
 * Walks a ggml whisper file (header, mel filters, vocabulary, every tensor header, skipping the
 * data) and checks it is complete. The native binding crashes the whole process on a file it
 * cannot load, instead of throwing, so a truncated or foreign file must be caught here.
 */
export function inspectModelFile(file: string): ModelInfo {
  const fd = fs.openSync(file, "r");
  try {
    const size = fs.fstatSync(fd).size;
    let pos = 0;
    const head = Buffer.alloc(64);
    const read = (n: number): Buffer => {
      if (pos + n > size) throw new Error("file troncato");
      const b = n <= head.length ? head : Buffer.alloc(n);
      fs.readSync(fd, b, 0, n, pos);
      pos += n;
      return b;
    };
    const i32 = () => read(4).readInt32LE(0);
    if (read(4).readUInt32LE(0) !== 0x67676d6c) throw new Error("non è un file ggml");
    const hp = Array.from({ length: 11 }, i32);
    const [nVocab, , audioState, , audioLayers, , textState, , textLayers, nMels] = hp;
    if (nVocab < 50000 || audioState !== textState || audioLayers < 1 || textLayers < 1 || nMels < 1) throw new Error("intestazione non valida");
    const nMel = i32();
    const nFft = i32();
    pos += nMel * nFft * 4;
    const vocab = i32();
    for (let k = 0; k < vocab; k++) pos += 4 + read(4).readUInt32LE(0);
    let tensors = 0;
    while (pos < size) {
      const nDims = i32();
      const nameLen = i32();
      const type = GGML_TYPES[i32()];
      if (nDims < 1 || nDims > 4 || nameLen < 1 || nameLen > 256 || !type) throw new Error(`tensore ${tensors} non valido`);
      let count = 1;
      for (let k = 0; k < nDims; k++) count *= i32();
      pos += nameLen + (count / type.block) * type.bytes;
      if (pos > size) throw new Error("file troncato");
      tensors++;
    }
    // whisper.cpp needs every tensor of the architecture: 7 + 15 per encoder block, 4 + 24 per
    // decoder block.
    const expected = 7 + 15 * audioLayers + 4 + 24 * textLayers;
    if (tensors !== expected) throw new Error(`${tensors} tensori invece di ${expected}`);
    return { audioLayers, textLayers, state: audioState, vocab: nVocab, tensors };
  } finally {
    fs.closeSync(fd);
  }
}
