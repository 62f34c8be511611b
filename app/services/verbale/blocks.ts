import {
  AlignmentType,
  BorderStyle,
  HeadingLevel,
  LevelFormat,
  LineRuleType,
  Paragraph,
  ShadingType,
  Table,
  TableCell,
  TableLayoutType,
  TableRow,
  TextRun,
  WidthType,
} from "docx";

/** Building blocks and styles shared by the parts of the Word verbale. */

export const ACCENT = "1F4E79";
export const MUTED = "666666";

/** A4 with 2 cm margins: the width text and tables have, in twips. */
export const PAGE = { width: 11906, height: 16838, margin: 1134 } as const;
export const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;

export type Block = Paragraph | Table;

export function heading(text: string, level: 1 | 2, options: { pageBreakBefore?: boolean } = {}): Paragraph {
  return new Paragraph({
    heading: level === 1 ? HeadingLevel.HEADING_1 : HeadingLevel.HEADING_2,
    pageBreakBefore: options.pageBreakBefore,
    keepNext: true,
    children: [new TextRun(text)],
  });
}

export function body(text: string | TextRun[], options: { before?: number; after?: number; keepNext?: boolean } = {}): Paragraph {
  return new Paragraph({
    alignment: AlignmentType.JUSTIFIED,
    spacing: { before: options.before, after: options.after ?? 160 },
    keepNext: options.keepNext,
    children: typeof text === "string" ? [new TextRun(text)] : text,
  });
}

/** A bold label over what follows it («Deliberazione»), kept on the page of its first line. */
export function label(text: string): Paragraph {
  return new Paragraph({ keepNext: true, spacing: { before: 120, after: 60 }, children: [new TextRun({ text, bold: true, color: ACCENT })] });
}

export function muted(text: string): Paragraph {
  return new Paragraph({ spacing: { after: 120 }, children: [new TextRun({ text, italics: true, color: MUTED })] });
}

export function bullet(children: TextRun[]): Paragraph {
  return new Paragraph({ numbering: { reference: "bullets", level: 0 }, spacing: { after: 80 }, children });
}

export function stamp(value: string): TextRun {
  return new TextRun({ text: `[${value}] `, bold: true, color: ACCENT });
}

function cellOf(text: string, width: number, header: boolean, align?: (typeof AlignmentType)[keyof typeof AlignmentType]): TableCell {
  return new TableCell({
    width: { size: width, type: WidthType.DXA },
    shading: header ? { type: ShadingType.CLEAR, fill: "DEEAF6", color: "auto" } : undefined,
    margins: { left: 100, right: 100, top: 40, bottom: 40 },
    children: [new Paragraph({ alignment: align, children: [new TextRun({ text, bold: header })] })],
  });
}

/**
 * A table with a fixed layout and column widths in twips that fill the text width. With
 * percentages and the automatic layout LibreOffice 7.4 squeezed a column below its longest word and
 * broke «L'amministratore» in the middle; fixed widths are honoured by Word and LibreOffice alike.
 */
export function fixedTable(columns: { title: string; share: number; align?: "right" }[], rows: string[][], footer?: string[]): Table {
  const total = columns.reduce((sum, c) => sum + c.share, 0);
  const widths = columns.map((c) => Math.floor((TEXT_WIDTH * c.share) / total));
  widths[widths.length - 1] += TEXT_WIDTH - widths.reduce((a, b) => a + b, 0);
  const alignOf = (i: number) => (columns[i].align === "right" ? AlignmentType.RIGHT : undefined);
  const line = (cells: string[], header: boolean) =>
    new TableRow({ tableHeader: header, cantSplit: true, children: cells.map((text, i) => cellOf(text, widths[i], header, alignOf(i))) });
  return new Table({
    width: { size: TEXT_WIDTH, type: WidthType.DXA },
    columnWidths: widths,
    layout: TableLayoutType.FIXED,
    rows: [
      line(
        columns.map((c) => c.title),
        true,
      ),
      ...rows.map((cells) => line(cells, false)),
      // The total is shaded like the header but not repeated on each page.
      ...(footer ? [new TableRow({ cantSplit: true, children: footer.map((text, i) => cellOf(text, widths[i], true, alignOf(i))) })] : []),
    ],
  });
}

/** A table without borders, for the signatures side by side. */
export function signatureTable(columns: string[][]): Table {
  const width = Math.floor(TEXT_WIDTH / columns.length);
  const none = { style: BorderStyle.NONE, size: 0, color: "FFFFFF" };
  const rowCount = Math.max(...columns.map((c) => c.length));
  return new Table({
    width: { size: width * columns.length, type: WidthType.DXA },
    columnWidths: columns.map(() => width),
    layout: TableLayoutType.FIXED,
    borders: { top: none, bottom: none, left: none, right: none, insideHorizontal: none, insideVertical: none },
    rows: Array.from(
      { length: rowCount },
      (_, r) =>
        new TableRow({
          cantSplit: true,
          children: columns.map(
            (column) =>
              new TableCell({
                width: { size: width, type: WidthType.DXA },
                children: [
                  new Paragraph({
                    alignment: AlignmentType.CENTER,
                    keepNext: r < rowCount - 1,
                    spacing: { before: r === 0 ? 0 : 240 },
                    children: [new TextRun({ text: column[r] ?? "", bold: r === 0 })],
                  }),
                ],
              }),
          ),
        }),
    ),
  });
}

/**
 * The document's styles. Every paragraph style states its line rule: the Title's «line: 276»
 * without one was read by LibreOffice 7.4 as an exact height smaller than its 26 pt font, so a
 * title on two lines was drawn over itself.
 */
export const VERBALE_STYLES = {
  default: {
    document: {
      run: { font: "Calibri", size: 22, language: { value: "it-IT" } },
      paragraph: { spacing: { line: 276, lineRule: LineRuleType.AUTO } },
    },
    title: {
      run: { font: "Calibri", size: 44, color: ACCENT },
      paragraph: { spacing: { after: 120, line: 240, lineRule: LineRuleType.AUTO }, keepNext: true },
    },
    heading1: {
      run: { font: "Calibri", size: 30, bold: true, color: ACCENT },
      paragraph: { spacing: { before: 320, after: 140, line: 240, lineRule: LineRuleType.AUTO }, outlineLevel: 0, keepNext: true },
    },
    heading2: {
      run: { font: "Calibri", size: 26, bold: true, color: "2E74B5" },
      paragraph: { spacing: { before: 240, after: 120, line: 240, lineRule: LineRuleType.AUTO }, outlineLevel: 1, keepNext: true },
    },
  },
  paragraphStyles: [
    {
      id: "Subtitle",
      name: "Subtitle",
      basedOn: "Normal",
      next: "Normal",
      run: { font: "Calibri", size: 28, color: MUTED },
      paragraph: { spacing: { after: 240, line: 240, lineRule: LineRuleType.AUTO } },
    },
  ],
};

export const VERBALE_NUMBERING = {
  config: [
    {
      reference: "bullets",
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
    {
      reference: "agenda",
      levels: [
        {
          level: 0,
          format: LevelFormat.DECIMAL,
          text: "%1.",
          alignment: AlignmentType.LEFT,
          style: { paragraph: { indent: { left: 720, hanging: 360 } } },
        },
      ],
    },
  ],
};
