import { describe, expect, it } from "vitest";
import { concat, italianPcm, silence } from "./test-audio";
import { adaptiveThreshold, findVoicedRegions, frameLevelsDb, mapSegments, pieceToSource, planPieces, splitLongRegion, type Piece } from "./vad";

const SR = 16000;

function tone(seconds: number, amplitude = 8000, freq = 220): Int16Array {
  const n = Math.round(seconds * SR);
  const out = new Int16Array(n);
  for (let i = 0; i < n; i++) out[i] = Math.round(amplitude * Math.sin((2 * Math.PI * freq * i) / SR));
  return out;
}

describe("frame levels and threshold", () => {
  it("measures dBFS per frame, digital silence at -100", () => {
    const levels = frameLevelsDb(concat(silence(0.06), tone(0.06, 32767)), 480);
    expect(levels[0]).toBe(-100);
    expect(levels[3]).toBeCloseTo(-3, 0); // full-scale sine: RMS is -3 dB
  });

  it("treats a silent file as silent and a flat one as all speech", () => {
    expect(adaptiveThreshold(frameLevelsDb(silence(2), 480))).toBe("none");
    expect(adaptiveThreshold(frameLevelsDb(tone(2), 480))).toBe("all");
    expect(findVoicedRegions(silence(3))).toEqual([]);
    expect(findVoicedRegions(tone(3))).toEqual([{ start: 0, end: 3 * SR }]);
  });
});

describe("voiced regions", () => {
  it("cuts silences over 1.5 s, keeps short pauses, pads the edges", () => {
    // 1 s tone, 3 s silence, 1 s tone, 0.5 s pause, 1 s tone, 2 s silence.
    const pcm = concat(tone(1), silence(3), tone(1), silence(0.5), tone(1), silence(2));
    const regions = findVoicedRegions(pcm);
    expect(regions).toHaveLength(2);
    const pad = 0.2 * SR;
    expect(regions[0].start).toBe(0);
    expect(regions[0].end).toBe(16320 + pad); // last frame holding tone ends at 34*480
    expect(regions[1].start).toBe(Math.floor((4 * SR) / 480) * 480 - pad); // frame holding the onset
    expect(regions[1].end).toBeGreaterThanOrEqual(6.5 * SR + pad);
    expect(regions[1].end).toBeLessThanOrEqual(6.5 * SR + pad + 480);
  });

  it("drops one-frame clicks", () => {
    const pcm = concat(silence(2), tone(0.03), silence(2), tone(1), silence(2));
    const regions = findVoicedRegions(pcm);
    expect(regions).toHaveLength(1);
    expect(regions[0].start).toBeGreaterThanOrEqual(4.03 * SR - 0.2 * SR - 480);
    expect(regions[0].start).toBeLessThanOrEqual(4.03 * SR - 0.2 * SR);
  });

  it("finds the speech of an espeak-ng Italian recording around inserted silences", () => {
    const a = italianPcm("vad-a", "Buongiorno a tutti, iniziamo la riunione.");
    const b = italianPcm("vad-b", "Il bilancio è stato approvato.");
    const pcm = concat(silence(1), a, silence(4), b, silence(3));
    const regions = findVoicedRegions(pcm);
    expect(regions).toHaveLength(2);
    const aStart = SR;
    const bStart = SR + a.length + 4 * SR;
    // Each spoken part lies inside its region; the long silences are mostly removed.
    expect(regions[0].start).toBeLessThanOrEqual(aStart + 0.3 * SR);
    expect(regions[0].end).toBeGreaterThanOrEqual(aStart + a.length - 0.3 * SR);
    expect(regions[1].start).toBeGreaterThan(aStart + a.length + 2 * SR);
    expect(regions[1].start).toBeLessThanOrEqual(bStart + 0.3 * SR);
    const kept = regions.reduce((s, r) => s + r.end - r.start, 0);
    expect(kept).toBeLessThan(pcm.length - 6 * SR);
  });
});

