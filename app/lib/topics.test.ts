import { describe, expect, it } from "vitest";
import { keyPointView, summaryFigures, topicStart } from "./topics";

describe("topics helpers", () => {
  it("takes a key point's own timestamp, else the topic's at the same index, and ignores non-timestamps", () => {
    const topic = { name: "Bilancio", keyPoints: [], estimatedTimestamps: ["00:10", "boh", "1:02:03"] };
    expect(keyPointView(topic, "Primo", 0)).toEqual({ text: "Primo", excerpt: undefined, timestamp: "00:10", seconds: 10 });
    expect(keyPointView(topic, "Secondo", 1)).toEqual({ text: "Secondo", excerpt: undefined, timestamp: undefined, seconds: undefined });
    expect(keyPointView(topic, { point: "Terzo", excerpt: "citazione", estimatedTimestamp: "02:05" }, 2)).toEqual({
      text: "Terzo",
      excerpt: "citazione",
      timestamp: "02:05",
      seconds: 125,
    });
    expect(topicStart({ ...topic, keyPoints: ["a", "b"] })).toBe("00:10");
  });

  it("shows a key point's excerpt only when it adds something (issue 22: every point was printed twice)", () => {
    const topic = { estimatedTimestamps: [] };
    const view = (point: string, excerpt: string) => keyPointView(topic, { point, excerpt }, 0).excerpt;
    expect(view("Il bilancio è approvato.", "Il bilancio è approvato.")).toBeUndefined();
    expect(view("Il bilancio è approvato.", "il bilancio è approvato")).toBeUndefined();
    expect(view("Il bilancio è approvato all'unanimità.", "approvato")).toBeUndefined();
    expect(view("Bilancio approvato", "Metto ai voti il bilancio: approvato all'unanimità.")).toBe(
      "Metto ai voti il bilancio: approvato all'unanimità.",
    );
    expect(view("Bilancio approvato", "   ")).toBeUndefined();
  });

  it("computes the summary figures of spec 2.6", () => {
    expect(summaryFigures("x".repeat(201))).toEqual({ words: 40, detailed: true, paragraphs: 2 });
    expect(summaryFigures("x".repeat(200))).toEqual({ words: 40, detailed: false, paragraphs: 2 });
    expect(summaryFigures("")).toEqual({ words: 0, detailed: false, paragraphs: 0 });
  });
});
