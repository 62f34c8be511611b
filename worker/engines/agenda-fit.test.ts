import { describe, expect, it } from "vitest";
import { analysisResultSchema, type AnalysisResult } from "~/lib/analysis";
import { OTHER_BUSINESS } from "~/lib/meeting";
import { agendaOf, agendaTopicNames, fitToAgenda } from "./agenda-fit";

const point = (text: string, at: string) => ({ point: text, estimatedTimestamp: at });

/** What a model may answer: items out of order, one repeated, one renamed, one skipped, one invented. */
const answer: AnalysisResult = {
  title: "Assemblea",
  summary: "…",
  topics: [
    { name: "Calendario dei tornei", keyPoints: [point("Tornei a maggio.", "03:00")] },
    { name: "1. Bilancio della festa", keyPoints: [point("Avanzo di 1.200 euro.", "01:00")] },
    { name: "bilancio della festa", keyPoints: [point("Reti nuove per il campo.", "02:00")] },
    { name: "La lavatrice degli spogliatoi", keyPoints: [point("Lavatrice guasta.", "06:00")] },
  ],
  decisions: [
    { text: "Approvato l'acquisto delle reti: favorevoli otto, contrari due.", timestamp: "02:10" },
    { text: "Calendario approvato all'unanimità.", timestamp: "03:30" },
  ],
  actionItems: [{ task: "Chiamare il tecnico", owner: "Giulia", due: "entro lunedì", timestamp: "06:20" }],
};

describe("fitting a model's minutes to the agenda", () => {
  const agenda = ["Bilancio della festa", "Nuova sede", "Calendario dei tornei"];
  const fitted = fitToAgenda(answer, agenda);

  it("makes one topic per item, in order, named exactly as given, an empty one for an item skipped", () => {
    expect(fitted.topics.map((t) => [t.name, t.agendaItem])).toEqual([
      ["Bilancio della festa", 1],
      ["Nuova sede", 2],
      ["Calendario dei tornei", 3],
      [OTHER_BUSINESS, null],
    ]);
    expect(fitted.topics[0].keyPoints).toHaveLength(2);
    expect(fitted.topics[1].keyPoints).toEqual([]);
    expect(fitted.topics[3].keyPoints).toEqual([point("Lavatrice guasta.", "06:00")]);
    expect(analysisResultSchema.safeParse(fitted).success).toBe(true);
  });

  it("puts decisions and actions under the item under way when said, with the votes their text gives", () => {
    expect(fitted.decisions.map((d) => [d.agendaItem, d.votes])).toEqual([
      [1, { favorevoli: 8, contrari: 2, astenuti: null, unanimous: false }],
      [3, { favorevoli: null, contrari: null, astenuti: null, unanimous: true }],
    ]);
    expect(fitted.actionItems[0].agendaItem).toBeNull();
  });

  it("uses the agenda's own «Varie ed eventuali» item for what is outside the others", () => {
    const own = fitToAgenda(answer, [...agenda, "Varie ed eventuali"]);
    expect(own.topics.map((t) => [t.name, t.agendaItem])).toEqual([
      ["Bilancio della festa", 1],
      ["Nuova sede", 2],
      ["Calendario dei tornei", 3],
      ["Varie ed eventuali", 4],
    ]);
    expect(own.actionItems[0].agendaItem).toBe(4);
    expect(agendaTopicNames([...agenda, "Varie ed eventuali"])).toHaveLength(4);
    expect(agendaTopicNames(agenda)).toEqual([...agenda, OTHER_BUSINESS]);
  });

  it("reads no agenda in an empty list or blank lines, and trims the items", () => {
    expect(agendaOf({})).toBeUndefined();
    expect(agendaOf({ agenda: [" ", ""] })).toBeUndefined();
    expect(agendaOf({ agenda: ["  Bilancio   consuntivo ", "", "Sede"] })).toEqual(["Bilancio consuntivo", "Sede"]);
  });
});
