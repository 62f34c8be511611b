import { describe, expect, it } from "vitest";
import { analyzeLocally } from "./index";

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
