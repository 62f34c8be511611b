import { describe, expect, it } from "vitest";
import { stem } from "./stemmer";
import { isStopWord } from "./stopwords";
import { fold } from "./text";

describe("Italian light stemmer", () => {
  it.each([
    ["riunione", "riunioni"],
    ["banca", "banche"],
    ["amico", "amici"],
    ["luogo", "luoghi"],
    ["lavoro", "lavorare"],
    ["studio", "studi"],
    ["energia", "energie"],
    ["ufficio", "uffici"],
    ["idea", "idee"],
    ["veloce", "velocemente"],
    ["preventivo", "preventivi"],
    ["fornitore", "fornitori"],
    ["Città", "città"],
    ["perché", "perchè"],
  ])("conflates %s and %s", (a, b) => {
    expect(stem(a)).toBe(stem(b));
  });

  it.each([
    ["mercato", "merce"],
    ["conto", "contratto"],
    ["mare", "mura"],
    ["budget", "budino"],
  ])("keeps %s and %s apart", (a, b) => {
    expect(stem(a)).not.toBe(stem(b));
  });

  it("gives the expected stems", () => {
    expect(stem("riunioni")).toBe("riunion");
    expect(stem("banche")).toBe("banc");
    expect(stem("marketing")).toBe("marketing");
    expect(stem("qualità")).toBe("qualit");
    expect(stem("via")).toBe("via");
    expect(stem("2024")).toBe("2024");
  });

  it("folds accents and knows the stop words of spoken Italian", () => {
    expect(fold("Perché")).toBe("perche");
    for (const w of ["il", "della", "perche", "allora", "quindi", "abbiamo", "facciamo", "cosa", "the", "and"]) expect(isStopWord(w)).toBe(true);
    for (const w of ["budget", "marketing", "ascensore", "caldaia", "dati"]) expect(isStopWord(w)).toBe(false);
  });
});
