import { describe, expect, it } from "vitest";
import { parseVocabulary, vocabularyPrompt } from "./vocabulary.server";

describe("vocabulary", () => {
  it("reads one entry per line (commas and semicolons too), without blanks or repeats", () => {
    expect(parseVocabulary("Bianchi\r\n  Condominio   Aurora \n\nBianchi; ANAC, Rossi")).toEqual(["Bianchi", "Condominio Aurora", "ANAC", "Rossi"]);
  });

  it("refuses more than 200 entries or an entry over 80 characters, in Italian", () => {
    expect(parseVocabulary(Array.from({ length: 200 }, (_, i) => `Voce ${i}`).join("\n"))).toHaveLength(200);
    expect(() => parseVocabulary(Array.from({ length: 201 }, (_, i) => `Voce ${i}`).join("\n"))).toThrow(
      "Il vocabolario può contenere al massimo 200 voci.",
    );
    expect(() => parseVocabulary("x".repeat(81))).toThrow("Ogni voce del vocabolario può avere al massimo 80 caratteri.");
  });

  it("becomes a short prompt for the engines, cut before whisper's limit", () => {
    expect(vocabularyPrompt([])).toBeUndefined();
    expect(vocabularyPrompt(["Bianchi", "ANAC"])).toBe("Glossario della riunione: Bianchi, ANAC.");
    const long = vocabularyPrompt(Array.from({ length: 200 }, (_, i) => `Termine tecnico numero ${i}`))!;
    expect(long.length).toBeLessThanOrEqual(801);
    expect(long.endsWith(".")).toBe(true);
  });
});
