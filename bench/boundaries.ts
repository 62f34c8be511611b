/**
 * How well the reading stage finds sentence ends again in run-on transcripts (issue 36, decision
 * 044): per set, the clean text's sentence ends against those of the speech-recognition variant as
 * written (raw) and as the reading stage rewrites it, with only the traits that keep the words
 * (full stops, case, question marks, seams) and with all of them.
 * Run: npm run bench:boundaries -- [set]   (SEED=36 by default)
 */
import os from "node:os";
import type { TimedSegment } from "~/lib/analysis";
import { asrVariant, TRAITS, type Trait } from "../tests/support/asr-variants";
import { sentenceEndCounts } from "../tests/support/sentence-ends";
import { readTranscript } from "../worker/engines/local-analysis/reading";
import * as sets from "../worker/engines/local-analysis/test-transcripts";
import type { TranscriptFixture } from "../worker/engines/local-analysis/test-transcripts";

const SETS: Record<string, () => TranscriptFixture[]> = {
  "tuning and held-out 1–3": () => [
    ...sets.loadTranscripts(),
    ...sets.loadHeldOutTranscripts(),
    ...sets.loadSecondHeldOutTranscripts(),
    ...sets.loadThirdHeldOutTranscripts(),
  ],
  "held-out-4": sets.loadFourthHeldOutTranscripts,
  "held-out-5": sets.loadFifthHeldOutTranscripts,
  "held-out-6": sets.loadSixthHeldOutTranscripts,
  "held-out-7": sets.loadSeventhHeldOutTranscripts,
  "held-out-8": sets.loadEighthHeldOutTranscripts,
  "held-out-9": sets.loadNinthHeldOutTranscripts,
  "held-out-10": sets.loadTenthHeldOutTranscripts,
  "held-out-11": sets.loadEleventhHeldOutTranscripts,
  "held-out-12": sets.loadTwelfthHeldOutTranscripts,
  "held-out-13": sets.loadThirteenthHeldOutTranscripts,
};
const seed = Number(process.env.SEED ?? 36);
const only = process.argv[2];
const KEEPS_WORDS: Trait[] = ["runon", "lowercase", "questions", "seams"];

function measure(fixtures: TranscriptFixture[], rewrite: (f: TranscriptFixture) => TimedSegment[]): string {
  const t = fixtures
    .map((f) => sentenceEndCounts(f, rewrite(f)))
    .reduce((a, r) => ({ found: a.found + r.found, expected: a.expected + r.expected, extra: a.extra + r.extra }), {
      found: 0,
      expected: 0,
      extra: 0,
    });
  const p = t.found / Math.max(1, t.found + t.extra);
  const r = t.found / Math.max(1, t.expected);
  return `${Math.round(100 * p)} / ${Math.round(100 * r)} / ${Math.round((200 * p * r) / Math.max(1e-9, p + r))}`;
}

console.log(`\nSentence ends found again (precision / recall / F1, %), seed ${seed}, load ${os.loadavg()[0].toFixed(1)}\n`);
console.log("| Set | Meetings | Raw, word-keeping traits | Read, word-keeping traits | Read, all traits |");
console.log("|---|---|---|---|---|");
for (const [name, load] of Object.entries(SETS)) {
  // held-out-13 was written blind for the next session's start: measured only when named.
  if (only ? only !== name : name === "held-out-13") continue;
  const fixtures = load();
  if (fixtures.length === 0) continue;
  const raw = measure(fixtures, (f) => asrVariant(f, KEEPS_WORDS, seed).segments);
  const read = measure(fixtures, (f) => readTranscript(asrVariant(f, KEEPS_WORDS, seed).segments));
  const all = measure(fixtures, (f) => readTranscript(asrVariant(f, TRAITS, seed).segments));
  console.log(`| ${name} | ${fixtures.length} | ${raw} | ${read} | ${all} |`);
}
