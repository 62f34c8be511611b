/**
 * The analyzer on the annotated meetings as speech recognition writes them (issue 36): the
 * seeded variants of tests/support/asr-variants.ts, and floors per set for the all-traits
 * variant — the figures in BENCHMARKS.md («Raw transcripts»), which must not drop.
 */
import { describe, expect, it } from "vitest";
import { asrVariant, toDigits, TRAITS } from "../../../tests/support/asr-variants";
import { realismScores } from "../../../bench/realism";
import { agendaOfFixture, scoreAgenda } from "./agenda-scores";
import { analyzeLocally } from "./index";
import {
  loadFifthHeldOutTranscripts,
  loadFourthHeldOutTranscripts,
  loadHeldOutTranscripts,
  loadSecondHeldOutTranscripts,
  loadSeventhHeldOutTranscripts,
  loadEighthHeldOutTranscripts,
  loadNinthHeldOutTranscripts,
  loadTenthHeldOutTranscripts,
  loadEleventhHeldOutTranscripts,
  loadTwelfthHeldOutTranscripts,
  loadSixthHeldOutTranscripts,
  loadThirdHeldOutTranscripts,
  loadTranscripts,
} from "./test-transcripts";

const meetings = (load: () => ReturnType<typeof loadTranscripts>) => load().filter((f) => f.meeting);

describe("realism harness", () => {
  const fixture = meetings(loadTranscripts)[0];

  it("is seeded: the same variant on every run, another with another seed", () => {
    expect(asrVariant(fixture, TRAITS, 36)).toEqual(asrVariant(fixture, TRAITS, 36));
    expect(asrVariant(fixture, TRAITS, 37).segments).not.toEqual(asrVariant(fixture, TRAITS, 36).segments);
  });

  it.each(TRAITS.map((t) => [t]))("changes the text with %s alone", (trait) => {
    const clean = fixture.segments.map((s) => s.text).join(" ");
    expect(
      asrVariant(fixture, [trait], 36)
        .segments.map((s) => s.text)
        .join(" "),
    ).not.toBe(clean);
  });

  it("labels the speakers as the diarization does: a change at most utterances, one voice a segment", () => {
    const { segments } = asrVariant(fixture, ["seams", "speakers"], 36);
    expect(segments.every((s) => /^Relatore [1-5]$/.test(s.speaker ?? ""))).toBe(true);
    const changes = segments.filter((s, i) => i > 0 && s.speaker !== segments[i - 1].speaker).length;
    expect(changes).toBeGreaterThan(segments.length / 5);
    // The text is the same as without labels: the labels come from their own seeded draws.
    expect(segments.map((s) => s.text)).toEqual(asrVariant(fixture, ["seams"], 36).segments.map((s) => s.text));
  });

  it("cuts segments at the 28 s live windows' seams", () => {
    const { segments } = asrVariant(fixture, ["seams"], 36);
    // A segment ends where the next word starts: no segment holds speech well on both sides of a seam.
    for (const s of segments) {
      const seam = Math.ceil(s.start / 28) * 28;
      expect(s.start > seam - 1.5 || s.end < seam + 1.5, JSON.stringify(s)).toBe(true);
    }
  });

  it("writes numbers, amounts, dates and times in digits as whisper does", () => {
    expect(toDigits("costa ventiduemila euro")).toBe("costa 22.000 euro");
    expect(toDigits("ci vediamo alle diciotto e trenta")).toBe("ci vediamo alle 18:30");
    expect(toDigits("alle nove e mezza")).toBe("alle 9:30");
    expect(toDigits("sono tre persone")).toBe("sono tre persone");
    expect(toDigits("il quindici per cento")).toBe("il 15%");
    expect(toDigits("mille e cinquecento euro")).toBe("1.500 euro");
    expect(toDigits("entro il trenta maggio")).toMatch(/^entro il (?:30 maggio|30\/5)$/);
  });
});

