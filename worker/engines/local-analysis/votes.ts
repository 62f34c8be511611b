/**
 * Counted votes near a decision (issue 31): «Favorevoli 655 millesimi, contrari 57, nessun
 * astenuto», «dodici favorevoli e due astenuti», «Favorevoli? Otto. Contrari? Nessuno.», or
 * «approvato all'unanimità». Numbers are read in digits or in words, as said (heads or millesimi).
 */
import type { VotesValue } from "~/lib/analysis";
import { fold } from "./text";

// Longest first, so that "diciotto" is not read as "dici" + "otto" and "settanta" not as "sette".
const NUMBER_WORDS: [string, number][] = (
  [
    ["zero", 0],
    ["uno", 1],
    ["una", 1],
    ["un", 1],
    ["due", 2],
    ["tre", 3],
    ["quattro", 4],
    ["cinque", 5],
    ["sei", 6],
    ["sette", 7],
    ["otto", 8],
    ["nove", 9],
    ["dieci", 10],
    ["undici", 11],
    ["dodici", 12],
    ["tredici", 13],
    ["quattordici", 14],
    ["quindici", 15],
    ["sedici", 16],
    ["diciassette", 17],
    ["diciotto", 18],
    ["diciannove", 19],
    ["venti", 20],
    ["vent", 20],
    ["trenta", 30],
    ["trent", 30],
    ["quaranta", 40],
    ["quarant", 40],
    ["cinquanta", 50],
    ["cinquant", 50],
    ["sessanta", 60],
    ["sessant", 60],
    ["settanta", 70],
    ["settant", 70],
    ["ottanta", 80],
    ["ottant", 80],
    ["novanta", 90],
    ["novant", 90],
    ["cento", 100],
    ["cent", 100],
    ["mille", 1000],
    ["mila", 1000],
  ] as [string, number][]
).sort((a, b) => b[0].length - a[0].length);

/** "seicentocinquantacinque" -> 655, "ventuno" -> 21, "712" -> 712; undefined when not a number. */
export function parseItalianNumber(word: string): number | undefined {
  const w = fold(word).replace(/[^\p{L}\p{N}.]/gu, "");
  if (/^\d{1,3}(?:\.\d{3})+$|^\d+$/.test(w)) return Number(w.replace(/\./g, ""));
  if (!/^\p{L}+$/u.test(w)) return undefined;
  let total = 0;
  let current = 0;
  let at = 0;
  while (at < w.length) {
    const hit = NUMBER_WORDS.find(([token]) => w.startsWith(token, at));
    if (!hit) return undefined;
    const [token, value] = hit;
    if (value === 100) current = (current || 1) * 100;
    else if (token === "mille") {
      if (current) return undefined;
      total += 1000;
    } else if (token === "mila") {
      if (!current) return undefined;
      total += current * 1000;
      current = 0;
    } else current += value;
    at += token.length;
  }
  return total + current;
}

const NUM = String.raw`(\d{1,3}(?:\.\d{3})+|\d+|[a-z]+)`;
const LABELS = {
  favorevoli: String.raw`(?:favorevoli|favorevole|a favore)`,
  contrari: String.raw`(?:contrari|contrario|contraria|contrarie)`,
  astenuti: String.raw`(?:astenuti|astenuto|astenuta|astenute|astensioni|astensione)`,
} as const;
const SINGULAR = new Set(["favorevole", "contrario", "contraria", "astenuto", "astenuta", "astensione"]);
// Between a label and its number: "favorevoli: 12", "favorevoli? Otto", "i contrari sono due".
// (Not after a comma: in «dodici favorevoli, due contrari» the two is the noes'.)
const LABEL_THEN = String.raw`\s*(?:[:?]\s*|\s+sono\s+|\s+con\s+)?(?:voti\s+)?`;
// Between a number and its label: "dodici favorevoli", "655 millesimi favorevoli", "8 voti a favore".
const THEN_LABEL = String.raw`\s+(?:millesimi\s+|voti\s+|persone\s+|condomini\s+|soci\s+)?`;
const NONE = String.raw`(?:nessun|nessuno|nessuna|zero)`;

// «Diciannove su diciannove, approvato»: the ayes out of those who voted.
const OUT_OF = new RegExp(String.raw`\b${NUM}\s+su\s+${NUM}[,.:]?\s+(?:approvat|accolt)[oaie]\b`);

function countFor(text: string, label: string): number | null {
  if (new RegExp(String.raw`\b${NONE}\s+(?:voto\s+)?${label}\b|\b${label}${LABEL_THEN}${NONE}\b`).test(text)) return 0;
  // In a lookahead, so that «favorevole? Favorevoli? Nove» still finds the second label.
  const after = new RegExp(String.raw`\b${label}(?=${LABEL_THEN}${NUM}\b)`, "g");
  for (const m of text.matchAll(after)) {
    const n = parseItalianNumber(m[1]);
    if (n !== undefined) return n;
  }
  const before = new RegExp(String.raw`\b${NUM}${THEN_LABEL}(${label})\b`, "g");
  for (const m of text.matchAll(before)) {
    const n = parseItalianNumber(m[1]);
    // "Sei favorevole?" is a question to one person, not six votes: a singular label counts one.
    if (n !== undefined && (n === 1 || !SINGULAR.has(m[2]))) return n;
  }
  return null;
}

const UNANIMOUS = /\b(?:all'?\s*unanimita|unanimemente|a voti unanimi|voto unanime|tutti favorevoli)\b/;

/** The vote counted or declared in a stretch of text, or null when there is none. */
export function readVotes(text: string): VotesValue | null {
  const folded = fold(text).replace(/[’]/g, "'");
  const outOf = folded.match(OUT_OF);
  const ayes = outOf ? parseItalianNumber(outOf[1]) : undefined;
  const votes: VotesValue = {
    favorevoli: countFor(folded, LABELS.favorevoli) ?? ayes ?? null,
    contrari: countFor(folded, LABELS.contrari),
    astenuti: countFor(folded, LABELS.astenuti),
    unanimous: UNANIMOUS.test(folded),
  };
  // A lone «nessun contrario» in a discussion is no count: a vote has its ayes or is unanimous.
  if (!votes.unanimous && votes.favorevoli === null) return null;
  return votes;
}

/**
 * The vote of the decision said in sentence `at`: read in that sentence and the few before it
 * (the call to vote and its answers), never reaching back past the decision before (`after`), and
 * in the sentence after it («Approvato. Favorevoli dodici…») unless that is the next decision (`next`).
 */
export function votesNear(sentences: { text: string }[], at: number, after = -1, next = Infinity): VotesValue | null {
  const own = readVotes(sentences[at].text);
  if (own) return own;
  const from = Math.max(after + 1, at - 3);
  const window = sentences
    .slice(from, Math.min(at + 2, next))
    .map((s) => s.text)
    .join(" ");
  return readVotes(window);
}
