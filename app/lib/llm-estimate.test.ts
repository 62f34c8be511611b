import { describe, expect, it } from "vitest";
import { estimateSecondsForMeeting, estimateSecondsForText, SLOW_ANALYSIS_SECONDS } from "./llm-estimate";

describe("the local LLM's analysis time", () => {
  it("a 60-minute meeting at the quiet Xeon's 174 tokens/s reading and 14.9 writing takes about 7 minutes (issue 35)", () => {
    const seconds = estimateSecondsForMeeting(60, { readPerSecond: 174, writePerSecond: 14.9, charsPerToken: 3.5 });
    expect(seconds / 60).toBeGreaterThan(6);
    expect(seconds / 60).toBeLessThan(8);
    expect(seconds).toBeGreaterThan(SLOW_ANALYSIS_SECONDS);
  });

  it("a short meeting on the same machine stays under 5 minutes; the text's length counts in tokens", () => {
    const speed = { readPerSecond: 174, writePerSecond: 14.9, charsPerToken: 3.5 };
    expect(estimateSecondsForMeeting(10, speed)).toBeLessThan(SLOW_ANALYSIS_SECONDS);
    expect(estimateSecondsForText(3500, speed)).toBeCloseTo(estimateSecondsForMeeting(4, speed), 5);
  });
});
