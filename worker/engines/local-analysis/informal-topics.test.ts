import { describe, expect, it } from "vitest";
import { analyzeLocally } from "./index";
import { defaultSegmentation, segmentTopics } from "./segmentation";

// An informal call written for this test: a first subject nobody announces, then subjects brought
// up in passing ("Poi c'è la cosa dei…", "Ultima cosa…").
const lines = [
  "Mi sentite tutti?",
  "Sì, sì, ci siamo.",
  "Ok, allora cominciamo che ho poco tempo.",
  "La nuova versione del catalogo online è uscita lunedì con parecchi problemi.",
  "Le foto dei prodotti non si caricano sul telefono e il catalogo sembra vuoto.",
  "Sul computer invece il catalogo funziona, il problema è solo la versione per telefono.",
  "I clienti hanno scritto in tanti, almeno trenta messaggi sul catalogo vuoto.",
  "Il fornitore del sito dice che le foto sono troppo pesanti per il telefono.",
  "Allora le foto le comprimiamo tutte e ricarichiamo il catalogo stasera.",
  "Poi c'è la cosa dei rimborsi, che è più delicata.",
  "Tre clienti aspettano il rimborso da febbraio e uno minaccia la recensione negativa.",
  "La banca ha respinto i bonifici perché mancava il codice della pratica.",
  "I rimborsi li rifacciamo domani con il codice giusto.",
  "Poi, ehm, volevo parlare delle ferie di agosto.",
  "In agosto restiamo aperti solo la mattina, due persone per settimana.",
  "Le ferie le scegliete entro venerdì sul foglio condiviso.",
  "Chi ha i bambini piccoli sceglie per primo le settimane di ferie.",
  "Ultima cosa, il magazzino.",
  "Gli scaffali del magazzino sono pieni di scatole vuote e non si trova niente.",
  "Sabato mattina svuotiamo il magazzino e buttiamo le scatole.",
  "Bene, ci sentiamo venerdì.",
];
const segments = lines.map((text, i) => ({ start: i * 10, end: i * 10 + 9, text }));

describe("topics of an informal call", () => {
  it("keeps the first subject said before any announcement as a topic of its own, and the subjects brought up in passing", () => {
    const { topics, title } = analyzeLocally(segments);
    expect(topics).toHaveLength(4);
    expect(topics[0].name.toLowerCase()).toMatch(/catalogo|foto|telefono|versione/);
    expect(topics[1].name).toMatch(/Rimbors/);
    expect(topics[2].name).toMatch(/Ferie/);
    expect(topics[3].name).toMatch(/Magazzino/);
    expect(title.toLowerCase()).toMatch(/rimbors|magazzino|catalogo/);
  });

  it("does not open an item at a question in a meeting that numbers its items", () => {
    const formal = [
      "Buonasera, possiamo cominciare.",
      "Primo punto, la gita di primavera.",
      "La gita di primavera si fa al lago, con il pullman della parrocchia, il sabato dopo Pasqua.",
      "Il pullman costa seicento euro e ci stanno cinquanta persone.",
      "E il pranzo al sacco?",
      "Il pranzo al sacco lo portano le famiglie, come sempre, e la merenda la offre la parrocchia.",
      "Le iscrizioni si chiudono a fine marzo.",
      "Secondo punto, la pulizia del cortile.",
      "Il cortile va pulito prima della festa, servono almeno dieci volontari con le scope.",
      "I volontari si trovano il sabato mattina alle nove davanti al cancello.",
    ];
    const { topics } = analyzeLocally(formal.map((text, i) => ({ start: i * 10, end: i * 10 + 9, text })));
    expect(topics).toHaveLength(2);
  });
});

// Session 7: meetings written for these tests, not taken from any fixture.
const at = (lines: string[]) => lines.map((text, i) => ({ start: i * 10, end: i * 10 + 9, text }));

