/**
 * The annotated meetings as speech recognition writes them (issue 36, decision 033).
 *
 * The fixtures are clean written Italian; whisper.cpp and the speech APIs write something else.
 * Each trait below is one documented, seeded transformation of a meeting; `asrVariant` applies
 * any set of them, and the expected owners, deadlines and words are carried through the same
 * spelling changes (digits, misspelt names), so a variant is scored like the clean text.
 *
 * - seams: segments re-cut the way the engines cut them: pieces of 3–9 s at any word, always at
 *   the 28 s live windows' seams and the 600 s chunks' seams, half the mid-sentence cuts closed
 *   by a false full stop (whisper ends most segments with one).
 * - runon: three sentence ends in four lose their full stop or «!», half the commas go.
 * - lowercase: every sentence starts in lower case.
 * - questions: no «?» (a full stop or nothing instead).
 * - digits: numbers, amounts, dates and times in digits («22.000 euro», «il 15 aprile», «alle
 *   18:30», «entro il 30/5»), numbers under ten in words as whisper writes them.
 * - fillers: «eh», «ehm», «cioè», «allora allora» and repeated short words («il il»).
 * - names: first names misspelt (one spelling per name and meeting) or split in two.
 *
 * Not a fault but what the product adds (decision 045): `speakers`, the labels of the offline
 * diarization (DIARIZATION=auto) or of a call's two channels. Each utterance of the clean meeting
 * (a gap over 0.15 s between its segments starts one) is a turn of another voice, from three to
 * five; the diarizer's errors are seeded: one change of speaker in six missed (two voices taken
 * for one), the change point moved by up to 0.8 s either way, one utterance in thirty with a
 * stretch given to another voice. Each segment gets the voice of most of its words, as
 * worker/engines/diarization/assign.ts does («Relatore N» in order of appearance).
 */
import type { TimedSegment } from "~/lib/analysis";
import type { TranscriptFixture } from "../../worker/engines/local-analysis/test-transcripts";
import { isFirstName } from "../../worker/engines/local-analysis/names";

export const TRAITS = ["seams", "runon", "lowercase", "questions", "digits", "fillers", "names"] as const;
/** The speech engine's faults, and the speaker labels the product adds to them. */
export type Trait = (typeof TRAITS)[number] | "speakers";

/** Mulberry32: a small seeded generator, so a variant is the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

// ---- numbers in words -> digits -------------------------------------------------------------

const UNITS: Record<string, number> = { un: 1, uno: 1, una: 1, due: 2, tre: 3, tré: 3, quattro: 4, cinque: 5, sei: 6, sette: 7, otto: 8, nove: 9 };
const TEENS: Record<string, number> = {
  dieci: 10,
  undici: 11,
  dodici: 12,
  tredici: 13,
  quattordici: 14,
  quindici: 15,
  sedici: 16,
  diciassette: 17,
  diciotto: 18,
  diciannove: 19,
};
const TENS: Record<string, number> = { vent: 20, trent: 30, quarant: 40, cinquant: 50, sessant: 60, settant: 70, ottant: 80, novant: 90 };

/** The value of a number written as one word («ventiduemila», «duecentocinquanta»), or undefined. */
export function numberWord(word: string): number | undefined {
  const w = word.toLowerCase();
  const below100 = (s: string): number | undefined => {
    if (s === "") return 0;
    if (s in UNITS && s !== "un" && s !== "una") return UNITS[s];
    if (s in TEENS) return TEENS[s];
    for (const [stem, v] of Object.entries(TENS)) {
      if (!s.startsWith(stem)) continue;
      const rest = s.slice(stem.length);
      if (rest === "a" || rest === "i") return v; // venti, trenta
      if (rest === "uno" || rest === "otto") return v + (rest === "uno" ? 1 : 8); // ventuno, ventotto
      const tail = rest.replace(/^[ai]/, "");
      if (tail in UNITS && tail !== "un" && tail !== "una" && tail !== "uno") return v + UNITS[tail];
      if (tail === "tré") return v + 3;
    }
    return undefined;
  };
  const below1000 = (s: string): number | undefined => {
    const at = s.indexOf("cento");
    if (at < 0) return below100(s);
    const head = s.slice(0, at);
    const h = head === "" ? 1 : below100(head);
    const rest = below100(s.slice(at + 5));
    return h !== undefined && h < 10 && rest !== undefined ? h * 100 + rest : undefined;
  };
  let value: number | undefined;
  if (w.startsWith("mille")) value = 1000 + (below1000(w.slice(5)) ?? Number.NaN);
  else if (w.includes("mila")) {
    const [head, tail] = w.split("mila");
    const h = below1000(head);
    const t = below1000(tail);
    value = h !== undefined && t !== undefined && h > 1 ? h * 1000 + t : undefined;
  } else value = below1000(w);
  return value !== undefined && Number.isFinite(value) ? value : undefined;
}

