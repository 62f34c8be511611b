import fs from "node:fs";
import path from "node:path";
import { downloadFile, type Checksum, type DownloadProgress } from "../model-files";
import { UserFacingError } from "../types";
import { modelsDir } from "../whisper/models";

/**
 * The local LLM's model files. LLM_MODEL is a name from this catalogue, found as
 * <DATA_DIR>/models/<name>.gguf and downloaded on first use (verified against its SHA-256), or
 * the path of any .gguf file. The default and why: docs/decisions/012-default-local-llm.md.
 */

export type CatalogueModel = {
  /** Where the file is published (pinned to a revision, so the checksum stays true). */
  url: string;
  checksum: Checksum;
  sizeBytes: number;
  licence: string;
};

export const LLM_MODELS: Readonly<Record<string, CatalogueModel>> = {
  "qwen2.5-1.5b-instruct-q4_k_m": {
    url: "https://huggingface.co/Qwen/Qwen2.5-1.5B-Instruct-GGUF/resolve/91cad51170dc346986eccefdc2dd33a9da36ead9/qwen2.5-1.5b-instruct-q4_k_m.gguf",
    checksum: { algorithm: "sha256", hex: "6a1a2eb6d15622bf3c96857206351ba97e1af16c30d7a74ee38970e434e9407e" },
    sizeBytes: 1_117_320_736,
    licence: "Apache-2.0",
  },
};

export const DEFAULT_LLM_MODEL = "qwen2.5-1.5b-instruct-q4_k_m";

export type ResolvedLlmModel = { name: string; path: string; catalogue?: CatalogueModel };

const NAME_RE = /^[a-z0-9][a-z0-9._-]*$/i;

export function resolveLlmModel(spec: string | undefined, dataDir: string): ResolvedLlmModel {
  const s = (spec ?? DEFAULT_LLM_MODEL).trim();
  if (s.includes("/") || s.includes("\\") || s.endsWith(".gguf")) {
    const p = path.resolve(s);
    return { name: path.basename(p).replace(/\.gguf$/, ""), path: p };
  }
  if (!NAME_RE.test(s)) throw new UserFacingError(`Nome del modello linguistico non valido: "${s}".`, false);
  return { name: s, path: path.join(modelsDir(dataDir), `${s}.gguf`), catalogue: LLM_MODELS[s] };
}

export type LlmDownloadOptions = {
  dataDir: string;
  /** Replaces the catalogue's host and path up to the file name (mirrors, tests). */
  baseUrl?: string;
  onProgress?: DownloadProgress;
  signal?: AbortSignal;
  /** Replaces the catalogue checksum (tests). */
  checksum?: Checksum | null;
  log?: (line: string) => void;
};

/** The .gguf file of LLM_MODEL, downloading a catalogue model first when it is missing. */
export async function ensureLlmModel(spec: string | undefined, o: LlmDownloadOptions): Promise<string> {
  const m = resolveLlmModel(spec, o.dataDir);
  if (fs.existsSync(m.path)) return m.path;
  const dir = path.dirname(m.path);
  const hint = `Per installarlo esegui \`npm run model:download -- --llm ${m.name}\` su un computer connesso a Internet, oppure copia il file ${m.name}.gguf nella cartella ${dir}.`;
  if (!m.catalogue && !o.baseUrl) {
    throw new UserFacingError(`Il modello linguistico "${m.name}" non è installato (${m.path}) e non è nel catalogo dei modelli scaricabili.`, false);
  }
  const url = o.baseUrl ? `${o.baseUrl.replace(/\/+$/, "")}/${m.name}.gguf` : m.catalogue!.url;
  return downloadFile({
    url,
    target: m.path,
    name: m.name,
    checksum: o.checksum === undefined ? (m.catalogue?.checksum ?? null) : o.checksum,
    messages: {
      missing: (why) => `Il modello linguistico "${m.name}" non è installato e non è stato possibile scaricarlo (${why}). ${hint}`,
      notFound: `Il modello linguistico "${m.name}" non esiste in ${url} (HTTP 404). Controlla il valore di LLM_MODEL.`,
      installHint: hint,
    },
    onProgress: o.onProgress,
    signal: o.signal,
    log: o.log,
  });
}
