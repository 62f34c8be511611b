/**
 * Sentence ends of a clean annotated meeting carried over to a rewriting of it (a speech
 * recognition variant, or what the reading stage made of one), word by word: how well a rewriting
 * finds the clean text's sentence ends (bench/boundaries.ts, decision 044).
 */
import type { TimedSegment } from "~/lib/analysis";
import type { TranscriptFixture } from "../../worker/engines/local-analysis/test-transcripts";

type Token = { word: string; segment: number };

const plain = (w: string) => w.toLowerCase().replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, "");
const endsSentence = (w: string) => /[.!?…]["»)]*$/u.test(w) && !/\.\.\.$/.test(w);

function tokensOf(segments: TimedSegment[]): Token[] {
  return segments.flatMap((s, segment) =>
    s.text
      .split(/\s+/)
      .filter(Boolean)
      .map((word) => ({ word, segment })),
  );
}

/** For each word of `b`, the index of the same word in `a` (longest common subsequence), or -1. */
export function alignWords(a: readonly string[], b: readonly string[]): number[] {
  const pa = a.map(plain);
  const pb = b.map(plain);
  const n = pa.length;
  const m = pb.length;
  const table = new Int32Array((n + 1) * (m + 1));
  for (let i = n - 1; i >= 0; i--)
    for (let j = m - 1; j >= 0; j--)
      table[i * (m + 1) + j] =
        pa[i] === pb[j] ? table[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(table[(i + 1) * (m + 1) + j], table[i * (m + 1) + j + 1]);
  const out = new Array<number>(m).fill(-1);
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (pa[i] === pb[j]) out[j++] = i++;
    else if (table[(i + 1) * (m + 1) + j] >= table[i * (m + 1) + j + 1]) i++;
    else j++;
  }
  return out;
}

/** Whether the clean text ends a sentence after each of its words. */
function cleanEnds(tokens: Token[]): boolean[] {
  return tokens.map((t, i) => endsSentence(t.word) && (i + 1 === tokens.length || /^["«“(]?\p{Lu}/u.test(tokens[i + 1].word)));
}

/** How many of the clean text's sentence ends a rewriting has, and how many it adds. */
export function sentenceEndCounts(clean: TranscriptFixture, rewritten: TimedSegment[]): { found: number; expected: number; extra: number } {
  const cleanTokens = tokensOf(clean.segments);
  const ends = cleanEnds(cleanTokens);
  const words = tokensOf(rewritten).map((t) => t.word);
  const at = alignWords(
    cleanTokens.map((t) => t.word),
    words,
  );
  let found = 0;
  let extra = 0;
  // The last word ends the text either way: it is not counted.
  for (let j = 0; j + 1 < words.length; j++) {
    if (!endsSentence(words[j])) continue;
    if (at[j] >= 0 && ends[at[j]]) found++;
    else extra++;
  }
  const expected = ends.slice(0, -1).filter(Boolean).length;
  return { found, expected, extra };
}
