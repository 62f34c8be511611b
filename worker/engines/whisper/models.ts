import fs from "node:fs";
import path from "node:path";
import { downloadFile, terminalProgress, type DownloadProgress } from "../model-files";
import { UserFacingError } from "../types";

export { terminalProgress, type DownloadProgress };

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
    return {
      name: path
        .basename(p)
        .replace(/^ggml-/, "")
        .replace(/\.bin$/, ""),
      path: p,
      downloadable: false,
    };
  }
  if (!NAME_RE.test(s)) throw new UserFacingError(`Nome del modello Whisper non valido: "${spec}".`, false);
  return { name: s, path: path.join(modelsDir(dataDir), `ggml-${s}.bin`), downloadable: true };
}

export function modelUrl(name: string, baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/ggml-${name}.bin`;
}

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

/** Downloads a named model into DATA_DIR/models, verified and written atomically. */
export function downloadModel(name: string, options: DownloadOptions): Promise<string> {
  const target = resolveModel(name, options.dataDir);
  if (!target.downloadable) throw new Error(`not a model name: ${name}`);
  const dir = path.dirname(target.path);
  const sha1 = options.sha1 === undefined ? MODEL_SHA1[target.name] : options.sha1;
  return downloadFile({
    url: modelUrl(target.name, options.baseUrl),
    target: target.path,
    name: target.name,
    checksum: sha1 ? { algorithm: "sha1", hex: sha1 } : null,
    messages: {
      missing: (why) =>
        `Il modello di trascrizione "${target.name}" non è installato e non è stato possibile scaricarlo (${why}). ${installHint(target.name, dir)}`,
      notFound: `Il modello di trascrizione "${target.name}" non esiste in ${options.baseUrl} (HTTP 404). Controlla il valore di WHISPER_MODEL.`,
      installHint: installHint(target.name, dir),
    },
    onProgress: options.onProgress,
    signal: options.signal,
    log: options.log,
  });
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