// All traits together, seed 36: at least what BENCHMARKS.md reports (decisions found, actions
// with owner and deadline, titles, topic counts within one of the clean text's), one decision and
// one action under the measured figure where a single sentence may flip.
const FLOORS = [
  ["tuning", loadTranscripts, { decisions: 17, actions: 20, titles: 5, topics: 6 }],
  ["held-out", loadHeldOutTranscripts, { decisions: 13, actions: 14, titles: 5, topics: 5 }],
  ["held-out-2", loadSecondHeldOutTranscripts, { decisions: 11, actions: 14, titles: 6, topics: 5 }],
  // Titles 4: the variant's title is now the clean text's, which misses h3-riunione-agenzia-viaggi too
  // (5 was one variant title that happened to name it).
  ["held-out-3", loadThirdHeldOutTranscripts, { decisions: 14, actions: 14, titles: 4, topics: 6 }],
  // Topics 6: in session 15 a request read as its own sentence («…contrari uno. Approvato. Marta, il
  // modulo…») moved one of TextTiling's cuts (actions 15 → 20; four seeds, all sets: 264 within one both ways).
  ["held-out-4", loadFourthHeldOutTranscripts, { decisions: 21, actions: 23, titles: 7, topics: 6 }],
  ["held-out-5", loadFifthHeldOutTranscripts, { decisions: 21, actions: 25, titles: 7, topics: 8 }],
  // Titles 7: the orchestra meeting's title takes «Difficile» from its first topic, «Più difficile:
  // Mahler», as the clean text's topics have it too (titles and topic counts move by one with any
  // change of a sentence's end: TextTiling). Topics 4: questions recognised without «?» («E il
  // concerto?») are topic cues; on four seeds they bring the questions variant's counts from 103 to
  // 117 of 128 within one of clean, the all-traits ones from 96 to 93 (this seed's h6 one of them).
  ["held-out-6", loadSixthHeldOutTranscripts, { decisions: 27, actions: 34, titles: 7, topics: 4 }],
  // Written blind in session 12 (19 decisions, 17 actions at its end); tuned on in session 13.
  ["held-out-7", loadSeventhHeldOutTranscripts, { decisions: 30, actions: 28, titles: 6, topics: 4 }],
  // Written blind in session 13 (29 decisions, 18 actions at its end); tuned on in session 14.
  ["held-out-8", loadEighthHeldOutTranscripts, { decisions: 32, actions: 33, titles: 4, topics: 6 }],
  // Written blind in session 14 (18 decisions, 19 actions at its start and when measured blind at its
  // end); tuned on after that.
  ["held-out-9", loadNinthHeldOutTranscripts, { decisions: 22, actions: 30, titles: 5, topics: 6 }],
  // Written blind in session 14; measured blind in session 15 (26 decisions, 25 actions at its start
  // and after the session's first changes), tuned on after that.
  ["held-out-10", loadTenthHeldOutTranscripts, { decisions: 31, actions: 30, titles: 4, topics: 6 }],
  // Written blind in session 15; measured blind at session 16's start (27 decisions, 24 actions with
  // owners as said — decision 047; 17 as written), tuned on after that.
  ["held-out-11", loadEleventhHeldOutTranscripts, { decisions: 30, actions: 27, titles: 5, topics: 6 }],
  // Written blind in session 16; measured blind at session 17's start (25 decisions, 23 actions), tuned on after that.
  ["held-out-12", loadTwelfthHeldOutTranscripts, { decisions: 25, actions: 30, titles: 5, topics: 5 }],
] as const;

// All traits but the question marks, as whisper writes a fast exchange: it keeps «?» where the full
// stops are gone. Read as prose until session 15 (then held-out-8: 22 decisions, 27 actions; held-out-10: 24, 30).
const QUESTION_MARKS_KEPT = [
  ["held-out-8", loadEighthHeldOutTranscripts, { decisions: 29, actions: 32 }],
  ["held-out-10", loadTenthHeldOutTranscripts, { decisions: 33, actions: 33 }],
  ["held-out-11", loadEleventhHeldOutTranscripts, { decisions: 26, actions: 24 }],
  ["held-out-12", loadTwelfthHeldOutTranscripts, { decisions: 26, actions: 30 }],
] as const;

