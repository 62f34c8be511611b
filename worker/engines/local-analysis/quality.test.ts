/**
 * Quality on the Italian test transcripts: every expected topic is found, from the right part of
 * the conversation, with key points that quote the transcript at the right time.
 */
import { describe, expect, it } from "vitest";
import { analysisResultSchema, formatTimestamp, keyPointText, parseTimestamp, type AnalysisResult, type TopicValue } from "~/lib/analysis";
import { analyzeLocally } from "./index";
import { contentWord } from "./agenda";
import { scoreMeeting, totals } from "./meeting-scores";
import {
  loadHeldOutTranscripts,
  loadSecondHeldOutTranscripts,
  loadThirdHeldOutTranscripts,
  loadFourthHeldOutTranscripts,
  loadFifthHeldOutTranscripts,
  loadSeventhHeldOutTranscripts,
  loadEighthHeldOutTranscripts,
  loadNinthHeldOutTranscripts,
  loadTenthHeldOutTranscripts,
  loadEleventhHeldOutTranscripts,
  loadTwelfthHeldOutTranscripts,
  loadSixthHeldOutTranscripts,
  loadTranscripts,
  type ExpectedTopic,
} from "./test-transcripts";
import { fold } from "./text";

const fixtures = loadTranscripts();
const results = new Map<string, AnalysisResult>(fixtures.map((f) => [f.name, analyzeLocally(f.segments)]));

function timestamps(topic: TopicValue): number[] {
  return topic.keyPoints.map((k) => parseTimestamp(typeof k === "string" ? undefined : k.estimatedTimestamp)!);
}

function mentions(topic: TopicValue, expected: ExpectedTopic): boolean {
  const text = `${topic.name} ${topic.keyPoints.map(keyPointText).join(" ")}`.toLowerCase();
  return expected.words.some((w) => text.includes(w.toLowerCase()));
}

/** A topic that names the expected subject and whose key points all lie in its time range. */
function matching(topics: TopicValue[], expected: ExpectedTopic): number {
  return topics.findIndex((t) => mentions(t, expected) && timestamps(t).every((s) => s >= Math.floor(expected.from) && s <= Math.ceil(expected.to)));
}

