import type { TimedSegment } from "~/lib/analysis";

/** A stretch of audio the diarizer gave to one speaker (its own cluster number). */
export type SpeakerTurn = { start: number; end: number; speaker: number };

/** The label of the n-th speaker heard (1-based), as the rename box and the minutes show it. */
export const speakerLabel = (n: number) => `Relatore ${n}`;

/**
 * Gives each segment without a speaker the speaker whose turns overlap it most; speakers are
 * numbered «Relatore 1», «Relatore 2»… in the order they are first heard (the diarizer's cluster
 * numbers mean nothing to a reader). A segment spanning a change keeps the dominant speaker: the
 * stitched segments carry no word times to split at. Segments that already have a speaker (an
 * engine that diarizes itself, channel labels) and segments no turn overlaps stay as they are.
 */
export function assignSpeakers<S extends TimedSegment>(segments: S[], turns: SpeakerTurn[]): S[] {
  const sorted = [...turns].filter((t) => t.end > t.start).sort((a, b) => a.start - b.start);
  const order = new Map<number, number>();
  for (const t of sorted) if (!order.has(t.speaker)) order.set(t.speaker, order.size + 1);
  // Numbering follows first appearance in the audio, so it is fixed before any segment is read.
  return segments.map((segment) => {
    if (segment.speaker) return segment;
    const overlap = new Map<number, number>();
    for (const t of sorted) {
      if (t.start >= segment.end) break;
      const o = Math.min(segment.end, t.end) - Math.max(segment.start, t.start);
      if (o > 0) overlap.set(t.speaker, (overlap.get(t.speaker) ?? 0) + o);
    }
    let best: number | undefined;
    for (const [speaker, seconds] of overlap) if (best === undefined || seconds > overlap.get(best)!) best = speaker;
    return best === undefined ? segment : { ...segment, speaker: speakerLabel(order.get(best)!) };
  });
}

/**
 * Diarization error rate of hypothesis turns against reference turns (speaker names may differ:
 * hypothesis speakers are mapped one-to-one to reference speakers by overlap), on a 10 ms grid:
 * (missed + false alarm + confused) / reference speech. For the tests and the benchmark.
 */
export function diarizationErrorRate(reference: { start: number; end: number; speaker: string }[], hypothesis: SpeakerTurn[]): number {
  const step = 0.01;
  const end = Math.max(...reference.map((t) => t.end), ...hypothesis.map((t) => t.end), 0);
  const at = <T extends { start: number; end: number }>(list: T[], x: number) => list.find((t) => x >= t.start && x < t.end);
  const cooccur = new Map<number, Map<string, number>>();
  const frames: [string | undefined, number | undefined][] = [];
  for (let x = 0; x < end; x += step) {
    const r = at(reference, x)?.speaker;
    const h = at(hypothesis, x)?.speaker;
    frames.push([r, h]);
    if (r !== undefined && h !== undefined) {
      const m = cooccur.get(h) ?? new Map<string, number>();
      m.set(r, (m.get(r) ?? 0) + 1);
      cooccur.set(h, m);
    }
  }
  // One-to-one, largest overlaps first: two hypothesis speakers cannot both be right about one person.
  const pairs = [...cooccur].flatMap(([h, m]) => [...m].map(([r, n]) => ({ h, r, n }))).sort((a, b) => b.n - a.n);
  const mapping = new Map<number, string>();
  const taken = new Set<string>();
  for (const { h, r } of pairs) {
    if (mapping.has(h) || taken.has(r)) continue;
    mapping.set(h, r);
    taken.add(r);
  }
  let speech = 0;
  let errors = 0;
  for (const [r, h] of frames) {
    if (r !== undefined) speech += 1;
    if (r === undefined && h === undefined) continue;
    if (r === undefined || h === undefined || mapping.get(h) !== r) errors += 1;
  }
  return speech ? errors / speech : 0;
}
