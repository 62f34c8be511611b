import { describe, expect, it } from "vitest";
import { findDecisions } from "./decisions";
import type { Sentence } from "./sentences";

// Decision 028: more shapes of a vote and of consent, and more evidence that a sentence decides
// nothing. Sentences written for the tests, not taken from any meeting fixture.
const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const decided = (...texts: string[]) => findDecisions(sentences(texts));

describe("votes and consent, other ways of saying them", () => {
  it("walks back over a tally asked with 'chi è favorevole / contrario / si astiene' to a call 'al voto'", () => {
    const found = decided(
      "Passiamo al voto sul regolamento della mensa aziendale.",
      "Chi è favorevole?",
      "Quindici.",
      "Chi è contrario?",
      "Nessuno.",
      "Chi si astiene?",
      "Due.",
      "Approvato.",
    );
    expect(found).toHaveLength(1);
    expect(found[0].text).toMatch(/regolamento della mensa.*Approvato\.$/);
  });

  it("takes a no to a call for objections, then a yes, as consent to the proposal before", () => {
    const found = decided("Il mercatino di Natale lo facciamo nel chiostro, mi pare il posto migliore.", "Ci sono obiezioni?", "Nessuna.", "Bene.");
    expect(found).toHaveLength(1);
    expect(found[0].text).toMatch(/chiostro/);
  });
});

describe("what decides nothing", () => {
  it.each([
    // Someone else's words reported.
    "Il fornitore ha detto che la consegniamo lunedì.",
    "Ok, allora la sindaca dice che la rifacciamo a settembre.",
    // A figure given as an estimate.
    "Ok, ne vendiamo circa trecento al mese, d'estate.",
    // Running the meeting.
    "Allora facciamo prima le presentazioni, siamo in tanti nuovi.",
  ])("takes no decision from %s", (text) => {
    expect(decided(text)).toHaveLength(0);
  });
});

describe("a plan said with a task, a summary after an answer", () => {
  it("keeps a plan that opens a sentence which also gives someone a task with a deadline", () => {
    const s = sentences(["Facciamo la festa il venti in oratorio, e Marco porta le bibite entro venerdì."]);
    expect(findDecisions(s, new Set(), new Set([0]))).toHaveLength(1);
  });

  it("takes no summary from a yes that answers a question", () => {
    expect(decided("Hai visto il preventivo del fornitore?", "Sì.", "Bene, preventivo del fornitore fuori budget per quest'anno.")).toHaveLength(0);
  });

  it("takes no decision from a consent to news: something arrived, left, ended", () => {
    expect(decided("Ok, il pacco del fornitore è arrivato stamattina in magazzino.")).toHaveLength(0);
    expect(decided("Va bene, la scadenza del bando è già passata da una settimana.")).toHaveLength(0);
  });
});

describe("a proposal in the speaker's words, and a consent", () => {
  it("takes a short consent to 'propongo di…' as the decision of the proposal", () => {
    const found = decided("Propongo di spostare la riunione dei condomini al giovedì sera.", "D'accordo.");
    expect(found).toHaveLength(1);
    expect(found[0].text).toMatch(/giovedì sera/);
  });

  it("takes no consent to a break as a decision (guard)", () => {
    expect(decided("Io farei cinque minuti di pausa.", "Ok.")).toHaveLength(0);
  });
});
