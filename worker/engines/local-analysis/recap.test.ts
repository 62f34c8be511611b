import { describe, expect, it } from "vitest";
import { findDecisions } from "./decisions";
import type { Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const decided = (...texts: string[]) => findDecisions(sentences(texts)).map((d) => d.text);

describe("a chair's numbered recap", () => {
  it("gives one decision per numbered point", () => {
    expect(
      decided(
        "Ok, mi sembra che ci siamo.",
        "Ricapitolando.",
        "Primo: la palestra resta aperta fino alle ventidue anche d'estate.",
        "Secondo: le iscrizioni ai corsi si fanno solo online.",
        "Terzo, punto un po' delicato: il bar lo gestisce la cooperativa fino a dicembre.",
      ),
    ).toEqual([
      "La palestra resta aperta fino alle ventidue anche d'estate.",
      "Le iscrizioni ai corsi si fanno solo online.",
      "Punto un po' delicato: il bar lo gestisce la cooperativa fino a dicembre.",
    ]);
  });

  it("leaves out a point that only defers, and numbers said without a recap", () => {
    expect(decided("In sintesi.", "Punto uno: il nuovo listino vale da marzo.", "Punto due: gli sconti ne riparliamo a gennaio.")).toEqual([
      "Il nuovo listino vale da marzo.",
    ]);
    expect(decided("Uno: la caldaia è vecchia.", "Due: il tecnico non risponde.")).toEqual([]);
  });
});

describe("a proposal put to the vote in the same breath", () => {
  it("is the decision the tally and the verdict close", () => {
    const [decision] = decided(
      "D'accordo.",
      "Allora propongo: rimborso chilometrico a trenta centesimi per tutti i volontari.",
      "Favorevoli?",
      "Dodici.",
      "Contrari nessuno.",
      "Approvato.",
    );
    expect(decision).toMatch(/rimborso chilometrico.*Approvato/);
  });

  it("is the restated proposal that «Favorevoli?» follows", () => {
    const found = decided(
      "Potremmo fare due turni.",
      "Turni di pulizia a rotazione tra le famiglie, uno al mese, con un calendario in bacheca.",
      "Favorevoli?",
      "Sette.",
      "Contrari?",
      "Due.",
      "Approvato a maggioranza.",
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^Turni di pulizia a rotazione.*Approvato a maggioranza\.$/);
  });
});
