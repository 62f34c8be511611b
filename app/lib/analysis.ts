import { z } from "zod";

/**
 * The one schema both analysis engines (OpenAI-compatible and local) must fill, and that the
 * result page, the Word document and the API read. Timestamps are "mm:ss" (or "h:mm:ss").
 */

export type TimedSegment = { start: number; end: number; text: string; speaker?: string | null };

export const keyPointSchema = z.union([
  z.string().min(1),
  z.object({
    point: z.string().min(1),
    excerpt: z.string().optional(),
    segmentSummary: z.string().optional(),
    estimatedTimestamp: z.string().optional(),
  }),
]);

/**
 * With meeting details (issue 31) the minutes follow the agenda: `agendaItem` is the 1-based number
 * of the item a topic, decision or action belongs to; null or absent for «Varie ed eventuali» and
 * for minutes made without an agenda.
 */
const agendaItemField = z.number().int().min(1).nullable().optional();

export const topicSchema = z.object({
  name: z.string().min(1),
  keyPoints: z.array(keyPointSchema),
  estimatedTimestamps: z.array(z.string()).optional(),
  agendaItem: agendaItemField,
});

/** A counted vote: numbers as said (heads, or millesimi when said so); null when not said. */
export const votesSchema = z.object({
  favorevoli: z.number().nonnegative().nullable(),
  contrari: z.number().nonnegative().nullable(),
  astenuti: z.number().nonnegative().nullable(),
  /** «all'unanimità»: the counts may then be null. */
  unanimous: z.boolean(),
});

/** What the meeting decided ("si approva…", "si decide…"), with where it was said. */
export const decisionSchema = z.object({
  text: z.string().min(1),
  timestamp: z.string().nullable(),
  agendaItem: agendaItemField,
  /** The vote that carried it, when one was counted or declared unanimous. */
  votes: votesSchema.nullable().optional(),
});

/** Who must do what by when, as said in the meeting; owner and due are null when not said. */
export const actionItemSchema = z.object({
  task: z.string().min(1),
  owner: z.string().nullable(),
  due: z.string().nullable(),
  timestamp: z.string().nullable(),
  agendaItem: agendaItemField,
});

export const analysisResultSchema = z.object({
  title: z.string(),
  summary: z.string(),
  topics: z.array(topicSchema),
  // Results stored before decisions and actions existed have neither: read them as empty.
  decisions: z.array(decisionSchema).default([]),
  actionItems: z.array(actionItemSchema).default([]),
});

export type KeyPointValue = z.infer<typeof keyPointSchema>;
export type TopicValue = z.infer<typeof topicSchema>;
export type DecisionValue = z.infer<typeof decisionSchema>;
export type VotesValue = z.infer<typeof votesSchema>;
export type ActionItemValue = z.infer<typeof actionItemSchema>;
export type AnalysisResult = z.infer<typeof analysisResultSchema>;

/** The text of a key point, whichever of the two shapes it has. */
export function keyPointText(point: KeyPointValue): string {
  return typeof point === "string" ? point : point.point;
}

/** Seconds to "mm:ss", or "h:mm:ss" from one hour on. */
export { formatDuration as formatTimestamp } from "./format";

/** "mm:ss" or "h:mm:ss" back to seconds; undefined when it is not a timestamp. */
export function parseTimestamp(value: string | undefined | null): number | undefined {
  if (!value) return undefined;
  const match = value.trim().match(/^(?:(\d+):)?(\d{1,2}):(\d{2})$/);
  if (!match) return undefined;
  return Number(match[1] ?? 0) * 3600 + Number(match[2]) * 60 + Number(match[3]);
}

/**
 * The title rule of spec 2.6 applied to a first sentence: cut at about 60 characters on a word
 * boundary. Finding the first sentence is the Italian splitter's job (abbreviations like "dott."
 * do not end one): see worker/engines/local-analysis/sentences.ts.
 */
export function titleFromSentence(sentence: string, max = 60): string {
  const clean = sentence.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean.replace(/[.!?]+$/, "");
  const cut = clean.slice(0, max);
  // A cut that already falls just before a space keeps its last word whole.
  const lastSpace = clean[max] === " " ? max : cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.6 ? cut.slice(0, lastSpace) : cut).replace(/[,;:]$/, "")}…`;
}
