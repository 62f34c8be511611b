import { describe, expect, it } from "vitest";
import { parseItalianNumber, readVotes, votesNear } from "./votes";

describe("Italian numbers in words", () => {
  it.each([
    ["seicentocinquantacinque", 655],
    ["ventuno", 21],
    ["trentotto", 38],
    ["ventitré", 23],
    ["diciotto", 18],
    ["settecentododici", 712],
    ["duemilaottocento", 2800],
    ["mille", 1000],
    ["un", 1],
    ["712", 712],
    ["1.000", 1000],
  ])("%s is %d", (word, value) => expect(parseItalianNumber(word)).toBe(value));

  it.each(["alla", "proposta", "sono", "dici", ""])("%s is no number", (word) => expect(parseItalianNumber(word)).toBeUndefined());
});

describe("counted votes", () => {
  it("reads the ayes out of the voters, «diciannove su diciannove, approvato», and «tutti favorevoli» as unanimous", () => {
    expect(readVotes("Diciannove su diciannove, approvato.")).toEqual({ favorevoli: 19, contrari: null, astenuti: null, unanimous: false });
    expect(readVotes("19 su 21 approvato")).toMatchObject({ favorevoli: 19 });
    expect(readVotes("Tutti favorevoli.")).toMatchObject({ unanimous: true });
    // Not a share said in passing.
    expect(readVotes("Due su tre non vengono.")).toBeNull();
  });

  it("reads millesimi in digits, and «nessun astenuto»", () => {
    expect(readVotes("Favorevoli 655 millesimi, contrari 57, nessun astenuto: l'assemblea approva.")).toEqual({
      favorevoli: 655,
      contrari: 57,
      astenuti: 0,
      unanimous: false,
    });
  });

  it("reads heads in words, the number before or after its label", () => {
    expect(readVotes("La mozione passa con dodici favorevoli, due contrari e tre astenuti.")).toEqual({
      favorevoli: 12,
      contrari: 2,
      astenuti: 3,
      unanimous: false,
    });
    expect(readVotes("Favorevoli: otto. Contrari: nessuno. Un astenuto.")).toEqual({ favorevoli: 8, contrari: 0, astenuti: 1, unanimous: false });
  });

  it("reads «all'unanimità» without counts", () => {
    expect(readVotes("Il regolamento è approvato all'unanimità.")).toEqual({ favorevoli: null, contrari: null, astenuti: null, unanimous: true });
  });

  it("finds no vote in a question or a discussion", () => {
    expect(readVotes("Sei favorevole a spostare la riunione?")).toBeNull();
    expect(readVotes("Nessun contrario alla proposta, mi pare, ma parliamone.")).toBeNull();
    expect(readVotes("Approviamo il bilancio.")).toBeNull();
  });

  it("reads a vote called and answered over several sentences, not past the decision before", () => {
    const sentences = [
      "Approvato il verbale all'unanimità.",
      "Chi è favorevole?",
      "Favorevoli? Nove.",
      "Contrari? Due.",
      "La proposta è approvata.",
    ].map((text) => ({ text }));
    expect(votesNear(sentences, 4, 0)).toEqual({ favorevoli: 9, contrari: 2, astenuti: null, unanimous: false });
    expect(votesNear(sentences, 0)).toMatchObject({ unanimous: true });
  });
});
