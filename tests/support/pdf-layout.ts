import { execFileSync } from "node:child_process";

/** What `pdftotext -bbox` says of a PDF: each page's words with their boxes (points, y downwards). */

export type PdfWord = { page: number; text: string; xMin: number; yMin: number; xMax: number; yMax: number };

const unescape = (s: string) =>
  s
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

export function pdfWords(pdf: string): PdfWord[] {
  const html = execFileSync("pdftotext", ["-bbox", pdf, "-"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const words: PdfWord[] = [];
  let page = 0;
  for (const match of html.matchAll(/<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)) {
    if (match[0] === "<page ") {
      page++;
      continue;
    }
    words.push({ page, text: unescape(match[5]), xMin: +match[1], yMin: +match[2], xMax: +match[3], yMax: +match[4] });
  }
  return words;
}

/**
 * Pairs of words on the same page drawn over each other: their boxes share more than `ratio` of the
 * lower box's height and some width. Boxes include the font's ascent and descent, so lines set
 * close together touch a little; text drawn over text shares half its height or more.
 */
export function overlappingWords(words: PdfWord[], ratio = 0.25): [PdfWord, PdfWord][] {
  const found: [PdfWord, PdfWord][] = [];
  const byPage = new Map<number, PdfWord[]>();
  for (const w of words) byPage.set(w.page, [...(byPage.get(w.page) ?? []), w]);
  for (const list of byPage.values()) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        const width = Math.min(a.xMax, b.xMax) - Math.max(a.xMin, b.xMin);
        const height = Math.min(a.yMax, b.yMax) - Math.max(a.yMin, b.yMin);
        if (width > 0.5 && height > ratio * Math.min(a.yMax - a.yMin, b.yMax - b.yMin)) found.push([a, b]);
      }
    }
  }
  return found;
}