const MONTHS = ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"];
const thousands = (n: number) => (n >= 1000 ? `${Math.floor(n / 1000)}.${String(n % 1000).padStart(3, "0")}` : String(n));
const NUMBER_WORD = String.raw`[a-zàéèìòù]+`;

/** Numbers as digits, the way whisper writes them. Deterministic: the same phrase always gives the same text. */
export function toDigits(text: string): string {
  let out = text;
  // Times: «alle diciotto e trenta», «alle nove e mezza», «alle otto».
  out = out.replace(
    new RegExp(String.raw`\b(alle|dalle|entro le|per le|verso le)\s+(${NUMBER_WORD})(?:\s+e\s+(mezza|un quarto|${NUMBER_WORD}))?\b`, "giu"),
    (all, prep: string, h: string, m?: string) => {
      const hour = UNITS[h.toLowerCase()] ?? numberWord(h);
      if (hour === undefined || hour > 24 || h.toLowerCase() === "una") return all;
      const minutes = m === undefined ? undefined : m === "mezza" ? 30 : m === "un quarto" ? 15 : numberWord(m);
      if (m !== undefined && (minutes === undefined || minutes >= 60)) return `${prep} ${hour}${all.slice(prep.length + 1 + h.length)}`;
      return minutes === undefined ? `${prep} ${hour}` : `${prep} ${hour}:${String(minutes).padStart(2, "0")}`;
    },
  );
  // Dates: «il quindici aprile» -> «il 15 aprile», sometimes «il 15/4».
  out = out.replace(new RegExp(String.raw`\b(${NUMBER_WORD}|primo)\s+(${MONTHS.join("|")})\b`, "giu"), (all, d: string, month: string) => {
    const day = d.toLowerCase() === "primo" ? 1 : (UNITS[d.toLowerCase()] ?? numberWord(d));
    if (day === undefined || day > 31 || /^un[ao]?$/i.test(d)) return all;
    return hash(all) % 3 === 0 ? `${day}/${MONTHS.indexOf(month.toLowerCase()) + 1}` : `${day} ${month}`;
  });
  // Percentages: «quindici per cento» -> «15%».
  out = out.replace(new RegExp(String.raw`\b(${NUMBER_WORD})\s+per\s*cento\b`, "giu"), (all, n: string) => {
    const v = UNITS[n.toLowerCase()] ?? numberWord(n);
    return v === undefined || /^un[ao]?$/i.test(n) ? all : `${v}%`;
  });
  // «mille e cinquecento» -> 1.500.
  out = out.replace(new RegExp(String.raw`\b(${NUMBER_WORD}mila|mille)\s+e\s+(${NUMBER_WORD})\b`, "giu"), (all, a: string, b: string) => {
    const x = numberWord(a);
    const y = numberWord(b);
    return x !== undefined && y !== undefined && y < 1000 ? thousands(x + y) : all;
  });
  // Other numbers from ten up: digits; under ten whisper mostly writes words.
  out = out.replace(new RegExp(String.raw`(?<![\p{L}\d])(${NUMBER_WORD})(?![\p{L}])`, "giu"), (all, n: string) => {
    const v = numberWord(n);
    return v === undefined || v < 10 ? all : thousands(v);
  });
  return out;
}

// ---- names ------------------------------------------------------------------------------------

/** A misspelling as speech recognition makes them: a double letter single or the other way, a sound spelt otherwise, or a name split in two. */
function misspell(name: string, rand: () => number): string {
  const options: string[] = [];
  const doubled = name.replace(/([bcdfglmnprstvz])\1/i, "$1");
  if (doubled !== name) options.push(doubled);
  const single = name.replace(/([aeiou])([lmnrt])([aeiou])/i, "$1$2$2$3");
  if (single !== name) options.push(single);
  if (/^Gi[aou]/.test(name)) options.push(name.replace(/^Gi/, "J"));
  if (/^Ch/.test(name)) options.push(name.replace(/^Ch/, "K"));
  if (/c[aou]/i.test(name.slice(1))) options.push(name[0] + name.slice(1).replace(/c([aou])/i, "k$1"));
  const half = name.match(/^(Gian|Pier|Ann|Mari|Ros)(\p{Ll}{3,})$/u);
  if (half) options.push(`${half[1]} ${half[2][0].toUpperCase()}${half[2].slice(1)}`);
  if (options.length === 0) options.push(name.slice(0, -1) + (name.endsWith("a") ? "e" : "a"));
  return options[Math.floor(rand() * options.length)];
}

