import { describe, expect, it } from "vitest";
import { splitSegments, splitText } from "./sentences";

const split = (text: string) => splitText(text).map((s) => s.text);

describe("Italian sentence splitting", () => {
  it("splits on terminators", () => {
    expect(split("Iniziamo. Avete letto il verbale? Sì! Bene… Procediamo")).toEqual([
      "Iniziamo.",
      "Avete letto il verbale?",
      "Sì!",
      "Bene…",
      "Procediamo",
    ]);
  });

  it("does not split after title and reference abbreviations", () => {
    expect(split("Buongiorno dott. Rossi, c'è anche il prof. Bianchi. Parla l'avv. Verdi con l'ing. Neri e la sig.ra Gialli.")).toEqual([
      "Buongiorno dott. Rossi, c'è anche il prof. Bianchi.",
      "Parla l'avv. Verdi con l'ing. Neri e la sig.ra Gialli.",
    ]);
    expect(split("Vedi art. 5, pag. 12 e n. 3 del regolamento. Per es. la sig. Verdi ha firmato.")).toEqual([
      "Vedi art. 5, pag. 12 e n. 3 del regolamento.",
      "Per es. la sig. Verdi ha firmato.",
    ]);
  });

  it("keeps decimals, thousands and times together", () => {
    expect(split("Il margine è del 3,5 per cento su 1.000 pezzi. La riunione è alle 10.30 in sala.")).toEqual([
      "Il margine è del 3,5 per cento su 1.000 pezzi.",
      "La riunione è alle 10.30 in sala.",
    ]);
  });

  it("handles dotted company forms and ecc. at the end or inside a sentence", () => {
    expect(split("Lavoro alla Alfa S.p.A. Da tre anni. Servono penne, carta ecc. e anche buste. Abbiamo sedie, tavoli ecc. Poi basta.")).toEqual([
      "Lavoro alla Alfa S.p.A.",
      "Da tre anni.",
      "Servono penne, carta ecc. e anche buste.",
      "Abbiamo sedie, tavoli ecc.",
      "Poi basta.",
    ]);
    expect(split("Ha firmato G. Verdi per la Beta S.r.l. di Torino.")).toEqual(["Ha firmato G. Verdi per la Beta S.r.l. di Torino."]);
  });

  it("keeps closing quotes with their sentence", () => {
    expect(split('Ha detto: "Va bene." Poi se n\'è andato.')).toEqual(['Ha detto: "Va bene."', "Poi se n'è andato."]);
  });

  it("maps each sentence to the segment where it starts, across segment cuts", () => {
    const { sentences } = splitSegments([
      { start: 0, end: 4, text: "Il budget è di 3,5" },
      { start: 4, end: 9, text: "milioni. Poi il dott." },
      { start: 9, end: 12, text: "Rossi parla del marketing. Chiude" },
      { start: 12, end: 15, text: "la riunione." },
    ]);
    expect(sentences.map((s) => [s.text, s.start])).toEqual([
      ["Il budget è di 3,5 milioni.", 0],
      ["Poi il dott. Rossi parla del marketing.", 4],
      ["Chiude la riunione.", 9],
    ]);
  });

  it("sorts segments by time and skips empty ones", () => {
    const { sentences } = splitSegments([
      { start: 10, end: 12, text: "Seconda frase." },
      { start: 5, end: 6, text: "   " },
      { start: 0, end: 3, text: "Prima frase." },
    ]);
    expect(sentences.map((s) => [s.text, s.start])).toEqual([
      ["Prima frase.", 0],
      ["Seconda frase.", 10],
    ]);
  });

  it("cuts unpunctuated speech at segment boundaries", () => {
    const words = (n: number, w: string) => Array.from({ length: n }, () => w).join(" ");
    const segments = Array.from({ length: 6 }, (_, i) => ({ start: i * 10, end: i * 10 + 9, text: words(30, `parola${i}`) }));
    const { sentences } = splitSegments(segments);
    expect(sentences.length).toBeGreaterThanOrEqual(3);
    for (const s of sentences) expect(s.text.split(" ").length).toBeLessThanOrEqual(60);
    expect(sentences.map((s) => s.start)).toEqual([...sentences.map((s) => s.start)].sort((a, b) => a - b));
    expect(sentences.map((s) => s.text).join(" ")).toBe(segments.map((s) => s.text).join(" "));
  });

  it("splits lower-case transcripts too", () => {
    expect(split("allora iniziamo. il budget è chiuso. passiamo al marketing")).toHaveLength(3);
  });
});
