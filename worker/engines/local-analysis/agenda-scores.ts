/**
 * How well minutes made with the agenda given up front follow it (issue 31), on the annotated
 * meetings: the agenda is each meeting's annotated items in order, written as a convocation would
 * («Tetto e copertura»: the item's first two annotated words). Shared by the floor test and the
 * benchmark, so the figures in BENCHMARKS.md are the ones the test asserts.
 */
import { parseTimestamp, type AnalysisResult } from "~/lib/analysis";
import { OTHER_BUSINESS } from "~/lib/meeting";
import { matchAgenda, uses } from "./meeting-scores";
import type { ExpectedTopic, TranscriptFixture } from "./test-transcripts";
import { capitalise, fold } from "./text";

/** The agenda a convocation of the meeting would have listed. */
export function agendaOfFixture(fixture: TranscriptFixture): string[] {
  return fixture.expectedTopics.map((t) => {
    if (t.words.some((w) => fold(w) === "varie")) return OTHER_BUSINESS;
    return capitalise(t.words.slice(0, 2).join(" e "));
  });
}

// As in meeting-scores: a timestamp may be that of the segment the sentence starts in.
const EARLY = 20;
const within = (t: number | undefined, from: number, to: number) => t !== undefined && t >= Math.floor(from) - EARLY && t <= Math.ceil(to) + 3;

/** The item (1-based) during which an expected decision or action was said, or null. */
function expectedItem(items: ExpectedTopic[], from: number): number | null {
  const i = items.findIndex((t) => from >= t.from - 1 && from <= t.to + 1);
  return i >= 0 ? i + 1 : null;
}

export type AgendaScore = {
  name: string;
  items: number;
  /** Items that became their own topic (named, with key points said within the item). */
  own: number;
  /** The topic list is the agenda, in order, named as given (plus «Varie ed eventuali» at most). */
  exact: boolean;
  /** Decisions and actions found and placed under an item, and how many of them under the right one. */
  placed: number;
  right: number;
};

export function scoreAgenda(result: AnalysisResult, fixture: TranscriptFixture, agenda: string[]): AgendaScore {
  const items = fixture.expectedTopics;
  const names = result.topics.map((t) => t.name);
  const listed = names.slice(0, agenda.length);
  const exact =
    listed.length === agenda.length &&
    listed.every((n, i) => n === agenda[i] && result.topics[i].agendaItem === i + 1) &&
    names.slice(agenda.length).every((n) => n === OTHER_BUSINESS);
  let placed = 0;
  let right = 0;
  const check = (
    expected: { from: number; to: number; words: string[] }[],
    found: { text: string; timestamp: string | null; agendaItem?: number | null }[],
  ) => {
    const used = new Set<number>();
    for (const e of expected) {
      const i = found.findIndex((o, k) => !used.has(k) && within(parseTimestamp(o.timestamp), e.from, e.to) && uses(o.text, e.words));
      if (i < 0) continue;
      used.add(i);
      const want = expectedItem(items, e.from);
      if (want === null) continue;
      placed++;
      if (found[i].agendaItem === want) right++;
    }
  };
  check(fixture.meeting?.expectedDecisions ?? [], result.decisions);
  check(
    fixture.meeting?.expectedActions ?? [],
    result.actionItems.map((a) => ({ ...a, text: a.task })),
  );
  return { name: fixture.name, items: items.length, own: matchAgenda(result, items).named.filter(Boolean).length, exact, placed, right };
}