// ---- the variant ---------------------------------------------------------------------------

type Word = { text: string; t: number; voice?: number };
const FILLERS = ["eh", "ehm", "cioè", "allora", "diciamo", "eh"];
const LIVE_WINDOW = 28;
const CHUNK = 600;

function wordsOf(segments: TimedSegment[]): Word[] {
  const out: Word[] = [];
  for (const s of segments) {
    const words = s.text.split(/\s+/).filter(Boolean);
    const span = Math.max(0, s.end - s.start);
    words.forEach((text, i) => out.push({ text, t: s.start + (span * i) / Math.max(1, words.length) }));
  }
  return out;
}

const MISSED_CHANGE = 1 / 6;
const SHIFT = 0.8;
const STRAY = 1 / 30;

/** Each word's voice: a new one at every utterance, with the diarizer's errors (see the header). */
function giveVoices(words: Word[], segments: TimedSegment[], rand: () => number): void {
  const voices = 3 + Math.floor(rand() * 3);
  // The utterances: a gap over 0.15 s between segments (the fixtures cut long utterances with 0.1 s).
  const starts = segments.map((s, i) => i === 0 || s.start - segments[i - 1].end > 0.15);
  const utteranceAt = (t: number) => {
    let u = -1;
    for (let i = 0; i < segments.length && segments[i].start <= t + 1e-6; i++) if (starts[i]) u++;
    return Math.max(0, u);
  };
  const voiceOf: number[] = [];
  const boundary: number[] = [];
  segments.forEach((s, i) => {
    if (!starts[i]) return;
    const previous = voiceOf[voiceOf.length - 1];
    let voice = previous === undefined ? 0 : previous;
    if (previous !== undefined && rand() >= MISSED_CHANGE) voice = (previous + 1 + Math.floor(rand() * (voices - 1))) % voices;
    voiceOf.push(voice);
    boundary.push(s.start + (rand() * 2 - 1) * SHIFT);
  });
  const strays = voiceOf.map(() => (rand() < STRAY ? rand() : -1));
  for (const w of words) {
    let u = utteranceAt(w.t);
    // The change point as the diarizer put it: a word near it may go to the other side.
    if (u + 1 < boundary.length && w.t >= boundary[u + 1]) u++;
    else if (u > 0 && w.t < boundary[u]) u--;
    w.voice = voiceOf[u];
  }
  // A stretch of about two seconds given to another voice inside one utterance in thirty.
  strays.forEach((at, u) => {
    if (at < 0) return;
    const mine = words.filter((w) => utteranceAt(w.t) === u);
    if (mine.length < 6) return;
    const from = mine[Math.floor(at * (mine.length - 5))].t;
    for (const w of mine) if (w.t >= from && w.t < from + 2) w.voice = (voiceOf[u] + 1) % voices;
  });
}

/** Each segment's speaker: the voice of most of its words, named in order of first appearance. */
function labelSegments(segments: TimedSegment[], voices: number[][]): TimedSegment[] {
  const names = new Map<number, string>();
  return segments.map((s, i) => {
    const count = new Map<number, number>();
    for (const v of voices[i]) count.set(v, (count.get(v) ?? 0) + 1);
    const top = [...count].sort((a, b) => b[1] - a[1])[0]?.[0];
    if (top === undefined) return s;
    if (!names.has(top)) names.set(top, `Relatore ${names.size + 1}`);
    return { ...s, speaker: names.get(top)! };
  });
}

/** Re-cut at engine seams: every 3–9 s at any word, always at 28 s and 600 s seams; keeps the pauses. */
function recut(words: Word[], rand: () => number, voices: number[][] = []): TimedSegment[] {
  const out: TimedSegment[] = [];
  let current: Word[] = [];
  let limit = 3 + rand() * 6;
  const flush = (end: number) => {
    if (current.length === 0) return;
    const last = current[current.length - 1].text;
    let text = current.map((w) => w.text).join(" ");
    // A cut mid-sentence: whisper closes the segment with a full stop half the time.
    if (!/[.!?…]$/.test(last) && rand() < 0.5) text = text.replace(/[,;:]?$/, ".");
    out.push({ start: current[0].t, end, text });
    voices.push(current.flatMap((w) => (w.voice === undefined ? [] : [w.voice])));
    current = [];
    limit = 3 + rand() * 6;
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (current.length > 0) {
      const from = current[0].t;
      const seam = Math.floor(w.t / LIVE_WINDOW) > Math.floor(from / LIVE_WINDOW) || Math.floor(w.t / CHUNK) > Math.floor(from / CHUNK);
      const gap = w.t - words[i - 1].t > 1.5;
      if (seam || gap || w.t - from > limit) flush(gap ? words[i - 1].t + 0.4 : w.t);
    }
    current.push(w);
  }
  flush(words.length ? words[words.length - 1].t + 0.4 : 0);
  return out.map((s) => ({ ...s, start: Math.round(s.start * 100) / 100, end: Math.round(s.end * 100) / 100 }));
}

