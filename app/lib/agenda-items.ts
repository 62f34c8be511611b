import type { ActionItemValue, DecisionValue, TopicValue } from "./analysis";
import { parseTimestamp } from "./analysis";
import { OTHER_BUSINESS } from "./meeting";
import { topicStart } from "./topics";

/**
 * The minutes regrouped as a verbale reads them (issue 31): one entry per agenda item, in order,
 * with its topics, decisions and actions, then «Varie ed eventuali». Shared by the Word document
 * and anything else that shows the verbale's structure.
 *
 * An item's topic, decision or action is found by `agendaItem` first. Results made before
 * `agendaItem` existed have none: a topic then belongs to the item with its name, and a decision or
 * action to the topic being discussed at its timestamp (the last topic started at or before it).
 * Without an agenda the topics themselves are the items, so the document still reads item by item.
 */

export type VerbaleItem = {
  /** 1-based; null for «Varie ed eventuali». */
  number: number | null;
  title: string;
  topics: TopicValue[];
  decisions: DecisionValue[];
  actions: ActionItemValue[];
};

export type VerbaleItems = {
  /** True when the items are the meeting's agenda, false when they are the topics found. */
  fromAgenda: boolean;
  items: VerbaleItem[];
  /** Substantive matter outside the items; empty when there is none. */
  other: VerbaleItem;
};

type Minutes = { topics: TopicValue[]; decisions: DecisionValue[]; actionItems: ActionItemValue[] };

function comparable(value: string): string {
  return value
    .normalize("NFC")
    .toLowerCase()
    .replace(/^\s*\d+\s*[.)-]\s*/, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

function validItem(value: number | null | undefined, count: number): number | null {
  return typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= count ? value : null;
}

/** The item (1-based) of a topic: its agendaItem, else the agenda item with its name; null outside. */
function topicItem(topic: TopicValue, agenda: string[]): number | null {
  const own = validItem(topic.agendaItem, agenda.length);
  if (own !== null || typeof topic.agendaItem === "number") return own;
  const name = comparable(topic.name);
  if (!name || name === comparable(OTHER_BUSINESS)) return null;
  const index = agenda.findIndex((item) => comparable(item) === name);
  return index < 0 ? null : index + 1;
}

export function groupByAgenda(minutes: Minutes, agenda: string[] | null | undefined): VerbaleItems {
  const given = (agenda ?? []).map((item) => item.trim()).filter(Boolean);
  const fromAgenda = given.length > 0;
  const titles = fromAgenda ? given : minutes.topics.filter((t) => comparable(t.name) !== comparable(OTHER_BUSINESS)).map((t) => t.name);
  const items: VerbaleItem[] = titles.map((title, i) => ({ number: i + 1, title, topics: [], decisions: [], actions: [] }));
  const other: VerbaleItem = { number: null, title: OTHER_BUSINESS, topics: [], decisions: [], actions: [] };
  // An agenda that lists «Varie ed eventuali» itself gets what is outside the other items there.
  const otherIndex = fromAgenda ? given.findIndex((item) => comparable(item) === comparable(OTHER_BUSINESS)) : -1;
  const at = (n: number | null) => (n === null ? (otherIndex >= 0 ? items[otherIndex] : other) : items[n - 1]);

  // Topics in time order with the item each belongs to, to place undated-by-item decisions and actions.
  const placed: { start: number | undefined; item: number | null }[] = [];
  let position = 0;
  for (const topic of minutes.topics) {
    const isOther = comparable(topic.name) === comparable(OTHER_BUSINESS);
    const item = fromAgenda ? topicItem(topic, given) : isOther ? null : ++position;
    at(item).topics.push(topic);
    placed.push({ start: parseTimestamp(topicStart(topic)), item });
  }
  const timeline = placed.filter((p) => p.start !== undefined).sort((a, b) => a.start! - b.start!);

  const itemOf = (agendaItem: number | null | undefined, timestamp: string | null): number | null => {
    if (fromAgenda && typeof agendaItem === "number") return validItem(agendaItem, items.length);
    const seconds = parseTimestamp(timestamp);
    if (seconds === undefined) return null;
    let found: number | null = null;
    for (const p of timeline) {
      if (p.start! <= seconds) found = p.item;
      else break;
    }
    return found;
  };
  for (const d of minutes.decisions) at(itemOf(d.agendaItem, d.timestamp)).decisions.push(d);
  for (const a of minutes.actionItems) at(itemOf(a.agendaItem, a.timestamp)).actions.push(a);
  return { fromAgenda, items, other };
}

/** True when «Varie ed eventuali» has anything to say. */
export function hasOtherBusiness(grouped: VerbaleItems): boolean {
  const o = grouped.other;
  return o.topics.some((t) => t.keyPoints.length > 0) || o.decisions.length > 0 || o.actions.length > 0;
}
