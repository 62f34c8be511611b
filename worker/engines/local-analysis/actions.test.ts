import { describe, expect, it } from "vitest";
import { findActions, findDue } from "./actions";
import type { Sentence } from "./sentences";

const sentences = (texts: string[]): Sentence[] => texts.map((text, index) => ({ index, text, segmentIndex: index, start: index * 10 }));
const actions = (...texts: string[]) => findActions(sentences(texts)).map(({ task, owner, due }) => ({ task, owner, due }));

describe("action items", () => {
  it("gives each person the task of their own clause when one sentence gives two", () => {
    expect(actions("Signora Silvia, allora lei mi porta l'atto originale la settimana prossima, e le visure le richiede lo studio.")).toEqual([
      expect.objectContaining({ owner: "Signora Silvia", due: "la settimana prossima" }),
      expect.objectContaining({ owner: "lo studio", due: null }),
    ]);
    // One task said in two steps stays one.
    expect(actions("La circolare la scrivo io, con le dosi giuste, e la faccio vedere al veterinario prima di mandarla.")).toHaveLength(1);
  });

  it("reads duty verbs with the owner before them and the deadline as said", () => {
    expect(actions("L'amministratore dovrà chiedere tre preventivi entro il trenta maggio.")).toEqual([
      { task: "Chiedere tre preventivi", owner: "L'amministratore", due: "entro il trenta maggio" },
    ]);
    expect(actions("Il geometra Bassi si impegna a seguire la direzione dei lavori.")).toEqual([
      { task: "Seguire la direzione dei lavori", owner: "Il geometra Bassi", due: null },
    ]);
    expect(actions("Il progetto è finanziato e l'assessore Conti deve mandare la richiesta all'Enel entro il venti maggio.")[0]).toMatchObject({
      owner: "l'assessore Conti",
      due: "entro il venti maggio",
    });
  });

  it("reads future and present tenses with a named person and a deadline", () => {
    expect(actions("La segreteria manderà la circolare alle famiglie entro il dieci marzo.")).toEqual([
      { task: "Manderà la circolare alle famiglie", owner: "La segreteria", due: "entro il dieci marzo" },
    ]);
    expect(actions("Marco prepara la build per la revisione entro giovedì sera.")).toEqual([
      { task: "Prepara la build per la revisione", owner: "Marco", due: "entro giovedì sera" },
    ]);
  });

  it("reads requests made by name, and the reply that gives the deadline", () => {
    expect(actions("Sara, puoi fare tu i rimborsi ai tre clienti entro oggi pomeriggio?")).toEqual([
      { task: "Fare i rimborsi ai tre clienti", owner: "Sara", due: "entro oggi pomeriggio" },
    ]);
    const [reply] = actions("Luca, te ne occupi tu lato server?", "Sì, ci penso io, la mando in produzione entro domani.");
    expect(reply).toMatchObject({ owner: "Luca", due: "entro domani" });
    expect(reply.task).toMatch(/server/);
  });

  it("reads a task whose object comes first and whose owner follows the verb", () => {
    expect(actions("Il verbale lo manda Carla entro lunedì.")).toEqual([{ task: "Il verbale lo manda", owner: "Carla", due: "entro lunedì" }]);
    expect(actions("La sala la prenota la segreteria didattica.")).toEqual([
      { task: "La sala la prenota", owner: "la segreteria didattica", due: null },
    ]);
    // An organisation said by its initials is an owner too.
    expect(actions("La RSU chiede l'incontro all'azienda entro il dieci ottobre.")).toEqual([
      { task: "Chiede l'incontro all'azienda", owner: "La RSU", due: "entro il dieci ottobre" },
    ]);
  });

  it("takes the owner after a mandate", () => {
    expect(actions("Si dà mandato al presidente di trattare con l'ASL un aumento dell'otto per cento.")[0]).toMatchObject({ owner: "il presidente" });
  });

  it("leaves the owner null when the speaker commits in the first person", () => {
    expect(actions("Preparo io il calendario dei turni e te lo mando entro il venti dicembre.")).toEqual([
      { task: "Preparo il calendario dei turni e te lo mando", owner: null, due: "entro il venti dicembre" },
    ]);
    expect(actions("Il modulo lo correggo io oggi pomeriggio e poi lo rimando a tutti.")).toEqual([
      { task: "Il modulo lo correggo e poi lo rimando a tutti", owner: null, due: "oggi pomeriggio" },
    ]);
    expect(actions("Sollecito il fornitore entro la settimana prossima, così chiudiamo.")[0]).toMatchObject({
      owner: null,
      due: "entro la settimana prossima",
    });
  });

  it.each([
    "L'avvocato ha già mandato il decreto ingiuntivo.",
    "Giulia, ti si è bloccato il video.",
    "I residenti avranno un permesso gratuito.",
    "Dovrebbe essere la preside del liceo, l'annuncio è previsto per sabato.",
    "Se ne riparlerà alla prossima assemblea ordinaria.",
    "Il tecnico della manutenzione dice che la centralina è vecchia.",
    // A verb that merely starts with a pronoun's letters ("licenzia") is no resumed object.
    "Il re raduna le truppe intorno a Parigi e licenzia Necker.",
  ])("finds no task in %s", (text) => {
    expect(actions(text)).toEqual([]);
  });

  it("reads deadlines as said", () => {
    expect(findDue("entro la fine della settimana, grazie")?.due).toBe("entro la fine della settimana");
    expect(findDue("lo mando per venerdì")?.due).toBe("per venerdì");
    expect(findDue("un aggiornamento ogni quindici giorni.")?.due).toBe("ogni quindici giorni");
    expect(findDue("le mando oggi stesso la bozza del contratto")?.due).toBe("oggi stesso");
    expect(findDue("passo in negozio sabato mattina e le mando le foto")?.due).toBe("sabato mattina");
    expect(findDue("nessuna scadenza qui")).toBeUndefined();
  });

  it("reads the deadline words that were missed: a day closing the sentence, the day from which, 'dell''", () => {
    expect(findDue("lo cambio da giovedì.")?.due).toBe("da giovedì");
    expect(findDue("la rifaccio io mercoledì.")?.due).toBe("mercoledì");
    expect(findDue("glielo spedisco oggi.")?.due).toBe("oggi");
    expect(findDue("la pratica va chiusa prima dell'estate")?.due).toBe("prima dell'estate");
    // Not deadlines: a way to begin, a day that qualifies a noun, "oggi" opening a sentence.
    expect(findDue("Prima di tutto le ferie.")).toBeUndefined();
    expect(findDue("ti chiamo per la gita di sabato")).toBeUndefined();
    expect(findDue("Oggi parliamo del bilancio")).toBeUndefined();
  });

  it("reads the calendar as people say it: this week, a day of the month, a date alone, halfway through a month", () => {
    expect(findDue("La cassetta la porto questa settimana, quella di plexiglass")?.due).toBe("questa settimana");
    expect(findDue("ci parlo in settimana e gli faccio bloccare la sala")?.due).toBe("in settimana");
    expect(findDue("le foto per il quattordici, per la giornata delle adozioni")?.due).toBe("per il quattordici");
    expect(findDue("Il candito lo chiudiamo il trenta novembre, i vasetti dopo")?.due).toBe("il trenta novembre");
    expect(findDue("la relazione la consegno il 15/3")?.due).toBe("il 15/3");
    expect(findDue("lo preparo a metà settembre")?.due).toBe("a metà settembre");
    expect(findDue("te lo dico tra una settimana")?.due).toBe("tra una settimana");
    expect(findDue("lo sistemo nei prossimi giorni")?.due).toBe("nei prossimi giorni");
    // A date that belongs to a noun is no deadline of the task.
    expect(findDue("parliamo della riunione del quindici marzo")).toBeUndefined();
  });

  it("takes the day said before an event that closes the time as the deadline, and the first clause's before a purpose", () => {
    expect(findDue("Prenoto io stasera, prima che finiscano le camere.")?.due).toBe("stasera");
    expect(findDue("La rete la faccio montare prima che comincino gli allenamenti.")?.due).toBe("prima che comincino");
    expect(findDue("Li ordino domattina, così arrivano per la settimana prossima.")?.due).toBe("domattina");
    expect(findDue("Li ordino io, così arrivano per la settimana prossima.")?.due).toBe("per la settimana prossima");
  });

  it("keeps the hour said after a day, and reads «fino a» a day as the time left", () => {
    expect(findDue("La riunione sulla sicurezza la fai domani alle sei, prima che comincino.")?.due).toBe("domani alle sei");
    expect(findDue("Lo chiamo giovedì alle 18:30.")?.due).toBe("giovedì alle 18:30");
    expect(findDue("Lo chiamo domani mattina alle nove e mezza.")?.due).toBe("domani mattina alle nove e mezza");
    expect(findDue("Ma dammi fino a mercoledì, che devo chiamare l'assistenza.")).toEqual({ due: "fino a mercoledì", strong: true });
  });

  it("reads «oggi» closing its clause before a condition, as a run-on transcript writes it", () => {
    expect(findDue("Roberta lo aggiorni tu il sito oggi se ci riesci.")?.due).toBe("oggi");
    expect(findDue("Oggi parliamo del sito se ci riusciamo.")).toBeUndefined();
  });

  it("keeps «stessa» with its evening and a pronoun with its verb in the time an event gives", () => {
    expect(findDue("Sì, lo faccio io, stasera stessa.")?.due).toBe("stasera stessa");
    expect(findDue("La chiedo, e la mando a tutte le società appena ce l'ho.")?.due).toBe("appena ce l'ho");
  });
});

