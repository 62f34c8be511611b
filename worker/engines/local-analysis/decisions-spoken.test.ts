import { describe, expect, it } from "vitest";
import { findDecisions } from "./decisions";
import { splitText, type Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const decided = (...texts: string[]) => findDecisions(sentences(texts)).map((d) => d.text);

describe("decisions said the way a family or a team says them", () => {
  it("reads a conclusion after «vabbè, allora così,» and not a bare «va bene così»", () => {
    expect(decided("Io la vorrei rossa, tu blu.", "Vabbè, allora così, la cucina bianca e le sedie blu.")).toEqual([
      "Così, la cucina bianca e le sedie blu.",
    ]);
    expect(decided("Te l'ho mandato ieri.", "Va bene così.")).toEqual([]);
  });

  it("reads a rule closed by «si fa così» or announced by «cambia una cosa:»", () => {
    expect(decided("Chi arriva dopo le otto firma il registro in portineria. Si fa così.")).toHaveLength(1);
    expect(decided("Da settembre cambia una cosa: le chiavi della sede le tiene solo il presidente.")).toHaveLength(1);
  });

  it("keeps a plan added with «e intanto» apart from the one before", () => {
    expect(
      decided(
        "La tenda del gazebo va cambiata, la compriamo con la cassa comune.",
        "E intanto le sedie rotte le portiamo in discarica sabato, con il furgone del comune.",
      ),
    ).toHaveLength(2);
  });
});

describe("sentences", () => {
  it("end after a letter that names a variant, not after an initial", () => {
    expect(splitText("Giochiamo in serie B. Vabbè, pazienza.").map((s) => s.text)).toEqual(["Giochiamo in serie B.", "Vabbè, pazienza."]);
    expect(splitText("Ne ha parlato G. Verdi in consiglio.").map((s) => s.text)).toEqual(["Ne ha parlato G. Verdi in consiglio."]);
  });
});

describe("a proposal and the agreement that says it again", () => {
  it("are one decision, the agreement's", () => {
    const found = decided(
      "Allora facciamo una cosa, dopo le otto niente caffè al bancone, il barista serve solo ai tavoli, così si lavora meglio.",
      "Mi sembra giusto.",
      "D'accordo, da domani dopo le otto il barista serve solo ai tavoli.",
    );
    expect(found).toEqual(["D'accordo, da domani dopo le otto il barista serve solo ai tavoli."]);
  });

  it("but two decisions about different things stay two", () => {
    expect(decided("Scegliamo il fornitore di Modena per il pane.", "E intanto le torte le ordiniamo alla pasticceria di sotto.")).toHaveLength(2);
  });
});

describe("a new way of working from a date on", () => {
  it("is a decision, kept apart from the one before it", () => {
    expect(decided("Va bene, lo attiviamo.", "E la domenica da questa settimana Giulia apre il negozio alle otto, così non c'è coda.")).toHaveLength(
      2,
    );
    expect(decided("Da lunedì la cassiera chiude la cassa alle diciannove.")).toHaveLength(1);
  });

  it("but not a state or a visit", () => {
    expect(decided("Da lunedì il tecnico viene alle otto.")).toEqual([]);
    expect(decided("Da domani Marco è in ferie.")).toEqual([]);
  });
});
