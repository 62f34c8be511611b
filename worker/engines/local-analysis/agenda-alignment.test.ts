/**
 * Minutes that follow an agenda given up front (issue 31), from the extractive analyzer: on the
 * annotated meetings (floors under the figures in BENCHMARKS.md), on a meeting written for the
 * cases the annotated ones lack, and without an agenda exactly as before.
 */
import { describe, expect, it } from "vitest";
import { analysisResultSchema, keyPointText, type TimedSegment } from "~/lib/analysis";
import { OTHER_BUSINESS } from "~/lib/meeting";
import { agendaOfFixture, scoreAgenda } from "./agenda-scores";
import { analyzeLocally, LocalAnalysisEngine } from "./index";
import {
  loadFifthHeldOutTranscripts,
  loadFourthHeldOutTranscripts,
  loadHeldOutTranscripts,
  loadSecondHeldOutTranscripts,
  loadSixthHeldOutTranscripts,
  loadThirdHeldOutTranscripts,
  loadTranscripts,
} from "./test-transcripts";

const meetings = [
  loadTranscripts,
  loadHeldOutTranscripts,
  loadSecondHeldOutTranscripts,
  loadThirdHeldOutTranscripts,
  loadFourthHeldOutTranscripts,
  loadFifthHeldOutTranscripts,
  loadSixthHeldOutTranscripts,
].flatMap((load) => load().filter((f) => f.meeting));

describe("agenda given up front, on the annotated meetings", () => {
  const scores = meetings.map((f) => {
    const agenda = agendaOfFixture(f);
    const result = analyzeLocally(f.segments, agenda);
    return { result, score: scoreAgenda(result, f, agenda), agenda };
  });
  const sum = (key: "items" | "own" | "placed" | "right") => scores.reduce((n, s) => n + s.score[key], 0);

  it("makes one topic per item, in order, named as given, in every meeting", () => {
    expect(meetings.length).toBeGreaterThanOrEqual(47);
    for (const { result, score, agenda } of scores) {
      expect(score.exact, score.name).toBe(true);
      expect(result.topics.slice(0, agenda.length).map((t) => t.name)).toEqual(agenda);
      expect(analysisResultSchema.safeParse(result).success).toBe(true);
    }
  });

  it("finds nearly every item as its own topic, with key points said within it (189/189 measured)", () => {
    expect(sum("items")).toBeGreaterThanOrEqual(189);
    expect(sum("own")).toBeGreaterThanOrEqual(sum("items") - 2);
  });

  it("puts at least 95 % of the decisions and actions found under the item they were said in (98 % measured)", () => {
    expect(sum("placed")).toBeGreaterThan(300);
    expect(sum("right") / sum("placed")).toBeGreaterThanOrEqual(0.95);
  });
});

describe("without an agenda", () => {
  it("makes exactly the minutes it made before, on every annotated meeting", async () => {
    const engine = new LocalAnalysisEngine();
    for (const f of meetings) {
      const before = analyzeLocally(f.segments);
      // An empty agenda, or one of blank lines only, is no agenda.
      for (const agenda of [undefined, [], ["", "  "]]) {
        expect(await engine.analyze({ segments: f.segments, language: "it", agenda }), f.name).toEqual(before);
      }
      expect(JSON.stringify(before)).not.toMatch(/"agendaItem"|"votes"/);
    }
  });
});

/** Lines said six seconds apart. */
function said(lines: string[]): TimedSegment[] {
  return lines.map((text, i) => ({ start: i * 6, end: i * 6 + 5, text }));
}

