import { createHash } from "node:crypto";
import type { AnalysisInput } from "../types";
import { agendaLines, transcriptLines } from "../minutes";

/**
 * The transcript cut into parts for the map step (engine.ts), and each part's key in
 * minutes_parts. Pure: the engine counts the tokens with the model (host.ts) and hands the
 * counts in, so the cutting and the keys can be read and tested without a model.
 */

/** One part: the lines the model reads (with speakers) and the words it is known by (its key). */
export type TranscriptPart = { lines: string[]; key: string[] };

/** Groups lines into parts of at most maxTokens (a single longer line is its own part). */
export function splitByTokens(lines: string[], countTokens: (line: string) => number, maxTokens: number): string[][] {
  const parts: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const line of lines) {
    const n = countTokens(line) + 1;
    if (current.length > 0 && size + n > maxTokens) {
      parts.push(current);
      current = [];
      size = 0;
    }
    current.push(line);
    size += n;
  }
  if (current.length > 0) parts.push(current);
  return parts;
}

/**
 * The transcript's lines as words alone and as shown to the model. Parts are cut and known by
 * their words alone: speakers are labelled only after «Invia» (channels, diarization), so a part
 * mapped during the meeting keeps its place and key when they arrive, while the prompt still
 * shows them.
 */
export function partLines(segments: AnalysisInput["segments"]): { words: string[]; shown: string[] } {
  return { words: transcriptLines(segments.map((s) => ({ ...s, speaker: null }))), shown: transcriptLines(segments) };
}

/** The transcript in parts, each with the lines the model reads and the words it is known by. */
export function cutIntoParts(
  { words, shown }: { words: string[]; shown: string[] },
  countTokens: (line: string) => number,
  maxTokens: number,
): TranscriptPart[] {
  let at = 0;
  return splitByTokens(words, countTokens, maxTokens).map((key) => {
    const part = { lines: shown.slice(at, at + key.length), key };
    at += key.length;
    return part;
  });
}

/**
 * A part's key in minutes_parts: its words and, with an agenda, the agenda it was asked under, so
 * an edited part or a changed agenda gets another key and the part is asked again.
 */
export function partHash(lines: string[], agenda: string[] | undefined): string {
  return createHash("sha256")
    .update((agenda ? [agendaLines(agenda), ...lines] : lines).join("\n"))
    .digest("hex");
}
