/**
 * Energy-based silence skipping. Meetings hold long pauses; whisper costs the same per 30 s
 * window whether it hears speech or not (and tends to invent text in silence), so the engine
 * only sends the voiced parts. All positions here are integer sample indices at 16 kHz, so the
 * mapping back to the original timeline is exact, not a float approximation.
 */

export const SAMPLE_RATE = 16_000;

export type VadOptions = {
  /** Analysis frame, ms. */
  frameMs: number;
  /** Silences at least this long are cut out; shorter pauses stay (they carry prosody). */
  minSilenceSec: number;
  /** Kept around each voiced region so cuts never clip a word edge. */
  padSec: number;
  /** Voiced blips shorter than this (clicks, a cough of one frame) are dropped. */
  minSpeechSec: number;
  /** Below this spread between quiet and loud frames the file is treated as all speech. */
  minDynamicDb: number;
  /** If even the loud frames are below this, the file is silent. */
  silentBelowDb: number;
};

export const DEFAULT_VAD: VadOptions = {
  frameMs: 30,
  minSilenceSec: 1.5,
  padSec: 0.2,
  minSpeechSec: 0.1,
  minDynamicDb: 10,
  silentBelowDb: -60,
};

/** [start, end) in samples. */
export type Region = { start: number; end: number };

/** RMS level of each frame in dBFS (digital silence is clamped to -100). */
export function frameLevelsDb(pcm: Int16Array, frameSamples: number): Float32Array {
  const n = Math.ceil(pcm.length / frameSamples);
  const out = new Float32Array(n);
  for (let f = 0; f < n; f++) {
    const a = f * frameSamples;
    const b = Math.min(pcm.length, a + frameSamples);
    let sum = 0;
    for (let i = a; i < b; i++) sum += pcm[i] * pcm[i];
    const rms = Math.sqrt(sum / Math.max(1, b - a)) / 32768;
    out[f] = rms > 1e-5 ? 20 * Math.log10(rms) : -100;
  }
  return out;
}

function percentile(sorted: Float32Array, p: number): number {
  if (sorted.length === 0) return -100;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(p * (sorted.length - 1))))];
}

/**
 * The level separating speech from background, adapted to the recording: a quarter of the way
 * from the noise floor (10th percentile) to the speech level (95th), at least 6 dB above the
 * floor. "all" when there is no usable contrast, "none" when the whole file is silent.
 */
export function adaptiveThreshold(levels: Float32Array, o: VadOptions = DEFAULT_VAD): number | "all" | "none" {
  const sorted = Float32Array.from(levels).sort();
  const floor = percentile(sorted, 0.1);
  const peak = percentile(sorted, 0.95);
  if (peak < o.silentBelowDb) return "none";
  if (peak - floor < o.minDynamicDb) return "all";
  return Math.max(floor + 6, floor + 0.25 * (peak - floor));
}

/** Voiced regions of a 16 kHz mono recording, padded and merged, in samples. */
export function findVoicedRegions(pcm: Int16Array, options: Partial<VadOptions> = {}): Region[] {
  const o = { ...DEFAULT_VAD, ...options };
  const frame = Math.round((SAMPLE_RATE * o.frameMs) / 1000);
  const levels = frameLevelsDb(pcm, frame);
  return voicedRegionsFromLevels(levels, frame, pcm.length, o);
}

export function voicedRegionsFromLevels(levels: Float32Array, frame: number, total: number, o: VadOptions = DEFAULT_VAD): Region[] {
  if (total === 0) return [];
  const thr = adaptiveThreshold(levels, o);
  if (thr === "none") return [];
  if (thr === "all") return [{ start: 0, end: total }];

  // Runs of loud frames, in frames.
  const runs: Region[] = [];
  for (let f = 0; f < levels.length; f++) {
    if (levels[f] <= thr) continue;
    const last = runs[runs.length - 1];
    if (last && last.end === f) last.end = f + 1;
    else runs.push({ start: f, end: f + 1 });
  }
  // Bridge pauses shorter than minSilence: only long silences are worth cutting.
  const minGap = Math.ceil((o.minSilenceSec * SAMPLE_RATE) / frame);
  const bridged: Region[] = [];
  for (const r of runs) {
    const last = bridged[bridged.length - 1];
    if (last && r.start - last.end < minGap) last.end = r.end;
    else bridged.push({ ...r });
  }
  const minLen = Math.ceil((o.minSpeechSec * SAMPLE_RATE) / frame);
  const pad = Math.round(o.padSec * SAMPLE_RATE);
  const out: Region[] = [];
  for (const r of bridged) {
    if (r.end - r.start < minLen) continue;
    const start = Math.max(0, r.start * frame - pad);
    const end = Math.min(total, r.end * frame + pad);
    const last = out[out.length - 1];
    if (last && start <= last.end) last.end = Math.max(last.end, end);
    else out.push({ start, end });
  }
  return out;
}

