import { describe, expect, it } from "vitest";
import { findActions } from "./actions";
import { findDue } from "./deadlines";
import { ownerPhrase } from "./owners";
import type { Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const actions = (...texts: string[]) => findActions(sentences(texts)).map(({ task, owner, due }) => ({ task, owner, due }));

describe("who owns a task, said in the ways of spoken Italian", () => {
  it("reads a family member addressed by kinship, as in a family business", () => {
    const found = actions("Le arnie vanno controllate prima della pioggia.", "Nonno, lo fai tu?", "Sì, domani all'alba.");
    expect(found).toEqual([expect.objectContaining({ owner: "il nonno", due: "domani" })]);
    expect(found[0].task).toMatch(/arnie/);
  });

  it("reads «se ne incarica» with the owner after it, or as the owner of the duty just said", () => {
    expect(actions("Se ne incarica la segretaria, manda la convocazione entro lunedì.")).toEqual([
      { task: "Manda la convocazione", owner: "la segretaria", due: "entro lunedì" },
    ]);
    expect(actions("Il bilancio va depositato entro il trenta aprile.", "Se ne incarica il tesoriere.")).toEqual([
      expect.objectContaining({ owner: "il tesoriere", due: "entro il trenta aprile" }),
    ]);
  });

  it("reads a first name as speech recognition misspells it", () => {
    expect(actions("Michella manda il modulo alla ditta entro venerdì.")).toEqual([
      expect.objectContaining({ owner: "Michella", due: "entro venerdì" }),
    ]);
    expect(actions("Julia Bassi prepara i cartelli entro lunedì.")).toEqual([expect.objectContaining({ owner: "Julia Bassi" })]);
  });

  it("gives the task to the people asked to do it", () => {
    expect(actions("Chiedo ai capigruppo di consegnarmi gli elenchi entro fine mese.")).toEqual([
      expect.objectContaining({ owner: "i capigruppo", due: "entro fine mese" }),
    ]);
  });

  it("reads an owner with a role in apposition, after a topic put first", () => {
    expect(actions("Per i due reclami, la dottoressa Neri, come responsabile qualità, risponde ai clienti entro venerdì.")).toEqual([
      expect.objectContaining({ owner: "la dottoressa Neri", due: "entro venerdì" }),
    ]);
  });

  it("reads the person addressed when the object comes before the verb", () => {
    expect(actions("Giada, le bomboniere le ritiri giovedì pomeriggio dal laboratorio.")).toEqual([
      expect.objectContaining({ owner: "Giada", due: "giovedì pomeriggio" }),
    ]);
  });

  it("reads the owner named after the verb when the pronoun stands for what was just said", () => {
    const [found] = actions(
      "Quindi adesso serve il calendario, venti serate da ottobre a maggio.",
      "Lo prepara la commissione programmazione, entro la fine di settembre.",
    );
    expect(found).toMatchObject({ owner: "la commissione", due: "entro la fine di settembre" });
    expect(found.task).toMatch(/calendario/);
    // An article and its noun before a name are no pronoun and verb.
    expect(
      actions("Per le allergie serve il certificato del pediatra.", "La signora Colombo porta il certificato aggiornato entro la fine del mese."),
    ).toEqual([expect.objectContaining({ owner: "La signora Colombo" })]);
  });

  it("reads a first name with its article, and a subject after what announces it", () => {
    expect(actions("Ah, no, una cosa: la Giovanna manda il verbale a tutti entro martedì, se qualcosa non torna ditecelo.")).toEqual([
      expect.objectContaining({ owner: "la Giovanna", due: "entro martedì" }),
    ]);
    // …however the engine spelt it.
    expect(actions("Ah, no, una cosa: la Giovana manda il verbale a tutti entro martedì, se qualcosa non torna ditecelo.")).toEqual([
      expect.objectContaining({ owner: "la Giovana", due: "entro martedì" }),
    ]);
  });

  it("reads a request by name with a relative clause in the past as a request, and a question about the past as none", () => {
    expect(
      actions(
        "Fatima, il test d'ingresso per dividerli ci pensi tu quello breve che avevi fatto l'anno scorso?",
        "Sì, me ne occupo io entro venerdì.",
      ),
    ).toEqual([expect.objectContaining({ owner: "Fatima", due: "entro venerdì" })]);
    expect(actions("Fatima, avevi fatto tu il test d'ingresso l'anno scorso?", "Sì, quello breve.")).toEqual([]);
  });

  it("reads a question that names who does it after the verb as a request to that person, joined to the reply", () => {
    expect(actions("I turni del banchetto li organizza Lucia, come l'anno scorso?", "Sì, va bene, li faccio io, entro fine novembre.")).toEqual([
      expect.objectContaining({ owner: "Lucia", due: "entro fine novembre" }),
    ]);
  });

  it("does not take a question about an opinion for a request", () => {
    expect(actions("Zia, cosa ne pensi del nuovo menù?")).toEqual([]);
    expect(actions("Roberto, che ne dici di spostarla?")).toEqual([]);
  });

  it("keeps a time said after the next task for that task", () => {
    const found = actions("Il rinfresco lo ordina la segreteria, le sedie le porta il custode entro sabato.");
    expect(found[0]).toMatchObject({ owner: "la segreteria", due: null });
  });
});

describe("the owner as the minutes show it", () => {
  it("keeps the words that name someone, not the clause a raw transcript runs on after them", () => {
    expect(ownerPhrase("il segretario con questa correzione metto in votazione il verbale favorevoli contrari")).toBe("il segretario");
    expect(ownerPhrase("Marco da quando da se Anna manda il messaggio")).toBe("Marco");
    expect(ownerPhrase("la Paola come l'anno scorso che le era venuto bellissimo")).toBe("la Paola");
    expect(ownerPhrase("la pro loco nel salone delle feste costa molto meno")).toBe("la pro loco");
    // What names no one is no owner.
    expect(ownerPhrase("allora comunque quello che possiamo chiedere")).toBeNull();
    expect(ownerPhrase("già in altri magazzini")).toBeNull();
    expect(ownerPhrase("avere in bozza per il")).toBeNull();
    // Owners as said stay whole.
    expect(ownerPhrase("l'ufficio amministrativo con il geometra Lucchini")).toBe("l'ufficio amministrativo con il geometra Lucchini");
    expect(ownerPhrase("chi ha elaborati da mandare")).toBe("chi ha elaborati da mandare");
    expect(ownerPhrase("il responsabile della manutenzione")).toBe("il responsabile della manutenzione");
    expect(ownerPhrase("La coordinatrice Anna Ricci")).toBe("La coordinatrice Anna Ricci");
  });

  it("gives the action items that owner", () => {
    expect(actions("il volantino lo fa la Paola come l'anno scorso che le era venuto bellissimo per fine gennaio.")).toEqual([
      expect.objectContaining({ owner: "la Paola", due: "per fine gennaio" }),
    ]);
  });
});

describe("a deadline said in the sentence after the task", () => {
  it("takes a day said alone, or with a short condition, as the deadline of the task just said", () => {
    expect(actions("E il cartello con la regola lo scrivo io e lo attacco all'ingresso.", "Domani.")).toEqual([
      expect.objectContaining({ due: "domani" }),
    ]);
    const asked = actions("Roberto, lo aggiorni tu il sito?", "Oggi, se ci riesci.", "Sì, lo faccio appena finiamo.");
    expect(asked).toEqual([expect.objectContaining({ owner: "Roberto", due: "oggi" })]);
    // A day that opens a longer sentence dates that sentence, not the task before.
    expect(actions("Il cartello lo scrivo io.", "Domani invece si parla del bilancio con tutti i soci della palestra.")[0].due).toBeNull();
  });

  it("never takes the answer to «chi lo fa» for the owner «after the verb»", () => {
    const found = actions("E il volantino chi lo fa lo faccio io.");
    expect(found.map((a) => a.owner)).not.toContain("lo faccio io");
  });

  it("reads the person called after the object put first as the owner", () => {
    expect(actions("La lista della spesa, Gianni, la fai tu come sempre.")).toEqual([
      expect.objectContaining({ task: expect.stringMatching(/lista della spesa/), owner: "Gianni" }),
    ]);
  });

  it("reads a request by name whose verb comes after «poi» and its pronoun, however short («mi dai»)", () => {
    expect(actions("Marta, poi mi dai il numero dell'ostello che lo metto nel gruppo dei genitori?", "Sì, te lo mando stasera.")).toEqual([
      expect.objectContaining({ owner: "Marta", due: "stasera" }),
    ]);
    // …and after «allora», which only holds the floor.
    expect(actions("Marta, allora poi mi dai il numero dell'ostello che lo metto nel gruppo dei genitori?", "Sì, te lo mando stasera.")).toEqual([
      expect.objectContaining({ owner: "Marta", due: "stasera" }),
    ]);
    // «dai» said alone cheers someone on: no request.
    expect(actions("Marco, dai che ce la facciamo.")).toEqual([]);
  });

  it("takes no request of the moment for a task: sit down, come in, close the door", () => {
    expect(actions("Renato, chiudi la porta che dal capannone arriva il rumore del compressore.")).toEqual([]);
    expect(actions("Elena, accomodati, vuoi un caffè?")).toEqual([]);
    // A request with its time is a task, whatever its verb.
    expect(actions("Renato, chiudi la porta del magazzino entro stasera.")).toHaveLength(1);
  });

  it("takes «Sì, le porto io» after the task for its echo, not a second task", () => {
    expect(actions("Le sedie per la festa le porto io dal magazzino.", "Sì, le porto io.")).toHaveLength(1);
  });

  it("reads «stamattina» after the pronoun and its verb as the deadline of the task before", () => {
    expect(actions("La faccio io, le foto le ho già sul telefono.", "La mando stamattina.")).toEqual([
      expect.objectContaining({ due: "stamattina" }),
    ]);
  });
});

describe("deadlines said by the next meeting's day or by the quarter", () => {
  it("reads them", () => {
    expect(findDue("li porto per la riunione del ventotto")?.due).toBe("per la riunione del ventotto");
    expect(findDue("il piano lo chiudiamo a fine semestre")?.due).toBe("a fine semestre");
    expect(findDue("le sedie le porto sabato dopo la partita")?.due).toBe("sabato dopo la partita");
    // A day said from another: the day before, the same day.
    expect(findDue("Te lo scrivo il giorno prima, tranquillo.")?.due).toBe("il giorno prima");
    expect(findDue("Il bonifico lo fai il giorno stesso.")?.due).toBe("il giorno stesso");
    // Times and dates in digits as speech recognition writes them, whole.
    expect(findDue("il file lo mando entro le 18:30, poi chiudo")?.due).toBe("entro le 18:30");
    expect(findDue("le quote vanno versate entro il 30.5.")?.due).toBe("entro il 30.5");
    expect(findDue("il saldo di 1.500 euro va fatto entro il 30/5")?.due).toBe("entro il 30/5");
  });

  it("reads a feast or noon after «per», and «appena» with the event it waits for, not what was just done", () => {
    expect(findDue("Lo script lo scrivo, te lo mando per mezzogiorno")?.due).toBe("per mezzogiorno");
    expect(findDue("Gli scatoloni li sistemo per Natale")?.due).toBe("per Natale");
    expect(findDue("La lista te la giro appena chiudiamo")).toEqual({ due: "appena chiudiamo", strong: false });
    expect(findDue("lo chiamo appena arriva il preventivo, poi vediamo")?.due).toBe("appena arriva il preventivo");
    expect(findDue("Il verbale è appena arrivato")).toBeUndefined();
    expect(findDue("ho appena finito di sistemarlo")).toBeUndefined();
    // A deadline cut at its word limit never ends on a preposition.
    expect(findDue("la lettera la scrivo entro la fine della settimana prossima prima del consiglio comunale")?.due).toBe(
      "entro la fine della settimana prossima",
    );
  });
});

describe("the time of the task's own clause", () => {
  it("wins over a firmer time said in the next clause", () => {
    expect(findDue("Il meccanico lo chiamo domattina, e gli dico che lo vogliamo pronto entro il quindici ottobre.")?.due).toBe("domattina");
    expect(findDue("Ferretti lo chiamo oggi pomeriggio e gli dico di venire entro la settimana.")?.due).toBe("oggi pomeriggio");
    expect(findDue("Li chiamo questa settimana, e se mi dicono di sì li prendiamo prima della regata.")?.due).toBe("questa settimana");
    // Without a time of its own, the first clause takes the one said after it.
    expect(findDue("Lo chiamo io, e gli dico di consegnarlo entro venerdì.")?.due).toBe("entro venerdì");
  });
});

describe("the speaker's own task, said over two sentences or with a clause about someone else", () => {
  it("gives the task the deadline said in the next sentence by a pronoun only", () => {
    const found = actions("Il modulo del consenso lo preparo io.", "Te lo faccio avere entro metà ottobre.");
    expect(found).toEqual([expect.objectContaining({ due: "entro metà ottobre" })]);
    expect(found[0].task).toMatch(/modulo del consenso/);
    // …past a short aside the engine cut off as a sentence of its own.
    expect(actions("Il modulo lo sistemo io.", "Ce l'ho sul computer.", "Ve lo mando stasera per mail.")).toEqual([
      expect.objectContaining({ due: "stasera", task: expect.stringMatching(/^Il modulo lo sistemo/) }),
    ]);
  });

  it("keeps a commitment whose relative clause tells a past, or whose reason names someone's duty", () => {
    expect(actions("Il preventivo lo preparo io per quelli di Bologna che ci hanno fatto vedere il proiettore.")).toHaveLength(1);
    expect(actions("Il conto lo apro io in posta la settimana prossima, che deve firmare anche lei.")).toEqual([
      expect.objectContaining({ owner: null, due: "la settimana prossima" }),
    ]);
    // …and run on, without its commas.
    expect(actions("Lo apro io in posta la settimana prossima quando lei è a casa che deve firmare anche lei.")).toEqual([
      expect.objectContaining({ owner: null, due: "la settimana prossima" }),
    ]);
    // Guard: a past told in the main clause stays no task.
    expect(actions("Il preventivo l'ho chiesto io a quelli di Bologna che ci hanno fatto vedere il proiettore.")).toEqual([]);
  });
});

describe("a commitment by a pronoun only, with its reason", () => {
  it("takes what to do from the sentence before when the pronoun stands for it («lo faccio io, tanto…»)", () => {
    const found = actions("Serve qualcuno che apra la palestra il sabato mattina.", "Lo faccio io, tanto porto mia figlia a nuoto qui di fianco.");
    expect(found).toHaveLength(1);
    expect(found[0].task).toMatch(/palestra il sabato/);
  });
});

describe("the speaker taking on a word to say or a call", () => {
  it("reads a verb of saying or calling with «io» after it as a commitment, not without", () => {
    expect(actions("Lo dico io alle ragazze della reception.")).toHaveLength(1);
    expect(actions("Il Pietro non legge il gruppo, lo chiamo io.")).toHaveLength(1);
    expect(actions("Lo dico perché l'ho visto.")).toEqual([]);
  });
});

describe("the speaker's offer, «io» first", () => {
  it("takes what the speaker offers to bring or make as a task, not what they do anyway", () => {
    expect(actions("Io porto il vino, che me lo regala mio cognato.")).toEqual([
      { task: "Porto il vino, che me lo regala mio cognato", owner: null, due: null },
    ]);
    expect(actions("Io faccio le torte salate.")).toHaveLength(1);
    expect(actions("Io faccio il medico da vent'anni.")).toEqual([]);
    expect(actions("Io porto sempre il vino alle cene.")).toEqual([]);
  });
});

describe("the subject after an agreement", () => {
  it("reads the owner after «benissimo», «ottimo», «giusto»", () => {
    expect(actions("Benissimo allora Dario raccoglie l'ordine di dicembre entro il trenta novembre.")).toEqual([
      expect.objectContaining({ owner: "Dario", due: "entro il trenta novembre" }),
    ]);
  });
});

describe("a request to the room", () => {
  it("names the room when it is said first, and a tag question («…, va bene?») does not make it a question", () => {
    expect(actions("Tutti e tre entro domenica mi scrivete sul gruppo quali volete togliere, va bene?")).toEqual([
      expect.objectContaining({ owner: "tutti e tre", due: "entro domenica" }),
    ]);
  });
});

describe("what is no task", () => {
  it("is something asked for at the table, a line check, or a duty given as a reason", () => {
    expect(actions("Marco, dammi la penna.", "Domani ne parliamo con il fornitore.")).toEqual([]);
    expect(actions("Sara, se ci senti, scrivilo in chat.")).toEqual([]);
    expect(actions("Stacco prima oggi, che mia sorella deve traslocare.")).toEqual([]);
  });
});

describe("owners said after the task or as the agreement's step", () => {
  it("takes what «ci pensa X» stands for from the sentence before", () => {
    const found = actions(
      "E il rinnovo del contratto del bar quando scade?",
      "A fine mese.",
      "Ci pensa il tesoriere, e lo firmiamo entro il venticinque.",
    );
    expect(found).toEqual([expect.objectContaining({ owner: "il tesoriere", due: "entro il venticinque" })]);
    expect(found[0].task).toMatch(/rinnovo del contratto/);
  });

  it("reads professions in -ologo and -iatra as people", () => {
    expect(actions("Il geologo prepara la relazione entro marzo.")[0]).toMatchObject({ owner: "Il geologo" });
    expect(actions("La pediatra manda il certificato entro lunedì.")[0]).toMatchObject({ owner: "La pediatra" });
  });

  it("reads the step an agreement opens", () => {
    expect(actions("Va bene, la bibliotecaria aggiorna il catalogo.")).toEqual([
      { task: "Aggiorna il catalogo", owner: "la bibliotecaria", due: null },
    ]);
  });
});

describe("an order with its pronoun joined", () => {
  it("is a task whose object was said before, with the time it gives", () => {
    const found = actions(
      "Il preventivo dell'idraulico è arrivato ieri sera, sono milleduecento euro.",
      "Va bene.",
      "Chiamalo domani, che vogliamo partire a marzo.",
    );
    expect(found).toEqual([expect.objectContaining({ owner: null, due: "domani" })]);
    expect(found[0].task).toMatch(/^Il preventivo dell'idraulico.*: Chiamalo$/);
  });

  it("is not a noun that ends like one, nor an order with no time", () => {
    expect(actions("Il saggio di danza è a giugno.", "La sala la prenotiamo domani.")).not.toContainEqual(
      expect.objectContaining({ task: expect.stringMatching(/saggio di danza/) }),
    );
    expect(actions("Il preventivo è arrivato.", "Guardalo.")).toEqual([]);
  });
});

describe("no task either", () => {
  it("in switching something off in the room, in what was already done, nor in noting something down", () => {
    expect(actions("Tommaso, spegni quella radio che non si sente niente.", "Allora, stasera siamo pieni, novanta coperti.")).toEqual([]);
    expect(actions("La pratica Bassi l'ha seguita lei, dottoressa Neri.")).toEqual([]);
    expect(actions("Va bene, si può fare, me lo segno.")).toEqual([]);
    expect(actions("Marta, eri tu di turno domenica?", "Sì.")).toEqual([]);
  });

  it("but a noun after «ha» is no past tense", () => {
    expect(actions("Chi ha moduli da firmare li porta in segreteria entro venerdì.")).toEqual([
      expect.objectContaining({ owner: "Chi ha moduli da firmare", due: "entro venerdì" }),
    ]);
  });
});
