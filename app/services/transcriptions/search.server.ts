/**
 * Italian full-text search of the history: the user's words as a safe prefix tsquery, and the
 * ts_headline fragments split into highlighted parts.
 */

/** A highlighted fragment: text pieces, `match` true where the search matched. */
export type HighlightPart = { text: string; match: boolean };

// Private-use characters as ts_headline markers: they cannot clash with user text or HTML.
const START = "\uE000";
const STOP = "\uE001";
export const HEADLINE_TEXT = `StartSel=${START}, StopSel=${STOP}, MaxWords=28, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;
export const HEADLINE_TITLE = `StartSel=${START}, StopSel=${STOP}, HighlightAll=true`;

export function splitHighlight(value: string | null | undefined): HighlightPart[] {
  if (!value) return [];
  const parts: HighlightPart[] = [];
  const re = new RegExp(`${START}([^${STOP}]*)${STOP}`, "g");
  let last = 0;
  for (const m of value.matchAll(re)) {
    if (m.index > last) parts.push({ text: value.slice(last, m.index), match: false });
    parts.push({ text: m[1], match: true });
    last = m.index + m[0].length;
  }
  if (last < value.length) parts.push({ text: value.slice(last), match: false });
  return parts.map((p) => ({ ...p, text: p.text.replaceAll(START, "").replaceAll(STOP, "") }));
}

/**
 * A prefix query in the Italian configuration: every word must match, each as a prefix, so
 * "riun bilan" finds "riunione sul bilancio" while typing. Only letters and digits pass, so the
 * user's input can never be tsquery syntax.
 */
export function searchQueryText(search: string): string | undefined {
  const words = search
    .normalize("NFC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 12);
  if (words.length === 0) return undefined;
  return words.map((w) => `${w}:*`).join(" & ");
}
