/**
 * Fillers and repeated words set aside, the first step of the reading stage (reading.ts): «eh»,
 * «ehm» always; «diciamo», «allora», «cioè» where they only hold the floor (after a word that
 * cannot precede them, set off by commas, or — in run-on text — inside a clause); a word said twice
 * kept once. Speech recognition writes them all, and the rules downstream were written on prose.
 */
import { AUXILIARY, CLITICS, FUNCTION_WORD, bare, ends, type Token } from "./reading-words";

const FILLER = /^(?:eh+|ehm+|ehmm|uhm+|mh+|mmh+|hm+)$/;
// Said to hold the floor when set off by a comma, or after a word that cannot precede them.
export const SOFT_FILLER = /^(?:diciamo|allora|cioè)$/;
// Words that announce a noun: a filler after one of them is inside a noun phrase.
const DETERMINER =
  /^(?:ogni|qualche|un|uno|una|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|\d+[.,:/]?\d*|quest[oaie]|quel|quell[oaie]|quei|quegli|mi[oae]|miei|tu[oae]|tuoi|su[oae]|suoi|nostr[oaie]|vostr[oaie]|ultim[oaie]|prim[oaie]|altr[oaie]|stess[oaie]|\p{L}+'(?:ultim|prim|altr)[oaie])$/u;

// After «lo/la diciamo», the words of its own clause: a function word, a pronoun, a time or a manner;
// anything else shows «diciamo» only held the floor.
const DICIAMO_GOES_ON =
  /^(?:noi|voi|io|tu|lui|lei|loro|così|sempre|subito|adesso|ora|oggi|domani|dopo|prima|anche|già|tutti|insieme|chiaramente|chiaro|apertamente)$/;
const fillsAfterClitic = (next: string) => next !== "" && !FUNCTION_WORD.has(next) && !DICIAMO_GOES_ON.test(next);

/** The tokens without fillers and repeated words; those set aside hand their full stop to the word before. */
export function setAsideFillers(tokens: Token[], rawRunOn: boolean): Token[] {
  // Fillers and repetitions: the filler's punctuation goes to the word before it.
  // (Only where the text runs on a filler inside a clause is set aside, prose keeps its words.)
  const kept: Token[] = [];
  tokens.forEach((t, at) => {
    const b = bare(t.word);
    const punct = t.word.slice(t.word.search(/[^\p{L}\p{N}']*$/u));
    const prevBare = bare(kept[kept.length - 1]?.word ?? "");
    const inside = kept.length > 0 && !ends(kept[kept.length - 1].word);
    const nextBare = bare(tokens[at + 1]?.word ?? "");
    const soft =
      SOFT_FILLER.test(b) &&
      // (Not the verb after its pronoun, «lo diciamo noi», «lo diciamo a tutti» — but «la diciamo
      // circolare», «lo diciamo metto fuori»: what follows is no part of a clause of «diciamo».)
      ((FUNCTION_WORD.has(prevBare) && !(b === "diciamo" && CLITICS.test(prevBare) && !fillsAfterClitic(nextBare))) ||
        AUXILIARY.has(prevBare) ||
        (inside && b !== "allora" && /,$/.test(t.word)) ||
        // Between a determiner or a number and its noun nothing but a filler stands: «ogni allora mattina», «sei allora appoggi».
        (rawRunOn && inside && DETERMINER.test(prevBare) && !/[,;:.]$/.test(kept[kept.length - 1].word)) ||
        // «cioè» and «diciamo» inside a clause only hold the floor — but «diciamo che…», «lo diciamo».
        (rawRunOn && inside && b !== "allora" && nextBare !== "che" && !CLITICS.test(prevBare) && prevBare !== "non"));
    // A soft filler said twice is a hesitation, wherever it stands inside a clause: «punto allora allora quattro».
    // (The last of a run before the speakers' own verb was meant: «…meglio allora, allora facciamo cinquecento».)
    const run = (k: number) => bare(tokens[k]?.word ?? "") === b;
    const meantLast = b === "allora" && run(at - 1) && !run(at + 1) && /^\p{L}{3,}iamo$/u.test(nextBare);
    const twice = inside && SOFT_FILLER.test(b) && (nextBare === b || bare(tokens[at - 1]?.word ?? "") === b) && !/[.!?]$/.test(t.word) && !meantLast;
    if (FILLER.test(b) || soft || twice) {
      const prev = kept[kept.length - 1];
      if (prev && /[.!?]/.test(punct) && !ends(prev.word)) prev.word = prev.word.replace(/[,;:]$/, "") + punct.replace(/^,/, "");
      return;
    }
    const prev = kept[kept.length - 1];
    if (prev && b && bare(prev.word) === b && /^\p{L}+$/u.test(prev.word)) {
      // The later one keeps its punctuation, the earlier its capital.
      prev.word = /^\p{Lu}/u.test(prev.word) ? t.word.replace(/^\p{Ll}/u, (c) => c.toLocaleUpperCase("it-IT")) : t.word;
      return;
    }
    kept.push({ ...t });
  });
  return kept;
}
