import { describe, expect, it } from "vitest";
import { planChunks, segmentsToText, stitchSegments } from "./chunking";

describe("planChunks", () => {
  it("keeps short audio in one chunk", () => {
    expect(planChunks(42, 600)).toEqual([{ index: 0, start: 0, end: 42 }]);
    expect(planChunks(600, 600)).toEqual([{ index: 0, start: 0, end: 600 }]);
  });

  it("returns nothing for empty audio", () => {
    expect(planChunks(0, 30)).toEqual([]);
    expect(planChunks(Number.NaN, 30)).toEqual([]);
  });

  it("covers the whole audio with overlapping chunks no longer than the maximum", () => {
    for (const [duration, max, overlap] of [
      [100, 30, 2],
      [3 * 3600, 600, 1.5],
      [61, 60, 1],
      [95.5, 10, 0],
      [31, 30, 20],
    ] as const) {
      const chunks = planChunks(duration, max, overlap);
      expect(chunks[0].start).toBe(0);
      expect(chunks.at(-1)!.end).toBe(duration);
      for (const [i, c] of chunks.entries()) {
        expect(c.index).toBe(i);
        expect(c.end - c.start).toBeLessThanOrEqual(max + 0.001);
        if (i > 0) {
          // Each chunk starts inside the previous one (overlap) or right at its end, never after.
          expect(c.start).toBeLessThanOrEqual(chunks[i - 1].end);
          expect(c.start).toBeGreaterThan(chunks[i - 1].start);
        }
      }
    }
  });

  it("overlaps by the requested amount and spreads chunks evenly", () => {
    const chunks = planChunks(100, 30, 2);
    expect(chunks).toHaveLength(4);
    for (let i = 1; i < chunks.length; i++) expect(chunks[i - 1].end - chunks[i].start).toBeCloseTo(2, 2);
    const lengths = chunks.map((c) => c.end - c.start);
    expect(Math.max(...lengths) - Math.min(...lengths)).toBeLessThan(0.01);
  });
});

describe("stitchSegments", () => {
  it("offsets chunk-relative times and drops the duplicates heard in the overlap", () => {
    // Chunk 0 covers 0-32, chunk 1 covers 28-60: the overlap is 28-32, the cut is at 30.
    const stitched = stitchSegments([
      {
        start: 0,
        end: 32,
        segments: [
          { start: 0, end: 10, text: "Buongiorno a tutti." },
          { start: 10, end: 27, text: "Oggi parliamo del bilancio." },
          { start: 27.5, end: 31.9, text: "Prima il punto uno." },
        ],
      },
      {
        start: 28,
        end: 60,
        segments: [
          // The same sentence, heard from 28 s on only: its middle (29.95) is before the cut.
          { start: 0, end: 3.9, text: "il punto uno." },
          { start: 4, end: 20, text: "Il fatturato cresce." },
        ],
      },
    ]);
    expect(stitched).toEqual([
      { start: 0, end: 10, text: "Buongiorno a tutti." },
      { start: 10, end: 27, text: "Oggi parliamo del bilancio." },
      { start: 27.5, end: 31.9, text: "Prima il punto uno." },
      { start: 32, end: 48, text: "Il fatturato cresce." },
    ]);
  });

  it("keeps every segment once when chunks do not overlap, drops empty text and clamps to the chunk", () => {
    const stitched = stitchSegments([
      {
        start: 0,
        end: 10,
        segments: [
          { start: 0, end: 12, text: " uno " },
          { start: 9, end: 9.5, text: "  " },
        ],
      },
      { start: 10, end: 20, segments: [{ start: 0, end: 5, text: "due" }] },
    ]);
    expect(stitched).toEqual([
      { start: 0, end: 10, text: "uno" },
      { start: 10, end: 15, text: "due" },
    ]);
    expect(segmentsToText(stitched)).toBe("uno due");
  });

  it("stitches what planChunks planned back into monotonic absolute times", () => {
    // The overlap (6 s) is longer than a segment (5 s), so each one is heard whole by some chunk.
    const plan = planChunks(95, 30, 6);
    // Every chunk "hears" one segment per 5 s of absolute time, clipped at its edges, in chunk-relative times.
    const results = plan.map((c) => {
      const segments = [];
      for (let t = Math.floor(c.start / 5) * 5; t < c.end; t += 5) {
        segments.push({ start: Math.max(t, c.start) - c.start, end: Math.min(t + 5, c.end) - c.start, text: `s${t}` });
      }
      return { start: c.start, end: c.end, segments };
    });
    const stitched = stitchSegments(results);
    const texts = stitched.map((s) => s.text);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toEqual(Array.from({ length: 19 }, (_, i) => `s${i * 5}`));
    for (let i = 1; i < stitched.length; i++) expect(stitched[i].start).toBeGreaterThanOrEqual(stitched[i - 1].start);
  });
});
