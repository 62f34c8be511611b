import { describe, expect, it } from "vitest";
import { capitalise, shortStatement, tidySentence } from "./text";

describe("key points as short statements", () => {
  it("drops fillers and asides, and keeps a long sentence to its first clause", () => {
    expect(shortStatement("Allora, come sapete, l'ascensore si è fermato quattro volte negli ultimi due mesi.")).toBe(
      "L'ascensore si è fermato quattro volte negli ultimi due mesi.",
    );
    const long =
      "Il problema principale secondo me è il paywall, che blocca anche le notizie di servizio come l'alluvione e la viabilità del fine settimana in tutta la provincia.";
    const short = shortStatement(long)!;
    expect(short.length).toBeLessThan(long.length);
    expect(short).toMatch(/^Il problema principale è il paywall/);
  });

  it("cuts a long sentence before «però», «così» or «perché», words that end in an accented letter", () => {
    expect(
      shortStatement(
        "Il preventivo della ditta Rossi per il rifacimento del tetto è arrivato ieri sera, però costa quasi il doppio di quello dell'anno scorso e non comprende le grondaie.",
      ),
    ).toBe("Il preventivo della ditta Rossi per il rifacimento del tetto è arrivato ieri sera.");
  });

  it("gives nothing when the sentence is already as short as it gets", () => {
    expect(shortStatement("Il rendiconto è approvato con 590 millesimi.")).toBeUndefined();
  });
});

describe("a sentence tidied for the minutes", () => {
  it("drops «no» and «niente» said as fillers, not the «niente» that negates what follows", () => {
    expect(tidySentence("Niente diretta, servizio registrato per il notiziario della sera.")).toBe(
      "Niente diretta, servizio registrato per il notiziario della sera.",
    );
    expect(tidySentence("Niente, allora la riunione la spostiamo a giovedì.")).toBe("La riunione la spostiamo a giovedì.");
    expect(tidySentence("No, il preventivo lo chiediamo a un'altra ditta.")).toBe("Il preventivo lo chiediamo a un'altra ditta.");
  });

  it("capitalises a sentence's first letter, not a word after the number it opens with", () => {
    expect(capitalise("19 su 19 approvato")).toBe("19 su 19 approvato");
    expect(capitalise("«il verbale è approvato")).toBe("«Il verbale è approvato");
  });
});
