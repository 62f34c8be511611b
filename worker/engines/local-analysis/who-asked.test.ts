import { describe, expect, it } from "vitest";
import { findActions } from "./actions";
import { findDue } from "./deadlines";
import type { Sentence } from "./sentences";
import { ownerAnswered, taskAsked } from "./who-asked";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const actions = (...texts: string[]) => findActions(sentences(texts)).map(({ task, owner, due }) => ({ task, owner, due }));

describe("tasks given by asking who", () => {
  it("takes what to do from the question and who and when from the answer said after the verb", () => {
    expect(actions("I moduli per la gita chi li stampa?", "Li stampa la segreteria, domani mattina.")).toEqual([
      { task: "Stampare i moduli per la gita", owner: "la segreteria", due: "domani mattina" },
    ]);
    expect(actions("Il furgone per il trasloco chi lo prenota?", "Lo prenota Giacomo, entro giovedì.")).toEqual([
      { task: "Prenotare il furgone per il trasloco", owner: "Giacomo", due: "entro giovedì" },
    ]);
  });

  it("takes what to do from before the question when the answer only says who will see to it", () => {
    const [found] = actions(
      "Lo si può segnalare con una striscia catarifrangente?",
      "Sì, chi se ne occupa?",
      "Il manutentore, lo chiamo io e glielo dico.",
    );
    expect(found).toMatchObject({ owner: "il manutentore" });
    expect(found.task).toMatch(/striscia catarifrangente/);
  });

  it("reads an answer whose later clause tells a past, and a name with its office", () => {
    expect(
      actions(
        "Il modulo chi lo attiva?",
        "Bisogna chiamare il fornitore del software.",
        "Lo attiva Christian dell'IT, ho già parlato con lui, dice due giorni di lavoro.",
      ),
    ).toEqual([{ task: "Attivare il modulo", owner: "Christian dell'IT", due: null }]);
    // Done already: no task.
    expect(actions("E il tecnico chi lo chiama?", "Già fatto, l'ho chiamato io alle undici, viene lunedì mattina.")).toEqual([]);
  });

  it("reads the answer after the asker goes on with a past of their own", () => {
    expect(actions("La piattaforma chi la configura?", "Io ci ho provato e mi perdo.", "La configura Davide, entro fine maggio.")).toEqual([
      { task: "Configurare la piattaforma", owner: "Davide", due: "entro fine maggio" },
    ]);
  });

  it("takes what to do from the sentence before a question that names it by a pronoun", () => {
    const found = actions(
      "Bisogna rifare la segnaletica del parcheggio interno, quella gialla è sparita.",
      "Chi se ne occupa?",
      "Il custode, glielo dico io stasera.",
    );
    expect(found).toEqual([expect.objectContaining({ owner: "il custode", due: "stasera" })]);
    expect(found[0].task).toMatch(/segnaletica/);
  });

  it("reads an owner with a number and a name in apposition", () => {
    expect(ownerAnswered("Ci va la squadra due, subito.")).toEqual({ owner: "la squadra due" });
    expect(ownerAnswered("Eh, lo chiama il tecnico, Bruno, appena rientra.")).toEqual({ owner: "il tecnico, Bruno" });
  });

  it("leaves the owner to the minutes' reader when the speaker answers for themself", () => {
    const found = actions("Chi si prende l'incarico di aggiornare l'inventario della dispensa?", "Io, me ne occupo io.");
    expect(found).toEqual([{ task: "Aggiornare l'inventario della dispensa", owner: null, due: null }]);
    expect(ownerAnswered("Io sono in ferie tutta la settimana.")).toBeUndefined();
  });

  it("takes the person the answer asks in turn", () => {
    const found = actions("Le iscrizioni al torneo vanno chiuse in settimana.", "Chi le raccoglie?", "Paola, te ne occupi tu?", "Sì, entro venerdì.");
    expect(found).toEqual([expect.objectContaining({ owner: "Paola", due: "entro venerdì" })]);
    expect(found[0].task).toMatch(/iscrizioni/);
  });

  it("finds no task in who is, has or votes something, nor in an answer that reports the past", () => {
    expect(taskAsked("Chi è favorevole alla proposta?")).toBeUndefined();
    expect(taskAsked("E le chiavi del magazzino chi le ha?")).toBeUndefined();
    expect(taskAsked("Per chi arriva tardi c'è un posto in fondo?")).toBeUndefined();
    expect(actions("Chi è favorevole al nuovo orario?", "Il presidente, la vicepresidente e il tesoriere.")).toEqual([]);
    expect(actions("E la caldaia chi la controlla?", "L'ho già chiamato io il tecnico, viene lunedì.")).toEqual([]);
    expect(actions("Chi manca oggi?", "Stefano, è a Milano per lavoro.")).toEqual([]);
  });
});

describe("deadlines in a clause of reason", () => {
  it("are not the task's deadline", () => {
    expect(findDue("Lo porto io in posta lunedì, tanto per domani non è pronto.")?.due).toBe("lunedì");
    expect(findDue("Mandala oggi stesso, altrimenti il bando chiude entro venerdì.")?.due).toBe("oggi stesso");
    expect(findDue("La sala la prenoto io, perché entro sabato la danno ad altri.")).toBeUndefined();
  });
});
