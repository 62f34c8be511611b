/**
 * The analyzer on the annotated meetings as speech recognition writes them (issue 36): per set,
 * the clean text against each trait of tests/support/asr-variants.ts alone and all together.
 * Run through bench/local-analyzer.ts: `npm run bench:analyzer -- realism [set]` (SEED=36 by default).
 */
import os from "node:os";
import { analyzeLocally } from "../worker/engines/local-analysis/index";
import { scoreMeeting, totals } from "../worker/engines/local-analysis/meeting-scores";
import type { TranscriptFixture } from "../worker/engines/local-analysis/test-transcripts";
import { asrVariant, TRAITS, type Trait } from "../tests/support/asr-variants";

const SPEAKER_LABEL = /^Relatore \d+$/;

/** What the issue's «done when» asks, per set and variant. */
export function realismScores(fixtures: TranscriptFixture[], traits: readonly Trait[], seed: number) {
  const clean = fixtures.map((f) => analyzeLocally(f.segments).topics.length);
  const scores = fixtures.map((f) => {
    const v = traits.length ? asrVariant(f, traits, seed) : f;
    const result = analyzeLocally(v.segments);
    // The fixtures do not know who spoke: a task the analyzer gives to «Relatore N» because the
    // speaker took it on («me ne occupo io») is scored as the owner the transcript leaves unsaid.
    const actionItems = result.actionItems.map((a) => ({ ...a, owner: a.owner && SPEAKER_LABEL.test(a.owner) ? null : a.owner }));
    return scoreMeeting({ ...result, actionItems }, v);
  });
  const t = totals(scores);
  return {
    ...t,
    decisionsPct: t.decisions ? (100 * t.decisionsFound) / t.decisions : 100,
    actionsPct: t.actions ? (100 * t.actionsComplete) / t.actions : 100,
    topicsWithinOne: scores.filter((s, i) => Math.abs(s.topics - clean[i]) <= 1).length,
  };
}

export function realism(title: string, fixtures: TranscriptFixture[]) {
  const seed = Number(process.env.SEED ?? 36);
  const variants: [string, readonly Trait[]][] = [
    ["clean", []],
    ...TRAITS.map((t) => [t, [t]] as [string, Trait[]]),
    ["all traits", TRAITS],
    // What the product adds: the speaker labels of the diarization or of a call's channels (decision 045).
    ["all traits + speakers", [...TRAITS, "speakers"]],
    // whisper writes «?» where it hears a question, even in text that has lost its full stops.
    ["all traits, «?» kept", TRAITS.filter((t) => t !== "questions")],
  ];
  console.log(`\n${title}: ${fixtures.length} meetings, seed ${seed}, load ${os.loadavg()[0].toFixed(1)}\n`);
  console.log(
    "| Variant | Decisions found (extra) | Actions with owner and deadline (extra) | Titles name content | Topic count within one of clean |",
  );
  console.log("|---|---|---|---|---|");
  for (const [name, traits] of variants) {
    const r = realismScores(fixtures, traits, seed);
    console.log(
      `| ${name} | ${r.decisionsFound}/${r.decisions} = ${Math.round(r.decisionsPct)} % (${r.decisionsExtra}) | ${r.actionsComplete}/${r.actions} = ${Math.round(r.actionsPct)} % (${r.actionsExtra}) | ${r.titles}/${r.meetings} | ${r.topicsWithinOne}/${r.meetings} |`,
    );
  }
}
