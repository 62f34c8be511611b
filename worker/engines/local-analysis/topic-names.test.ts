import { describe, expect, it } from "vitest";
import { analyzeLocally } from "./analyze";
import { isBareHeading, markerTier } from "./agenda";
import { isQuantity, isStopWord } from "./stopwords";
import { joinItalian } from "./topic-names";
import { isFormality } from "./topic-model";

// A meeting written for this test (not from the fixtures): figures and "voi" verbs repeated in each subject.
const said = [
  "Trentadue pallet sono arrivati ieri in magazzino, trentadue pallet di carta.",
  "Il magazzino è pieno, i trentadue pallet stanno nel corridoio del magazzino.",
  "Spostate i pallet nel magazzino nuovo entro sera, spostate prima la carta.",
  "Sul magazzino nuovo manca ancora l'allarme, i pallet lì non sono coperti.",
  "Le ferie di agosto: chiudete le richieste di ferie entro venerdì.",
  "Chiudete anche le ferie di Natale, quattrocentoventi ore di ferie arretrate.",
  "Quattrocentoventi ore sono troppe, le ferie arretrate vanno smaltite.",
  "Chi ha più ferie arretrate le prende per prima ad agosto.",
];
const segments = said.map((text, i) => ({ start: i * 8, end: i * 8 + 7, text }));

describe("topic names", () => {
  it("never names a topic by a number written as a word or by a 'voi' verb", () => {
    const names = analyzeLocally(segments).topics.map((t) => t.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).not.toMatch(/trentadue|quattrocentoventi|chiudete|spostate/i);
    expect(names.join(" ")).toMatch(/magazzino|pallet/i);
  });

  it("tells figures and units from words", () => {
    for (const w of ["ventidue", "quattrocento", "milleduecento", "trentatre", "chili", "euro"]) expect(isQuantity(w), w).toBe(true);
    for (const w of ["settembre", "ottone", "centrale", "novella", "trentino", "unico"]) expect(isQuantity(w), w).toBe(false);
  });

  it("never names a topic by 'ero' or by a participle said after an imperfect auxiliary", () => {
    const told = [
      "Io ero in ferie quando è arrivata la lettera del comune sulla tassa dei rifiuti.",
      "Ero convinto che la tassa dei rifiuti l'avesse già pagata la segreteria.",
      "Avevo dimenticato la scadenza, e la tassa dei rifiuti adesso ha la mora.",
      "Ero dimenticato da tutti in ferie, ma la tassa la paghiamo domani con la mora.",
    ];
    const names = analyzeLocally(told.map((text, i) => ({ start: i * 8, end: i * 8 + 7, text }))).topics.map((t) => t.name);
    for (const name of names) expect(name).not.toMatch(/\bero\b|dimenticat/i);
    expect(names.join(" ")).toMatch(/tassa|rifiuti/i);
  });
});

describe("words that say when, and orders", () => {
  it("do not name a topic or announce one", () => {
    const told = [
      "Il turno del pomeriggio il sabato è scoperto, al pomeriggio c'è una persona sola.",
      "Nel pomeriggio arrivano i gruppi e al banco del pomeriggio non si respira.",
      "Sul turno del sabato pomeriggio serve un rinforzo, il turno è troppo lungo.",
      "Poi la lavanderia: mancano lenzuola, la lavanderia ha perso venti lenzuola.",
      "Le lenzuola della lavanderia vanno contate, le lenzuola mancano da settimane.",
    ];
    const names = analyzeLocally(told.map((text, i) => ({ start: i * 8, end: i * 8 + 7, text }))).topics.map((t) => t.name);
    for (const name of names) expect(name).not.toMatch(/^pomeriggio/i);
    expect(isBareHeading("Mandatemeli dopodomani.")).toBe(false);
    expect(isBareHeading("Chiamalo stasera.")).toBe(false);
  });

  it("but a month said alone after «poi» is the next subject", () => {
    expect(markerTier("Poi, dicembre.")).toBe(1);
    expect(markerTier("Poi, vediamo.")).toBe(0);
  });
});

describe("joining names", () => {
  it("says «ed» before a word that starts with «e», as Italian does", () => {
    expect(joinItalian(["radio", "emergenza sanitaria"])).toBe("radio ed emergenza sanitaria");
    expect(joinItalian(["turni", "ferie", "esami"])).toBe("turni, ferie ed esami");
    expect(joinItalian(["turni", "ferie"])).toBe("turni e ferie");
  });
});

describe("the informal roll call", () => {
  it("is a formality, like the formal one, and names no topic", () => {
    for (const t of ["Allora, ci siamo tutti?", "Manca Giorgio del magazzino, sta arrivando.", "Cominciamo pure, che alle dieci ho un cliente."])
      expect(isFormality(t), t).toBe(true);
    for (const t of ["Partiamo dal bilancio.", "Manca ancora il preventivo della ditta.", "Ci siamo accorti che il tetto perde."])
      expect(isFormality(t), t).toBe(false);
  });
});

describe("a verb in a topic's name", () => {
  it("names a topic alone or not at all: a short recording's «Riunione», not «Riunione e iniziamo»", () => {
    const { topics } = analyzeLocally([{ start: 0, end: 8, text: "Buongiorno a tutti, iniziamo la riunione di oggi con il" }]);
    expect(topics.map((t) => t.name)).toEqual(["Riunione"]);
  });
});

describe("words that never name a subject", () => {
  it("takes an infinitive with its pronoun, «bisogna» and an exclamation for stop words, not a noun that looks like one", () => {
    for (const w of ["trovarlo", "sentirli", "chiederne", "bisogna", "eccomi", "finalmente"]) expect(isStopWord(w), w).toBe(true);
    for (const w of ["carlo", "perle", "tavolo", "fiera"]) expect(isStopWord(w), w).toBe(false);
  });
});
