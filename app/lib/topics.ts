import { ANALYSIS_ENGINE_LABEL, MINUTES_TEXT } from "./messages";
import { keyPointText, parseTimestamp, type KeyPointValue, type TopicValue } from "./analysis";

/** Reading helpers for the analysis topics, shared by the result page and the Word document. */

export type KeyPointView = { text: string; excerpt?: string; timestamp?: string; seconds?: number };

/**
 * A key point's timestamp: its own estimatedTimestamp, else the topic's estimatedTimestamps at the
 * same index (the engines keep the two lists aligned).
 */
export function keyPointView(topic: Pick<TopicValue, "estimatedTimestamps">, point: KeyPointValue, index: number): KeyPointView {
  const own = typeof point === "string" ? undefined : point.estimatedTimestamp;
  const candidate = own ?? topic.estimatedTimestamps?.[index];
  const seconds = parseTimestamp(candidate);
  const text = keyPointText(point);
  return {
    text,
    excerpt: typeof point === "string" ? undefined : excerptWorthShowing(text, point.excerpt),
    timestamp: seconds === undefined ? undefined : candidate!.trim(),
    seconds,
  };
}

/** Lower case, letters and digits only: "Il bilancio." and «il bilancio» read the same. */
function comparable(value: string): string {
  return value
    .normalize("NFC")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The quote under a key point only when it adds something: not when it repeats the point (the
 * engines often give the same sentence twice) or is a piece of it.
 */
export function excerptWorthShowing(point: string, excerpt: string | undefined): string | undefined {
  const quote = excerpt?.trim();
  if (!quote) return undefined;
  const a = comparable(point);
  const b = comparable(quote);
  if (!b || a === b || a.includes(b)) return undefined;
  return quote;
}

/** The topic's first timestamp, for "from mm:ss" labels. */
export function topicStart(topic: TopicValue): string | undefined {
  return (
    topic.keyPoints.map((p, i) => keyPointView(topic, p, i).timestamp).find(Boolean) ??
    topic.estimatedTimestamps?.find((t) => parseTimestamp(t) !== undefined)
  );
}

/**
 * The summary figures of spec 2.6: approximate words (length / 5), 'Dettagliato' above 200
 * characters, paragraphs (length / 100, at least one when there is any text).
 */
export function summaryFigures(summary: string | null | undefined): { words: number; detailed: boolean; paragraphs: number } {
  const length = (summary ?? "").trim().length;
  return { words: Math.round(length / 5), detailed: length > 200, paragraphs: length === 0 ? 0 : Math.max(1, Math.round(length / 100)) };
}

/** "Verbale redatto da: …" for a stored engine name (null for seeded or unknown engines). */
export function madeByText(engine: string | null | undefined, model: string | null | undefined): string | null {
  const label = engine ? ANALYSIS_ENGINE_LABEL[engine] : undefined;
  return label ? MINUTES_TEXT.madeBy(label, model ?? null) : null;
}
