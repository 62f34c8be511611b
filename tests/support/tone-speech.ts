import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { readWavInfo, wavHeader } from "~/services/wav.server";
import type { SpeechEngine, SpeechInput, SpeechResult } from "../../worker/engines/types";

/**
 * TEST DOUBLE of a speech engine that really hears, for stitching tests: no trained model can be
 * downloaded here and the synthetic whisper models "say" a fixed script whatever the audio, so
 * they cannot tell a word lost or doubled at a seam. Here every word is a tone of its own pitch
 * (0.45 s, then 0.15 s of silence; 0.9 s between sentences). `toneSpeechWebm` makes such a
 * "meeting" as webm/opus with real ffmpeg; `ToneSpeechEngine` reads the WAV window it is given
 * (cut by the code under test), finds the tones frame by frame (Goertzel, 20 ms) and answers
 * segments like whisper: one per sentence, times relative to the window, a word cut by the
 * window's edge heard when at least 0.15 s of it is inside (as whisper guesses half a word).
 */

export const TONE_WORDS = [
  "budget",
  "progetto",
  "cliente",
  "marzo",
  "sviluppo",
  "riunione",
  "vendite",
  "bilancio",
  "contratto",
  "squadra",
  "obiettivo",
  "scadenza",
  "fornitore",
  "prodotto",
  "mercato",
  "piano",
] as const;

const SAMPLE_RATE = 16000;
const WORD_SEC = 0.45;
const GAP_SEC = 0.15;
const SENTENCE_GAP_SEC = 0.9;
const FRAME = 320;
const freqOf = (word: number) => 400 + word * 150;

/** Sentences of 2–5 words, pseudo-random but fixed by `seed`, until `seconds` are filled. */
export function toneScript(seconds: number, seed = 7): number[][] {
  let x = seed;
  const rand = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const sentences: number[][] = [];
  let t = 0.5;
  for (;;) {
    const length = 2 + Math.floor(rand() * 4);
    const needed = length * (WORD_SEC + GAP_SEC) + SENTENCE_GAP_SEC;
    if (t + needed > seconds - 0.5) break;
    sentences.push(Array.from({ length }, () => Math.floor(rand() * TONE_WORDS.length)));
    t += needed;
  }
  return sentences;
}

export const scriptText = (script: number[][]) => script.map((s) => s.map((w) => TONE_WORDS[w]).join(" ")).join(" ");

/** Writes the script as a 16 kHz WAV, then encodes it like MediaRecorder (webm/opus to a pipe: no cues). */
export function toneSpeechWebm(dir: string, seconds: number, script: number[][]): Buffer {
  const samples = new Int16Array(Math.ceil(seconds * SAMPLE_RATE));
  let t = 0.5;
  for (const sentence of script) {
    for (const word of sentence) {
      const from = Math.round(t * SAMPLE_RATE);
      const count = Math.round(WORD_SEC * SAMPLE_RATE);
      for (let i = 0; i < count && from + i < samples.length; i++) {
        // 10 ms fades, as speech has no clicks.
        const fade = Math.min(1, i / 160, (count - i) / 160);
        samples[from + i] = Math.round(9000 * fade * Math.sin((2 * Math.PI * freqOf(word) * i) / SAMPLE_RATE));
      }
      t += WORD_SEC + GAP_SEC;
    }
    t += SENTENCE_GAP_SEC;
  }
  fs.mkdirSync(dir, { recursive: true });
  const wav = path.join(dir, `tones-${seconds}.wav`);
  fs.writeFileSync(wav, Buffer.concat([wavHeader(samples.byteLength, SAMPLE_RATE, 1), Buffer.from(samples.buffer)]));
  return execFileSync("ffmpeg", ["-nostdin", "-loglevel", "error", "-i", wav, "-c:a", "libopus", "-b:a", "32k", "-f", "webm", "pipe:1"], {
    maxBuffer: 256 * 1024 * 1024,
  });
}

/** Power of `freq` in a frame (Goertzel). */
function power(frame: Int16Array, freq: number): number {
  const k = 2 * Math.cos((2 * Math.PI * freq) / SAMPLE_RATE);
  let s1 = 0;
  let s2 = 0;
  for (const x of frame) {
    const s = x + k * s1 - s2;
    s2 = s1;
    s1 = s;
  }
  return s1 * s1 + s2 * s2 - k * s1 * s2;
}

export class ToneSpeechEngine implements SpeechEngine {
  readonly name = "tone-double";
  readonly model = "tones-v1";
  readonly maxChunkSeconds = 600;
  /** The length of every file heard, in order (to see what the final pass had left to do). */
  readonly heard: number[] = [];

  async transcribe(input: SpeechInput): Promise<SpeechResult> {
    const info = await readWavInfo(input.wavPath);
    const data = fs.readFileSync(input.wavPath).subarray(info.dataOffset, info.dataOffset + info.dataBytes);
    const pcm = new Int16Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength - (data.byteLength % 2)));
    this.heard.push(info.durationSec);
    // Label each 20 ms frame with its word, or -1 for silence.
    const labels: number[] = [];
    for (let at = 0; at + FRAME <= pcm.length; at += FRAME) {
      const frame = pcm.subarray(at, at + FRAME);
      let energy = 0;
      for (const x of frame) energy += x * x;
      if (Math.sqrt(energy / FRAME) < 1500) {
        labels.push(-1);
        continue;
      }
      let best = 0;
      let bestPower = -1;
      for (let w = 0; w < TONE_WORDS.length; w++) {
        const p = power(frame, freqOf(w));
        if (p > bestPower) [best, bestPower] = [w, p];
      }
      labels.push(best);
    }
    // Runs of one word: a word heard for at least 0.15 s.
    const words: { word: number; start: number; end: number }[] = [];
    for (let i = 0; i < labels.length;) {
      let j = i;
      while (j < labels.length && labels[j] === labels[i]) j++;
      if (labels[i] >= 0 && (j - i) * 0.02 >= 0.15) words.push({ word: labels[i], start: i * 0.02, end: j * 0.02 });
      i = j;
    }
    // Sentences: words closer than 0.5 s.
    const segments: SpeechResult["segments"] = [];
    let current: typeof words = [];
    const flush = () => {
      if (current.length)
        segments.push({ start: current[0].start, end: current.at(-1)!.end, text: current.map((w) => TONE_WORDS[w.word]).join(" ") });
      current = [];
    };
    for (const w of words) {
      if (current.length && w.start - current.at(-1)!.end > 0.5) flush();
      current.push(w);
    }
    flush();
    return { language: "it", segments };
  }
}