/** A stretch of the original audio placed at `dst` in a piece. */
export type PiecePart = { src: number; dst: number; len: number };
/** What whisper decodes at once: voiced parts joined by short zero gaps. */
export type Piece = { parts: PiecePart[]; length: number };

export type PieceOptions = {
  /**
   * Voiced audio per whisper call. whisper.cpp cuts a call into 30 s windows itself, each
   * starting at the end of the last complete segment, and the encoder always costs a full 30 s
   * window, however little audio it holds. Pieces of at most 30 s therefore paid a whole window
   * for each piece (cut at a pause, ~20–28 s long) and often a second one for the tail after
   * its last complete segment. Longer pieces waste at most one partial window each; their
   * length only bounds how often progress is reported and how long a cancelled call runs on.
   */
  maxPieceSec: number;
  /** Silence inserted between joined parts so words from two regions do not fuse. */
  gapSec: number;
};

export const DEFAULT_PIECES: PieceOptions = { maxPieceSec: 150, gapSec: 0.3 };

/**
 * Splits a region longer than `max` at the quietest frame of the last third of each stretch,
 * so a long monologue is cut in a breath rather than mid-word.
 */
export function splitLongRegion(r: Region, max: number, levels?: Float32Array, frame = 480): Region[] {
  const out: Region[] = [];
  let start = r.start;
  while (r.end - start > max) {
    let cut = start + max;
    if (levels) {
      const from = Math.ceil((start + Math.floor((2 * max) / 3)) / frame);
      const to = Math.floor((start + max) / frame) - 1;
      let best = -1;
      for (let f = from; f <= to && f < levels.length; f++) if (best < 0 || levels[f] < levels[best]) best = f;
      if (best >= 0) cut = best * frame;
    }
    if (cut <= start) cut = start + max;
    out.push({ start, end: cut });
    start = cut;
  }
  if (r.end > start) out.push({ start, end: r.end });
  return out;
}

/** Packs voiced regions into pieces of at most maxPieceSec, in order. */
export function planPieces(regions: Region[], options: Partial<PieceOptions> = {}, levels?: Float32Array, frame = 480): Piece[] {
  const o = { ...DEFAULT_PIECES, ...options };
  const max = Math.round(o.maxPieceSec * SAMPLE_RATE);
  const gap = Math.round(o.gapSec * SAMPLE_RATE);
  const pieces: Piece[] = [];
  let cur: Piece = { parts: [], length: 0 };
  for (const region of regions) {
    for (const r of splitLongRegion(region, max, levels, frame)) {
      const len = r.end - r.start;
      const at = cur.parts.length === 0 ? 0 : cur.length + gap;
      if (cur.parts.length > 0 && at + len > max) {
        pieces.push(cur);
        cur = { parts: [], length: 0 };
      }
      const dst = cur.parts.length === 0 ? 0 : cur.length + gap;
      cur.parts.push({ src: r.start, dst, len });
      cur.length = dst + len;
    }
  }
  if (cur.parts.length > 0) pieces.push(cur);
  return pieces;
}

/**
 * Position in the original recording (samples) of a position inside a piece. Inside a part the
 * offset is kept exactly; a time in an inserted gap snaps forward to the next part for a
 * segment start and back to the previous part's end for a segment end.
 */
export function pieceToSource(piece: Piece, t: number, edge: "start" | "end"): number {
  const parts = piece.parts;
  if (parts.length === 0) return 0;
  if (t <= parts[0].dst) return parts[0].src;
  for (let i = 0; i < parts.length; i++) {
    const p = parts[i];
    if (t <= p.dst + p.len) return p.src + (t - p.dst);
    const next = parts[i + 1];
    if (next && t < next.dst) return edge === "start" ? next.src : p.src + p.len;
  }
  const last = parts[parts.length - 1];
  return last.src + last.len;
}

export type RawSegment = { start: number; end: number; text: string };

/**
 * Maps segments timed in seconds within a piece to seconds in the original recording, clamps
 * them to it, drops empty ones and keeps starts monotonic.
 */
export function mapSegments(piece: Piece, segments: RawSegment[], totalSamples: number): RawSegment[] {
  const out: RawSegment[] = [];
  for (const s of segments) {
    const text = s.text.trim();
    if (!text) continue;
    // Whisper times are centiseconds; a sample count keeps them exact.
    const a = pieceToSource(piece, Math.round(s.start * SAMPLE_RATE), "start");
    let b = pieceToSource(piece, Math.round(s.end * SAMPLE_RATE), "end");
    const start = Math.min(a, totalSamples);
    if (start >= totalSamples) continue;
    b = Math.min(Math.max(b, start), totalSamples);
    out.push({ start: start / SAMPLE_RATE, end: b / SAMPLE_RATE, text });
  }
  return out;
}
