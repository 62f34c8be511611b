import {
  AlignmentType,
  BorderStyle,
  Document,
  Footer,
  HeadingLevel,
  LevelFormat,
  Packer,
  PageNumber,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableOfContents,
  TableRow,
  TextRun,
  WidthType,
} from "docx";
import type { TimedSegment } from "~/lib/analysis";
import { formatDateTime, formatDuration } from "~/lib/format";
import { MINUTES_TEXT } from "~/lib/messages";
import { keyPointView, madeByText, topicStart } from "~/lib/topics";
import type { TranscriptionDetail } from "./transcriptions/detail.server";

/**
 * The Word report of a transcription (docx): title, date and duration, summary, topics with key
 * points and their timestamps, decisions and actions, then the full transcript. Built-in Heading
 * styles carry outline levels, so Word's navigation pane and the table of contents work. Where it
 * is stored and when it is rebuilt: document.server.ts.
 */

const ACCENT = "1F4E79";
const MUTED = "666666";

function escapeXml(value: string): string {
  return value.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** docProps/core.xml written by us, because docx has no option for dc:language. */
function coreProperties(props: { title: string; creator: string; description: string; created: Date }): string {
  const when = props.created.toISOString().replace(/\.\d{3}Z$/, "Z");
  return [
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
    '<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">',
    `<dc:title>${escapeXml(props.title)}</dc:title>`,
    "<dc:subject>Trascrizione e analisi della riunione</dc:subject>",
    `<dc:creator>${escapeXml(props.creator)}</dc:creator>`,
    "<cp:keywords>riunione, trascrizione, riassunto</cp:keywords>",
    `<dc:description>${escapeXml(props.description)}</dc:description>`,
    "<dc:language>it-IT</dc:language>",
    `<cp:lastModifiedBy>${escapeXml(props.creator)}</cp:lastModifiedBy>`,
    "<cp:revision>1</cp:revision>",
    `<dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created>`,
    `<dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified>`,
    "</cp:coreProperties>",
  ].join("");
}

function stamp(label: string): TextRun {
  return new TextRun({ text: `[${label}] `, bold: true, color: ACCENT });
}

function paragraphsOf(text: string): Paragraph[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((p) => new Paragraph({ children: [new TextRun(p)], spacing: { after: 160 }, alignment: AlignmentType.JUSTIFIED }));
}

export function documentTitle(detail: TranscriptionDetail): string {
  return detail.analysis?.title?.trim() || detail.transcription.title?.trim() || "Trascrizione della riunione";
}

/** Builds the .docx bytes of a transcription detail. Pure apart from the clock. */
export async function buildDocx(detail: TranscriptionDetail, now: Date = new Date()): Promise<Buffer> {
  const t = detail.transcription;
  const title = documentTitle(detail);
  const summary = detail.analysis?.summary?.trim() ?? "";
  const topics = detail.analysis?.topics ?? [];
  const segments: (TimedSegment & { speaker: string | null })[] = t.segments;

  const body: (Paragraph | TableOfContents | Table)[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(title)] }),
    new Paragraph({
      spacing: { after: 240 },
      border: { bottom: { style: BorderStyle.SINGLE, size: 6, color: ACCENT, space: 4 } },
      children: [
        new TextRun({ text: "Data: ", bold: true }),
        new TextRun(formatDateTime(t.createdAt)),
        new TextRun({ text: "    Durata: ", bold: true }),
        new TextRun(formatDuration(t.duration)),
        new TextRun({ text: "    File: ", bold: true }),
        new TextRun(t.originalName),
      ],
    }),
    // Not a heading, so the table does not list itself.
    new Paragraph({ spacing: { before: 240, after: 120 }, children: [new TextRun({ text: "Indice", bold: true, size: 28, color: ACCENT })] }),
    new TableOfContents("Indice", { hyperlink: true, headingStyleRange: "1-2" }),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("Riassunto")] }),
    ...(summary ? paragraphsOf(summary) : [muted("Nessun riassunto disponibile.")]),
    new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun("Argomenti")] }),
  ];

  if (topics.length === 0) {
    body.push(muted("Nessun argomento individuato."));
  }
  for (const topic of topics) {
    const start = topicStart(topic);
    body.push(
      new Paragraph({
        heading: HeadingLevel.HEADING_2,
        children: [new TextRun(topic.name), ...(start ? [new TextRun({ text: `  (${start})`, color: MUTED })] : [])],
      }),
    );
    topic.keyPoints.forEach((point, index) => {
      const view = keyPointView(topic, point, index);
      body.push(
        new Paragraph({
          numbering: { reference: "key-points", level: 0 },
          spacing: { after: 80 },
          children: [...(view.timestamp ? [stamp(view.timestamp)] : []), new TextRun(view.text)],
        }),
      );
      if (view.excerpt) {
        body.push(
          new Paragraph({
            indent: { left: 1080 },
            spacing: { after: 120 },
            children: [new TextRun({ text: `«${view.excerpt}»`, italics: true, color: MUTED })],
          }),
        );
      }
    });
  }

  body.push(...minutesSections(detail));

  body.push(new Paragraph({ heading: HeadingLevel.HEADING_1, pageBreakBefore: true, children: [new TextRun("Trascrizione completa")] }));
  if (segments.length > 0) {
    for (const segment of segments) {
      // The speaker before each paragraph, when one is known (issue 16).
      const speaker = segment.speaker ? [new TextRun({ text: `${segment.speaker}: `, bold: true })] : [];
      body.push(
        new Paragraph({ spacing: { after: 120 }, children: [stamp(formatDuration(segment.start)), ...speaker, new TextRun(segment.text.trim())] }),
      );
    }
  } else if (t.text?.trim()) {
    body.push(...paragraphsOf(t.text));
  } else {
    body.push(muted("Trascrizione non disponibile."));
  }

  const doc = new Document({
    title,
    creator: t.user.name || "Verbale",
    description: summary.slice(0, 250),
    features: { updateFields: true },
    styles: {
      default: {
        document: { run: { font: "Calibri", size: 22, language: { value: "it-IT" } }, paragraph: { spacing: { line: 276 } } },
        title: { run: { font: "Calibri Light", size: 52, color: ACCENT }, paragraph: { spacing: { after: 120 } } },
        heading1: {
          run: { font: "Calibri Light", size: 32, bold: true, color: ACCENT },
          paragraph: { spacing: { before: 360, after: 160 }, outlineLevel: 0 },
        },
        heading2: {
          run: { font: "Calibri Light", size: 26, bold: true, color: "2E74B5" },
          paragraph: { spacing: { before: 240, after: 120 }, outlineLevel: 1 },
        },
      },
    },
    numbering: {
      config: [
        {
          reference: "key-points",
          levels: [
            {
              level: 0,
              format: LevelFormat.BULLET,
              text: "•",
              alignment: AlignmentType.LEFT,
              style: { paragraph: { indent: { left: 720, hanging: 360 } } },
            },
          ],
        },
      ],
    },
    sections: [
      {
        properties: { page: { margin: { top: 1134, bottom: 1134, left: 1134, right: 1134 } } },
        footers: {
          default: new Footer({
            children: [
              new Paragraph({
                alignment: AlignmentType.CENTER,
                children: [
                  new TextRun({ color: MUTED, size: 18, children: ["Verbale · Pagina ", PageNumber.CURRENT, " di ", PageNumber.TOTAL_PAGES] }),
                ],
              }),
            ],
          }),
        },
        children: body,
      },
    ],
  });
  return Packer.toBuffer(doc, false, [
    {
      path: "docProps/core.xml",
      data: coreProperties({ title, creator: t.user.name || "Verbale", description: summary.slice(0, 250), created: now }),
    },
  ]);
}

