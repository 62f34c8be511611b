import { describe, expect, it } from "vitest";
import { findActions } from "./actions";
import { findDue } from "./deadlines";
import type { Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const actions = (...texts: string[]) => findActions(sentences(texts)).map(({ task, owner, due }) => ({ task, owner, due }));

describe("tasks asked in one turn and accepted in the next", () => {
  it("dates a task by the answer to a question asking when, not by the reason given with the question", () => {
    const found = actions(
      "La circolare la scrivo io, con le dosi giuste, e la faccio vedere al veterinario.",
      "E quando la mandi?",
      "Perché il quindici è tra tre settimane.",
      "Entro fine settimana, sabato al massimo.",
    );
    expect(found).toEqual([expect.objectContaining({ due: "entro fine settimana" })]);
    expect(found[0].task).toMatch(/circolare/);
    // An answer that does not open on a time leaves the task undated.
    expect(
      actions("La circolare la scrivo io.", "E quando la mandi?", "Devo prima sentire il veterinario, forse entro fine settimana.")[0].due,
    ).toBeNull();
  });

  it("gives the task to the person asked by name and takes the deadline from the reply", () => {
    const found = actions("Giorgio, le fotocopie per la gita le fai tu?", "Sì, entro mercoledì le porto in segreteria.");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ owner: "Giorgio", due: "entro mercoledì" });
    expect(found[0].task).toMatch(/fotocopie/);
  });

  it("reads a role said alone as the person asked, with the article the meeting uses for it", () => {
    const found = actions(
      "Il preventivo della ditta lo ha portato il geometra.",
      "Geometra, il sopralluogo in cantina lo fa lei?",
      "Certo, ci vado domani mattina.",
    );
    expect(found).toEqual([expect.objectContaining({ owner: "il geometra", due: "domani mattina" })]);
    expect(actions("Tesoriera, i bonifici ai fornitori li controlli tu entro sabato?")[0]).toMatchObject({
      owner: "la tesoriera",
      due: "entro sabato",
    });
  });

  it("reads the polite form and a title before the name", () => {
    expect(actions("Avvocato Ricci, lei manda la diffida al costruttore?", "Sì, la mando per lunedì.")[0]).toMatchObject({
      owner: "Avvocato Ricci",
      due: "per lunedì",
    });
  });

  it("prefers a firm deadline in the reply to a bare date in the request", () => {
    const [found] = actions(
      "Nadia, fai un conto dei costi e ne parliamo alla riunione di martedì prossimo?",
      "Ok, lo faccio.",
      "Per lunedì ce l'ho.",
    );
    expect(found).toMatchObject({ owner: "Nadia", due: "Per lunedì" });
    expect(actions("Nadia, fai un conto dei costi e ne parliamo alla riunione di martedì prossimo?", "Ok.", "Intanto il bar chiude.")[0].due).toBe(
      "martedì prossimo",
    );
  });

  it("takes the task from the sentence before when the request only says 'ci pensi tu?'", () => {
    const [found] = actions("Bisogna prenotare la sala del circolo per la cena.", "Elisa, ci pensi tu?", "Sì, me ne occupo io entro giovedì.");
    expect(found).toMatchObject({ owner: "Elisa", due: "entro giovedì" });
    expect(found.task).toMatch(/sala del circolo/);
  });

  it("keeps the deadline of a plan the request takes as its task, not a day said in passing", () => {
    const [found] = actions("La tabella definitiva la pubblichiamo sul sito entro il trenta settembre.", "Daniele, te ne occupi tu?", "Sì, sì.");
    expect(found).toMatchObject({ owner: "Daniele", due: "entro il trenta settembre" });
    const [met] = actions("Ci vediamo giovedì da noi in studio con tutte le carte della società.", "Giulia, ci pensi tu?", "Sì, certo.");
    expect(met).toMatchObject({ owner: "Giulia", due: null });
  });

  it("takes a yes that says the asked verb again as the task taken on", () => {
    expect(actions("E chiami anche il padre?", "Sì, chiamo anche il padre.")).toEqual([{ task: "Chiamo anche il padre", owner: null, due: null }]);
    expect(actions("Chiedigli anche se ha il libretto sanitario aggiornato.", "Va bene, gli chiedo anche del libretto.")).toHaveLength(1);
    // A yes to something else is no task, nor one that says it hears.
    expect(actions("Hai visto il preventivo del padre?", "Sì, chiamo anche il padre.")).toEqual([]);
    expect(actions("Thomas, mi senti?", "Sì, sì, ti sento.")).toEqual([]);
  });

  it("gives a first-person commitment to the name the next speaker uses", () => {
    expect(actions("Le scrivo io una mail con le date dei corsi.", "Perfetto, Simona, entro la fine della settimana allora.")[0]).toMatchObject({
      owner: "Simona",
      due: "entro la fine della settimana",
    });
  });

  it("is no task when the person refuses, or when the line is only checked", () => {
    expect(actions("Pietro, la relazione la scrivi tu?", "No, questa settimana non ci riesco proprio.")).toEqual([
      expect.objectContaining({ owner: "Pietro", due: null }),
    ]);
    expect(actions("Lorenzo, mi senti?", "Sì, adesso sì.")).toEqual([]);
    // "a lei" is "to you", not the polite subject.
    expect(actions("Va bene, Bruno, il turno di domenica a lei e il lunedì è libero.")).toEqual([]);
  });

  it("is no task when the first person is negated or done right now in the meeting", () => {
    expect(actions("Adesso non ce la faccio a rispondere, scusate.")).toEqual([]);
    expect(actions("Il file lo apro io adesso, mentre ne parliamo.")).toEqual([]);
    // A noun after an elided article, taken up by a pronoun, is no verb.
    expect(actions("L'elenco ce l'ho io in ufficio, nel cassetto.")).toEqual([]);
  });
});

describe("deadlines said without 'entro'", () => {
  it("reads 'a fine mese', the next week or month, and 'subito'", () => {
    expect(findDue("sì, a fine mese lo chiudo")?.due).toBe("a fine mese");
    expect(findDue("il verbale lo firmiamo la settimana prossima")?.due).toBe("la settimana prossima");
    expect(findDue("la pratica va aperta subito, sennò si perde il contributo")).toEqual({ due: "subito", strong: true });
    expect(findDue("lo annuncio alle riunioni di sabato prossimo")?.due).toBe("sabato prossimo");
    expect(findDue("la porto per la riunione di venerdì prossimo, così la vediamo")?.due).toBe("per la riunione di venerdì prossimo");
  });

  it("ends at the clause that follows the day", () => {
    expect(findDue("per mercoledì ce l'ho")?.due).toBe("per mercoledì");
    expect(findDue("entro domani la spedisco")?.due).toBe("entro domani");
    expect(findDue("entro stasera faccio il conto")?.due).toBe("entro stasera");
    expect(findDue("per il 15 lo consegno")?.due).toBe("per il 15");
  });

  it("is no deadline for an order of steps or a duration", () => {
    expect(findDue("la rileggiamo tutti prima di spedirla")).toBeUndefined();
    expect(findDue("il cancello resta aperto fino a fine giornata")).toBeUndefined();
    expect(findDue("lo faccio subito il lavoro più lungo")).toBeUndefined();
  });
});
