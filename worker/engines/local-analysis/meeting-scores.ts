/**
 * How well an analysis matches an annotated meeting (see tests/fixtures/transcripts/meetings):
 * agenda items found as their own topic and named by their content, a title that names the
 * subject, a summary that mentions every item, decisions and actions found. Shared by the quality
 * tests and the benchmark, so the figures in BENCHMARKS.md are the ones the tests assert.
 */
import { keyPointText, parseTimestamp, type AnalysisResult, type TopicValue } from "~/lib/analysis";
import type { ExpectedAction, ExpectedTopic, TranscriptFixture } from "./test-transcripts";
import { fold } from "./text";

/** "telecamere" also matches "telecamera": compare word starts without the final vowel. */
function stemOf(word: string): string {
  const f = fold(word).trim();
  return f.length > 4 ? f.replace(/[aeiou]$/, "") : f;
}

/** Whether text uses one of the words (each word or phrase compared by its start). */
export function uses(text: string, words: string[]): boolean {
  const haystack = ` ${fold(text).replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  return words.some((w) => haystack.includes(` ${stemOf(w).replace(/[^\p{L}\p{N}]+/gu, " ")}`));
}

const seconds = (t: string | null | undefined) => parseTimestamp(t ?? undefined) ?? Number.NaN;

// A timestamp is the start of the segment where the sentence starts, which may hold the end of the
// utterance before: allow that much earlier.
const EARLY = 20;
const inRange = (t: number, from: number, to: number) => t >= Math.floor(from) - EARLY && t <= Math.ceil(to) + 3;

function topicStart(topic: TopicValue): number {
  const first = topic.keyPoints.map((k) => (typeof k === "string" ? undefined : k.estimatedTimestamp))[0];
  return seconds(first);
}

/**
 * Agenda items matched one to one, in order, to topics that start within the item and whose name
 * uses one of the item's words. Returns per item whether it was found, and separately whether the
 * looser test (name or key points mention it, key points inside the item) holds.
 */
export function matchAgenda(result: AnalysisResult, items: ExpectedTopic[]) {
  const used = new Set<number>();
  const named = items.map((item) => {
    const i = result.topics.findIndex((t, k) => !used.has(k) && uses(t.name, item.words) && inRange(topicStart(t), item.from, item.to));
    if (i >= 0) used.add(i);
    return i >= 0;
  });
  const usedLoose = new Set<number>();
  const loose = items.map((item) => {
    const i = result.topics.findIndex((t, k) => {
      if (usedLoose.has(k)) return false;
      const text = `${t.name} ${t.keyPoints.map(keyPointText).join(" ")}`;
      const times = t.keyPoints.map((p) => seconds(typeof p === "string" ? undefined : p.estimatedTimestamp));
      return uses(text, item.words) && times.every((s) => inRange(s, item.from, item.to));
    });
    if (i >= 0) usedLoose.add(i);
    return i >= 0;
  });
  return { named, loose };
}

// Opening formulas that say when or how the meeting began, not what it was about.
const OPENING =
  /^(?:buongiorno|buonasera|buon pomeriggio|ciao|salve|benvenut|alle ore|sono le|dichiaro|si apre|apriamo|possiamo (?:cominciare|iniziare)|iniziamo|cominciamo)|apert[ao]|numero legale|sono presenti|costituit|convocazione|appello|seduta e valida|accomodat|mi sentite|ci siete/i;

export function titleNamesContent(result: AnalysisResult, words: string[]): boolean {
  return uses(result.title, words) && !OPENING.test(fold(result.title));
}

export function summaryMentions(result: AnalysisResult, items: ExpectedTopic[]): boolean[] {
  return items.map((item) => uses(result.summary, item.words));
}

export function matchDecisions(result: AnalysisResult, fixture: TranscriptFixture) {
  const expected = fixture.meeting?.expectedDecisions ?? [];
  const used = new Set<number>();
  const found = expected.map((d) => {
    const i = result.decisions.findIndex((o, k) => !used.has(k) && inRange(seconds(o.timestamp), d.from, d.to) && uses(o.text, d.words));
    if (i >= 0) used.add(i);
    return i >= 0;
  });
  return { found, extra: result.decisions.length - used.size };
}

const sameAs = (said: string | null, expected: string | null) => {
  if (expected === null || said === null) return said === expected;
  const a = fold(said)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  const b = fold(expected)
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return a === b || a.includes(b) || (b.includes(a) && a.split(" ").length >= 2);
};

export function matchActions(result: AnalysisResult, fixture: TranscriptFixture) {
  const expected: ExpectedAction[] = fixture.meeting?.expectedActions ?? [];
  const used = new Set<number>();
  const matches = expected.map((a) => {
    const i = result.actionItems.findIndex((o, k) => !used.has(k) && inRange(seconds(o.timestamp), a.from, a.to) && uses(o.task, a.words));
    if (i < 0) return { found: false, complete: false, said: null };
    used.add(i);
    const o = result.actionItems[i];
    return { found: true, complete: sameAs(o.owner, a.owner) && sameAs(o.due, a.due), said: o };
  });
  return { found: matches.map((m) => m.found), complete: matches.map((m) => m.complete), matches, extra: result.actionItems.length - used.size };
}

export type MeetingScore = {
  name: string;
  items: number;
  itemsNamed: number;
  itemsLoose: number;
  topics: number;
  titleOk: boolean;
  summaryItems: number;
  decisions: number;
  decisionsFound: number;
  decisionsExtra: number;
  actions: number;
  actionsFound: number;
  actionsComplete: number;
  actionsExtra: number;
};

export function scoreMeeting(result: AnalysisResult, fixture: TranscriptFixture): MeetingScore {
  const agenda = matchAgenda(result, fixture.expectedTopics);
  const decisions = matchDecisions(result, fixture);
  const actions = matchActions(result, fixture);
  const count = (xs: boolean[]) => xs.filter(Boolean).length;
  return {
    name: fixture.name,
    items: fixture.expectedTopics.length,
    itemsNamed: count(agenda.named),
    itemsLoose: count(agenda.loose),
    topics: result.topics.length,
    titleOk: titleNamesContent(result, fixture.meeting?.expectedTitle ?? []),
    summaryItems: count(summaryMentions(result, fixture.expectedTopics)),
    decisions: decisions.found.length,
    decisionsFound: count(decisions.found),
    decisionsExtra: decisions.extra,
    actions: actions.found.length,
    actionsFound: count(actions.found),
    actionsComplete: count(actions.complete),
    actionsExtra: actions.extra,
  };
}

/** Totals over several meetings. */
export function totals(scores: MeetingScore[]) {
  const sum = (k: keyof MeetingScore) => scores.reduce((n, s) => n + Number(s[k]), 0);
  return {
    meetings: scores.length,
    items: sum("items"),
    itemsNamed: sum("itemsNamed"),
    itemsLoose: sum("itemsLoose"),
    topicCountRight: scores.filter((s) => s.topics === s.items).length,
    titles: sum("titleOk"),
    summariesComplete: scores.filter((s) => s.summaryItems === s.items).length,
    summaryItems: sum("summaryItems"),
    decisions: sum("decisions"),
    decisionsFound: sum("decisionsFound"),
    decisionsExtra: sum("decisionsExtra"),
    actions: sum("actions"),
    actionsFound: sum("actionsFound"),
    actionsComplete: sum("actionsComplete"),
    actionsExtra: sum("actionsExtra"),
  };
}
