import type { TimedSegment } from "~/lib/analysis";

/**
 * Long audio is cut into overlapping chunks so that each engine call stays small (time or 25 MiB
 * upload limit), progress can be saved after each, and a restart resumes from the first chunk not
 * done. The overlap lets a word cut at a boundary be heard whole in one of the two chunks; the
 * stitcher then keeps, for each overlap, the segments of the chunk that heard them best (the cut
 * is the middle of the overlap).
 */

export type ChunkPlan = { index: number; start: number; end: number };

export function planChunks(durationSec: number, maxChunkSec: number, overlapSec = 1.5): ChunkPlan[] {
  if (!(durationSec > 0)) return [];
  if (!(maxChunkSec > 0)) throw new Error("maxChunkSec must be positive");
  if (durationSec <= maxChunkSec) return [{ index: 0, start: 0, end: durationSec }];
  // Overlap cannot eat the chunk: keep at least half of each chunk as new audio.
  const overlap = Math.max(0, Math.min(overlapSec, maxChunkSec / 2));
  const step = maxChunkSec - overlap;
  const count = Math.ceil((durationSec - overlap) / step);
  // Spread the audio evenly instead of leaving a tiny last chunk.
  const evenStep = (durationSec - overlap) / count;
  const chunks: ChunkPlan[] = [];
  for (let i = 0; i < count; i++) {
    const start = round3(i * evenStep);
    const end = i === count - 1 ? durationSec : round3(i * evenStep + evenStep + overlap);
    chunks.push({ index: i, start, end });
  }
  return chunks;
}

export type ChunkResult = { start: number; end: number; segments: TimedSegment[] };

/**
 * Turns chunk-relative segments into one absolute, ordered list without the duplicates of the
 * overlaps. Chunks must be given in order.
 */
export function stitchSegments(chunks: ChunkResult[]): TimedSegment[] {
  const out: TimedSegment[] = [];
  for (let i = 0; i < chunks.length; i++) {
    const chunk = chunks[i];
    const prev = chunks[i - 1];
    const next = chunks[i + 1];
    // Boundaries: middle of the overlap with each neighbour (or the chunk edge when none).
    const lower = prev && prev.end > chunk.start ? (chunk.start + prev.end) / 2 : -Infinity;
    const upper = next && chunk.end > next.start ? (next.start + chunk.end) / 2 : Infinity;
    for (const segment of chunk.segments) {
      const text = segment.text.trim();
      if (!text) continue;
      const start = round3(chunk.start + Math.max(0, segment.start));
      const end = round3(Math.min(chunk.end, chunk.start + Math.max(segment.start, segment.end)));
      const middle = (start + end) / 2;
      if (middle < lower || middle >= upper) continue;
      out.push({ start, end: Math.max(start, end), text, ...(segment.speaker ? { speaker: segment.speaker } : {}) });
    }
  }
  out.sort((a, b) => a.start - b.start || a.end - b.end);
  // Never let a segment start before the previous one ends by more than a rounding error.
  for (let i = 1; i < out.length; i++) {
    if (out[i].start < out[i - 1].start) out[i].start = out[i - 1].start;
    if (out[i].end < out[i].start) out[i].end = out[i].start;
  }
  return out;
}

/** The full text from segments: one space between them, sentences kept as the engine wrote them. */
export function segmentsToText(segments: TimedSegment[]): string {
  return segments
    .map((s) => s.text.trim())
    .filter(Boolean)
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
