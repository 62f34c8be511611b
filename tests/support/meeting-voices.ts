import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { embeddingModel, segmentationModel } from "./synthetic-onnx";

/**
 * A meeting of clearly different espeak-ng voices taking turns (known reference turns), and the
 * synthetic diarization models written beside it.
 */

export const VOICES = { A: "it", B: "it+f2", C: "it+klatt3" } as const;

const LINES = [
  "Buongiorno a tutti, apriamo la seduta del consiglio. Il primo punto all'ordine del giorno riguarda il bilancio preventivo dell'anno prossimo e le spese per la scuola.",
  "Grazie presidente. Propongo di rinviare la discussione sul bilancio alla prossima settimana, perché i documenti sono arrivati soltanto ieri sera.",
  "Sono d'accordo con la proposta, ma chiedo che la commissione si riunisca prima di lunedì per esaminare le voci di spesa principali.",
  "Va bene, allora mettiamo ai voti il rinvio. Chi è favorevole alzi la mano, poi passiamo al secondo punto sulla manutenzione delle strade.",
  "Per la manutenzione delle strade servono almeno centomila euro, e la ditta incaricata ha chiesto una risposta entro la fine del mese.",
];

const PAUSE_SECONDS = 0.6;

export type ReferenceTurn = { start: number; end: number; speaker: string };

/** Writes a 16 kHz mono WAV of the speakers in `order` (e.g. "ABAB"), one line each; its turns. */
export function meetingWav(file: string, order: string): { file: string; turns: ReferenceTurn[] } {
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const turns: ReferenceTurn[] = [];
  const pcm: Buffer[] = [];
  const silence = Buffer.alloc(Math.round(16000 * PAUSE_SECONDS) * 2);
  let t = 0;
  [...order].forEach((speaker, i) => {
    const raw = path.join(dir, `turn-${i}.wav`);
    execFileSync("espeak-ng", ["-v", VOICES[speaker as keyof typeof VOICES], "-w", raw, LINES[i % LINES.length]]);
    const samples = execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-i", raw, "-ac", "1", "-ar", "16000", "-f", "s16le", "-"], {
      maxBuffer: 1 << 28,
    });
    fs.rmSync(raw);
    const seconds = samples.length / 32000;
    turns.push({ start: t, end: t + seconds, speaker });
    pcm.push(samples, silence);
    t += seconds + PAUSE_SECONDS;
  });
  const data = Buffer.concat(pcm);
  const header = Buffer.alloc(44);
  header.write("RIFF", 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write("WAVEfmt ", 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(16000, 24);
  header.writeUInt32LE(32000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write("data", 36);
  header.writeUInt32LE(data.length, 40);
  fs.writeFileSync(file, Buffer.concat([header, data]));
  return { file, turns };
}

/** The synthetic segmentation and embedding models in `dir`; their paths. */
export function writeSyntheticModels(dir: string, options: { framework?: string } = {}) {
  fs.mkdirSync(dir, { recursive: true });
  const segmentation = path.join(dir, "segmentation.onnx");
  const embedding = path.join(dir, "embedding.onnx");
  fs.writeFileSync(segmentation, segmentationModel());
  fs.writeFileSync(embedding, embeddingModel(options));
  return { segmentation, embedding };
}