const COUNCIL = said([
  "Buonasera a tutti, grazie di essere venuti.",
  "Procedo all'appello: sono presenti nove consiglieri su undici, la seduta è valida.",
  "L'ordine del giorno prevede tre punti: il bilancio della festa, il calendario dei tornei e la nuova sede.",
  "Primo punto all'ordine del giorno: il bilancio della festa di primavera.",
  "La festa ha incassato quattromila euro tra biglietti e bar, con spese per duemilaottocento euro.",
  "Il tesoriere propone di destinare l'avanzo del bilancio all'acquisto di nuove reti per il campo.",
  "Le reti attuali sono rotte da due stagioni, i ragazzi si lamentano spesso.",
  "Mettiamo ai voti la proposta del tesoriere sull'avanzo della festa.",
  "Favorevoli otto, contrari nessuno, astenuti uno: la proposta è approvata.",
  "Passiamo al secondo punto, il calendario dei tornei.",
  "Il torneo giovanile si giocherà a maggio, tre weekend di fila sul campo comunale.",
  "Il torneo degli adulti invece slitta a giugno per via degli esami dei ragazzi.",
  "Scusate, torno un attimo sulla festa: le reti le compriamo dallo stesso fornitore dell'anno scorso?",
  "Sì, quello della festa va benissimo, ha i prezzi migliori.",
  "Marco preparerà il calendario dei tornei e lo manderà alle squadre entro venerdì.",
  "Il calendario viene approvato all'unanimità.",
  "Un'ultima cosa fuori dall'ordine del giorno: la lavatrice degli spogliatoi è di nuovo guasta.",
  "Bisogna chiamare il tecnico, l'acqua esce sul pavimento degli spogliatoi.",
  "Giulia chiamerà il tecnico della lavatrice entro lunedì.",
  "Non essendoci altro, la seduta è tolta alle ventidue.",
]);
const AGENDA = ["Bilancio della festa di primavera", "Calendario dei tornei", "Nuova sede"];

describe("agenda given up front, on a council that has all the cases", () => {
  const result = analyzeLocally(COUNCIL, AGENDA);
  const points = (i: number) => result.topics[i].keyPoints.map(keyPointText).join(" | ");

  it("makes the items' topics in order, an empty one for the item never discussed, then «Varie ed eventuali»", () => {
    expect(result.topics.map((t) => [t.name, t.agendaItem])).toEqual([
      ["Bilancio della festa di primavera", 1],
      ["Calendario dei tornei", 2],
      ["Nuova sede", 3],
      [OTHER_BUSINESS, null],
    ]);
    expect(result.topics[2].keyPoints).toEqual([]);
    expect(points(0)).toMatch(/festa|avanzo|reti/);
    expect(points(1)).toMatch(/torneo|calendario/);
    expect(points(3)).toMatch(/lavatrice|tecnico/);
  });

  it("keeps greetings and the roll call out of every topic", () => {
    const all = result.topics.map((_, i) => points(i)).join(" | ");
    expect(all).not.toMatch(/Buonasera|appello|seduta è valida|seduta è tolta/);
  });

  it("keeps a return to an earlier item in the item under way", () => {
    // «torno un attimo sulla festa» is said during the second item: nothing of it goes back to the first.
    const stamps = result.topics[0].keyPoints.map((p) => (typeof p === "string" ? "" : p.estimatedTimestamp));
    expect(stamps.every((s) => s! < "01:00")).toBe(true);
  });

  it("puts each decision, with its votes, and each action under its item", () => {
    const budget = result.decisions.find((d) => /approvata/.test(d.text));
    expect(budget).toMatchObject({ agendaItem: 1, votes: { favorevoli: 8, contrari: 0, astenuti: 1, unanimous: false } });
    const calendar = result.decisions.find((d) => /unanimità/.test(d.text));
    expect(calendar).toMatchObject({ agendaItem: 2, votes: { unanimous: true } });
    expect(result.actionItems.find((a) => /calendario/.test(a.task))).toMatchObject({ owner: "Marco", agendaItem: 2 });
    expect(result.actionItems.find((a) => /tecnico/.test(a.task))).toMatchObject({ owner: "Giulia", agendaItem: null });
  });

  it("follows the announcements' numbers over a name said in passing", () => {
    // The items given in another order than the meeting's: the announcement «secondo punto» still
    // opens the second item, whatever its name.
    const swapped = analyzeLocally(COUNCIL, ["Bilancio della festa di primavera", "Nuova sede", "Calendario dei tornei"]);
    expect(swapped.topics.map((t) => t.name).slice(0, 3)).toEqual(["Bilancio della festa di primavera", "Nuova sede", "Calendario dei tornei"]);
    expect(swapped.topics[0].keyPoints.length).toBeGreaterThan(0);
  });
});
