import { AlignmentType, Document, Footer, Packer, PageNumber, Paragraph, TableOfContents, TextRun } from "docx";
import { groupByAgenda } from "~/lib/agenda-items";
import type { TimedSegment } from "~/lib/analysis";
import { formatDateTime, formatDuration } from "~/lib/format";
import type { MeetingDetails } from "~/lib/meeting";
import { madeByText } from "~/lib/topics";
import { ACCENT, type Block, MUTED, PAGE, VERBALE_NUMBERING, VERBALE_STYLES, body, heading, muted, stamp } from "./verbale/blocks";
import { closing } from "./verbale/closing";
import { pageNumbersUpTo } from "./verbale/page-numbers";
import { agendaList, itemSections } from "./verbale/items";
import { headingText, opening, participants } from "./verbale/opening";
import { VERBALE_TEXT } from "./verbale/texts";
import type { TranscriptionDetail } from "./transcriptions/detail.server";

/**
 * The Word verbale of a transcription (docx, issue 31): the heading of its type of meeting, the
 * subject, an «Indice» with page numbers, the opening formulas, the «Ordine del giorno» (or the
 * topics found, without an agenda), «Presenti» and «Assenti», a short «Sintesi», each item with
 * its discussion, deliberation and actions, «Varie ed eventuali», the closing formula and the
 * signatures, then the full transcript as an appendix. Without meeting details it is the verbale
 * of a «Riunione di lavoro» with blanks to fill by hand. The parts: ./verbale/*. Where it is
 * stored and when it is rebuilt: document.server.ts. Decision 034.
 */

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

function paragraphsOf(text: string): Paragraph[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter(Boolean)
    .map((p) => body(p));
}

export function documentTitle(detail: TranscriptionDetail): string {
  return detail.analysis?.title?.trim() || detail.transcription.title?.trim() || "Trascrizione della riunione";
}

function transcript(detail: TranscriptionDetail): Block[] {
  const t = detail.transcription;
  const segments: (TimedSegment & { speaker: string | null })[] = t.segments;
  const out: Block[] = [
    heading(VERBALE_TEXT.transcript, 1, { pageBreakBefore: true }),
    // The recording's own facts (not the meeting's: those are in the formulas above, or blank).
    new Paragraph({
      spacing: { after: 240 },
      children: [
        new TextRun({ text: "Data: ", bold: true }),
        new TextRun(formatDateTime(t.createdAt)),
        new TextRun({ text: "    Durata: ", bold: true }),
        new TextRun(formatDuration(t.duration)),
        new TextRun({ text: "    File: ", bold: true }),
        new TextRun(t.originalName),
      ],
    }),
  ];
  // Which engine made the minutes: with the recording's facts, not under the signatures (where it took a page of its own).
  const madeBy = madeByText(detail.analysis?.engine, detail.analysis?.model);
  if (madeBy) out.push(new Paragraph({ spacing: { after: 240 }, children: [new TextRun({ text: madeBy, italics: true, color: MUTED, size: 18 })] }));
  if (segments.length > 0) {
    for (const segment of segments) {
      // The speaker before each paragraph, when one is known (issue 16).
      const speaker = segment.speaker ? [new TextRun({ text: `${segment.speaker}: `, bold: true })] : [];
      out.push(
        new Paragraph({ spacing: { after: 120 }, children: [stamp(formatDuration(segment.start)), ...speaker, new TextRun(segment.text.trim())] }),
      );
    }
  } else if (t.text?.trim()) {
    out.push(...paragraphsOf(t.text));
  } else {
    out.push(muted(VERBALE_TEXT.noTranscript));
  }
  return out;
}

/**
 * Builds the .docx bytes of a transcription detail and its meeting details (null: a «Riunione di
 * lavoro» with nothing known). Pure apart from the clock.
 */
export async function buildDocx(detail: TranscriptionDetail, options: { meeting?: MeetingDetails | null; now?: Date } = {}): Promise<Buffer> {
  const t = detail.transcription;
  const meeting: MeetingDetails = options.meeting ?? { type: "riunione" };
  const subject = documentTitle(detail);
  const title = headingText(meeting);
  const summary = detail.analysis?.summary?.trim() ?? "";
  const grouped = groupByAgenda(
    { topics: detail.analysis?.topics ?? [], decisions: detail.analysis?.decisions ?? [], actionItems: detail.analysis?.actionItems ?? [] },
    meeting.agenda,
  );

  const children: (Block | TableOfContents)[] = [
    new Paragraph({ style: "Title", children: [new TextRun(title)] }),
    new Paragraph({ style: "Subtitle", children: [new TextRun(subject)] }),
    // Not a heading, so the table does not list itself.
    new Paragraph({
      spacing: { before: 120, after: 120 },
      keepNext: true,
      children: [new TextRun({ text: VERBALE_TEXT.index, bold: true, size: 28, color: ACCENT })],
    }),
    new TableOfContents(VERBALE_TEXT.index, { hyperlink: true, headingStyleRange: "1-2" }),
    ...opening(meeting, grouped.fromAgenda),
    ...agendaList(grouped),
    ...participants(meeting),
    heading(VERBALE_TEXT.summary, 1),
    ...(summary ? paragraphsOf(summary) : [muted(VERBALE_TEXT.noSummary)]),
    heading(grouped.fromAgenda ? "Discussione e deliberazioni" : "Svolgimento della riunione", 1),
    ...itemSections(grouped),
    ...closing(meeting, grouped.fromAgenda),
    ...transcript(detail),
  ];

  const doc = new Document({
    title: subject,
    creator: t.user.name || "Verbale",
    description: summary.slice(0, 250),
    pageNumbers: pageNumbersUpTo(VERBALE_TEXT.transcript),
    styles: VERBALE_STYLES,
    numbering: VERBALE_NUMBERING,
    sections: [
      {
        properties: {
          page: {
            size: { width: PAGE.width, height: PAGE.height },
            margin: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
          },
        },
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
        children,
      },
    ],
  });
  return Packer.toBuffer(doc, false, [
    {
      path: "docProps/core.xml",
      data: coreProperties({
        title: subject,
        creator: t.user.name || "Verbale",
        description: summary.slice(0, 250),
        created: options.now ?? new Date(),
      }),
    },
  ]);
}