describe("local analyzer on the Italian test transcripts", () => {
  it("has at least 10 transcripts from about 10 to about 150 sentences", () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(10);
    const sizes = fixtures.map(
      (f) =>
        f.segments
          .map((s) => s.text)
          .join(" ")
          .split(/[.!?](?:\s|$)/).length,
    );
    expect(Math.min(...sizes)).toBeLessThanOrEqual(12);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(120);
  });

  describe.each(fixtures.map((f) => [f.name, f] as const))("%s", (name, fixture) => {
    const result = results.get(name)!;

    it("validates against the shared analysis schema", () => {
      expect(analysisResultSchema.safeParse(result).success).toBe(true);
      expect(result.title.length).toBeGreaterThan(0);
      expect(result.title.length).toBeLessThanOrEqual(61);
      expect(result.summary.length).toBeGreaterThan(40);
    });

    it.each(fixture.expectedTopics.map((e) => [e.words.join("/"), e] as const))("finds the topic %s in its time range", (_, expected) => {
      const index = matching(result.topics, expected);
      expect(index, JSON.stringify(result.topics.map((t) => [t.name, t.estimatedTimestamps]))).toBeGreaterThanOrEqual(0);
    });

    it("matches each expected topic to a different topic, without splitting the talk into crumbs", () => {
      const used = new Set<number>();
      for (const expected of fixture.expectedTopics) {
        const index = result.topics.findIndex((t, i) => !used.has(i) && mentions(t, expected) && matching([t], expected) === 0);
        expect(index, expected.words.join("/")).toBeGreaterThanOrEqual(0);
        used.add(index);
      }
      expect(result.topics.length).toBeLessThanOrEqual(fixture.expectedTopics.length + 2);
    });

    it("gives key points in time order, within and across topics", () => {
      for (const topic of result.topics) {
        const times = timestamps(topic);
        expect(times.every((t) => Number.isFinite(t))).toBe(true);
        expect(times).toEqual([...times].sort((a, b) => a - b));
        expect(topic.estimatedTimestamps).toEqual(topic.keyPoints.map((k) => (typeof k === "string" ? "" : k.estimatedTimestamp)));
      }
      const all = result.topics.flatMap(timestamps);
      expect(all).toEqual([...all].sort((a, b) => a - b));
    });

    it("gives each key point as a short statement, with the quote as excerpt only when the two differ", () => {
      const joined = fixture.segments.map((s) => s.text).join(" ");
      const starts: number[] = [];
      fixture.segments.reduce((offset, s) => (starts.push(offset), offset + s.text.length + 1), 0);
      const timeOf = (at: number) => {
        let segment = 0;
        while (segment + 1 < starts.length && starts[segment + 1] <= at) segment++;
        return formatTimestamp(fixture.segments[segment].start);
      };
      const same = (a: string) =>
        a
          .toLowerCase()
          .replace(/[^\p{L}\p{N}]+/gu, " ")
          .trim();
      for (const topic of result.topics) {
        expect(topic.keyPoints.length).toBeGreaterThan(0);
        for (const k of topic.keyPoints) {
          if (typeof k === "string") throw new Error("key points are objects");
          expect(k.point.length).toBeGreaterThan(10);
          if (k.excerpt !== undefined) {
            // The excerpt is the quote, timed by the segment where it starts; the point says it shorter.
            const at = joined.indexOf(k.excerpt.replace(/…$/, ""));
            expect(at, k.excerpt).toBeGreaterThanOrEqual(0);
            expect(k.estimatedTimestamp).toBe(timeOf(at));
            expect(same(k.point)).not.toBe(same(k.excerpt));
            expect(k.point.length).toBeLessThan(k.excerpt.length);
          } else {
            // No shorter statement: the point is the quote itself.
            const at = joined.toLowerCase().indexOf(k.point.replace(/[.…]$/, "").toLowerCase());
            expect(at, k.point).toBeGreaterThanOrEqual(0);
            expect(k.estimatedTimestamp).toBe(timeOf(at));
          }
        }
      }
    });

    it("builds the summary from transcript sentences in their original order", () => {
      const joined = fixture.segments.map((s) => s.text).join(" ");
      const positions = result.summary
        .split(/(?<=[.!?…])\s+(?=\p{Lu})/u)
        .map((sentence) => joined.toLowerCase().indexOf(sentence.replace(/[.…]$/, "").slice(-40).toLowerCase()));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
    });
  });

  it("names topics by their content, capitalised: the agenda's own words when the item was announced", () => {
    const names = [...results.values()].flatMap((r) => r.topics.map((t) => t.name));
    for (const name of names) {
      expect(name[0]).toBe(name[0].toLocaleUpperCase("it-IT"));
      // Never a verb such as "Riguarda" or a stop word on its own.
      expect(name.split(/[\s,:]+/).some(contentWord), name).toBe(true);
      expect(fold(name.split(/[\s,:]+/)[0]), name).not.toMatch(/^(?:riguarda|parliamo|passiamo|veniamo|abbiamo|facciamo|discussione)$/);
    }
    // "Il primo punto all'ordine del giorno è il budget di marketing per il secondo semestre."
    expect(results.get("riunione-marketing")!.topics[0].name).toBe("Budget di marketing per il secondo semestre");
    // "Passiamo al secondo punto, la videosorveglianza."
    expect(results.get("condominio-via-manzoni")!.topics[1].name).toMatch(/^Videosorveglianza/);
    expect(results.get("colloquio-lavoro")!.topics.some((t) => /smart working/i.test(t.name))).toBe(true);
  });
});

const heldOut = loadHeldOutTranscripts();
const heldOut2 = loadSecondHeldOutTranscripts();
const heldOut3 = loadThirdHeldOutTranscripts();
const heldOut4 = loadFourthHeldOutTranscripts();
const heldOut5 = loadFifthHeldOutTranscripts();
const heldOut6 = loadSixthHeldOutTranscripts();
const meetings = [...fixtures.filter((f) => f.meeting), ...heldOut, ...heldOut2, ...heldOut3, ...heldOut4, ...heldOut5, ...heldOut6];
// Every set the analyzer was tuned on (the first two held-out sets were, once measured blind).
const tunedOn = meetings.filter((f) => !["held-out-3", "held-out-4", "held-out-5", "held-out-6"].includes(f.meeting!.split));
const scores = new Map(meetings.map((f) => [f.name, scoreMeeting(analyzeLocally(f.segments), f)]));

type Floors = Pick<
  ReturnType<typeof totals>,
  "itemsNamed" | "titles" | "summaryItems" | "decisionsFound" | "decisionsExtra" | "actionsComplete" | "actionsExtra"
>;

