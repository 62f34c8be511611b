import type { TimedSegment } from "./analysis";

/**
 * The live transcript of a recording in progress (issue 17, decision 010), kept in
 * transcriptions.live while the row is RECORDING and until the final pass has used it.
 */
export type LiveState = {
  version: 1;
  /** Engine and model that heard the windows: the final pass reuses them only if it is the same. */
  engine: string;
  model: string;
  /** Seconds of audio whose words are final: `segments` cover everything before this point. */
  committedUntil: number;
  /** End of the last window transcribed (seconds of audio). */
  processedUntil: number;
  /** Final words, absolute times, in order. */
  segments: TimedSegment[];
  /** Words heard after committedUntil, possibly cut at the window's end: the next window redoes them. */
  draft: TimedSegment[];
  language?: string;
  windows: number;
};

/** What GET /api/recordings/:id/live answers. */
export type LiveView = {
  status: string;
  /** Final words, then the draft (shown lighter: it may still change). */
  text: string;
  draft: string;
  /** Seconds recorded (as the browser counts them) and seconds already transcribed. */
  recordedSeconds: number;
  transcribedSeconds: number;
  /** How far the live text is behind the speech, in whole seconds. */
  behindSeconds: number;
  /** Issue 35: the topics of the minutes written so far by the local LLM, part by part («Verbale in corso»). */
  minutesSoFar?: string[];
};

/** Behind by more than this, the live view says so (one window of audio is always in flight). */
export const LIVE_BEHIND_NOTICE_SECONDS = 30;

export function liveView(status: string, state: LiveState | null, recordedSeconds: number): LiveView {
  const join = (segments: TimedSegment[]) =>
    segments
      .map((s) => s.text.trim())
      .filter(Boolean)
      .join(" ");
  const transcribed = state?.processedUntil ?? 0;
  return {
    status,
    text: join(state?.segments ?? []),
    draft: join(state?.draft ?? []),
    recordedSeconds,
    transcribedSeconds: transcribed,
    behindSeconds: Math.max(0, Math.round(recordedSeconds - transcribed)),
  };
}