function muted(text: string): Paragraph {
  return new Paragraph({ children: [new TextRun({ text, italics: true, color: MUTED })] });
}

function headerCell(text: string, width: number): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.PERCENTAGE },
    shading: { type: ShadingType.CLEAR, fill: "DEEAF6", color: "auto" },
    children: [new Paragraph({ children: [new TextRun({ text, bold: true })] })],
  });
}

function cell(text: string, width: number): TableCell {
  return new TableCell({ width: { size: width, type: WidthType.PERCENTAGE }, children: [new Paragraph({ children: [new TextRun(text)] })] });
}

/** "Decisioni" (a list with their minutes) and "Azioni da fare" (a table: attività, responsabile, scadenza, minuto). */
function minutesSections(detail: TranscriptionDetail): (Paragraph | Table)[] {
  const decisions = detail.analysis?.decisions ?? [];
  const actions = detail.analysis?.actionItems ?? [];
  const out: (Paragraph | Table)[] = [new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(MINUTES_TEXT.decisions)] })];
  if (decisions.length === 0) out.push(muted(MINUTES_TEXT.noDecisions));
  for (const d of decisions) {
    out.push(
      new Paragraph({
        numbering: { reference: "key-points", level: 0 },
        spacing: { after: 80 },
        children: [...(d.timestamp ? [stamp(d.timestamp)] : []), new TextRun(d.text)],
      }),
    );
  }
  out.push(new Paragraph({ heading: HeadingLevel.HEADING_1, children: [new TextRun(MINUTES_TEXT.actionItems)] }));
  if (actions.length === 0) {
    out.push(muted(MINUTES_TEXT.noActionItems));
  } else {
    out.push(
      new Table({
        width: { size: 100, type: WidthType.PERCENTAGE },
        rows: [
          new TableRow({
            tableHeader: true,
            children: [
              headerCell(MINUTES_TEXT.task, 46),
              headerCell(MINUTES_TEXT.owner, 20),
              headerCell(MINUTES_TEXT.due, 22),
              headerCell(MINUTES_TEXT.minute, 12),
            ],
          }),
          ...actions.map(
            (a) =>
              new TableRow({
                cantSplit: true,
                children: [
                  cell(a.task, 46),
                  cell(a.owner ?? MINUTES_TEXT.notSaid, 20),
                  cell(a.due ?? MINUTES_TEXT.notSaid, 22),
                  cell(a.timestamp ?? MINUTES_TEXT.notSaid, 12),
                ],
              }),
          ),
        ],
      }),
    );
  }
  const madeBy = madeByText(detail.analysis?.engine, detail.analysis?.model);
  if (madeBy) out.push(new Paragraph({ spacing: { before: 240 }, children: [new TextRun({ text: madeBy, italics: true, color: MUTED, size: 18 })] }));
  return out;
}
