import { describe, expect, it } from "vitest";
import { announcedName, isBareHeading, isBareOrdinal, markerTier, readsOutAgenda } from "./agenda";
import { meetingKind } from "./meeting-kind";

describe("agenda markers", () => {
  it.each([
    "Primo punto all'ordine del giorno: il rifacimento del tetto.",
    "Passiamo al secondo punto, la videosorveglianza.",
    "Bene, veniamo alle varie ed eventuali.",
    "Punto tre, il piano dei viaggi d'istruzione.",
    "Ultimo punto, l'interrogazione del consigliere Fontana.",
    "Partiamo dal rilascio della versione due.",
    "Ultima cosa, le ferie di agosto.",
    "Andiamo avanti con le quote di iscrizione.",
    "Il punto successivo è il rifacimento del campo da calcetto.",
    // Informal: a connective and a bare noun phrase.
    "Poi il questionario.",
    "E poi gli influencer.",
  ])("announces an item: %s", (sentence) => {
    expect(markerTier(sentence)).toBe(1);
  });

  it.each([
    // Moving within an item, not to the next one.
    "Passiamo alla votazione sulla ratifica della variazione di bilancio.",
    "Va bene, allora procediamo con entrambe le assunzioni.",
    "Iniziamo con i lavori.",
    // The whole agenda read out, or a reference back.
    "L'ordine del giorno prevede quattro punti: il tetto, la videosorveglianza e le varie.",
    "Come detto al primo punto, i conti sono in ordine.",
    "C'è anche la polemica sugli argini.",
    "Il tecnico dice che la centralina è vecchia.",
    // A connective before a clause, not before a bare subject.
    "Poi la sistemo io.",
    "Poi il questionario non va bene.",
    "Ora il problema è che non abbiamo soldi.",
  ])("does not announce an item: %s", (sentence) => {
    expect(markerTier(sentence)).toBe(0);
  });

  it("takes weaker introductions as such", () => {
    expect(markerTier("Poi c'è il bug dei pagamenti, che è la cosa più urgente.")).toBe(2);
    expect(markerTier("Collegato alla formazione c'è il tema del personale e delle assunzioni.")).toBe(2);
    expect(markerTier("Sulle elezioni comunali di primavera, il quadro si muove.")).toBe(2);
    // A short question that brings up a subject, and "parliamo di…".
    expect(markerTier("E la fatturazione elettronica?")).toBe(2);
    expect(markerTier("E nel giardino?")).toBe(2);
    expect(markerTier("Parliamo di viabilità: come va il traffico?")).toBe(2);
    expect(markerTier("E tu cosa ne pensi?")).toBe(0);
  });

  it("ends the item's name where the next clause starts when the transcript runs on without stops", () => {
    expect(announcedName("Passiamo all'elicottero il preventivo della ditta è arrivato")).toBe("Elicottero");
    expect(announcedName("Primo punto la data di apertura l'anno scorso abbiamo aperto tardi")).toBe("Data di apertura");
    expect(announcedName("Terzo punto i patentini dei carrelli Ilaria ha fatto il conto")).toBe("Patentini dei carrelli");
    expect(announcedName("Altra cosa la cella due stamattina il termometro segnava sei gradi")).toBe("Cella due");
    // «lì» points back to something said: it names nothing.
    expect(announcedName("Partiamo da lì cerco di fare in fretta perché sono le otto e mezza")).toBeUndefined();
  });

  it("names the item with the words after the marker, never a verb or a bare article", () => {
    expect(announcedName("Primo punto all'ordine del giorno: il rifacimento del tetto.")).toBe("Rifacimento del tetto");
    expect(announcedName("Passiamo al secondo punto, la videosorveglianza.")).toBe("Videosorveglianza");
    expect(announcedName("Il primo punto riguarda la ratifica della variazione di bilancio adottata dalla giunta.")).toBe(
      "Ratifica della variazione di bilancio",
    );
    expect(announcedName("Veniamo al terzo punto, la mozione presentata dal gruppo Insieme per il Borgo.")).toBe("Mozione");
    expect(announcedName("L'ultima cosa che volevo chiederti riguarda lo stipendio.")).toBe("Stipendio");
    expect(announcedName("Comincerei dai tuoi obiettivi e dai risultati.")).toBe("Obiettivi e risultati");
    expect(announcedName("Collegato alla formazione c'è il tema del personale e delle assunzioni.")).toBe("Personale e assunzioni");
    expect(announcedName("Passiamo al secondo punto.")).toBeUndefined();
    expect(announcedName("Poi il questionario.")).toBe("Questionario");
    expect(announcedName("E nel giardino?")).toBe("Giardino");
    expect(announcedName("Il punto successivo è il rifacimento del campo da calcetto.")).toBe("Rifacimento del campo da calcetto");
  });

  it("reads the kind of meeting from its opening", () => {
    expect(meetingKind(["Buonasera, dichiaro aperta l'assemblea straordinaria del condominio di via Manzoni 14."])).toBe("Assemblea del condominio");
    expect(meetingKind(["Alle ore diciotto si apre la seduta del consiglio comunale."])).toBe("Consiglio comunale");
    expect(meetingKind(["Ciao a tutti, mi sentite?"])).toBeUndefined();
    // A body mentioned in passing is not this meeting: one of its members, or what it wants.
    expect(meetingKind(["Sono presenti tre consiglieri e il presidente del collegio sindacale."])).toBeUndefined();
    expect(meetingKind(["Vorrei chiudere il programma, perché il consiglio comunale vuole le date entro maggio."])).toBeUndefined();
    expect(meetingKind(["Apriamo la seduta del consiglio di amministrazione."])).toBe("Consiglio di amministrazione");
    expect(isBareHeading("All'unanimità.")).toBe(false);
  });

  it("takes no remark cut out of a run-on stretch for a heading, and keeps the headings joined by «e»", () => {
    expect(isBareHeading("Erano articoli sbagliati.")).toBe(false);
    expect(isBareHeading("Già finiti.")).toBe(false);
    expect(isBareHeading("È tardi.")).toBe(false);
    expect(isBareHeading("Ferie e permessi.")).toBe(true);
    expect(isBareHeading("Sorveglianza sanitaria.")).toBe(true);
  });

  it("takes no exclamation or aside for a heading", () => {
    for (const aside of ["Eccomi.", "Finalmente.", "Molto divertente.", "Anch'io.", "Gliel'ho chiesto.", "Proprio così."])
      expect(isBareHeading(aside), aside).toBe(false);
    expect(isBareHeading("Housekeeping.")).toBe(true);
  });

  // Written for the session-5 markers, not taken from any meeting fixture.
  it.each([
    ["Prima di tutto il calendario delle prove, che è cambiato.", 1, "Calendario delle prove"],
    ["Innanzitutto la palestra.", 1, "Palestra"],
    ["Capitolo pulizie: la ditta non passa da due settimane.", 1, "Pulizie"],
    ["Infine le iscrizioni: quest'anno sono on line.", 1, "Iscrizioni"],
    ["Il riscaldamento invece?", 2, "Riscaldamento"],
    ["Senti, ma il furgone l'hai riportato in officina?", 2, "Furgone"],
    ["Sulla mensa scolastica, i ragazzi si lamentano del menù.", 2, "Mensa scolastica"],
    ["Ora il bilancio: chi lo ha letto?", 1, "Bilancio"],
  ] as const)("reads %s as tier %i named %s", (sentence, tier, name) => {
    expect(markerTier(sentence)).toBe(tier);
    expect(announcedName(sentence)).toBe(name);
  });

  it.each([
    "Prima di tutto, grazie a tutti per essere venuti.",
    "Il capitolo tre lo riscrivo entro aprile.",
    "Capitolo due, pagina quindici.",
    "Senti, ti richiamo dopo.",
    "Il problema è questo: non abbiamo soldi.",
    "Ora il problema è questo: non abbiamo soldi.",
  ])("takes no new item from %s", (sentence) => {
    expect(markerTier(sentence)).not.toBe(1);
  });
});