describe("local analyzer on raw transcripts (all traits, seed 36)", () => {
  it.each(FLOORS.map(([name, load, floor]) => [name, load, floor] as const))("keeps the %s set at its floors", (_, load, floor) => {
    const r = realismScores(meetings(load), TRAITS, 36);
    expect(r.decisionsFound).toBeGreaterThanOrEqual(floor.decisions);
    expect(r.actionsComplete).toBeGreaterThanOrEqual(floor.actions);
    expect(r.titles).toBeGreaterThanOrEqual(floor.titles);
    expect(r.topicsWithinOne).toBeGreaterThanOrEqual(floor.topics);
  });

  it.each(QUESTION_MARKS_KEPT.map(([name, load, floor]) => [name, load, floor] as const))(
    "keeps the %s set at its floors when the engine keeps «?»",
    (_, load, floor) => {
      const r = realismScores(
        meetings(load),
        TRAITS.filter((t) => t !== "questions"),
        36,
      );
      expect(r.decisionsFound).toBeGreaterThanOrEqual(floor.decisions);
      expect(r.actionsComplete).toBeGreaterThanOrEqual(floor.actions);
    },
  );

  it("loses nothing when the segments carry the speaker labels the product adds (decision 045)", () => {
    // A segment takes the voice of most of its words, so a label changes where the engine cut: read
    // as a sentence end it split sentences mid-way (held-out-8: decisions 32 → 28, extra 28 → 32; nine
    // sets, four seeds: 35 actions with owner and deadline fewer, 49 extra decisions more).
    for (const load of [loadFourthHeldOutTranscripts, loadEighthHeldOutTranscripts]) {
      const plain = realismScores(meetings(load), TRAITS, 36);
      const labelled = realismScores(meetings(load), [...TRAITS, "speakers"], 36);
      expect(labelled.decisionsFound).toBeGreaterThanOrEqual(plain.decisionsFound);
      expect(labelled.actionsComplete).toBeGreaterThanOrEqual(plain.actionsComplete);
      expect(labelled.decisionsExtra).toBeLessThanOrEqual(plain.decisionsExtra);
    }
  });
});

describe("minutes that follow an agenda given up front, on raw transcripts (all traits, seed 36)", () => {
  // Issue 31's alignment on the text as speech recognition writes it: the items the user gave are the
  // topics whatever the engine did to the sentences. Measured (session 17): 95/95 exact topic lists,
  // 388/408 items as their own topic (394 on clean text), 680/720 = 94 % of the decisions and actions
  // found under the item they were said in (778/812 = 96 % on clean text).
  // Every set with its floors above: the thirteen annotated sets.
  const all = FLOORS.flatMap(([, load]) => meetings(load));
  const scores = all.map((f) => {
    const variant = asrVariant(f, TRAITS, 36);
    const agenda = agendaOfFixture(f);
    return scoreAgenda(analyzeLocally(variant.segments, agenda), variant, agenda);
  });
  const sum = (key: "items" | "own" | "placed" | "right") => scores.reduce((n, s) => n + s[key], 0);

  it("makes one topic per item, in order, named as given, in every meeting", () => {
    expect(scores.length).toBeGreaterThanOrEqual(95);
    for (const score of scores) expect(score.exact, score.name).toBe(true);
  });

  it("keeps the items as their own topics and the decisions and actions under the item they were said in", () => {
    expect(sum("items")).toBeGreaterThanOrEqual(408);
    expect(sum("own")).toBeGreaterThanOrEqual(388);
    expect(sum("placed")).toBeGreaterThanOrEqual(700);
    expect(sum("right") / sum("placed")).toBeGreaterThanOrEqual(0.94);
  });
});
