import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

export const ITALIAN_MEETING_TEXT =
  "Buongiorno a tutti, iniziamo la riunione di progetto. " +
  "Il primo punto riguarda il budget del marketing per il prossimo trimestre. " +
  "Proponiamo di aumentare la spesa per le campagne digitali del dieci per cento. " +
  "Il secondo punto riguarda le assunzioni nel reparto tecnico. " +
  "Abbiamo bisogno di due sviluppatori entro la fine di marzo. " +
  "Grazie a tutti, ci aggiorniamo la prossima settimana.";

/** Speaks Italian text to a 16-bit mono WAV with espeak-ng (Debian package espeak-ng). */
export function makeItalianWav(file: string, text = ITALIAN_MEETING_TEXT): string {
  if (fs.existsSync(file) && fs.statSync(file).size > 0) return file;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  execFileSync("espeak-ng", ["-v", "it", "-s", "150", "-w", file, text]);
  return file;
}