// Written for the cues of action-cues.ts, not taken from any meeting fixture.
describe("action items recognised by their grammar", () => {
  it("takes a person named by an agent noun, with a possessive, as the owner", () => {
    expect(actions("Il nostro commercialista manda il modello F24 entro il sedici giugno.")).toEqual([
      { task: "Manda il modello F24", owner: "Il nostro commercialista", due: "entro il sedici giugno" },
    ]);
    expect(actions("La bibliotecaria dovrà catalogare i libri donati entro Natale.")[0]).toMatchObject({ owner: "La bibliotecaria" });
    expect(actions("Il giardiniere pota le siepi entro la fine di ottobre.")[0]).toMatchObject({ owner: "Il giardiniere" });
  });

  it("takes no thing with an agent ending, nor an elided article, as an owner", () => {
    expect(actions("La lista delle adesioni chiude entro venerdì.")[0]?.owner ?? null).toBeNull();
    expect(actions("L'ordine del giorno prevede tre punti: il bilancio, il sito e la gita di sabato.")).toEqual([]);
  });

  it("reads a duty said without a person", () => {
    expect(actions("Il modulo firmato va consegnato in segreteria entro il cinque maggio.")).toEqual([
      { task: "Il modulo firmato va consegnato in segreteria", owner: null, due: "entro il cinque maggio" },
    ]);
    // A duty with no deadline is a rule, not a task.
    expect(actions("Il casco va indossato sempre.")).toEqual([]);
  });

  it("reads the speaker's own commitment from the pronoun before a first-person verb", () => {
    expect(actions("Il preventivo glielo giro io stasera.")).toEqual([{ task: "Il preventivo glielo giro", owner: null, due: "stasera" }]);
    expect(actions("La sedia la cambio da martedì.")[0]).toMatchObject({ owner: null, due: "da martedì" });
    expect(actions("Non ce l'ho sotto mano, ma ve lo inoltro.")).toHaveLength(1);
    expect(actions("Ti porto le chiavi del magazzino.")).toHaveLength(1);
  });

  it.each([
    // Saying, calling, being: no task.
    "Vi ringrazio per essere venuti così numerosi.",
    "Ti chiamo per la gita di sabato.",
    "Poi ci sono anch'io, se serve.",
    // A plural plan is a decision, an imperfect is a past, a third person plural is someone else's.
    "Gli cambiamo la stanza e gli offriamo la cena.",
    "Lo aspettavo da settimane.",
    "Le persone se ne vanno dopo un anno.",
    // A plain article before a noun ending in -o.
    "Lo studio di fattibilità è pronto.",
  ])("finds no task in %s", (text) => {
    expect(actions(text)).toEqual([]);
  });

  it("takes the owner after a time said between the verb and the owner", () => {
    expect(actions("La spesa la fa ogni venerdì il custode del circolo.")[0]).toMatchObject({ owner: "il custode del circolo", due: "ogni venerdì" });
  });

  it("reads a request to everyone present and an owner said as 'chi…'", () => {
    expect(actions("Mi mandate le foto della gita entro domenica sera.")).toEqual([
      { task: "Mi mandate le foto della gita", owner: null, due: "entro domenica sera" },
    ]);
    expect(actions("Chi vuole la maglietta la deve ordinare entro il venti.")[0]).toMatchObject({
      owner: "Chi vuole la maglietta",
      due: "entro il venti",
    });
  });
});
