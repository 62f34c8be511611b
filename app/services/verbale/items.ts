import { Paragraph, TextRun } from "docx";
import type { VerbaleItem, VerbaleItems } from "~/lib/agenda-items";
import { hasOtherBusiness } from "~/lib/agenda-items";
import { keyPointView } from "~/lib/topics";
import { ACCENT, type Block, body, bullet, fixedTable, heading, label, muted, stamp } from "./blocks";
import { VERBALE_TEXT, votesText } from "./texts";

/** «Ordine del giorno» and, per item, the discussion in brief, the deliberation and the actions. */

export function agendaList(grouped: VerbaleItems): Block[] {
  return [
    heading(grouped.fromAgenda ? VERBALE_TEXT.agenda : VERBALE_TEXT.topicsDiscussed, 1),
    ...grouped.items.map(
      (item) => new Paragraph({ numbering: { reference: "agenda", level: 0 }, spacing: { after: 80 }, children: [new TextRun(item.title)] }),
    ),
    ...(grouped.items.length === 0 ? [muted("Nessun argomento individuato.")] : []),
  ];
}

function discussion(item: VerbaleItem): Block[] {
  const points = item.topics.flatMap((topic) => topic.keyPoints.map((point, index) => keyPointView(topic, point, index)));
  const out: Block[] = [label(VERBALE_TEXT.discussion)];
  if (points.length === 0) out.push(muted(VERBALE_TEXT.noDiscussion));
  for (const view of points) {
    out.push(bullet([...(view.timestamp ? [stamp(view.timestamp)] : []), new TextRun(view.text)]));
    if (view.excerpt) {
      out.push(
        new Paragraph({
          indent: { left: 1080 },
          spacing: { after: 120 },
          children: [new TextRun({ text: `«${view.excerpt}»`, italics: true, color: "666666" })],
        }),
      );
    }
  }
  return out;
}

function deliberation(item: VerbaleItem): Block[] {
  const out: Block[] = [label(VERBALE_TEXT.deliberation)];
  if (item.decisions.length === 0) out.push(muted(VERBALE_TEXT.noDeliberation));
  for (const d of item.decisions) {
    out.push(body([...(d.timestamp ? [stamp(d.timestamp)] : []), new TextRun(d.text)], { after: d.votes ? 40 : 120, keepNext: Boolean(d.votes) }));
    if (d.votes) {
      out.push(
        new Paragraph({
          indent: { left: 360 },
          spacing: { after: 120 },
          children: [new TextRun({ text: "Votazione: ", bold: true, color: ACCENT }), new TextRun(`${votesText(d.votes)}.`)],
        }),
      );
    }
  }
  return out;
}

function actions(item: VerbaleItem): Block[] {
  if (item.actions.length === 0) return [];
  const none = VERBALE_TEXT.notSaid;
  return [
    label(VERBALE_TEXT.actions),
    fixedTable(
      [
        { title: VERBALE_TEXT.task, share: 46 },
        { title: VERBALE_TEXT.owner, share: 24 },
        { title: VERBALE_TEXT.due, share: 20 },
        { title: VERBALE_TEXT.minute, share: 10 },
      ],
      item.actions.map((a) => [a.task, a.owner?.trim() || none, a.due?.trim() || none, a.timestamp ?? none]),
    ),
  ];
}

function section(item: VerbaleItem): Block[] {
  const title = item.number === null ? item.title : `${item.number}. ${item.title}`;
  return [heading(title, 2), ...discussion(item), ...deliberation(item), ...actions(item)];
}

export function itemSections(grouped: VerbaleItems): Block[] {
  const sections = grouped.items.flatMap(section);
  if (hasOtherBusiness(grouped)) sections.push(...section(grouped.other));
  return sections;
}
