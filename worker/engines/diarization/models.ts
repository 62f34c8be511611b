import fs from "node:fs";
import path from "node:path";
import { downloadFile, type Checksum } from "../model-files";
import { modelsDir } from "../whisper/models";

/**
 * The two ONNX models of the diarizer: a pyannote segmentation model (who speaks when, within
 * 10 s windows) and a speaker-embedding model (which windows are the same voice). Downloaded on
 * first use into DATA_DIR/models/diarization, or given as local paths
 * (DIARIZATION_SEGMENTATION_MODEL, DIARIZATION_EMBEDDING_MODEL).
 */

export type DiarizationModelFile = {
  file: string;
  url: string;
  checksum: Checksum;
  sizeBytes: number;
  licence: string;
};

// Pinned to a revision, so the checksum stays true. The SHA-256 values come from a published
// catalogue of the same files (decision 038): this machine cannot download them to check.
const SEGMENTATION_BASE = "https://huggingface.co/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/9403a6902bb58e3d5ae8c7e77c3422de279db2e0";
const EMBEDDING_BASE = "https://huggingface.co/csukuangfj/speaker-embedding-models/resolve/0743f301363dec56491a490f6d6cbc9d67f9a3bf";

export const DIARIZATION_MODELS = {
  segmentation: {
    file: "pyannote-segmentation-3.0.int8.onnx",
    url: `${SEGMENTATION_BASE}/model.int8.onnx`,
    checksum: { algorithm: "sha256", hex: "d582f4b4c6b48205de7e0643c57df0df5615a3c176189be3fc461e9d18827b5d" },
    sizeBytes: 1_540_506,
    licence: "MIT",
  },
  embedding: {
    file: "3dspeaker-campplus-zh-en-16k-advanced.onnx",
    url: `${EMBEDDING_BASE}/3dspeaker_speech_campplus_sv_zh_en_16k-common_advanced.onnx`,
    checksum: { algorithm: "sha256", hex: "aa3cfc16963a10586a9393f5035d6d6b57e98d358b347f80c2a30bf4f00ceba2" },
    sizeBytes: 28_281_164,
    licence: "Apache-2.0",
  },
} as const satisfies Record<string, DiarizationModelFile>;

export type DiarizationModelKind = keyof typeof DIARIZATION_MODELS;

export type DiarizationModelOptions = {
  dataDir: string;
  /** Local files instead of the catalogue's. */
  paths?: Partial<Record<DiarizationModelKind, string>>;
  /** Replaces the catalogue's host and path up to the file name (mirrors, tests). */
  baseUrl?: string;
  /** Replace the catalogue checksums (tests). */
  checksums?: Partial<Record<DiarizationModelKind, Checksum | null>>;
  signal?: AbortSignal;
  log?: (line: string) => void;
};

export const diarizationModelsDir = (dataDir: string) => path.join(modelsDir(dataDir), "diarization");

/** The path of one model, downloading the catalogue's file first when it is missing. */
async function ensureModel(kind: DiarizationModelKind, o: DiarizationModelOptions): Promise<string> {
  const local = o.paths?.[kind];
  if (local) {
    if (!fs.existsSync(local)) throw new Error(`il modello ${kind} "${local}" non esiste`);
    return path.resolve(local);
  }
  const m: DiarizationModelFile = DIARIZATION_MODELS[kind];
  const target = path.join(diarizationModelsDir(o.dataDir), m.file);
  if (fs.existsSync(target)) return target;
  const url = o.baseUrl ? `${o.baseUrl.replace(/\/$/, "")}/${m.file}` : m.url;
  const checksum = o.checksums && kind in o.checksums ? (o.checksums[kind] ?? null) : m.checksum;
  return downloadFile({
    url,
    target,
    name: m.file,
    checksum,
    signal: o.signal,
    log: o.log,
    messages: {
      missing: (why) => `Il modello di riconoscimento dei relatori "${m.file}" manca e non è stato possibile scaricarlo (${why}).`,
      notFound: `Il modello di riconoscimento dei relatori "${m.file}" non esiste all'indirizzo ${url}.`,
      installHint: `Si può scaricare a mano in ${target}.`,
    },
  });
}

export async function ensureDiarizationModels(o: DiarizationModelOptions): Promise<Record<DiarizationModelKind, string>> {
  return { segmentation: await ensureModel("segmentation", o), embedding: await ensureModel("embedding", o) };
}
