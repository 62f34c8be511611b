import { describe, expect, it } from "vitest";
import { splitText } from "../../worker/engines/local-analysis/sentences";
import { analysisResultSchema, parseTimestamp, titleFromSentence } from "./analysis";

/** What the pipeline does when an engine gives no title: the first Italian sentence, cut at ~60. */
const titleOf = (text: string) => titleFromSentence(splitText(text)[0]?.text ?? "");

describe("title rule (spec 2.6)", () => {
  it("takes the first sentence without its final stop", () => {
    expect(titleOf("Riunione sul bilancio. Poi si parla del sito.")).toBe("Riunione sul bilancio");
  });

  it("does not end the first sentence at an abbreviation", () => {
    expect(titleOf("Il dott. Rossi presenta il bilancio. Segue la discussione.")).toBe("Il dott. Rossi presenta il bilancio");
  });

  it("cuts a long sentence at a word boundary near 60 characters with an ellipsis", () => {
    const title = titleOf("Oggi discutiamo della pianificazione strategica del prossimo anno fiscale con tutti i responsabili di reparto.");
    expect(title.endsWith("…")).toBe(true);
    expect(title.length).toBeLessThanOrEqual(61);
    expect(title).toBe("Oggi discutiamo della pianificazione strategica del prossimo…");
  });

  it("gives an empty title for an empty text", () => {
    expect(titleOf("   ")).toBe("");
  });
});

describe("analysis schema", () => {
  it("accepts key points as strings or objects and refuses topics without a name", () => {
    expect(
      analysisResultSchema.safeParse({
        title: "t",
        summary: "s",
        topics: [{ name: "A", keyPoints: ["x", { point: "y", estimatedTimestamp: "01:05" }] }],
      }).success,
    ).toBe(true);
    expect(analysisResultSchema.safeParse({ title: "t", summary: "s", topics: [{ name: "", keyPoints: [] }] }).success).toBe(false);
  });

  it("reads mm:ss and h:mm:ss timestamps", () => {
    expect(parseTimestamp("01:05")).toBe(65);
    expect(parseTimestamp("1:02:03")).toBe(3723);
    expect(parseTimestamp("abc")).toBeUndefined();
  });
});