// Session 6: sentences written for the tests, not taken from any meeting.
describe("agenda markers of informal calls", () => {
  it.each([
    ["Quarto, le ferie estive del reparto.", "Ferie estive del reparto"],
    ["Cambiando discorso, la gita al lago.", "Gita al lago"],
    ["Ultima cosa rapidissima, il sito web.", "Sito web"],
    ["Ehm, poi le tabelle aggiornate.", "Tabelle aggiornate"],
  ])("announces %s, named %s", (sentence, name) => {
    expect(markerTier(sentence)).toBe(1);
    expect(announcedName(sentence)).toBe(name);
  });

  it("names an item brought up as 'la cosa dei…' by what follows, and reads 'volevo parlare' after a filler", () => {
    expect(announcedName("Poi c'è la cosa delle fatture, che scade a breve.")).toBe("Fatture");
    expect(markerTier("Poi, ehm, volevo parlare dei turni di agosto.")).toBe(2);
  });

  it("keeps a participle that ends the name, and stops at one that starts a qualifier", () => {
    expect(announcedName("Poi i moduli compilati.")).toBe("Moduli compilati");
    expect(announcedName("Passiamo alla mozione presentata dal gruppo di minoranza.")).toBe("Mozione");
  });

  it.each(["Secondo me, la sala è troppo piccola.", "C'è anche il problema del parcheggio.", "Terzo tentativo, e niente."])(
    "does not take %s as an item",
    (sentence) => {
      expect(markerTier(sentence)).toBe(0);
    },
  );
});

