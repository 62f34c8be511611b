import type { TimedSegment } from "~/lib/analysis";
import type { LiveState } from "~/lib/live-transcript";

/**
 * Windows of a recording transcribed while it is made (issue 17, decision 010).
 *
 * Each window starts where the final words end (`committedUntil`) and takes the audio that has
 * arrived, up to LIVE_WINDOW_MAX_SECONDS. Segments ending in the last LIVE_GUARD_SECONDS of a
 * window may hold a word cut by the window's end: they stay a draft, and the next window, which
 * starts right after the last final segment, hears them again whole. So a seam never falls
 * inside a word the engine heard (nothing lost) and no audio before `committedUntil` is heard
 * twice (nothing doubled). The final pass at "Invia" is one more window over the tail, without a
 * guard: it replaces the draft.
 */

/** Whisper hears 30 s at once; a longer window would be cut again inside the engine. */
export const LIVE_WINDOW_MAX_SECONDS = 28;
/** Less new audio than this is not worth a window (an engine call has a fixed cost)... */
export const LIVE_MIN_NEW_SECONDS = 4;
/** ...except the first: the first words should show up as soon as possible. */
export const LIVE_FIRST_WINDOW_SECONDS = 2;
/** A segment ending this close to the window's end may be cut: it stays a draft. */
export const LIVE_GUARD_SECONDS = 2;

export type LiveWindow = { start: number; end: number };

export function emptyLiveState(engine: string, model: string): LiveState {
  return { version: 1, engine, model, committedUntil: 0, processedUntil: 0, segments: [], draft: [], windows: 0 };
}

/** The state when it was made by this engine and model, else a fresh one (the words would not match). */
export function liveStateFor(saved: unknown, engine: string, model: string): LiveState {
  const state = saved as LiveState | null | undefined;
  if (state?.version === 1 && state.engine === engine && state.model === model && Array.isArray(state.segments)) return state;
  return emptyLiveState(engine, model);
}

/** The next window, or null when too little new audio has arrived since the last one. */
export function nextLiveWindow(state: LiveState, availableSec: number): LiveWindow | null {
  const minimum = state.windows === 0 ? LIVE_FIRST_WINDOW_SECONDS : LIVE_MIN_NEW_SECONDS;
  if (availableSec - state.processedUntil < minimum) return null;
  const start = state.committedUntil;
  const end = Math.min(availableSec, start + LIVE_WINDOW_MAX_SECONDS);
  if (end - start < 0.5) return null;
  return { start: round3(start), end: round3(end) };
}

/** Window-relative segments → absolute, trimmed, clipped to the window, in order. */
export function absoluteSegments(window: LiveWindow, segments: TimedSegment[]): TimedSegment[] {
  const out: TimedSegment[] = [];
  for (const s of segments) {
    const text = s.text.trim();
    if (!text) continue;
    // An engine may place timestamps past the end of a short window (whisper pads to 30 s).
    const start = round3(Math.min(window.end, window.start + Math.max(0, s.start)));
    const end = round3(Math.min(window.end, window.start + Math.max(s.start, s.end)));
    out.push({ start, end: Math.max(start, end), text, ...(s.speaker ? { speaker: s.speaker } : {}) });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/**
 * Folds a transcribed window into the state. `final`: the recording has ended and this window
 * reaches its end, so nothing is a draft.
 */
export function commitLiveWindow(
  state: LiveState,
  window: LiveWindow,
  relative: TimedSegment[],
  options: { final?: boolean; language?: string } = {},
): LiveState {
  const heard = absoluteSegments(window, relative);
  const cut = options.final ? Infinity : window.end - LIVE_GUARD_SECONDS;
  let count = 0;
  while (count < heard.length && heard[count].end <= cut) count++;
  // A full window whose speech never pauses long enough: keep all but its last segment, so the
  // next window moves on instead of hearing the same 28 s again.
  const full = window.end - window.start >= LIVE_WINDOW_MAX_SECONDS - 0.01;
  if (count === 0 && full && heard.length > 0) count = Math.max(1, heard.length - 1);
  const committed = heard.slice(0, count);
  const last = committed.at(-1);
  // No speech at all before the guard: the audio up to it is silence, final too.
  const committedUntil = last
    ? Math.max(state.committedUntil, last.end)
    : heard.length === 0
      ? Math.max(state.committedUntil, Math.min(cut, window.end))
      : state.committedUntil;
  return {
    ...state,
    committedUntil: round3(committedUntil),
    processedUntil: round3(Math.max(state.processedUntil, window.end)),
    segments: [...state.segments, ...committed],
    draft: heard.slice(count),
    language: state.language ?? options.language,
    windows: state.windows + 1,
  };
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}

/**
 * What the final pass keeps of the live windows: the final words and where they end, when the
 * same engine and model heard them. The final pass transcribes from `from` to the end; the draft
 * is not kept (the final pass hears that audio again, whole, and its words win).
 */
export function livePrefix(
  saved: unknown,
  engine: string,
  model: string,
  durationSec: number | null,
): { segments: TimedSegment[]; from: number } | undefined {
  const state = liveStateFor(saved, engine, model);
  if (state.windows === 0 || state.committedUntil < 1) return undefined;
  // A prefix longer than the audio means the state is not this audio's (never expected).
  if (durationSec !== null && state.committedUntil > durationSec + 1) return undefined;
  return { segments: state.segments, from: state.committedUntil };
}