/** The meeting as speech recognition would write it, with the given traits, seeded. */
export function asrVariant(fixture: TranscriptFixture, traits: readonly Trait[], seed = 36): TranscriptFixture {
  const has = (t: Trait) => traits.includes(t);
  const rand = random(seed ^ hash(fixture.name));
  const names = new Map<string, string>();
  const spell = (text: string) => {
    let out = text;
    if (has("digits")) out = toDigits(out);
    if (has("names"))
      out = out.replace(/\p{Lu}\p{Ll}+/gu, (w) => {
        if (!isFirstName(w.toLowerCase())) return w;
        if (!names.has(w)) names.set(w, rand() < 0.5 ? misspell(w, rand) : w);
        return names.get(w)!;
      });
    return out;
  };

  let segments = fixture.segments.map((s) => ({ ...s, text: spell(s.text) }));
  let words = wordsOf(segments);
  if (has("speakers")) giveVoices(words, segments, random(seed ^ hash(fixture.name) ^ 0x5eed));
  let sentenceStart = true;
  const out: Word[] = [];
  for (const w of words) {
    let text = w.text;
    if (has("lowercase") && sentenceStart) text = text.replace(/^([«"(]?)(\p{Lu})/u, (_, q: string, c: string) => q + c.toLowerCase());
    const ends = /[.!?…]["»)]*$/.test(text);
    sentenceStart = ends;
    if (has("questions")) text = text.replace(/\?/g, () => (rand() < 0.5 ? "." : ""));
    if (has("runon")) {
      if (/[.!;]$/.test(text) && !/\.\.\.$/.test(text) && rand() < 0.75) text = text.slice(0, -1);
      else if (/,$/.test(text) && rand() < 0.5) text = text.slice(0, -1);
    }
    if (has("fillers")) {
      const r = rand();
      if (r < 0.05) out.push({ text: FILLERS[Math.floor(rand() * FILLERS.length)] + (rand() < 0.5 ? "," : ""), t: w.t, voice: w.voice });
      else if (r < 0.065) out.push({ text: "allora allora", t: w.t, voice: w.voice });
      else if (r < 0.09 && /^(?:il|la|lo|le|i|di|che|e|a|in|per|non|è|ho|io)$/i.test(text)) out.push({ text, t: w.t, voice: w.voice });
    }
    if (text) out.push({ text, t: w.t, voice: w.voice });
  }
  words = out;
  const voices: number[][] = [];
  if (has("seams")) segments = recut(words, rand, voices);
  else {
    // The original segments, with their words as transformed.
    let k = 0;
    segments = segments.map((s) => {
      const mine: Word[] = [];
      const next = segments.indexOf(s) + 1 < segments.length ? segments[segments.indexOf(s) + 1].start : Number.POSITIVE_INFINITY;
      while (k < words.length && words[k].t < next) mine.push(words[k++]);
      voices.push(mine.flatMap((w) => (w.voice === undefined ? [] : [w.voice])));
      return { ...s, text: mine.map((w) => w.text).join(" ") };
    });
  }
  if (has("speakers")) segments = labelSegments(segments, voices);
  segments = segments.filter((s) => s.text.trim() !== "");

  const meeting = fixture.meeting && {
    ...fixture.meeting,
    expectedTitle: fixture.meeting.expectedTitle.map(spell),
    expectedDecisions: fixture.meeting.expectedDecisions.map((d) => ({ ...d, words: d.words.map(spell) })),
    expectedActions: fixture.meeting.expectedActions.map((a) => ({
      ...a,
      words: a.words.map(spell),
      owner: a.owner === null ? null : spell(a.owner),
      due: a.due === null ? null : spell(a.due),
    })),
  };
  return {
    ...fixture,
    segments,
    expectedTopics: fixture.expectedTopics.map((t) => ({ ...t, words: t.words.map(spell) })),
    meeting,
  };
}
