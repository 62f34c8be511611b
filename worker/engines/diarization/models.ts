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
  /** null: the file is kept unverified with a warning (see decision 038). */
  checksum: Checksum | null;
  sizeBytes: number;
  licence: string;
};

export const DIARIZATION_MODELS = {
  segmentation: {
    file: "pyannote-segmentation-3.0.onnx",
    url: "https://huggingface.co/csukuangfj/sherpa-onnx-pyannote-segmentation-3-0/resolve/main/model.onnx",
    checksum: null,
    sizeBytes: 5_905_000,
    licence: "MIT",
  },
  embedding: {
    file: "3dspeaker-eres2net-base-16k.onnx",
    url: "https://github.com/k2-fsa/sherpa-onnx/releases/download/speaker-recongition-models/3dspeaker_speech_eres2net_base_sv_zh-cn_3dspeaker_16k.onnx",
    checksum: null,
    sizeBytes: 38_000_000,
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
  const checksum = o.checksums && kind in o.checksums ? o.checksums[kind]! : m.checksum;
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
