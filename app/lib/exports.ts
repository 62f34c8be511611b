import type { ActionItemValue, DecisionValue, TimedSegment } from "./analysis";
import { formatDuration } from "./format";
import { MINUTES_TEXT } from "./messages";

/**
 * Text exports of a transcription beyond the spec: plain text, SRT and WebVTT subtitles from
 * the timed segments. Pure functions, shared by the API route and the tests.
 */

export const EXPORT_FORMATS = {
  txt: { extension: "txt", contentType: "text/plain; charset=utf-8" },
  srt: { extension: "srt", contentType: "application/x-subrip; charset=utf-8" },
  vtt: { extension: "vtt", contentType: "text/vtt; charset=utf-8" },
} as const;

export type ExportFormat = keyof typeof EXPORT_FORMATS;

export function isExportFormat(value: string | undefined): value is ExportFormat {
  return value !== undefined && Object.prototype.hasOwnProperty.call(EXPORT_FORMATS, value);
}

type ExportSource = {
  title?: string | null;
  text?: string | null;
  segments: (TimedSegment & { speaker?: string | null })[];
  /** The minutes' decisions and actions: in the TXT export before the transcript (not in subtitles). */
  decisions?: DecisionValue[];
  actionItems?: ActionItemValue[];
};

/** "Decisioni" and "Azioni da fare" as plain text lines; nothing when the analysis has neither. */
export function minutesLines(source: Pick<ExportSource, "decisions" | "actionItems">): string[] {
  const decisions = source.decisions ?? [];
  const actions = source.actionItems ?? [];
  if (decisions.length === 0 && actions.length === 0) return [];
  const at = (timestamp: string | null) => (timestamp ? `[${timestamp}] ` : "");
  const lines = [`${MINUTES_TEXT.decisions}:`];
  if (decisions.length === 0) lines.push(`- ${MINUTES_TEXT.noDecisions}`);
  for (const d of decisions) lines.push(`- ${at(d.timestamp)}${d.text}`);
  lines.push("", `${MINUTES_TEXT.actionItems}:`);
  if (actions.length === 0) lines.push(`- ${MINUTES_TEXT.noActionItems}`);
  for (const a of actions) {
    lines.push(
      `- ${at(a.timestamp)}${a.task} — ${MINUTES_TEXT.owner.toLowerCase()}: ${a.owner ?? MINUTES_TEXT.notSaid}; ${MINUTES_TEXT.due.toLowerCase()}: ${a.due ?? MINUTES_TEXT.notSaid}`,
    );
  }
  return lines;
}

/** Subtitle clock "hh:mm:ss,mmm" (SRT) or "hh:mm:ss.mmm" (VTT); negative or NaN becomes 0. */
export function subtitleTimestamp(seconds: number, separator: "," | "."): string {
  const totalMs = Math.max(0, Math.round((Number.isFinite(seconds) ? seconds : 0) * 1000));
  const ms = totalMs % 1000;
  const totalSeconds = Math.floor(totalMs / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, "0");
  return `${pad(Math.floor(totalSeconds / 3600))}:${pad(Math.floor((totalSeconds % 3600) / 60))}:${pad(totalSeconds % 60)}${separator}${pad(ms, 3)}`;
}

type Cue = TimedSegment & { speaker: string | null };

/** Segments with text, in time order, each ending after it starts (players reject zero-length cues). */
function cues(segments: ExportSource["segments"]): Cue[] {
  return segments
    .map((s) => ({
      start: Math.max(0, s.start),
      end: Math.max(0, s.end),
      text: s.text.replace(/\s+/g, " ").trim(),
      speaker: s.speaker?.replace(/\s+/g, " ").trim() || null,
    }))
    .filter((s) => s.text !== "")
    .sort((a, b) => a.start - b.start)
    .map((s) => ({ ...s, end: s.end > s.start ? s.end : s.start + 1 }));
}

export function toTxt(source: ExportSource): string {
  const lines: string[] = [];
  if (source.title) lines.push(source.title, "");
  const minutes = minutesLines(source);
  if (minutes.length > 0) lines.push(...minutes, "", "Trascrizione:");
  const segments = cues(source.segments);
  if (segments.length > 0) {
    for (const s of segments) lines.push(`[${formatDuration(s.start)}] ${s.speaker ? `${s.speaker}: ` : ""}${s.text}`);
  } else if (source.text) {
    lines.push(source.text.trim());
  }
  return `${lines.join("\n")}\n`;
}

export function toSrt(source: ExportSource): string {
  return cues(source.segments)
    .map(
      (s, i) => `${i + 1}\n${subtitleTimestamp(s.start, ",")} --> ${subtitleTimestamp(s.end, ",")}\n${s.speaker ? `${s.speaker}: ` : ""}${s.text}\n`,
    )
    .join("\n");
}

export function toVtt(source: ExportSource): string {
  // "-->" inside a cue would end it early in some players; a voice tag names the speaker, whose
  // name must not close the tag.
  const voice = (speaker: string | null) => (speaker ? `<v ${speaker.replace(/[<>]/g, "").replace(/-->/g, "->")}>` : "");
  const body = cues(source.segments)
    .map((s) => `${subtitleTimestamp(s.start, ".")} --> ${subtitleTimestamp(s.end, ".")}\n${voice(s.speaker)}${s.text.replace(/-->/g, "->")}\n`)
    .join("\n");
  return `WEBVTT\n\n${body}`;
}

export function renderExport(format: ExportFormat, source: ExportSource): string {
  if (format === "srt") return toSrt(source);
  if (format === "vtt") return toVtt(source);
  return toTxt(source);
}
