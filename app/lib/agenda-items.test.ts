import { describe, expect, it } from "vitest";
import { groupByAgenda, hasOtherBusiness } from "./agenda-items";

const point = (text: string, at: string) => ({ point: text, estimatedTimestamp: at });

describe("groupByAgenda", () => {
  it("puts topics, decisions and actions under their agendaItem, the rest under «Varie ed eventuali»", () => {
    const grouped = groupByAgenda(
      {
        topics: [
          { name: "Bilancio", agendaItem: 1, keyPoints: [point("Bilancio illustrato", "01:00")] },
          { name: "Tetto", agendaItem: 2, keyPoints: [point("Preventivi a confronto", "10:00")] },
          { name: "Varie ed eventuali", agendaItem: null, keyPoints: [point("Perdita in caldaia", "20:00")] },
        ],
        decisions: [
          { text: "Approvato il bilancio", timestamp: "12:00", agendaItem: 1 },
          { text: "Si rinvia il cortile", timestamp: null, agendaItem: null },
        ],
        actionItems: [{ task: "Chiedere preventivi", owner: "L'amministratore", due: null, timestamp: "11:00", agendaItem: 2 }],
      },
      ["Bilancio", "Tetto", "Cortile"],
    );
    expect(grouped.fromAgenda).toBe(true);
    expect(grouped.items.map((i) => [i.number, i.title, i.topics.length, i.decisions.length, i.actions.length])).toEqual([
      [1, "Bilancio", 1, 1, 0],
      [2, "Tetto", 1, 0, 1],
      [3, "Cortile", 0, 0, 0],
    ]);
    expect(grouped.other.topics.map((t) => t.name)).toEqual(["Varie ed eventuali"]);
    expect(grouped.other.decisions.map((d) => d.text)).toEqual(["Si rinvia il cortile"]);
    expect(hasOtherBusiness(grouped)).toBe(true);
  });

  it("matches results made before agendaItem by topic name, and decisions and actions by the topic under way at their minute", () => {
    const grouped = groupByAgenda(
      {
        topics: [
          { name: "approvazione del bilancio.", keyPoints: [point("Bilancio illustrato", "01:00")] },
          { name: "Rifacimento del tetto", keyPoints: [point("Tre preventivi", "10:00")] },
          { name: "Il cane del terzo piano", keyPoints: [point("Abbaia la notte", "30:00")] },
        ],
        decisions: [
          { text: "Approvato il bilancio", timestamp: "09:59" },
          { text: "Scelta la ditta Rossi", timestamp: "10:00" },
          { text: "Senza minuto", timestamp: null },
        ],
        actionItems: [{ task: "Parlare col proprietario del cane", owner: null, due: null, timestamp: "31:00" }],
      },
      ["Approvazione del bilancio", "Rifacimento del tetto"],
    );
    expect(grouped.items.map((i) => [i.topics.map((t) => t.name), i.decisions.map((d) => d.text)])).toEqual([
      [["approvazione del bilancio."], ["Approvato il bilancio"]],
      [["Rifacimento del tetto"], ["Scelta la ditta Rossi"]],
    ]);
    expect(grouped.other.topics.map((t) => t.name)).toEqual(["Il cane del terzo piano"]);
    expect(grouped.other.decisions.map((d) => d.text)).toEqual(["Senza minuto"]);
    expect(grouped.other.actions.map((a) => a.task)).toEqual(["Parlare col proprietario del cane"]);
  });

  it("without an agenda makes the topics the items, and with «Varie ed eventuali» on the agenda uses that item", () => {
    const noAgenda = groupByAgenda(
      {
        topics: [
          { name: "Budget", keyPoints: [point("Budget", "00:10")] },
          { name: "Assunzioni", keyPoints: [point("Due profili", "05:00")] },
        ],
        decisions: [{ text: "Si assume", timestamp: "06:00" }],
        actionItems: [],
      },
      null,
    );
    expect(noAgenda.fromAgenda).toBe(false);
    expect(noAgenda.items.map((i) => [i.number, i.title, i.decisions.length])).toEqual([
      [1, "Budget", 0],
      [2, "Assunzioni", 1],
    ]);
    expect(hasOtherBusiness(noAgenda)).toBe(false);

    const listed = groupByAgenda(
      { topics: [{ name: "Varie ed eventuali", agendaItem: null, keyPoints: ["Festa di Natale"] }], decisions: [], actionItems: [] },
      ["Bilancio", "Varie ed eventuali"],
    );
    expect(listed.items[1].topics.map((t) => t.keyPoints)).toEqual([["Festa di Natale"]]);
    expect(hasOtherBusiness(listed)).toBe(false);
  });
});
