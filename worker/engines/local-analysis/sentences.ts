/**
 * Italian sentence splitting over timed segments. Speech engines cut segments by time, not by
 * syntax, so a sentence may start in one segment and end in the next: the segments are joined into
 * one text, split there, and each sentence takes the segment in which it starts.
 */
import type { TimedSegment } from "~/lib/analysis";
import { countWords } from "./text";

export type Sentence = {
  /** Position in the transcript, from 0. */
  index: number;
  text: string;
  /** Index, in the time-sorted segments, of the segment where the sentence starts. */
  segmentIndex: number;
  /** Start of that segment, seconds. */
  start: number;
};

// Abbreviations after which a period never ends a sentence: titles precede a name, references
// precede a number ("art. 5", "pag. 12", "n. 3"). Folded, without the final period.
const ALWAYS_ABBREVIATIONS = new Set(
  (
    "dott dott.ssa dr dr.ssa sig sig.ra sig.na sigg prof prof.ssa avv ing arch geom rag on sen gen col " +
    "mons sr pag pagg art artt n nn nr num es cfr vol voll cap capp fig tab par lett p pp tel fax " +
    "ca c.a rif prot sez vs v ss segg cit op ibid trad ed p.es s.e.o cd c.d pres"
  ).split(" "),
);

// Abbreviations that often close a sentence too ("…, pareti ecc. Poi"): they end one only when
// the next word starts with a capital letter.
const SOMETIMES_ABBREVIATIONS = new Set(["ecc", "etc", "spa", "srl", "snc", "sas", "inc", "ltd", "co"]);

// Dotted abbreviations: "S.p.A", "S.r.l", "p.es", "U.S.A".
const DOTTED = /^(?:\p{L}{1,4}\.)+\p{L}{1,4}$/u;