describe("items with sub-points, headings and an agenda read out", () => {
  it("keeps ordinals counted right after a named item as its sub-points", () => {
    const { topics } = analyzeLocally(
      at([
        "Ok, registro, ci siamo tutti.",
        "Partiamo dal guasto di martedì.",
        "Martedì alle dieci il server della posta si è fermato e le caselle sono rimaste bloccate per due ore.",
        "Il disco del server era pieno, nessuno aveva guardato gli avvisi del disco.",
        "Il server è ripartito dopo che abbiamo svuotato il disco dei vecchi archivi.",
        "Poi i costi.",
        "Due ore di posta ferma ci sono costate tre ordini persi e un cliente arrabbiato.",
        "Il cliente arrabbiato ha chiesto uno sconto sul prossimo ordine, e glielo diamo.",
        "Ultima parte, le contromisure per il futuro.",
        "Primo, gli avvisi.",
        "Gli avvisi del disco arrivano a una casella che non legge nessuno, li mandiamo al gruppo.",
        "Secondo, lo spazio.",
        "Lo spazio lo raddoppiamo con un disco nuovo entro fine mese.",
        "Terzo, la pulizia.",
        "La pulizia degli archivi la facciamo ogni trimestre, con un promemoria sul calendario.",
        "Bene, grazie a tutti.",
      ]),
    );
    expect(topics.map((t) => t.name)).toEqual([
      expect.stringMatching(/Guasto/),
      expect.stringMatching(/Costi/),
      expect.stringMatching(/Contromisure/),
    ]);
  });

  it("opens an item at a heading said alone, not at an answer to a question", () => {
    const { topics } = analyzeLocally(
      at([
        "Ragazzi, due minuti prima di aprire.",
        "Poi il pesce.",
        "Il pesce di oggi è arrivato tardi, il fornitore ha sbagliato il giro delle consegne.",
        "Quanti branzini abbiamo?",
        "Dieci.",
        "Dieci branzini bastano per stasera, il resto lo chiediamo per domani mattina.",
        "Il fornitore lo chiamo io dopo il servizio, che ci mandi la nota di credito.",
        "Altra cosa, la lavastoviglie.",
        "La lavastoviglie perde acqua da sotto e il pavimento della cucina si allaga.",
        "Il tecnico della lavastoviglie viene domani, intanto mettiamo gli stracci sotto.",
        "Il pavimento bagnato è pericoloso, state attenti con le pentole.",
        "Sabato.",
        "Sabato abbiamo il matrimonio in giardino, centoventi coperti, e servono due camerieri in più.",
        "Per il matrimonio chiamo io i due ragazzi dell'estate scorsa.",
        "Forza, si apre.",
      ]),
    );
    expect(topics).toHaveLength(3);
    expect(topics[2].keyPoints.map((k) => (typeof k === "string" ? k : k.point)).join(" ")).toMatch(/matrimonio/);
  });

  it("does not cut an item in two when the agenda was read out, and names each item in the summary", () => {
    const { topics, summary } = analyzeLocally(
      at([
        "Buonasera a tutti, cominciamo.",
        "L'ordine del giorno di stasera: la palestra, le divise e il pulmino.",
        "Primo punto, la palestra.",
        "Il comune ci dà la palestra della scuola il martedì e il giovedì, dalle diciotto alle venti.",
        "La palestra della scuola ha il pavimento nuovo e gli spogliatoi rifatti.",
        "Il martedì però c'è anche la pallavolo, e dividiamo il campo della palestra a metà.",
        "Gli spogliatoi della palestra li puliamo noi, a turno, dopo ogni allenamento.",
        "Le chiavi della palestra le tiene l'allenatore e le riporta al bidello.",
        "L'affitto costa trecento euro al mese.",
        "Molte famiglie pagano le quote in ritardo e la cassa resta vuota per settimane.",
        "Le quote in ritardo le sollecita il tesoriere con una lettera alle famiglie.",
        "Chi non paga entro novembre non si allena finché non è in regola con il tesoriere.",
        "La lettera alle famiglie il tesoriere la manda lunedì, con l'estratto della cassa.",
        "La cassa adesso ha milleduecento euro, bastano fino a gennaio se tutti pagano.",
        "Secondo punto, le divise.",
        "Le maglie nuove costano venticinque euro l'una, con lo sponsor stampato sul retro.",
        "Lo sponsor paga metà delle maglie, l'altra metà la mettono le famiglie.",
        "Terzo punto, il pulmino.",
        "Il pulmino ha la revisione scaduta, il meccanico chiede quattrocento euro.",
        "La revisione del pulmino la facciamo la settimana prossima.",
        "Bene, grazie a tutti, buona serata.",
      ]),
    );
    expect(topics.map((t) => t.name)).toEqual([expect.stringMatching(/Palestra/), expect.stringMatching(/Divise/), expect.stringMatching(/Pulmino/)]);
    expect(summary).toMatch(/Divise: /);
  });

  it("opens an item at a subject put first whose head noun is new, though a word of its name was said just before", () => {
    const { topics } = analyzeLocally(
      at([
        "Buonasera a tutti, grazie di essere venuti.",
        "Comincerei dagli orari del centro estivo.",
        "Il centro estivo apre alle otto e chiude alle sedici, fino alla fine di luglio.",
        "Chi lavora può lasciare i bambini dalle sette e mezza, con il pre-scuola.",
        "Il pre-scuola costa venti euro al mese in più.",
        "Vi volevo poi parlare della mensa.",
        "La mensa quest'anno la fa la cooperativa del paese, con il cuoco di prima.",
        "Il menù della mensa cambia ogni settimana ed è appeso in bacheca.",
        "Chi ha allergie porta il certificato del pediatra alla cuoca.",
        "I certificati vanno consegnati entro la fine del mese.",
        "Le diete speciali partono solo con il certificato in mano.",
        "Per la gita di fine corso pensavamo al parco avventura, con il pranzo al sacco al posto della mensa.",
        "Il giorno della gita la mensa resta chiusa, e le diete speciali le prepara la cuoca nel sacchetto.",
        "Il pullman lo paga il comune.",
        "Resta la questione delle rette.",
        "Le rette aumentano di dieci euro a settimana per il costo del personale.",
        "Chi ha due figli iscritti paga il secondo a metà.",
        "Bene, ci vediamo a giugno.",
      ]),
    );
    expect(topics.map((t) => t.name)).toEqual([
      expect.stringMatching(/Orari/),
      expect.stringMatching(/Mensa/),
      expect.stringMatching(/Gita/),
      expect.stringMatching(/Rette/),
    ]);
  });
});

describe("a subject announced as such", () => {
  it("starts a topic even where the words around the announcement do not change", () => {
    // Three stretches of words; the third holds an announcement («Ultima cosa, il parcheggio.») in its middle.
    const terms = Array.from({ length: 18 }, (_, i) => (i < 6 ? [1, 2] : i < 12 ? [3, 4] : [5, 6]));
    const idf = new Float64Array([0, 1, 1, 1, 1, 1, 1]);
    const cues = terms.map((_, i) => (i === 15 ? 0.2 : 0));
    expect(segmentTopics(terms, idf, defaultSegmentation(18), cues)).toEqual([0, 6, 12, 15]);
  });
});
