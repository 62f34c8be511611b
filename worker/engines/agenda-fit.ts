/**
 * The agenda given up front (issue 31), for every engine: the items as the engines read them, and
 * the check after a language model's answer that holds the minutes to them — one topic per item,
 * in order, named exactly as given (the schema's enum already keeps names to the list, but a model
 * may skip an item or repeat one), an empty topic for an item the model passed over, the rest
 * under «Varie ed eventuali», and each decision and action under the item being discussed when
 * it was said.
 */
import { parseTimestamp, type AnalysisResult, type KeyPointValue, type TopicValue } from "~/lib/analysis";
import { MEETING_LIMITS, OTHER_BUSINESS } from "~/lib/meeting";
import { readVotes } from "./local-analysis/votes";
import type { AnalysisInput } from "./types";

/** The agenda's items, trimmed, without empty lines; undefined when there is no agenda. */
export function agendaOf(input: Pick<AnalysisInput, "agenda">): string[] | undefined {
  const items = (input.agenda ?? [])
    .map((item) =>
      String(item ?? "")
        .replace(/\s+/g, " ")
        .trim(),
    )
    .filter(Boolean)
    .slice(0, MEETING_LIMITS.agendaItems);
  return items.length ? items : undefined;
}

const fold = (text: string) =>
  text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .replace(/^\s*(?:punto\s+)?\d+\s*[.)°:-]\s*/u, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();

/** Whether an item is the catch-all «Varie ed eventuali». */
const isOther = (item: string) => /^varie\b/.test(fold(item));

/** The topic names the engines may use: the items, then «Varie ed eventuali» unless the agenda has it. */
export function agendaTopicNames(agenda: string[]): string[] {
  return agenda.some(isOther) ? [...agenda] : [...agenda, OTHER_BUSINESS];
}

/** The item (0-based) a topic name stands for: the same text, else most of its words; -1 for none. */
function itemOf(name: string, agenda: string[]): number {
  const f = fold(name);
  const exact = agenda.findIndex((item) => fold(item) === f);
  if (exact >= 0) return exact;
  const words = new Set(f.split(" ").filter((w) => w.length > 2));
  let best = -1;
  let bestShare = 0.5;
  agenda.forEach((item, i) => {
    const own = fold(item)
      .split(" ")
      .filter((w) => w.length > 2);
    const share = own.length ? own.filter((w) => words.has(w)).length / own.length : 0;
    if (share > bestShare || (share === bestShare && best < 0 && share > 0.5)) {
      best = i;
      bestShare = share;
    }
  });
  return best;
}

const timeOf = (point: KeyPointValue) => (typeof point === "string" ? undefined : parseTimestamp(point.estimatedTimestamp));

export function fitToAgenda<T extends AnalysisResult>(result: T, agenda: string[]): T {
  const k = agenda.length;
  const ownOther = agenda.findIndex(isOther);
  // Per item, then the bucket for business outside the agenda (index k).
  const buckets: TopicValue[] = agendaTopicNames(agenda).map((name, i) => ({
    name,
    keyPoints: [],
    estimatedTimestamps: [],
    agendaItem: i < k ? i + 1 : null,
  }));
  for (const topic of result.topics) {
    let i = itemOf(topic.name, agenda);
    if (i < 0) i = ownOther >= 0 ? ownOther : k;
    const bucket = buckets[i];
    topic.keyPoints.forEach((point, p) => {
      bucket.keyPoints.push(point);
      bucket.estimatedTimestamps!.push(topic.estimatedTimestamps?.[p] ?? (typeof point === "string" ? "" : (point.estimatedTimestamp ?? "")));
    });
  }
  // Where each bucket's discussion began: a decision or action belongs to the one under way.
  const starts = buckets
    .map((b, i) => ({ i, at: Math.min(...b.keyPoints.map(timeOf).filter((t): t is number => t !== undefined)) }))
    .filter((s) => Number.isFinite(s.at))
    .sort((a, b) => a.at - b.at || a.i - b.i);
  const placed = (given: number | null | undefined, timestamp: string | null): number | null => {
    if (given && given >= 1 && given <= k) return given;
    const t = parseTimestamp(timestamp);
    if (t === undefined) return ownOther >= 0 ? ownOther + 1 : null;
    const under = starts.filter((s) => s.at <= t + 1).pop() ?? starts[0];
    if (!under) return ownOther >= 0 ? ownOther + 1 : null;
    return under.i < k ? under.i + 1 : null;
  };
  // A model writes the count in the decision's text, as asked: read it as the extractive analyzer does.
  const decisions = result.decisions.map((d) => ({ ...d, agendaItem: placed(d.agendaItem, d.timestamp), votes: d.votes ?? readVotes(d.text) }));
  const actionItems = result.actionItems.map((a) => ({ ...a, agendaItem: placed(a.agendaItem, a.timestamp) }));
  const outside = buckets[k];
  const topics = buckets.slice(0, k);
  if (outside && (outside.keyPoints.length > 0 || [...decisions, ...actionItems].some((x) => x.agendaItem === null))) topics.push(outside);
  return { ...result, topics, decisions, actionItems };
}