// Session 7: sentences written for the tests, not taken from any meeting.
describe("headings, closing subjects and sub-points", () => {
  it.each([
    ["Manutenzione del furgone.", "Manutenzione del furgone"],
    ["Turni di Ferragosto.", "Turni di Ferragosto"],
    ["Il bilancio l'abbiamo già visto, quindi la mensa.", "Mensa"],
    ["Quindi, il parcheggio dei dipendenti.", "Parcheggio dei dipendenti"],
  ])("takes %s as a weaker introduction named %s", (sentence, name) => {
    expect(markerTier(sentence)).toBe(2);
    expect(announcedName(sentence)).toBe(name);
  });

  it("takes a day said alone as a heading, though it names nothing by itself", () => {
    expect(isBareHeading("Sabato.")).toBe(true);
    expect(announcedName("Sabato.")).toBeUndefined();
  });

  it.each([
    "Perfetto.",
    "Approvato all'unanimità.",
    "Dodici pezzi.",
    "Favorevoli tutti.",
    "Buon lavoro.",
    "Confermiamo.",
    "Parlavamo del magazzino.",
    "Faccio l'appello.",
    "Allora lavoriamo sodo.",
    "Va bene, allora la mando io.",
    "Quindi il risultato c'è.",
  ])("takes no subject from %s", (sentence) => {
    expect(markerTier(sentence)).toBe(0);
  });

  it("reads a name called out before the marker, but not a person as the subject", () => {
    expect(markerTier("Giulia, passiamo ai conti del bar?")).toBe(1);
    expect(announcedName("Giulia, passiamo ai conti del bar?")).toBe("Conti del bar");
    expect(markerTier("Marco, partiamo da te.")).toBe(0);
  });

  it("names an item with what it is, not what it is for, nor who asks", () => {
    expect(markerTier("Ultima parte, le misure per non ripetere l'errore.")).toBe(1);
    expect(announcedName("Ultima parte, le misure per non ripetere l'errore.")).toBe("Misure");
    expect(announcedName("Secondo punto, i crediti della ditta Ferri.")).toBe("Crediti della ditta Ferri");
    expect(announcedName("E il furgone chi lo porta?")).toBe("Furgone");
    expect(announcedName("Ultimo punto, l'aula quattro.")).toBe("Aula quattro");
    expect(announcedName("Poi le iscrizioni di tutti e tre.")).toBe("Iscrizioni");
  });

  it("tells a bare ordinal from an ordinal used otherwise", () => {
    expect(isBareOrdinal("Secondo, le chiavi del magazzino.")).toBe(true);
    expect(isBareOrdinal("Secondo me le chiavi le ha Paolo.")).toBe(false);
  });

  it("knows when the agenda is read out", () => {
    expect(readsOutAgenda("L'ordine del giorno di stasera: il bilancio, la gita e le quote.")).toBe(true);
    expect(readsOutAgenda("Vi ricordo i punti: uno, la gita; due, le quote; tre, il sito.")).toBe(true);
    expect(readsOutAgenda("I punti sono tre: la palestra, le divise e il pulmino.")).toBe(true);
    expect(readsOutAgenda("Primo punto all'ordine del giorno: il bilancio, che è in attivo.")).toBe(false);
    expect(readsOutAgenda("Come detto al primo punto, il bilancio è in attivo.")).toBe(false);
  });

  it("reads an item added at the end, and a question that hands out a task as no new subject", () => {
    expect(markerTier("Ah, scusate, una cosa che avevo dimenticato: il rinnovo del sito.")).toBe(1);
    expect(announcedName("Ah, scusate, una cosa che avevo dimenticato: il rinnovo del sito.")).toBe("Rinnovo del sito");
    expect(announcedName("Prima di chiudere, il calendario delle partite.")).toBe("Calendario delle partite");
    expect(markerTier("Ah, scusate, ho sbagliato foglio.")).toBe(0);
    expect(markerTier("E la locandina chi la prepara?")).toBe(0);
    expect(markerTier("E la locandina per la mostra?")).toBe(2);
  });

  it("reads the last item after «per finire» and a subject put first with «per», named up to its verb", () => {
    expect(markerTier("Per finire, la quota associativa resta a dieci euro.")).toBe(1);
    expect(announcedName("Per finire, la quota associativa resta a dieci euro.")).toBe("Quota associativa");
    expect(markerTier("Per la gita di primavera pensavamo al lago.")).toBe(2);
    expect(announcedName("Per la gita di primavera pensavamo al lago.")).toBe("Gita di primavera");
    for (const sentence of ["Per il momento aspettiamo.", "Per me va bene.", "Per fortuna nessuno si è fatto male.", "Per la prova serve il badge."])
      expect(markerTier(sentence), sentence).toBe(0);
  });

  it("reads a meeting named by what it is for", () => {
    expect(meetingKind(["Ok, facciamo la retrospettiva dello sprint, siamo in cinque."])).toBe("Retrospettiva dello sprint");
    expect(meetingKind(["Registro, così poi scriviamo il post-mortem dell'interruzione."])).toBe("Post-mortem dell'interruzione");
    expect(meetingKind(["Bene, facciamo il giro delle commesse aperte."])).toBe("Giro delle commesse");
    // A walk round a place is no kind of meeting.
    expect(meetingKind(["Prima di cominciare ho fatto un giro della piazza con i volontari."])).toBeUndefined();
  });
});
