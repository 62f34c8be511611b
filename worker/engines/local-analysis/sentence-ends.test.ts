import { describe, expect, it } from "vitest";
import { alignWords, sentenceEndCounts } from "../../../tests/support/sentence-ends";
import type { TranscriptFixture } from "./test-transcripts";

// The measure behind bench:boundaries and decision 044: a wrong count there would mislead every figure.
const fixture = (text: string): TranscriptFixture => ({ name: "t", description: "", segments: [{ start: 0, end: 9, text }], expectedTopics: [] });

describe("sentence ends carried from the clean text to a rewriting", () => {
  it("aligns the words of a rewriting that dropped a filler's neighbour and added one", () => {
    expect(alignWords(["Il", "verbale", "lo", "scrivo", "io."], ["il", "ehm", "verbale", "scrivo", "io"])).toEqual([0, -1, 1, 3, 4]);
  });

  it("counts the clean ends found again, those missed, and the ends the rewriting adds", () => {
    const clean = fixture("Il verbale lo scrivo io. Va bene. Passiamo al bilancio. Grazie.");
    // One end kept (after «io»), one lost (after «bene»), one added inside a sentence (after «passiamo»).
    expect(sentenceEndCounts(clean, [{ start: 0, end: 9, text: "il verbale lo scrivo io. va bene passiamo. al bilancio grazie" }])).toEqual({
      found: 1,
      expected: 3,
      extra: 1,
    });
    // The clean text against itself: every end found, none added (the last word ends the text either way).
    expect(sentenceEndCounts(clean, clean.segments)).toEqual({ found: 3, expected: 3, extra: 0 });
  });
});