describe("pieces", () => {
  it("packs regions in order up to the window with gaps between parts", () => {
    const regions = [
      { start: 0, end: 10 * SR },
      { start: 20 * SR, end: 28 * SR },
      { start: 40 * SR, end: 55 * SR },
    ];
    const pieces = planPieces(regions, { maxPieceSec: 30, gapSec: 0.5 });
    expect(pieces).toHaveLength(2);
    expect(pieces[0].parts).toEqual([
      { src: 0, dst: 0, len: 10 * SR },
      { src: 20 * SR, dst: 10.5 * SR, len: 8 * SR },
    ]);
    expect(pieces[0].length).toBe(18.5 * SR);
    expect(pieces[1].parts).toEqual([{ src: 40 * SR, dst: 0, len: 15 * SR }]);
  });

  it("splits a long region at its quietest frame in the last third", () => {
    const levels = new Float32Array(200).fill(-20);
    levels[150] = -80; // a breath at 150 frames (72000 samples)
    const parts = splitLongRegion({ start: 0, end: 200 * 480 }, 160 * 480, levels, 480);
    expect(parts).toEqual([
      { start: 0, end: 150 * 480 },
      { start: 150 * 480, end: 200 * 480 },
    ]);
    // Without levels: hard cuts at the maximum.
    expect(splitLongRegion({ start: 5, end: 25 }, 10)).toEqual([
      { start: 5, end: 15 },
      { start: 15, end: 25 },
    ]);
  });
});

describe("timestamp mapping", () => {
  const piece: Piece = {
    parts: [
      { src: 3 * SR, dst: 0, len: 2 * SR },
      { src: 10 * SR, dst: 2.3 * SR, len: 1 * SR },
    ],
    length: 3.3 * SR,
  };

  it("keeps offsets inside a part exactly", () => {
    expect(pieceToSource(piece, 0, "start")).toBe(3 * SR);
    expect(pieceToSource(piece, 12345, "start")).toBe(3 * SR + 12345);
    expect(pieceToSource(piece, 2 * SR, "end")).toBe(5 * SR);
    expect(pieceToSource(piece, 2.3 * SR + 1, "start")).toBe(10 * SR + 1);
    expect(pieceToSource(piece, 3.3 * SR, "end")).toBe(11 * SR);
  });

  it("snaps times in a gap forward for starts and back for ends, clamps past the end", () => {
    expect(pieceToSource(piece, 2.1 * SR, "start")).toBe(10 * SR);
    expect(pieceToSource(piece, 2.1 * SR, "end")).toBe(5 * SR);
    expect(pieceToSource(piece, 30 * SR, "end")).toBe(11 * SR);
    expect(pieceToSource(piece, -5, "start")).toBe(3 * SR);
  });

  it("maps whisper segments (seconds in the piece) to seconds in the recording", () => {
    const out = mapSegments(
      piece,
      [
        { start: 0.5, end: 1.25, text: " uno " },
        { start: 1.9, end: 2.6, text: "due" },
        { start: 2.6, end: 2.6, text: "   " },
        { start: 2.8, end: 29.9, text: "tre" },
      ],
      20 * SR,
    );
    expect(out).toEqual([
      { start: 3.5, end: 4.25, text: "uno" },
      { start: 4.9, end: 10.3, text: "due" },
      { start: 10.5, end: 11, text: "tre" },
    ]);
  });

  it("drops segments that start after the end of the recording", () => {
    const short: Piece = { parts: [{ src: 0, dst: 0, len: 2 * SR }], length: 2 * SR };
    expect(mapSegments(short, [{ start: 0, end: 5, text: "a" }], 1 * SR)).toEqual([{ start: 0, end: 1, text: "a" }]);
    const late: Piece = { parts: [{ src: 2 * SR, dst: 0, len: SR }], length: SR };
    expect(mapSegments(late, [{ start: 0, end: 1, text: "b" }], 2 * SR)).toEqual([]);
  });
});
