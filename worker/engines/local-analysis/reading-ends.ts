/**
 * Where the reading stage (reading.ts) puts a sentence end once it has decided on one, and the tests
 * of what calls for one that look at several words: the agreement or the object said before the next
 * step, the answer to «chi lo fa», someone called before a request, a transcript whose case says
 * nothing.
 */
import { soundsLikeFirstName } from "./names";
import { addresses, nameMayCall, vocativeAt } from "./reading-clauses";
import { CLITICS, FUNCTION_WORD, bare, ends, type Token } from "./reading-words";

// Said to agree before one's own next step: «…a nome suo. Bene, io preparo…».
const AGREES = /^(?:bene|ok|okay|perfetto|benissimo|d'accordo)$/;

/**
 * Ends the sentence after token i — or, where token i is a word of agreement run on after the
 * words before it, before that word, which then opens the next sentence: «…il conto a nome suo
 * bene io preparo…» is «…a nome suo. Bene, io preparo…», not «…a nome suo bene. Io preparo…».
 */
export function endBeforeAgreement(tokens: Token[], i: number, sinceEnd: number): void {
  const t = tokens[i];
  const b = bare(t.word);
  // «…come l'anno scorso la lista della spesa, Gianni la fai tu»: the object put first before the
  // name belongs to the request, which then starts at its article.
  const object = objectBeforeName(tokens, i, sinceEnd);
  if (object !== undefined) {
    tokens[object - 1].word = tokens[object - 1].word.replace(/[,;:]$/, "") + ".";
    return;
  }
  const from = b === "bene" && bare(tokens[i - 1]?.word ?? "") === "va" ? i - 1 : i;
  const before = tokens[from - 1];
  if (AGREES.test(b) && before && from - (i - sinceEnd + 1) >= 2 && /\p{L}$/u.test(before.word) && !FUNCTION_WORD.has(bare(before.word))) {
    before.word += ".";
    t.word = t.word.replace(/[,;:]$/, "") + ",";
  } else t.word = t.word.replace(/[,;:]$/, "") + ".";
}

/**
 * Where the object a request puts before the name it calls starts: token i ends «la lista della
 * spesa,», a name follows and then the pronoun that takes the object up («Gianni la fai tu»). Undefined
 * when the words are not so (no article within five words, a verb among them, no pronoun after the name).
 */
function objectBeforeName(tokens: Token[], i: number, sinceEnd: number): number | undefined {
  const name = bare(tokens[i + 1]?.word ?? "");
  if (!/,$/.test(tokens[i].word) || !soundsLikeFirstName(name) || !/^(?:lo|la|li|le|ne|l')/.test(bare(tokens[i + 2]?.word ?? ""))) return undefined;
  for (let k = i; k > i - 5 && k > i - sinceEnd + 2; k--) {
    const w = bare(tokens[k].word);
    if (/^\p{L}{3,}(?:iamo|ano|ono|are|ere|ire)$|^(?:è|ha|va|fa|sono|deve|può)$/u.test(w) || (k < i && /[,;:.!?]$/.test(tokens[k].word)))
      return undefined;
    if (/^(?:il|lo|la|i|gli|le)$|^l'\p{L}/u.test(w)) return k;
  }
  return undefined;
}

/** Whether the words up to token i ask who does it: «chi lo fa», «chi se ne occupa», «chi ci pensa». */
export function asksWhoUpTo(tokens: Token[], i: number): boolean {
  let k = i - 1;
  while (k >= 0 && i - k <= 3 && CLITICS.test(bare(tokens[k].word))) k--;
  return k >= 0 && k < i - 1 && bare(tokens[k].word) === "chi" && !CLITICS.test(bare(tokens[i].word));
}

/** Whether token k calls someone, by name, title or role, with a comma, to a request that follows. */
export function calledBeforeRequest(tokens: Token[], k: number, names: Set<string>): boolean {
  // (The comma first: most words are followed by none, and the name tests cost more.)
  if (!/,$/.test(tokens[k]?.word ?? "") && !/,$/.test(tokens[k + 1]?.word ?? "")) return false;
  const called = vocativeAt(tokens, k, names);
  return called > 0 && nameMayCall(tokens, k, names) && /,$/.test(tokens[k + called - 1].word) && addresses(tokens, k + called - 1);
}

/** Whether most sentences that start inside a segment start in lower case (the engine writes no capitals). */
export function startsInLowerCase(tokens: Token[]): boolean {
  let lower = 0;
  let upper = 0;
  tokens.forEach((t, i) => {
    const next = tokens[i + 1];
    if (!next || next.segment !== t.segment || !ends(t.word)) return;
    if (/^\p{Ll}/u.test(next.word)) lower++;
    else if (/^\p{Lu}/u.test(next.word)) upper++;
  });
  return lower > upper;
}
