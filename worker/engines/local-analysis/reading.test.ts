import { describe, expect, it } from "vitest";
import { readTranscript } from "./reading";
import { runsOn } from "./reading-words";
import { analyzeLocally } from "./index";

const seg = (start: number, end: number, text: string) => ({ start, end, text });
const read = (...segments: { start: number; end: number; text: string }[]) => readTranscript(segments).map((s) => s.text);

describe("reading a raw transcript", () => {
  it("sets fillers and words said twice aside", () => {
    expect(read(seg(0, 5, "il il preventivo ehm è arrivato eh ieri."))).toEqual(["Il preventivo è arrivato ieri."]);
  });

  it("removes a full stop after an article or preposition, and at a seam without a pause before a lower-case word", () => {
    expect(read(seg(0, 4, "porto il certificato entro la fine del."), seg(4, 6, "mese, va bene."))).toEqual([
      "Porto il certificato entro la fine del",
      "mese. Va bene.",
    ]);
    expect(read(seg(0, 4, "la bozza la mando."), seg(4, 6, "domani mattina."))).toEqual(["La bozza la mando", "domani mattina."]);
  });

  it("reads a word the transcript says after «una» or «della» as a noun, not as a verb opening a clause", () => {
    const [text] = read(
      seg(
        0,
        30,
        "per il bando ci serve una relazione tecnica firmata la chiedo io all'ingegner Pozzi la settimana prossima così la mandiamo tra una settimana",
      ),
    );
    expect(text).toContain("all'ingegner Pozzi la settimana prossima");
  });

  it("reads a transcript with its full stops but every start in lower case as prose, not as run-on speech", () => {
    expect(
      read(
        seg(0, 8, "buonasera a tutti. va bene, intanto cominciamo. allora, le cose sono queste: i turni e i soldi."),
        seg(9, 14, "i turni. il sabato siamo in quindici, ma la mattina non c'è nessuno."),
      ),
    ).toEqual([
      "Buonasera a tutti. Va bene, intanto cominciamo. Allora, le cose sono queste: i turni e i soldi.",
      "I turni. Il sabato siamo in quindici, ma la mattina non c'è nessuno.",
    ]);
  });

  it("sets off the person called before a request, by name, by title and name, or by role, in the polite form too", () => {
    const called = (text: string) => read(seg(0, 3, "ho sentito Chiara ieri."), seg(5, 9, text))[1];
    expect(called("chiara il modulo lo attivi tu entro martedì.")).toBe("Chiara, il modulo lo attivi tu entro martedì.");
    // A title and a name calling with «lei che…», the polite form.
    expect(called("dottor Ferraro lei che ha fatto il corso prepara una scheda da attaccare in guardiola.")).toMatch(/^Dottor Ferraro, lei che/);
    // A name said after «tu» closes the request.
    expect(read(seg(0, 9, "e su facebook lo metti tu michele che sei l'unico che sa usarlo"))[0]).toMatch(/lo metti tu, Michele, che sei/);
    // The object may be long before its pronoun, and hold an article that looks like one.
    expect(called("michele la lettera con le rate e le scadenze la fai tu per i genitori.")).toMatch(/^Michele, la lettera/);
    expect(called("marco il menù della cena di gala di sabato per il gruppo me lo mandi entro mercoledì.")).toMatch(
      /^Marco, il menù della cena di gala di sabato per il gruppo me lo mandi/,
    );
    expect(called("professoressa Marchetti la scheda la compila lei.")).toBe("Professoressa Marchetti, la scheda la compila lei.");
    expect(called("tesoriere la convocazione la mandi tu.")).toMatch(/^Tesoriere, la convocazione la mandi tu/);
    // A role that is the subject is no one called: «il tesoriere la manda».
    expect(called("tesoriere e segretario la mandano entro venerdì.")).toMatch(/^Tesoriere e segretario/);
  });

  it("takes no sentence end from a change of speaker label alone: the words and the pauses decide", () => {
    // Diarization and a call's channels give a segment the voice of most of its words (decision 045):
    // the label changes where the engine cut, which may be mid-sentence.
    const turn = (start: number, end: number, text: string, speaker: string) => ({ start, end, text, speaker });
    expect(
      readTranscript([
        turn(0, 4, "il tesoriere chiede al tecnico un preventivo scritto", "Relatore 1"),
        turn(4, 6, "per la riparazione entro la prossima riunione", "Relatore 2"),
      ]).map((s) => s.text),
    ).toEqual(["Il tesoriere chiede al tecnico un preventivo scritto", "per la riparazione entro la prossima riunione"]);
    // A reply that opens with a yes still ends the request before it, as in any run-on text.
    expect(
      readTranscript([turn(0, 4, "la convocazione la mandi tu entro venerdì", "Marco"), turn(4.1, 6, "sì la mando io", "Sara")]).map((s) => s.text),
    ).toEqual(["La convocazione la mandi tu entro venerdì.", "Sì la mando io"]);
  });

  it("keeps «io» said after the speaker's own verb with the clause it ends, in run-on text", () => {
    const [text] = read(seg(0, 30, "giusto va rifatta la valutazione del rumore il tecnico lo chiamo io la facciamo entro il 30 giugno"));
    expect(text).toContain("Il tecnico lo chiamo io.");
  });

  it("ends no sentence after «sennò», after the speaker's verb that has only the person it is for, nor before a name that is an object or a street, nor after «chi», in run-on text", () => {
    const [text] = read(
      seg(0, 30, "chiamo io i Bertolini per confermare e gli mando la caparra lo faccio entro venerdì ma ricordatemelo sennò me li scordo"),
    );
    expect(text).toContain("gli mando la caparra");
    expect(text).toContain("sennò me li scordo");
    // «chi» awaits its verb: «chi | lo fa» is no sentence end.
    expect(read(seg(0, 30, "e il volantino chi lo fa lo faccio io ma prima mi serve il menù"))[0]).toContain("chi lo fa");
    // A street's name is no one called either.
    expect(read(seg(0, 30, "le transenne di via Roma chi le porta sono ancora nel magazzino comunale le porta la squadra uno"))[0]).toContain(
      "via Roma",
    );
    // The person the speaker's verb is about is no one called.
    expect(read(seg(0, 30, "allora la sala la prenoto io conosco Franco, magari per sei prove ci fa un prezzo"))[0]).toContain("conosco Franco");
  });

  it("ends a sentence before a name and «tu» that call someone to a task, in run-on text", () => {
    expect(
      read(seg(0, 30, "per la raccolta fondi ci serve qualcuno con un po' di fantasia sara, tu che fai la grafica ci pensi tu a una locandina")),
    ).toEqual(["Per la raccolta fondi ci serve qualcuno con un po' di fantasia. Sara, tu che fai la grafica ci pensi tu a una locandina?"]);
    // Not one told what they are.
    expect(read(seg(0, 30, "le transenne le porta la squadra uno col furgone davide, tu sei il caposquadra le andate a prendere"))[0]).toContain(
      "col furgone Davide, tu sei",
    );
  });

  it("ends a sentence at a pause between segments and before an opener", () => {
    expect(read(seg(0, 4, "il bilancio è approvato"), seg(5.2, 8, "passiamo al secondo punto ok ci sono domande"))).toEqual([
      "Il bilancio è approvato.",
      "Passiamo al secondo punto. Ok ci sono domande?",
    ]);
  });

  it("recognises a subject raised with «e», when and how asked, a task put to «tu», and not «è vero» agreeing", () => {
    const asked = (text: string) => read(seg(0, 3, "non so."), seg(5, 8, text))[1];
    expect(asked("e il concerto delle due bande.")).toBe("E il concerto delle due bande?");
    expect(asked("quando lo mettiamo.")).toBe("Quando lo mettiamo?");
    expect(asked("il battello lo prenota l'ufficio cultura, Lorenzo, se ne occupi tu.")).toBe(
      "Il battello lo prenota l'ufficio cultura, Lorenzo, se ne occupi tu?",
    );
    expect(asked("ah, già, è vero.")).toBe("Ah, già, è vero.");
    // A subject with «e» that goes on with its pronoun and verb is a statement.
    expect(asked("e la bozza gliela approvo entro venerdì.")).toBe("E la bozza gliela approvo entro venerdì.");
  });

  it("recognises questions by their words only where the engine writes no «?»", () => {
    expect(read(seg(0, 3, "chi se ne occupa."), seg(5, 8, "me ne occupo io."))).toEqual(["Chi se ne occupa?", "Me ne occupo io."]);
    // A writer's full stop in prose that asks elsewhere stands.
    expect(read(seg(0, 3, "Chi vuole può intervenire adesso."), seg(4, 6, "Ci sono domande?"))).toEqual([
      "Chi vuole può intervenire adesso.",
      "Ci sono domande?",
    ]);
  });

  it("gives a name its capital back where the engine wrote it in lower case", () => {
    expect(read(seg(0, 3, "ne parlo con Marta."), seg(5, 8, "marta manda il modulo entro venerdì."))).toEqual([
      "Ne parlo con Marta.",
      "Marta manda il modulo entro venerdì.",
    ]);
  });

  it("in a run-on transcript, opens a clause where a subject and its verb begin", () => {
    const runOn = (...texts: string[]) => read(...texts.map((t, i) => seg(i * 6, i * 6 + 6, t)));
    // A person or an office and a finite verb, after a deadline or a noun.
    expect(runOn("il preventivo della ditta va approvato entro il 30/5 la segreteria manderà la lettera ai fornitori")).toEqual([
      "Il preventivo della ditta va approvato entro il 30/5. La segreteria manderà la lettera ai fornitori",
    ]);
    expect(runOn("abbiamo guardato le due offerte del trasporto giorgio scrive alla ditta più economica")).toEqual([
      "Abbiamo guardato le due offerte del trasporto. Giorgio scrive alla ditta più economica",
    ]);
    // A role with the name after it, across a segment cut after its article.
    expect(runOn("abbiamo sentito tutte le famiglie del secondo piano la.", "signora Bassi manda il modulo alla scuola")).toEqual([
      "Abbiamo sentito tutte le famiglie del secondo piano. La",
      "signora Bassi manda il modulo alla scuola",
    ]);
    // An object put first and taken up by its pronoun; an outcome in the passive.
    expect(runOn("il giro dei preventivi è finito il verbale lo scrive la segreteria")).toEqual([
      "Il giro dei preventivi è finito. Il verbale lo scrive la segreteria",
    ]);
    expect(runOn("abbiamo sentito il parere del geometra la decisione sul tetto è rinviata a settembre")).toEqual([
      "Abbiamo sentito il parere del geometra. La decisione sul tetto è rinviata a settembre",
    ]);
    expect(runOn("si vota per alzata di mano favorevoli nove contrari due la proposta è approvata")).toEqual([
      "Si vota per alzata di mano favorevoli nove contrari due. La proposta è approvata",
    ]);
    // Not an object after its verb, a name in apposition, nor a role with no verb after it.
    expect(runOn("domani bisogna avvisare la coordinatrice prepara lei i turni")).toEqual([
      "Domani bisogna avvisare la coordinatrice prepara lei i turni",
    ]);
    expect(runOn("ne ho parlato ieri sera con l'ingegnere Bianchi manda lui il progetto")).toEqual([
      "Ne ho parlato ieri sera con l'ingegnere Bianchi manda lui il progetto",
    ]);
    expect(runOn("stamattina ho incontrato la segretaria del dirigente in via Roma")).toEqual([
      "Stamattina ho incontrato la segretaria del dirigente in via Roma",
    ]);
  });

  it("in a run-on transcript, ends a sentence before a pronoun pair, an agreement, «intanto» or a change of subject", () => {
    const runOn = (text: string) => read(seg(0, 9, text));
    expect(runOn("va scritto bene sul volantino per chi viene da fuori me ne occupo io stasera")).toEqual([
      "Va scritto bene sul volantino per chi viene da fuori. Me ne occupo io stasera",
    ]);
    expect(runOn("la sala grande costa troppo per noi il primo incontro lo facciamo in biblioteca")).toEqual([
      "La sala grande costa troppo per noi. Il primo incontro lo facciamo in biblioteca",
    ]);
    expect(runOn("servono altri due preventivi per il tetto d'accordo, allora rimandiamo a maggio")).toEqual([
      "Servono altri due preventivi per il tetto. D'accordo, allora rimandiamo a maggio",
    ]);
    expect(runOn("il server nuovo arriva a fine mese intanto usiamo quello vecchio")).toEqual([
      "Il server nuovo arriva a fine mese. Intanto usiamo quello vecchio",
    ]);
    expect(runOn("le iscrizioni sono ferme a venti un'altra cosa, il pulmino per la gita")).toEqual([
      "Le iscrizioni sono ferme a venti. Un'altra cosa, il pulmino per la gita",
    ]);
    expect(runOn("il corriere non consegna più prima di Natale allora lo scriviamo sul sito")).toEqual([
      "Il corriere non consegna più prima di Natale. Allora lo scriviamo sul sito",
    ]);
    // Agreement said by the subject, «intanto» after its subject: one sentence.
    expect(runOn("sul preventivo del tetto noi siamo d'accordo, allora rimandiamo a maggio")).toEqual([
      "Sul preventivo del tetto noi siamo d'accordo, allora rimandiamo a maggio",
    ]);
  });

  it("in a run-on transcript, ends a sentence before «io» and its verb, before the agreement said first, and before «sì» with its time", () => {
    const runOn = (text: string) => read(seg(0, 9, text));
    expect(runOn("la stampante del secondo piano non funziona da ieri io chiamo il tecnico domani mattina")).toEqual([
      "La stampante del secondo piano non funziona da ieri. Io chiamo il tecnico domani mattina",
    ]);
    expect(runOn("apriamo anche il conto a nome suo bene io preparo un promemoria con tutti i documenti")).toEqual([
      "Apriamo anche il conto a nome suo. Bene, io preparo un promemoria con tutti i documenti",
    ]);
    expect(runOn("lo dici tu che vai alla loro riunione del lunedì sì lunedì lo porto io")[0]).toContain("lunedì. Sì lunedì lo porto io");
  });

  it("reads a transcript that keeps only its «?» as run-on, and ends the statements before a long sentence's question", () => {
    // Full stops gone, questions kept, as whisper writes a fast exchange: the «?» are no sign of prose.
    const [text] = read(
      seg(
        0,
        30,
        "il preventivo della ditta è arrivato ieri sera ci siamo? allora li chiamo io questa settimana per il prezzo e se mi dicono di sì andiamo a prenderli con il carrello a ottobre prima della regata e per gli istruttori invece? il bando lo scrivo io sul modello dell'anno scorso e lo mando alla federazione entro il 15 settembre che è la scadenza chi mi aiuta?",
      ),
    );
    expect(text).toContain("prima della regata. E per gli istruttori invece?");
    expect(text).toContain("che è la scadenza. Chi mi aiuta?");
    // One «?» in fifteen words would have counted as prose.
    const asked = "ci siamo? il preventivo è arrivato ieri sera e lo giro io a tutti domani mattina va bene? ";
    const tokens = asked
      .repeat(4)
      .trim()
      .split(" ")
      .map((word) => ({ word, segment: 0 }));
    expect(runsOn(tokens, [seg(0, 40, asked.repeat(4))])).toBe(true);
    // A short question stays whole.
    expect(read(seg(0, 9, "il preventivo è arrivato ieri. e per gli istruttori invece?"))).toEqual([
      "Il preventivo è arrivato ieri. E per gli istruttori invece?",
    ]);
    // …but a vote's outcome before it is said, not asked.
    const [tally] = read(
      seg(0, 20, "prendiamo il caseificio come produttore favorevoli? 22 contrari? nessuno astenuti? due approvato chi fa da referente?"),
    );
    expect(tally).toContain("Due approvato. Chi fa da referente?");
    // A subject raised with «e» at the very end asks only that: «…dopo la messa e il programma?».
    const [last] = read(seg(0, 20, "va bene sì sì lo dico io a don Carlo domani dopo la messa e il programma?"));
    expect(last).toContain("domani dopo la messa. E il programma?");
    const [instructors] = read(seg(0, 20, "li andiamo a prendere con il carrello a ottobre prima della regata allora per gli istruttori invece?"));
    expect(instructors).toContain("prima della regata. Allora per gli istruttori invece?");
    // The person raised with «e» just before the question word is asked about: «…e a Ferruccio chi lo dice?».
    const [raised] = read(seg(0, 20, "il carrello lo portiamo noi per caricarlo mi bastano i ragazzi che sono lì e a Ferruccio chi lo dice?"));
    expect(raised).toContain("che sono lì. E a Ferruccio chi lo dice?");
    // The count said before the next call of a tally is its own answer: «Favorevoli? 19 contrari?».
    expect(
      read(
        seg(0, 20, "metto in votazione la proposta con questa modifica favorevoli? 19 contrari? tre astenuti? tre allora la proposta è approvata"),
      ).join(" "),
    ).toContain("19. Contrari? Tre. Astenuti?");
    // …also with «e» before the next question.
    const [consent] = read(
      seg(0, 20, "quindi due ordini dicembre e febbraio con le cassette da 10 chili qualcuno contrario? no bene approvato e chi lo segue?"),
    );
    expect(consent).toContain("approvato. E chi lo segue?");
  });

  it("in a run-on transcript, calls someone by title and name, and takes the «sì» after a long question for its answer", () => {
    expect(read(seg(0, 9, "per il bando ci serve una relazione tecnica firmata la chiedo io all'ingegner Pozzi la settimana prossima"))[0]).toContain(
      "all'ingegner Pozzi la settimana prossima",
    );
    expect(read(seg(0, 9, "mi sembra una bella cosa allora tutti d'accordo bene don eh Franco, lo annuncia lei alle messe di domenica"))).toEqual([
      "Mi sembra una bella cosa allora tutti d'accordo. Bene, don Franco, lo annuncia lei alle messe di domenica",
    ]);
    expect(
      read(seg(0, 9, "apriamo un fondo per la caldaia nuova con la busta di Natale siete d'accordo sì il tesoriere chiede al tecnico un preventivo")),
    ).toEqual(["Apriamo un fondo per la caldaia nuova con la busta di Natale siete d'accordo sì. Il tesoriere chiede al tecnico un preventivo"]);
  });

  it("in a run-on transcript, ends a sentence before someone called to a request, even after a word said alone", () => {
    // (The stop after «sul» at the seam is a cut, gone before the request is read.)
    expect(
      read(
        seg(
          0,
          8,
          "metto in votazione la quota a trecentosessanta euro con lo sconto del cinquanta per cento dal secondo figlio favorevoli sei, contrari uno",
        ),
        seg(8, 12, "approvato marta, il modulo di iscrizione sul."),
        seg(12, 15, "sito lo aggiorni tu con le nuove cifre."),
      ).join(" | "),
    ).toContain("Approvato. Marta, il modulo di iscrizione sul | sito lo aggiorni tu");
  });

  it("in a run-on transcript, starts a request at the object it puts before the name it calls", () => {
    expect(read(seg(0, 9, "allora per la festa facciamo il menù come l'anno scorso la lista della spesa, Gianni la fai tu come sempre"))).toEqual([
      "Allora per la festa facciamo il menù come l'anno scorso. La lista della spesa, Gianni, la fai tu come sempre",
    ]);
  });

  it("in a run-on transcript, keeps the «allora» said twice before the speakers' own verb, which concludes", () => {
    const [text] = read(
      seg(0, 9, "con la copertina nuova la spirale nera è anche meglio allora, allora facciamo cinquecento copie con la carta opaca"),
    );
    expect(text).toContain("meglio. Allora facciamo cinquecento copie");
  });

  it("sets aside «diciamo» after a pronoun when no clause of its own follows, and a soft filler said twice, in prose too", () => {
    expect(read(seg(0, 5, "La diciamo circolare la scrivo io, con le dosi giuste."))).toEqual(["La circolare la scrivo io, con le dosi giuste."]);
    expect(read(seg(0, 5, "Il volantino lo fa mia allora allora cugina, gliel'ho già chiesto."))[0]).toMatch(/^Il volantino lo fa mia cugina\b/);
    expect(read(seg(0, 5, "Questo lo diciamo noi, non loro."))).toEqual(["Questo lo diciamo noi, non loro."]);
    expect(read(seg(0, 5, "Lo diciamo a tutti domani."))).toEqual(["Lo diciamo a tutti domani."]);
  });

  it("in a run-on transcript, ends «chi lo fa» before its answer", () => {
    expect(read(seg(0, 9, "le sedie chi se ne occupa me ne occupo io entro sabato"))).toEqual([
      "Le sedie chi se ne occupa? Me ne occupo io entro sabato",
    ]);
    const [text] = read(seg(0, 9, "e il volantino chi lo fa lo faccio io, ma prima devo sentire la tipografia"));
    expect(text).toMatch(/^E il volantino chi lo fa\? Lo faccio io/);
  });

  it("in a run-on transcript, reads an office after a short outcome, the speakers' verb after its pronouns, an agreement, and the commas of linked clauses", () => {
    const runOn = (text: string) => read(seg(0, 9, text));
    expect(runOn("approvato all'unanimità il signor Conti porta le firme in comune")).toEqual([
      "Approvato all'unanimità. Il signor Conti porta le firme in comune",
    ]);
    expect(runOn("l'albergo ci ha spostati in una camera più piccola gli rimborsiamo due notti")).toEqual([
      "L'albergo ci ha spostati in una camera più piccola. Gli rimborsiamo due notti",
    ]);
    expect(runOn("il modulo ve lo rimando stasera d'accordo da adesso lo firmiamo ogni sera")).toEqual([
      "Il modulo ve lo rimando stasera. D'accordo da adesso lo firmiamo ogni sera",
    ]);
    expect(runOn("in caso di pioggia la spostiamo al sabato successivo così non ci stringiamo dentro")).toEqual([
      "In caso di pioggia la spostiamo al sabato successivo, così non ci stringiamo dentro",
    ]);
    expect(runOn("la piattaforma è approvata con due astenuti la RSU la presenta alla direzione")).toEqual([
      "La piattaforma è approvata con due astenuti. La RSU la presenta alla direzione",
    ]);
    expect(
      runOn("il presidente presenta la domanda entro il 31/3 la socia Patrizia Longo che è ingegnere, si offre di curare il capitolato"),
    ).toEqual(["Il presidente presenta la domanda entro il 31/3. La socia Patrizia Longo che è ingegnere, si offre di curare il capitolato"]);
    // A time or a condition put first belongs to the clause after it; «poi» goes on; «facciamo così» is no link.
    expect(runOn("il volantino lo prepara giulia entro venerdì e poi lo distribuiamo in parrocchia")).toEqual([
      "Il volantino lo prepara Giulia entro venerdì e poi lo distribuiamo in parrocchia",
    ]);
    expect(runOn("va bene allora per la gita di primavera facciamo così prenotiamo il pullman")).toEqual([
      "Va bene allora per la gita di primavera facciamo così, prenotiamo il pullman",
    ]);
  });

  it("takes a stop at a seam before a name that opens no clause for a cut", () => {
    expect(
      read(
        seg(0, 6, "per i turni di dicembre serve una tabella nuova con i nomi dei volontari la tabella dei turni la prepara."),
        seg(6, 9, "Lucia entro il 15/12 poi vediamo chi manca"),
      ),
    ).toEqual([
      // (A time put first awaits its clause: no stop after «dicembre».)
      "Per i turni di dicembre serve una tabella nuova con i nomi dei volontari la tabella dei turni la prepara",
      "Lucia entro il 15/12. Poi vediamo chi manca",
    ]);
  });

  it("reads a name that calls someone to a task as a vocative, and the request as a question", () => {
    expect(read(seg(0, 9, "il modulo va cambiato sul sito e sull'app luka, te ne occupi tu lato server"), seg(9.2, 11, "sì, entro domani"))).toEqual([
      "Il modulo va cambiato sul sito e sull'app. Luka, te ne occupi tu lato server?",
      "Sì, entro domani",
    ]);
    expect(read(seg(0, 9, "restano i rimborsi dei biglietti sara puoi farli tu entro oggi"))).toEqual([
      "Restano i rimborsi dei biglietti. Sara, puoi farli tu entro oggi?",
    ]);
    // A name that is a word too, heard with a letter no Italian word has: «Chiara» as «kiara».
    expect(read(seg(0, 9, "la lista dei fornitori è pronta kiara la chiami tu la polizia locale per l'accordo"))).toEqual([
      "La lista dei fornitori è pronta. Kiara, la chiami tu la polizia locale per l'accordo?",
    ]);
    // …but not the word itself, in lower case: «chiara».
    expect(read(seg(0, 9, "la lista dei fornitori è pronta chiara la chiami tu la polizia locale per l'accordo"))[0]).not.toContain("Chiara,");
    // A name with a verb in «-i» that is no request: «Marco ieri…».
    expect(read(seg(0, 9, "abbiamo parlato del furgone con marco ieri sera"))).toEqual(["Abbiamo parlato del furgone con Marco ieri sera"]);
  });

  it("removes a false stop after «entro» and between a role and the name it precedes", () => {
    expect(read(seg(0, 4, "il modulo va consegnato entro."), seg(4, 6, "il 30 aprile."))).toEqual(["Il modulo va consegnato entro", "il 30 aprile."]);
    // (Nor after «ad», «a» before a vowel: «…l'uscita ad. | Arco».)
    expect(read(seg(0, 4, "allora facciamo l'uscita ad."), seg(4, 6, "Arco il due e il tre maggio."))).toEqual([
      "Allora facciamo l'uscita ad",
      "Arco il due e il tre maggio.",
    ]);
    expect(read(seg(0, 3, "ne parla l'assessore."), seg(3, 6, "Marta Conti con la ditta."))).toEqual([
      "Ne parla l'assessore",
      "Marta Conti con la ditta.",
    ]);
  });

  it("gives a first name its capital however the engine spelt it, not a word that is a name too", () => {
    expect(read(seg(0, 5, "poi marko prepara l'archivio, la cosa è chiara e sarà fatta entro venerdì."))).toEqual([
      "Poi Marko prepara l'archivio, la cosa è chiara e sarà fatta entro venerdì.",
    ]);
    // A final «-a» heard as «-e»; not a short word that is one too («mare»).
    expect(read(seg(0, 5, "poi silvie porta il pane al mare entro sabato."))).toEqual(["Poi Silvie porta il pane al mare entro sabato."]);
    // …and a final «-e» heard as «-a»; not a word that is one too («marca», «sola»).
    expect(read(seg(0, 5, "poi davida cambia marca e resta sola entro sabato."))).toEqual(["Poi Davida cambia marca e resta sola entro sabato."]);
  });

  it("in a run-on transcript, sets aside a filler inside a noun phrase or said twice, keeps «diciamo che» and «lo diciamo»", () => {
    const runOn = (text: string) => read(seg(0, 9, text));
    expect(runOn("abbiamo controllato ogni allora settimana il magazzino e cioè i conti tornano diciamo quasi")).toEqual([
      "Abbiamo controllato ogni settimana il magazzino e i conti tornano quasi",
    ]);
    expect(runOn("il capitolo allora allora tre lo rivediamo insieme")).toEqual(["Il capitolo tre lo rivediamo insieme"]);
    expect(runOn("diciamo che va bene così lo diciamo noi ai soci")).toEqual(["Diciamo che va bene, così lo diciamo noi ai soci"]);
  });

  it("in a run-on transcript, opens no clause inside a date, a name, an object with a comma, or at another's verb", () => {
    const runOn = (text: string) => read(seg(0, 9, text));
    expect(runOn("ne parliamo alla prossima assemblea dei soci")).toEqual(["Ne parliamo alla prossima assemblea dei soci"]);
    expect(runOn("il turno di sabato notte resta scoperto")).toEqual(["Il turno di sabato notte resta scoperto"]);
    expect(runOn("abbiamo chiesto che i moduli si compilino online")).toEqual(["Abbiamo chiesto che i moduli si compilino online"]);
    expect(runOn("marco raccoglie le offerte, e le confrontiamo noi")).toEqual(["Marco raccoglie le offerte, e le confrontiamo noi"]);
  });

  it("in a run-on transcript, reads a name that calls someone with the object first as a request", () => {
    expect(read(seg(0, 9, "abbiamo finito con le pulizie giovanna il turno di domenica lo copri tu"))).toEqual([
      "Abbiamo finito con le pulizie. Giovanna, il turno di domenica lo copri tu?",
    ]);
  });

  it("in a run-on transcript, reads a vote's call and outcome, a recap's numbered points, and a time put first", () => {
    const runOn = (text: string) => read(seg(0, 9, text));
    expect(runOn("metto in votazione il nuovo orario favorevoli nove contrari due approvato il punto successivo")).toEqual([
      "Metto in votazione il nuovo orario favorevoli nove contrari due. Approvato il punto successivo",
    ]);
    expect(runOn("le tabelle le controlla la segreteria entro fine mese chi è favorevole alla nuova tabella")).toEqual([
      "Le tabelle le controlla la segreteria entro fine mese. Chi è favorevole alla nuova tabella?",
    ]);
    expect(runOn("approvata all'unanimità la seduta è tolta")).toEqual(["Approvata all'unanimità. La seduta è tolta"]);
    expect(runOn("ricapitolo uno: il cancello resta chiuso di notte e le chiavi le tiene il custode due: la pulizia passa a martedì")).toEqual([
      "Ricapitolo uno: il cancello resta chiuso di notte e le chiavi le tiene il custode. Due: la pulizia passa a martedì",
    ]);
    // A time put first awaits its clause; a deadline at the end of one does not.
    expect(runOn("quindi per la prossima gita, quella di maggio prenotiamo il pullman grande")).toEqual([
      "Quindi per la prossima gita, quella di maggio prenotiamo il pullman grande",
    ]);
    expect(runOn("la bozza la mando entro venerdì marco prepara le slide")).toEqual(["La bozza la mando entro venerdì. Marco prepara le slide"]);
    // An object put first and taken up by its pronoun is one clause; not when a verb came between.
    expect(runOn("sì bene i tavoli per la festa di sabato e domenica li chiediamo alla parrocchia")).toEqual([
      "Sì bene i tavoli per la festa di sabato e domenica li chiediamo alla parrocchia",
    ]);
    expect(runOn("le sedie chi le porta il furgone è piccolo le carichiamo in due giri")).toEqual([
      "Le sedie chi le porta il furgone è piccolo. Le carichiamo in due giri",
    ]);
    expect(runOn("rispondo io al comune ringraziando e magari gli proponiamo un'altra data")).toEqual([
      "Rispondo io al comune ringraziando e magari gli proponiamo un'altra data",
    ]);
    expect(read(seg(0, 4, "stasera non ce."), seg(4, 6, "la facciamo"))).toEqual(["Stasera non ce", "la facciamo"]);
    // After a vote's outcome said alone a clause opens; «io» with the speaker's verb answers; a question with who does it last.
    expect(runOn("metto in votazione favorevoli tutti approvato il regolamento lo pubblica la segreteria")).toEqual([
      "Metto in votazione favorevoli tutti. Approvato. Il regolamento lo pubblica la segreteria",
    ]);
    // A count that answers a call put as «chi…» ends it: «19 su 19», «tutti favorevoli».
    expect(runOn("allora chi approva il verbale con questa correzione alzi la mano 19 su 19 approvato")).toEqual([
      "Allora chi approva il verbale con questa correzione alzi la mano? 19 su 19 approvato",
    ]);
    expect(runOn("chi è favorevole a fare il banchetto con le marmellate tutti favorevoli")).toEqual([
      "Chi è favorevole a fare il banchetto con le marmellate? Tutti favorevoli",
    ]);
    expect(runOn("i biglietti per la gita chi li compra io li compro io domani")).toEqual([
      "I biglietti per la gita chi li compra? Io li compro io domani",
    ]);
    expect(runOn("d'accordo da domani caffè solo al mattino il custode chiude la sala alle sei")).toEqual([
      "D'accordo da domani caffè solo al mattino. Il custode chiude la sala alle sei",
    ]);
    // «o no» closes a question; a question word awaits its verb.
    expect(runOn("la gita la facciamo o no perché i posti finiscono")).toEqual(["La gita la facciamo o no? Perché i posti finiscono"]);
    expect(runOn("sono arrivate trenta sedie in più ma dove le mettiamo tutte")).toEqual([
      "Sono arrivate trenta sedie in più, ma dove le mettiamo tutte",
    ]);
    // An agenda item announced in the stretch, not a version's number.
    expect(runOn("le foto le mandate a me entro fine mese varie ed eventuali la cena sociale")).toEqual([
      "Le foto le mandate a me entro fine mese. Varie ed eventuali la cena sociale",
    ]);
    expect(runOn("il login nuovo va nella tre punto due insieme al resto")).toEqual(["Il login nuovo va nella tre punto due insieme al resto"]);
  });

  it("in a transcript that keeps its stops but starts sentences in lower case, lets the words decide a stop at a seam", () => {
    // Case says nothing here: the stop before «il tesoriere lo manda» is an end, as the words show.
    expect(
      read(
        seg(0, 6, "il preventivo della ditta è arrivato ieri. costa troppo per noi e non comprende le grondaie."),
        seg(6, 9, "il tesoriere lo manda alla banca domani. poi vediamo."),
      ),
    ).toEqual([
      "Il preventivo della ditta è arrivato ieri. Costa troppo per noi e non comprende le grondaie.",
      "Il tesoriere lo manda alla banca domani. Poi vediamo.",
    ]);
    // …and a stop where the engine cut a clause is no end.
    expect(read(seg(0, 6, "il preventivo è arrivato ieri. la bozza la mando."), seg(6, 9, "domani mattina. poi vediamo."))).toEqual([
      "Il preventivo è arrivato ieri. La bozza la mando",
      "domani mattina. Poi vediamo.",
    ]);
    // A stop at a seam before a word that could open a sentence stays: «…in consiglio comunale. | approvato…».
    expect(
      read(
        seg(0, 6, "i residenti hanno raccolto duecento firme. mettiamo ai voti: il comitato porta la richiesta in consiglio comunale."),
        seg(6, 9, "approvato all'unanimità. il signor Bruni consegna le firme."),
      ),
    ).toEqual([
      "I residenti hanno raccolto duecento firme. Mettiamo ai voti: il comitato porta la richiesta in consiglio comunale.",
      "Approvato all'unanimità. Il signor Bruni consegna le firme.",
    ]);
  });

  it("leaves prose as it is", () => {
    const prose = [seg(0, 5, "Buongiorno a tutti. Il primo punto è il bilancio."), seg(6, 9, "Sì, cioè il consuntivo: è approvato?")];
    expect(readTranscript(prose)).toEqual(prose);
  });

  it("finds an action with owner and deadline in a run-on, lower-case transcript with fillers", () => {
    const result = analyzeLocally([
      seg(0, 6, "buongiorno a tutti allora cominciamo eh con il modulo di iscrizione"),
      seg(7, 12, "marta, il modulo lo metti tu sul sito entro venerdì"),
      seg(13, 16, "sì certo lo metto io entro venerdì"),
    ]);
    expect(result.actionItems).toEqual([expect.objectContaining({ owner: "Marta", due: "entro venerdì" })]);
  });

  it("reads a name after the word that opens the sentence, and after a short clause with the object first, as the person called", () => {
    // «E Luca tu le vai…»: the comma after the name went with the run-on text.
    expect(
      analyzeLocally([
        seg(0, 5, "le docce da campo le ordino io conosco quello del noleggio."),
        seg(6, 10, "e Luca tu le vai a prendere giovedì"),
        seg(10, 12, "con il furgone."),
      ]).actionItems,
    ).toContainEqual(expect.objectContaining({ task: "Le vai a prendere con il furgone", owner: "Luca", due: "giovedì" }));
    // «…abbiamo finito irene il verbale…»: «finito» awaits no object in the name that is called.
    const runOn = read(
      seg(0, 6, "sì la faccio io ma qualcuno mi deve aiutare a portare su le casse d'acqua e le bottiglie"),
      seg(7, 11, "bene abbiamo finito irene il verbale lo metti nel gruppo"),
      seg(11, 12, "di tutti"),
      seg(12, 13, "entro domenica"),
    );
    expect(runOn[1]).toBe("Bene abbiamo finito. Irene, il verbale lo metti nel gruppo");
  });

  it("in a run-on transcript, opens a clause at «allora», «quindi» or «poi» before a subject and its verb", () => {
    const text = read(
      seg(0, 6, "per i guanti nuovi abbiamo guardato i prezzi e quelli della ditta di Carpi costano meno"),
      seg(
        6,
        16,
        "li compriamo tanto un infortunio costa molto di più di un paio di guanti allora la segretaria manda i modelli da provare entro fine mese",
      ),
    ).join(" ");
    expect(text).toContain("guanti. Allora la segretaria manda i modelli");
  });

  it("in a run-on transcript, reads a time put first after a colon as its clause's, not as an end", () => {
    const text = read(
      seg(0, 9, "a turno certo uno di noi tre a rotazione più il ragazzo va bene anche per me"),
      seg(9, 14, "allora facciamo così: da gennaio chiusi il lunedì mattina e aperti"),
      seg(14, 19, "il sabato dalle 15 alle 18, a turno lo scrivo io all'assessore oggi stesso"),
    ).join(" ");
    expect(text).toContain("facciamo così: da gennaio chiusi il lunedì mattina");
  });

  it("in a run-on transcript, opens a clause at the speaker's «lo dico io», unless the pronoun takes up the object just said", () => {
    const text = read(
      seg(0, 6, "abbiamo guardato le due offerte del trasporto e quella della ditta costa meno quindi la prendiamo e poi vediamo come va"),
      seg(6, 14, "la data la decidono loro, dipende dal mare lo dico io al presidente della gara che siamo disponibili"),
    ).join(" ");
    expect(text).toContain("dipende dal mare. Lo dico io al presidente");
    // (No end after a conjunction, before the speakers' verb it links: «…costa meno, quindi la prendiamo».)
    expect(text).toContain("costa meno, quindi la prendiamo");
    const fronted = read(
      seg(0, 6, "per la rivista abbiamo guardato i commenti dei revisori e sono tutti ragionevoli"),
      seg(6, 14, "la lettera di risposta ai revisori la scrivo io e poi la giriamo a tutti"),
    ).join(" ");
    expect(fronted).toContain("la lettera di risposta ai revisori la scrivo io");
  });

  it("reads a name followed by «poi», «intanto» or «allora» set off, and a request, as the person called", () => {
    const result = analyzeLocally([
      seg(0, 6, "le segnalazioni dei delfini le mandate tutte a me con la foto e il posto"),
      seg(7, 12, "antonella poi tu le giri alla capitaneria tutte insieme a nome della cooperativa"),
      seg(12.5, 14, "sì va bene"),
    ]);
    expect(result.actionItems).toContainEqual(expect.objectContaining({ owner: "Antonella", task: expect.stringMatching(/capitaneria/) }));
    // …or «allora» set off by commas.
    const [, text] = read(
      seg(0, 6, "il cliente ha scritto che il pacco è arrivato rotto e la cover era graffiata"),
      seg(6, 14, "gli scriviamo noi o aspettiamo che si lamentino scriviamo subito Sara, allora, gli mandi una mail di scuse"),
    );
    expect(text).toContain("scriviamo subito. Sara, allora, gli mandi una mail di scuse");
  });

  it("in a run-on transcript, ends a clause at a subject said after its verb, before the speaker's own verb", () => {
    const text = read(
      seg(0, 6, "per il bagno le piastrelle del campione non mi convincono e il colore della fuga nemmeno"),
      seg(6, 14, "però deve scegliere lei passo in negozio sabato mattina e le mando le foto"),
    ).join(" ");
    expect(text).toContain("deve scegliere lei. Passo in negozio sabato mattina");
  });
});