// A run of terminators, optional closing quotes or brackets, then space or the end.
const BOUNDARY = /([.!?…]+)(["'»”’)\]]*)(?=\s|$)/gu;

/** Splits plain text into sentences, returning each with its start offset in the text. */
export function splitText(text: string): { text: string; offset: number }[] {
  const out: { text: string; offset: number }[] = [];
  // Transcripts with no capital letters at all (some speech engines) cannot use the capital-letter
  // rule below, so any terminator ends a sentence there.
  const caseless = !/\p{Lu}/u.test(text);
  let from = 0;
  BOUNDARY.lastIndex = 0;
  for (let m = BOUNDARY.exec(text); m; m = BOUNDARY.exec(text)) {
    const end = m.index + m[0].length;
    if (!endsSentence(text, m.index, m[1], end, caseless)) continue;
    push(out, text, from, end);
    from = end;
  }
  push(out, text, from, text.length);
  return out;
}

function push(out: { text: string; offset: number }[], text: string, from: number, to: number) {
  const raw = text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const trimmed = raw.trim();
  // A lone terminator or a stray symbol is not a sentence.
  if (/[\p{L}\p{N}]/u.test(trimmed)) out.push({ text: trimmed, offset: from + lead });
}

// Nouns a capital letter follows as a name, not as an initial: "serie B", "piano B", "tipologia A".
const LETTER_NAMES =
  /(?:^|\s)(?:serie|classe|tipo|tipologia|piano|lettera|allegato|fascia|categoria|gruppo|girone|opzione|variante|modello|sezione|scala|aula|blocco|settore|zona|padiglione|edificio|palazzina|vitamina|sala|lato|punto|capitolo|versione)\s+$/iu;

function endsSentence(text: string, at: number, terminator: string, end: number, caseless: boolean): boolean {
  const next = text.slice(end).match(/^\s*["'«“([]?\s*(.)/u)?.[1];
  // A lower-case word goes on with the same sentence (an unknown abbreviation, or "e poi… dice").
  const nextIsLower = next !== undefined && /\p{Ll}/u.test(next);
  if (nextIsLower && !caseless) return false;
  if (terminator !== ".") return true;

  // The word the period is attached to.
  let i = at;
  while (i > 0 && !/\s/.test(text[i - 1])) i--;
  // Opening quotes and elided articles are not part of the abbreviation: "(art.", "l'avv.".
  const token = text
    .slice(i, at)
    .replace(/^["'«“([]+/u, "")
    .replace(/^.*['’]/u, "");
  if (!token) return true;
  const folded = token.toLowerCase();
  if (ALWAYS_ABBREVIATIONS.has(folded)) return false;
  // An initial: "G. Verdi" — not a letter that names a variant: "la serie B. Vabbè…", "il piano B. Poi…".
  if (/^\p{Lu}$/u.test(token)) return LETTER_NAMES.test(text.slice(Math.max(0, i - 20), i));
  if (SOMETIMES_ABBREVIATIONS.has(folded.replace(/\./g, "")) || DOTTED.test(token)) {
    return next !== undefined && /\p{Lu}/u.test(next);
  }
  return true;
}

// Beyond this many words a "sentence" is really an unpunctuated stretch of speech: too long to
// rank or to quote, so it is cut again at segment boundaries, then by length.
const MAX_WORDS = 60;
const TARGET_WORDS = 25;

/**
 * Sentences of a transcript, in time order. Segments are sorted by start time first (engines
 * return them sorted, but chunked transcription may append out of order).
 */
export function splitSegments(segments: TimedSegment[]): { sentences: Sentence[]; segments: TimedSegment[] } {
  const sorted = segments
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => typeof s?.text === "string" && s.text.trim() !== "")
    .sort((a, b) => num(a.s.start) - num(b.s.start) || a.i - b.i)
    .map(({ s }) => ({
      start: num(s.start),
      end: num(s.end),
      text: s.text.replace(/\s+/g, " ").trim(),
      ...(s.speaker ? { speaker: s.speaker } : {}),
    }));

  // One text, remembering where each segment starts in it.
  const starts: number[] = [];
  let text = "";
  for (const seg of sorted) {
    if (text) text += " ";
    starts.push(text.length);
    text += seg.text;
  }

  const sentences: Sentence[] = [];
  for (const piece of splitText(text)) {
    for (const part of cutLong(piece, starts)) {
      const segmentIndex = segmentAt(starts, part.offset);
      sentences.push({ index: sentences.length, text: part.text, segmentIndex, start: sorted[segmentIndex].start });
    }
  }
  return { sentences, segments: sorted };
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(0, value) : 0;
}

/** Index of the segment containing the character at offset (binary search over start offsets). */
function segmentAt(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function cutLong(piece: { text: string; offset: number }, starts: number[]): { text: string; offset: number }[] {
  if (countWords(piece.text) <= MAX_WORDS) return [piece];
  // Cut points: segment starts inside the sentence, else word boundaries every TARGET_WORDS words.
  const end = piece.offset + piece.text.length;
  const cuts: number[] = [];
  for (const s of starts) if (s > piece.offset && s < end) cuts.push(s - piece.offset);
  const parts: { text: string; offset: number }[] = [];
  let from = 0;
  const flush = (to: number) => {
    const raw = piece.text.slice(from, to);
    const lead = raw.length - raw.trimStart().length;
    if (raw.trim()) parts.push({ text: raw.trim(), offset: piece.offset + from + lead });
    from = to;
  };
  for (const cut of cuts) {
    if (countWords(piece.text.slice(from, cut)) >= TARGET_WORDS) flush(cut);
  }
  flush(piece.text.length);
  // Whatever is still too long (one long segment with no punctuation) is cut by word count,
  // preferably after a comma.
  return parts.flatMap((p) => (countWords(p.text) > MAX_WORDS ? cutByWords(p) : [p]));
}

function cutByWords(piece: { text: string; offset: number }): { text: string; offset: number }[] {
  const parts: { text: string; offset: number }[] = [];
  const re = /\S+/g;
  let count = 0;
  let from = 0;
  for (let m = re.exec(piece.text); m; m = re.exec(piece.text)) {
    count++;
    const after = m.index + m[0].length;
    if ((count >= TARGET_WORDS && /[,;:]$/.test(m[0])) || count >= MAX_WORDS - 10) {
      parts.push({ text: piece.text.slice(from, after).trim(), offset: piece.offset + from });
      from = after;
      count = 0;
    }
  }
  const rest = piece.text.slice(from);
  if (rest.trim()) parts.push({ text: rest.trim(), offset: piece.offset + from + (rest.length - rest.trimStart().length) });
  return parts;
}
