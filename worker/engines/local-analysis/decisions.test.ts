import { describe, expect, it } from "vitest";
import { findDecisions } from "./decisions";
import type { Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const decided = (...texts: string[]) => findDecisions(sentences(texts));

describe("decisions", () => {
  it.each([
    "Favorevoli 655 millesimi, contrari 57: l'assemblea approva il rifacimento del tetto.",
    "La variazione di bilancio è approvata con undici voti favorevoli e un astenuto.",
    "Si delibera il piano dei viaggi d'istruzione.",
    "Favorevoli quattro, contrari otto. La mozione è respinta.",
    "Ok, scegliamo il secondo grafico, quello dello studio di Bologna.",
    "Va bene, allora facciamo così: la versione due esce il quindici.",
    "Allora decidiamo di aprire gratis tutte le notizie sull'alluvione.",
    "Il consiglio delibera all'unanimità di accettare l'affidamento del servizio.",
    // Colloquial plans: the pronoun joined to the verb, the object put first, a future date.
    "Sì, rifacciamolo da capo con il nuovo fornitore.",
    "Le ferie di agosto le dividiamo in due turni di due settimane.",
    "In caso di sciopero la rimandiamo alla settimana dopo.",
    "Dal mese prossimo apriamo l'ufficio anche il sabato mattina.",
  ])("finds %s", (text) => {
    expect(decided(text)).toHaveLength(1);
  });

  it.each([
    "Mettiamo ai voti il rendiconto.",
    "Propongo di approvare il bilancio così com'è.",
    "Se si decide di rifare il tetto, servono tre preventivi.",
    "Il bilancio non è stato ancora approvato dalla giunta.",
    "Chi è favorevole al nuovo regolamento?",
    "Ok, allora, abbiamo mezz'ora.",
    "Prima di decidere vorrei vedere altre soluzioni.",
    // A habit or a fact, not a plan.
    "Oggi l'inventario lo facciamo ancora a mano.",
    "Ma poi la vediamo alla prossima riunione?",
  ])("does not take %s as a decision", (text) => {
    expect(decided(text)).toHaveLength(0);
  });

  it("gives an outcome without a subject the call to the vote before it, and the time it was said", () => {
    const [decision] = decided("Chi è favorevole al nuovo regolamento delle biciclette?", "Approvato all'unanimità.");
    expect(decision.text).toBe("Chi è favorevole al nuovo regolamento delle biciclette? Approvato all'unanimità.");
    expect(decision.timestamp).toBe("00:10");
  });

  it("keeps two decisions said one after the other apart when each names its outcome", () => {
    const found = decided(
      "Il consiglio approva il conto consuntivo con dodici voti favorevoli e due astenuti.",
      "Sulla variazione di bilancio, favorevoli quattordici, approvata all'unanimità.",
    );
    expect(found).toHaveLength(2);
  });

  it("takes a plan agreed right after a consent as a decision", () => {
    expect(decided("Hai ragione.", "Da gennaio facciamo una turnazione settimanale delle urgenze.")).toHaveLength(1);
  });
});
