import type { ActionItemValue, DecisionValue, TopicValue } from "./analysis";
import { keyPointText } from "./analysis";

/**
 * The plain-text forms of the minutes on the result page (they work without JavaScript): one
 * decision per line, topics as "# name" followed by "- point" lines, each line optionally led by
 * its "[mm:ss]". Pure, so the page and the tests share them.
 */

const STAMP = /^\[(\d{1,2}:\d{2}(?::\d{2})?)\]\s*/;

function splitStamp(line: string): { timestamp: string | null; text: string } {
  const m = STAMP.exec(line);
  return m ? { timestamp: m[1], text: line.slice(m[0].length).trim() } : { timestamp: null, text: line.trim() };
}

const lines = (value: string) =>
  value
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);

export function decisionsToText(decisions: DecisionValue[]): string {
  return decisions.map((d) => `${d.timestamp ? `[${d.timestamp}] ` : ""}${d.text}`).join("\n");
}

export function decisionsFromText(value: string): DecisionValue[] {
  return lines(value)
    .map(splitStamp)
    .filter((d) => d.text)
    .map((d) => ({ text: d.text, timestamp: d.timestamp }));
}

export function topicsToText(topics: TopicValue[]): string {
  return topics
    .map((t) =>
      [
        `# ${t.name}`,
        ...t.keyPoints.map((p, i) => {
          const stamp = typeof p === "string" ? t.estimatedTimestamps?.[i] : (p.estimatedTimestamp ?? t.estimatedTimestamps?.[i]);
          return `- ${stamp ? `[${stamp}] ` : ""}${keyPointText(p)}`;
        }),
      ].join("\n"),
    )
    .join("\n\n");
}

/** "# name" starts a topic, every other line is one of its points; excerpts of unchanged points are kept. */
export function topicsFromText(value: string, previous: TopicValue[]): TopicValue[] {
  const excerpts = new Map<string, string>();
  for (const t of previous) for (const p of t.keyPoints) if (typeof p !== "string" && p.excerpt) excerpts.set(p.point, p.excerpt);
  const topics: TopicValue[] = [];
  for (const line of lines(value)) {
    if (line.startsWith("#")) {
      const name = line.replace(/^#+\s*/, "").trim();
      if (name) topics.push({ name, keyPoints: [], estimatedTimestamps: [] });
      continue;
    }
    const { timestamp, text } = splitStamp(line.replace(/^[-•*]\s*/, ""));
    if (!text) continue;
    if (topics.length === 0) topics.push({ name: "Argomenti", keyPoints: [], estimatedTimestamps: [] });
    const topic = topics[topics.length - 1];
    const excerpt = excerpts.get(text);
    topic.keyPoints.push({ point: text, ...(excerpt ? { excerpt } : {}), ...(timestamp ? { estimatedTimestamp: timestamp } : {}) });
    topic.estimatedTimestamps!.push(timestamp ?? "");
  }
  return topics.filter((t) => t.keyPoints.length > 0);
}

/** Rows task_i / owner_i / due_i / timestamp_i of the actions form; a row without a task is dropped. */
export function actionItemsFromForm(form: FormData): ActionItemValue[] {
  const items: ActionItemValue[] = [];
  for (let i = 0; i < 500; i++) {
    if (!form.has(`task_${i}`)) break;
    const task = String(form.get(`task_${i}`) ?? "").trim();
    if (!task) continue;
    const optional = (name: string) => String(form.get(`${name}_${i}`) ?? "").trim() || null;
    items.push({ task, owner: optional("owner"), due: optional("due"), timestamp: optional("timestamp") });
  }
  return items;
}