/** A set's totals at least at its floors, and its extra decisions and actions at most at theirs. */
function expectFloors(set: typeof meetings, floors: Floors) {
  const t = totals(set.map((f) => scores.get(f.name) ?? scoreMeeting(analyzeLocally(f.segments), f)));
  expect(t.itemsNamed).toBeGreaterThanOrEqual(floors.itemsNamed);
  expect(t.titles).toBeGreaterThanOrEqual(floors.titles);
  expect(t.summaryItems).toBeGreaterThanOrEqual(floors.summaryItems);
  expect(t.decisionsFound).toBeGreaterThanOrEqual(floors.decisionsFound);
  expect(t.decisionsExtra).toBeLessThanOrEqual(floors.decisionsExtra);
  expect(t.actionsComplete).toBeGreaterThanOrEqual(floors.actionsComplete);
  expect(t.actionsExtra).toBeLessThanOrEqual(floors.actionsExtra);
}

describe("local analyzer on the annotated meetings (agenda, title, summary, decisions, actions)", () => {
  it("has tuning and held-out meetings of every style", () => {
    expect(fixtures.filter((f) => f.meeting).length).toBeGreaterThanOrEqual(6);
    expect(heldOut.length).toBeGreaterThanOrEqual(4);
    expect(heldOut.every((f) => f.meeting?.split === "held-out")).toBe(true);
    expect(heldOut2.length).toBeGreaterThanOrEqual(6);
    expect(heldOut2.every((f) => f.meeting?.split === "held-out-2")).toBe(true);
    expect(heldOut3.length).toBeGreaterThanOrEqual(6);
    expect(heldOut3.every((f) => f.meeting?.split === "held-out-3")).toBe(true);
    expect(heldOut4.length).toBeGreaterThanOrEqual(8);
    expect(heldOut4.every((f) => f.meeting?.split === "held-out-4")).toBe(true);
    expect(heldOut5.length).toBeGreaterThanOrEqual(8);
    expect(heldOut5.every((f) => f.meeting?.split === "held-out-5")).toBe(true);
    expect(heldOut6.length).toBeGreaterThanOrEqual(8);
    expect(heldOut6.every((f) => f.meeting?.split === "held-out-6")).toBe(true);
  });

  it("keeps the seventh held-out set where session 13 left it (blind in session 12, tuned on since)", () => {
    // Longer meetings (12–14 minutes) of kinds no earlier set has, written by someone who never read
    // the rules. Blind in session 12: 26 of 38 decisions, 20 of 48 actions with owner and deadline;
    // session 13 used its misses (the chair's summing up, the calendar as said). Extra items at most
    // as many as measured.
    const heldOut7 = loadSeventhHeldOutTranscripts();
    expect(heldOut7).toHaveLength(8);
    expectFloors(heldOut7, {
      itemsNamed: 27,
      titles: 7,
      summaryItems: 33,
      decisionsFound: 32,
      decisionsExtra: 30,
      actionsComplete: 26,
      actionsExtra: 50,
    });
  });

  it("keeps the eighth held-out set where session 14 left it (blind in session 13, tuned on since)", () => {
    // Meetings of 4–14 minutes of kinds no earlier set has, every decision and task marked, written by
    // someone who never read the rules. Blind in session 13: 25 of 50 decisions, 26 of 67 actions with
    // owner and deadline; session 14 used its misses. Extra items at most as measured. (Summary 31 → 30
    // in session 15: a sentence opening with «Però…» now counts as leaning on the one before, as meant.)
    const heldOut8 = loadEighthHeldOutTranscripts();
    expect(heldOut8).toHaveLength(8);
    expect(heldOut8.every((f) => f.meeting?.split === "held-out-8")).toBe(true);
    expectFloors(heldOut8, {
      itemsNamed: 24,
      titles: 7,
      summaryItems: 30,
      decisionsFound: 31,
      decisionsExtra: 29,
      actionsComplete: 39,
      // 26 since session 16: «Chiamo il fotografo oggi e gli dico che entro venerdì ce le deve mandare» is
      // found now, but the scorer's greedy matching gives its item to a task found earlier (see analyzer.md).
      actionsExtra: 26,
    });
  });

  it("keeps the ninth held-out set where session 14 left it (blind at its start and end, tuned on after)", () => {
    // Meetings of 4–13 minutes of kinds no earlier set has (a fire brigade, a rowing club, a choir, a
    // defence team, a gym, a language school, a printing shop, a wedding planner), written by someone
    // who never read the rules. Blind: 25 → 27 of 38 decisions, 28 → 28 of 69 actions with owner and
    // deadline over the session's changes; then its misses were read. Extra items at most as measured.
    const heldOut9 = loadNinthHeldOutTranscripts();
    expect(heldOut9).toHaveLength(8);
    expect(heldOut9.every((f) => f.meeting?.split === "held-out-9")).toBe(true);
    expectFloors(heldOut9, {
      itemsNamed: 21,
      titles: 5,
      summaryItems: 26,
      decisionsFound: 28,
      decisionsExtra: 25,
      actionsComplete: 32,
      actionsExtra: 30,
    });
  });

  it("keeps the tenth held-out set where session 15 left it (blind at its start, tuned on after)", () => {
    // Meetings of 4–13 minutes of kinds no earlier set has (a pizzeria, an IT help desk, a town
    // library, a museum, a school bus company, an olive-mill cooperative, a B&B association, a climbing
    // gym), written by someone who never read the rules. Blind: 28 of 44 decisions, 30 of 59 actions
    // with owner and deadline at the start and after the session's first change; then its misses were
    // read. Extra items at most as measured.
    const heldOut10 = loadTenthHeldOutTranscripts();
    expect(heldOut10).toHaveLength(8);
    expect(heldOut10.every((f) => f.meeting?.split === "held-out-10")).toBe(true);
    expectFloors(heldOut10, {
      itemsNamed: 28,
      titles: 5,
      summaryItems: 33,
      decisionsFound: 28,
      decisionsExtra: 41,
      actionsComplete: 36,
      actionsExtra: 29,
    });
  });

  it("keeps the eleventh held-out set where session 16 left it (blind at its start, tuned on after)", () => {
    // Meetings of 4–13 minutes of kinds no earlier set has (a hairdresser, a bookshop and its
    // publisher, a local radio, a cycling team, a harvest crew, a tile-making family, hospice
    // volunteers, a municipal sports office), written by someone who never read the rules. Blind at
    // the start of session 16: 27 of 42 decisions, 27 of 62 actions with owner and deadline (owners as
    // said, decision 047; 22 as written). Extra items at most as measured.
    const heldOut11 = loadEleventhHeldOutTranscripts();
    expect(heldOut11).toHaveLength(8);
    expect(heldOut11.every((f) => f.meeting?.split === "held-out-11")).toBe(true);
    expectFloors(heldOut11, {
      itemsNamed: 22,
      titles: 5,
      summaryItems: 31,
      decisionsFound: 33,
      decisionsExtra: 25,
      actionsComplete: 31,
      actionsExtra: 29,
    });
  });

  it("keeps the twelfth held-out set where session 17 left it (blind at its start, tuned on after)", () => {
    // Meetings of 4–12 minutes of kinds no earlier set has (a cleaning company on the phone, a family
    // moving house, primary-school teachers, a student housing committee, festival volunteers on a
    // video call, a fishing cooperative, a mountain rescue station, a carnival float group), written by
    // someone who never read the rules. Blind at the start of session 17: 30 of 43 decisions, 37 of 62
    // actions with owner and deadline; the session's changes were for raw transcripts, so the clean
    // figures stand. Extra items at most as measured.
    const heldOut12 = loadTwelfthHeldOutTranscripts();
    expect(heldOut12).toHaveLength(8);
    expect(heldOut12.every((f) => f.meeting?.split === "held-out-12")).toBe(true);
    expectFloors(heldOut12, {
      itemsNamed: 31,
      titles: 5,
      summaryItems: 35,
      decisionsFound: 30,
      decisionsExtra: 22,
      actionsComplete: 37,
      actionsExtra: 23,
    });
  });

  it("keeps the sixth held-out set where session 9 left it (blind in session 7, tuned on since)", () => {
    // A floor against regressions. Blind after session 7 (BENCHMARKS.md): 29 of 33 items, 8 of 8
    // titles, 30 summary mentions, 21 of 34 decisions with 10 extra (decision 035's convention), 19
    // of 52 actions with owner and deadline with 12 extra.
    expectFloors(heldOut6, {
      itemsNamed: 31,
      titles: 8,
      summaryItems: 30,
      decisionsFound: 33,
      decisionsExtra: 6,
      actionsComplete: 40,
      actionsExtra: 7,
    });
  });

  it("keeps the fifth held-out set where session 9 left it (blind in session 6, tuned on since)", () => {
    // A floor against regressions (blind after session 6: 25 items, 6 titles, 29 summary mentions,
    // 14 decisions with 20 extra, 14 actions with owner and deadline with 19 extra; BENCHMARKS.md).
    expectFloors(heldOut5, {
      itemsNamed: 31,
      titles: 8,
      summaryItems: 31,
      decisionsFound: 28,
      decisionsExtra: 2,
      actionsComplete: 33,
      actionsExtra: 6,
    });
  });

  it("keeps the fourth held-out set where session 9 left it (blind in session 5, tuned on since)", () => {
    // A floor against regressions (blind after session 5: 24 items, 4 titles, 24 summary mentions,
    // 17 decisions with 19 extra, 11 actions with owner and deadline with 12 extra; BENCHMARKS.md).
    expectFloors(heldOut4, {
      itemsNamed: 30,
      titles: 8,
      summaryItems: 30,
      decisionsFound: 27,
      decisionsExtra: 3,
      actionsComplete: 31,
      actionsExtra: 6,
    });
  });

  // The tuning meetings and the first held-out set (looked at since session 4, so tuning data now).
  describe.each(meetings.filter((f) => f.meeting!.split === "tuning" || f.meeting!.split === "held-out").map((f) => [f.name, f] as const))(
    "%s",
    (name) => {
      const score = scores.get(name)!;
      // Known shortfall: the thesis supervision's last subject ("Secondo lei riesco a laurearmi nella
      // sessione di luglio?") has no marker and shares its words with what came before, so it stays
      // inside the bibliography topic.
      const missed = name === "ho-tesi-relatrice" ? 1 : 0;

      it("finds every agenda item as its own topic, named by its content, and no more topics", () => {
        expect(score.itemsNamed).toBeGreaterThanOrEqual(score.items - missed);
        expect(score.topics).toBeGreaterThanOrEqual(score.items - missed);
        expect(score.topics).toBeLessThanOrEqual(score.items);
      });

      it("mentions every agenda item in the summary", () => {
        expect(score.summaryItems).toBeGreaterThanOrEqual(score.items - missed);
      });
    },
  );

  it("finds on the second held-out set (tuned on after its blind measurement) at least 22 of 24 items", () => {
    const t = totals(heldOut2.map((f) => scores.get(f.name)!));
    expect(t.itemsNamed).toBeGreaterThanOrEqual(22);
    expect(t.summaryItems).toBeGreaterThanOrEqual(20);
  });

  it("keeps the third held-out set's agenda, titles and summaries where session 6 left them (tuned on since)", () => {
    // A floor against regressions (blind in session 4: 19 items, 3 titles, 21 summary mentions).
    const t = totals(heldOut3.map((f) => scores.get(f.name)!));
    expect(t.itemsNamed).toBeGreaterThanOrEqual(23);
    expect(t.titles).toBeGreaterThanOrEqual(5);
    expect(t.summaryItems).toBeGreaterThanOrEqual(24);
  });

  it("titles name what the tuned-on meetings were about (all but the editorial meeting without any agenda)", () => {
    for (const f of tunedOn) if (f.name !== "riunione-redazione-giornale") expect(scores.get(f.name)!.titleOk, f.name).toBe(true);
  });

  it.each(["tuning", "held-out", "held-out-2", "held-out-3", "held-out-4", "held-out-5", "held-out-6"] as const)(
    "finds at least 75 %% of the decisions and of the actions with owner and deadline (%s)",
    (split) => {
      const t = totals(meetings.filter((f) => f.meeting!.split === split).map((f) => scores.get(f.name)!));
      expect(t.decisionsFound / t.decisions).toBeGreaterThanOrEqual(0.75);
      expect(t.actionsComplete / t.actions).toBeGreaterThanOrEqual(0.75);
      // Few made-up ones: at most one extra decision or action in four found.
      expect(t.decisionsExtra).toBeLessThanOrEqual(Math.ceil(t.decisionsFound / 4));
      expect(t.actionsExtra).toBeLessThanOrEqual(Math.ceil(t.actionsFound / 4));
    },
  );

  it("never titles a meeting with a greeting, the time of day or the opening formula", () => {
    for (const f of meetings) {
      const title = analyzeLocally(f.segments).title;
      expect(title, f.name).not.toMatch(
        /^(?:buongiorno|buonasera|buon pomeriggio|ciao|alle ore|sono le)|dichiaro aperta|si apre la seduta|numero legale/i,
      );
    }
  });
});
