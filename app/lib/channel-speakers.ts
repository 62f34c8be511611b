import type { TimedSegment } from "./analysis";
import { REMOTE_PARTICIPANTS, type AudioSource } from "./audio-source";

/**
 * Who spoke, from the channels of a call recording (issue 30): left the microphone (the account's
 * owner), right the call («Partecipanti remoti»). Each channel's level is given per frame (dBFS,
 * -Infinity for digital silence); a segment gets the side that dominates its frames, or null
 * when both sides speak (overlap) or nothing does, rather than a guess.
 */

export type ChannelLevels = {
  /** Seconds per frame (0.1 s). */
  frameSec: number;
  /** RMS level in dBFS of each frame, from time 0. A channel shorter than the other is silent past its end. */
  left: readonly number[];
  right: readonly number[];
};

export type Side = "mic" | "call";

/** Below this a frame is silence whatever the channel's noise floor. */
export const SILENCE_DBFS = -55;
/** A channel speaks when its frame is this far above its own noise floor (its 10th percentile)... */
const ABOVE_FLOOR_DB = 10;
/** ...or above this anyway: a channel that speaks throughout has no quiet 10th percentile. */
const SPEECH_DBFS = -40;
/**
 * How much louder one side must be to own a frame. The microphone hears a loudspeaker's call
 * faintly (echo, typically 15–30 dB down): a ratio, not the mere presence of sound, decides.
 */
export const DOMINANCE_DB = 10;
/** Share of a segment's speech frames one side needs; below it the segment is an overlap. */
export const DOMINANT_SHARE = 0.8;
/** Fewer speech frames than this (0.3 s) is silence: no speaker. */
const MIN_SPEECH_FRAMES = 3;

function noiseFloor(levels: readonly number[]): number {
  const finite = levels.filter(Number.isFinite).sort((a, b) => a - b);
  if (finite.length === 0) return -Infinity;
  return finite[Math.floor(finite.length * 0.1)];
}

/** The side that speaks in each frame: "mic", "call", "both" or null (silence). */
export function frameSides(levels: ChannelLevels): ("mic" | "call" | "both" | null)[] {
  const threshold = (values: readonly number[]) => Math.min(SPEECH_DBFS, Math.max(SILENCE_DBFS, noiseFloor(values) + ABOVE_FLOOR_DB));
  const leftOn = threshold(levels.left);
  const rightOn = threshold(levels.right);
  const frames = Math.max(levels.left.length, levels.right.length);
  return Array.from({ length: frames }, (_, i) => {
    const l = levels.left[i] ?? -Infinity;
    const r = levels.right[i] ?? -Infinity;
    const micSpeaks = l > leftOn;
    const callSpeaks = r > rightOn;
    if (!micSpeaks && !callSpeaks) return null;
    if (micSpeaks && (!callSpeaks || l - r >= DOMINANCE_DB)) return "mic";
    if (callSpeaks && (!micSpeaks || r - l >= DOMINANCE_DB)) return "call";
    return "both";
  });
}

/** The side that spoke during [start, end), or null for overlap or silence. */
export function sideOf(sides: readonly ("mic" | "call" | "both" | null)[], frameSec: number, start: number, end: number): Side | null {
  const from = Math.max(0, Math.floor(start / frameSec));
  const to = Math.min(sides.length, Math.ceil(end / frameSec));
  let mic = 0;
  let call = 0;
  let speech = 0;
  for (let i = from; i < to; i++) {
    const side = sides[i];
    if (side === null || side === undefined) continue;
    speech += 1;
    if (side === "mic") mic += 1;
    if (side === "call") call += 1;
  }
  if (speech < MIN_SPEECH_FRAMES) return null;
  if (mic >= speech * DOMINANT_SHARE) return "mic";
  if (call >= speech * DOMINANT_SHARE) return "call";
  return null;
}

/**
 * The segments with their speakers: for a microphone-and-call recording from the levels (the
 * engine's own labels are replaced: the channel knows better), for a call-only recording all
 * «Partecipanti remoti»; any other recording (microphone, uploads) is returned unchanged.
 */
export function attributeSpeakers<T extends TimedSegment>(
  segments: readonly T[],
  source: AudioSource | null | undefined,
  ownerName: string,
  levels: ChannelLevels | null,
): T[] {
  if (source === "call") return segments.map((s) => ({ ...s, speaker: REMOTE_PARTICIPANTS }));
  if (source !== "microphone-and-call" || !levels) return [...segments];
  const sides = frameSides(levels);
  return segments.map((s) => {
    const side = sideOf(sides, levels.frameSec, s.start, s.end);
    return { ...s, speaker: side === "mic" ? ownerName : side === "call" ? REMOTE_PARTICIPANTS : null };
  });
}
