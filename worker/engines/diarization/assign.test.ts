import { describe, expect, it } from "vitest";
import { assignSpeakers, diarizationErrorRate } from "./assign";

const seg = (start: number, end: number, speaker?: string) => ({ start, end, text: `${start}-${end}`, speaker });

describe("assignSpeakers", () => {
  it("gives each segment the speaker it overlaps most, numbered in order of first appearance", () => {
    // The diarizer's cluster 7 speaks first: it is «Relatore 1», whatever its number.
    const turns = [
      { start: 0, end: 5, speaker: 7 },
      { start: 5.2, end: 9, speaker: 2 },
      { start: 9.1, end: 14, speaker: 7 },
    ];
    const out = assignSpeakers([seg(0, 4), seg(4, 8), seg(8.5, 13)], turns);
    expect(out.map((s) => s.speaker)).toEqual(["Relatore 1", "Relatore 2", "Relatore 1"]);
  });

  it("keeps the dominant speaker for a segment spanning a change", () => {
    const turns = [
      { start: 0, end: 3, speaker: 0 },
      { start: 3, end: 10, speaker: 1 },
    ];
    expect(assignSpeakers([seg(2, 9)], turns)[0].speaker).toBe("Relatore 2");
    expect(assignSpeakers([seg(0, 3.5)], turns)[0].speaker).toBe("Relatore 1");
  });

  it("leaves labelled segments (engine or call channel) and segments in silence as they are", () => {
    const turns = [{ start: 0, end: 10, speaker: 0 }];
    const out = assignSpeakers([seg(0, 2, "Partecipanti remoti"), seg(2, 4), seg(12, 14)], turns);
    expect(out.map((s) => s.speaker)).toEqual(["Partecipanti remoti", "Relatore 1", undefined]);
  });

  it("numbers by the audio's order even when a later speaker's first segment comes first in the list", () => {
    const turns = [
      { start: 10, end: 20, speaker: 3 },
      { start: 0, end: 10, speaker: 5 },
    ];
    expect(assignSpeakers([seg(11, 19), seg(1, 9)], turns).map((s) => s.speaker)).toEqual(["Relatore 2", "Relatore 1"]);
  });
});

describe("diarizationErrorRate", () => {
  const reference = [
    { start: 0, end: 10, speaker: "A" },
    { start: 10, end: 20, speaker: "B" },
  ];

  it("is 0 for the right turns under other names and counts confusion, misses and false alarms", () => {
    expect(
      diarizationErrorRate(reference, [
        { start: 0, end: 10, speaker: 4 },
        { start: 10, end: 20, speaker: 1 },
      ]),
    ).toBeCloseTo(0, 2);
    // One speaker for everything: half the speech is confused.
    expect(diarizationErrorRate(reference, [{ start: 0, end: 20, speaker: 0 }])).toBeCloseTo(0.5, 2);
    // 2 s missed and 2 s of silence called speech.
    expect(
      diarizationErrorRate(reference, [
        { start: 2, end: 10, speaker: 0 },
        { start: 10, end: 22, speaker: 1 },
      ]),
    ).toBeCloseTo(0.2, 2);
  });
});
