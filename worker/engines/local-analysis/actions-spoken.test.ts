/**
 * Action items in the word order and turns of spoken Italian (decision 029): the object first and
 * the owner after the verb, owners that are groups or compounds, deadlines said by an event.
 * Sentences of our own, never a fixture's.
 */
import { describe, expect, it } from "vitest";
import { findActions, findDue } from "./actions";
import type { Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const actions = (...texts: string[]) => findActions(sentences(texts)).map(({ task, owner, due }) => ({ task, owner, due }));

describe("owners said after the verb, and compound roles", () => {
  it("takes a role written as two words, singular or plural, as the whole owner", () => {
    expect(actions("Le ferie di agosto le decide il capo cantiere.")[0]).toMatchObject({ owner: "il capo cantiere" });
    expect(actions("I capi squadra devono firmare il registro delle presenze ogni sera.")[0]).toMatchObject({
      owner: "I capi squadra",
    });
  });

  it("keeps 'della …' whole in an owner after the verb, with a long object put first", () => {
    const [a] = actions(
      "Il preventivo per le tende nuove e la riparazione della porta del retro lo chiede la responsabile della sala, entro lunedì.",
    );
    expect(a).toMatchObject({ owner: "la responsabile della sala", due: "entro lunedì" });
    expect(a.task).toMatch(/preventivo/);
  });
});

describe("deadlines said by an event", () => {
  it("reads 'dopo …' a moment of the day and 'prima di' an event that closes the time left", () => {
    expect(findDue("le sedie le rimettiamo a posto subito dopo l'assemblea.")?.due).toBe("subito dopo l'assemblea");
    expect(findDue("il forno lo pulisce Dario dopo il servizio")?.due).toBe("dopo il servizio");
    expect(findDue("i permessi vanno chiesti prima di partire per la gita")?.due).toBe("prima di partire");
    expect(findDue("la caldaia va controllata prima che arrivi il freddo")?.due).toBe("prima che arrivi il freddo");
  });

  it("is no deadline for an order of steps", () => {
    expect(findDue("prima di firmarla la rileggo con calma")).toBeUndefined();
    expect(findDue("dopo questa cosa passiamo al bilancio")).toBeUndefined();
  });
});

describe("owners that are a group or whoever it concerns", () => {
  it("takes 'chi …' before a present verb with its pronoun as the owner, the whole sentence as the task", () => {
    const [a] = actions("Per la cena di fine anno: chi porta il dolce me lo dice entro mercoledì.");
    expect(a).toMatchObject({ owner: "chi porta il dolce", due: "entro mercoledì" });
    expect(a.task).toMatch(/cena di fine anno/);
    expect(actions("Chi vuole il buono pasto si segna sul foglio entro domani.")[0]).toMatchObject({
      owner: "Chi vuole il buono pasto",
      due: "entro domani",
    });
  });

  it("is no task when whoever it concerns is given no deadline", () => {
    expect(actions("Chi la conosce la apprezza.")).toEqual([]);
  });

  it("reads a subject after an opener said with a capital", () => {
    expect(actions("Allora l'ASL ci manda il calendario delle visite entro fine mese.")[0]).toMatchObject({
      owner: "l'ASL",
      due: "entro fine mese",
    });
  });
});

describe("a commitment with its object put first", () => {
  it("is the speaker's after «e», and though a second clause commits to nothing", () => {
    expect(actions("Gli scatoloni li guardo io, un po' alla volta.", "E il cartello lo faccio io.")).toEqual([
      expect.objectContaining({ task: "Gli scatoloni li guardo, un po' alla volta" }),
      expect.objectContaining({ task: "Il cartello lo faccio" }),
    ]);
    // …and after a short answer run on before it, as raw transcripts write them.
    expect(actions("Il codice fiscale è cambiato?", "Non è cambiato il bonifico della prima metà lo faccio io lunedì.")).toEqual([
      expect.objectContaining({ owner: null, due: "lunedì" }),
    ]);
    expect(actions("La vigilanza privata la riprendiamo al prossimo consiglio.", "I preventivi li chiedo io, ne conosco una a Terlizzi.")).toEqual([
      { task: "I preventivi li chiedo, ne conosco una a Terlizzi", owner: null, due: null },
    ]);
  });
});

describe("a commitment whose object is only a pronoun", () => {
  it("takes what was proposed just before as the task", () => {
    const [a] = actions("Servirebbe una lista d'attesa per il corso di nuoto.", "La preparo io, ma dopo le vacanze.");
    expect(a.task).toMatch(/lista d'attesa/);
    const [b] = actions("Bisogna sentire il comune per il permesso del mercatino.", "Vi faccio sapere entro la settimana prossima.");
    expect(b).toMatchObject({ owner: null, due: "entro la settimana prossima" });
    expect(b.task).toMatch(/permesso del mercatino/);
  });

  it("keeps its own words when another clause says what, after what the pronoun stands for", () => {
    // «Lo seguo io, gli spiego il magazzino…» alone does not tell the minutes' reader who «lo» is.
    const [a] = actions("Il nuovo stagista arriva lunedì.", "Lo seguo io, gli spiego il magazzino e gli do le chiavi entro martedì.");
    expect(a.task).toMatch(/^Il nuovo stagista arriva lunedì: lo seguo, gli spiego il magazzino/);
    // After «lo so» run on into it, as a raw transcript writes it.
    const [c] = actions("Il raccordo della lancia perde dalla guarnizione.", "Lo so, lo so la guardo io con calma sabato mattina.");
    expect(c.task).toMatch(/raccordo della lancia/);
    // Past a sentence that says nothing of it.
    const [b] = actions("Il raccordo della lancia perde dalla guarnizione.", "Lo so, lo so.", "La guardo io con calma sabato mattina.");
    expect(b).toMatchObject({ due: "sabato mattina" });
    expect(b.task).toMatch(/raccordo della lancia/);
  });
});

describe("a named person asked only when", () => {
  it("gives the task said before to the one asked, with the deadline of the answer", () => {
    const [a] = actions("Poi c'è da rifare l'impianto audio della sala.", "Walter, entro sabato?", "Entro sabato sì, se arrivano i cavi.");
    expect(a).toMatchObject({ owner: "Walter", due: "entro sabato" });
    expect(a.task).toMatch(/impianto audio/);
    const [b] = actions("Serve la locandina nuova.", "Ginevra, la locandina per quando ce l'hai?", "Se la tipografia risponde, per lunedì prossimo.");
    expect(b).toMatchObject({ owner: "Ginevra", due: "per lunedì prossimo" });
  });

  it("is no task when the question is not answered", () => {
    expect(actions("Serve la locandina nuova.", "Ginevra, per quando?", "Intanto passiamo al punto dopo, il bilancio.")).toEqual([]);
  });
});

describe("a subject that does not own a task", () => {
  it("reads the deadline put first, then who and what", () => {
    expect(actions("E prima che arrivi il freddo, il custode controlla la caldaia.")[0]).toMatchObject({
      owner: "il custode",
      due: "prima che arrivi il freddo",
    });
  });

  it("is not the owner when it is the object put first of the speaker's verb", () => {
    expect(actions("Il geometra lo sento io, lo facciamo venire entro giovedì.")[0]).toMatchObject({ owner: null, due: "entro giovedì" });
  });

  it("reports a fact when the verb is negated, and a condition when 'prima di' opens the sentence", () => {
    expect(actions("Il corriere fino a giovedì non passa.")).toEqual([]);
    expect(findDue("Prima di uscire bisogna spegnere le luci")?.strong).toBe(false);
  });

  it("reads no pronoun inside a word ('e livello' is no 'li vello')", () => {
    expect(actions("Io dividerei in tre squadre, principianti e livello avanzato, lo stesso giorno.")).toEqual([]);
  });
});

describe("an owner named in a clause, and facts told in the past", () => {
  it("takes a name opening the clause the deadline closes, and keeps what its pronoun stands for", () => {
    const [a] = actions("Va bene: le etichette nuove le stampa la tipografia, Ornella le controlla entro martedì, poi si spedisce.");
    expect(a).toMatchObject({ owner: "Ornella", due: "entro martedì" });
    expect(a.task).toMatch(/etichette/);
  });

  it("is no task when something that happened is told with 'essere' and a day", () => {
    expect(actions("Il corriere è passato stamattina, ma il pacco era già aperto.")).toEqual([]);
    expect(actions("Eh, guarda, il pane è arrivato stamattina, ma cioè, era già duro. Io così non lo servo.")).toEqual([]);
    expect(actions("La merce è arrivata stamattina, la controllo io.")).toHaveLength(1);
    // A noun after an elided article, followed by "era", is no first-person verb ("l'odore era…").
    expect(actions("Il latte è arrivato ieri sera, ma guarda, l'odore era già strano. Io così non lo servo.")).toEqual([]);
  });
});
