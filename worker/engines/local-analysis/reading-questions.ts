/**
 * Questions recognised from their words, for transcripts whose engine writes no «?»: a short
 * sentence that opens with a question word or a request («chi se ne occupa», «possiamo…»), ends on
 * a tag («…, vero», «o no»), puts its subject first and asks who takes it up («il volantino chi lo
 * fa»), calls someone by name in the second person («Luca, te ne occupi tu»), raises a subject with
 * «e» («E la banda?») or asks when or how («quando lo mettiamo»).
 */
import { soundsLikeFirstName } from "./names";
import { addresses } from "./reading-clauses";
import { bare, OUTCOME, type Token } from "./reading-words";

// A sentence that opens with one of these, and is short, is a question.
const ASKS =
  /^(?:chi(?! non)|cosa|che cosa|dove|quanto|quanti|quante|quale|quali|possiamo|posso|potete|puoi|potresti|potreste|avete|hai|siete|c'è qualcuno|qualcuno|qualcun altro|ci sono domande|vi va|ti va|riesci|riuscite|ve la sentite|te la senti|come mai|ce la fa|ce la fai|ce la fate|lo sai|sapete|va bene a tutti|siamo d'accordo|tutti d'accordo)(?![\p{L}])/u;
// («…è vero» agrees: «Ah, già, è vero.»)
const TAG_QUESTION = /(?:,\s*(?:vero|giusto|no)|\so no|(?<!\s[èe])\svero)$/u;
// A subject raised as a question, a noun phrase alone after «e»: «E la banda?», «E il concerto delle due bande?».
const RAISES = /^(?:e|ma)\s+(?:il|lo|la|i|gli|le|l'|questo|questa|quello|quella|quei|quegli|quelle)\s*\p{L}+(?:\s+\p{L}+){0,4}$/u;
// After the subject raised, a pronoun and its verb make a statement: «e la bozza gliela approvo entro venerdì».
const VERB_AFTER_PRONOUN = /(?:^|\s)(?:l[oaie]|ne|ci|glie\p{L}+|me|te|ce|ve|mi|ti|si)\s+\p{L}{2,}/u;
// A task put to someone, «tu» closing it: «…Lorenzo, se ne occupi tu», «lo fai tu».
const ASKED_OF_YOU = /(?:^|\s)(?:(?:lo|la|li|le|ne|ci|te\s+ne|ce\s+l[oaie])\s+)?\p{L}{2,}i\s+tu$/u;
// When or how, asked of a verb with its pronouns: «quando lo mettiamo», «come facciamo con le chiavi».
const WHEN_HOW =
  /^(?:e\s+)?(?:quando|come)\s+(?:(?:lo|la|li|le|ne|ci|si|gli|ce|ve|me|te)\s+){0,2}\p{L}+(?:iamo|ete|ite|i|a|e|ano|ono)(?:\s+\p{L}+){0,4}$/u;

export function markQuestion(tokens: Token[], from: number, to: number) {
  const last = tokens[to];
  if (to - from + 1 > 22 || /[?!]["»)]*$/u.test(last.word)) return;
  const text = tokens
    .slice(from, to + 1)
    .map((t) => t.word.toLowerCase())
    .join(" ")
    .replace(/[.…]+$/u, "");
  // A vocative or a cue before the question: «Marco, puoi…», «Sara puoi…», «allora, chi…».
  const body = text.replace(/^(?:(?:allora|quindi|ok|bene|senti|senta|scusa|scusate|e|ma)\s*,?\s+|\p{L}+,\s+)/u, "");
  const called = soundsLikeFirstName(bare(tokens[from].word)) && addresses(tokens, from);
  // Someone called by name and asked in the second person with «tu»: «Luca, te ne occupi tu?».
  // The subject put first, then who takes it up: «le batterie nuove chi le ordina», «e il volantino chi lo fa».
  const whoDoes =
    to - from < 12 &&
    /^(?:(?:e|ma|poi|allora|quindi)\s+)?(?:il|lo|la|i|gli|le|l')\s*\p{L}.*\schi\s+(?:(?:lo|la|li|le|ne|ci|se|ce)\s+){1,2}\p{L}+$/u.test(text);
  if (
    ASKS.test(body) ||
    TAG_QUESTION.test(text) ||
    (RAISES.test(text) && !VERB_AFTER_PRONOUN.test(text.split(/\s+/).slice(3).join(" "))) ||
    WHEN_HOW.test(body) ||
    ASKED_OF_YOU.test(text) ||
    whoDoes ||
    (called && /\btu\b/u.test(body)) ||
    (called && ASKS.test(body.replace(/^\p{L}+\s+/u, "")))
  )
    last.word = last.word.replace(/[.…,;:]*$/u, "") + "?";
}

// Where the question of a long run-on sentence begins: a question word, a request, a vote's call.
const QUESTION_OPENS =
  /^(?:chi|cosa|come|com'è|quando|dove|dov'è|perché|quanto|quanta|quanti|quante|quale|quali|qual|posso|possiamo|puoi|potete|può|riesci|riuscite|c'è|ci\s+sono|favorevoli|contrari|astenuti|siamo)$/u;
const VOTE_COUNT = /^(?:\d+|nessuno|tutti|uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci)$/;
const LEADS_INTO = /^(?:e|ma|però|allora|di|a|da|per|con|su|in|tra|fra)$/u;
const RAISED = /^(?:il|lo|la|i|gli|le|l'\p{L}*|per|con|sul|sulla|del|della|questo|questa|quello|quella)$/u;

/**
 * A long sentence that ends with «?» in run-on text holds statements before its question: «…lo
 * mando alla federazione entro venerdì per gli istruttori invece?», «…metà e metà c'è qualcuno
 * contrario?». The question is its last clause, from its question word on; what comes before is
 * said, not asked, and ends with a full stop.
 */
export function endStatementsBeforeQuestion(tokens: Token[], from: number, to: number) {
  if (!/\?["»)]*$/u.test(tokens[to].word)) return;
  // The count said before the next call of a tally: «Favorevoli? 19 contrari?» → «19. Contrari?».
  if (to > from && /^(?:favorevoli|contrari|astenuti)$/.test(bare(tokens[to].word)) && VOTE_COUNT.test(bare(tokens[to - 1].word))) {
    tokens[to - 1].word += ".";
    return;
  }
  // A vote's outcome before the next question, however short: «…astenuti? Due approvato chi fa da referente?».
  for (let k = from; k < to; k++)
    if (
      OUTCOME.test(bare(tokens[k].word)) &&
      (QUESTION_OPENS.test(bare(tokens[k + 1].word)) ||
        (/^(?:e|ma)$/.test(bare(tokens[k + 1].word)) && QUESTION_OPENS.test(bare(tokens[k + 2]?.word ?? "")))) &&
      /\p{L}$/u.test(tokens[k].word)
    ) {
      tokens[k].word += ".";
      return;
    }
  // A subject raised with «e», «ma» or «allora» at the very end asks only that, after a statement
  // however short: «…lo dico io a don Carlo domani dopo la messa e il programma?».
  for (let q = Math.max(from + 5, to - 4); q < to; q++)
    if (/^(?:e|ma|allora)$/.test(bare(tokens[q].word)) && RAISED.test(bare(tokens[q + 1].word)) && /\p{L}$|\d$/u.test(tokens[q - 1].word)) {
      tokens[q - 1].word += ".";
      return;
    }
  if (to - from + 1 < 16) return;
  // The first opener of the last ten words: «…qui da noi posso dire una cosa?» asks from «posso».
  for (let q = Math.max(from + 6, to - 10); q <= to; q++) {
    const word = bare(tokens[q].word);
    const pair = `${word} ${bare(tokens[q + 1]?.word ?? "")}`;
    // A subject raised with «e»/«ma» at the end: «…prima della regata e per gli istruttori invece?».
    const raised = /^(?:e|ma)$/.test(word) && to - q <= 5 && RAISED.test(bare(tokens[q + 1]?.word ?? ""));
    if (!QUESTION_OPENS.test(word) && !QUESTION_OPENS.test(pair) && !raised) continue;
    let at = q;
    while (at > from + 6 && LEADS_INTO.test(bare(tokens[at - 1].word))) at--;
    // …and the person or thing raised with «e» just before it: «…e a Ferruccio | chi lo dice?».
    for (let r = at - 1; r >= Math.max(from + 6, at - 4); r--)
      if (/^(?:e|ma)$/.test(bare(tokens[r].word)) && /^(?:a|al|alla|ai|agli|alle|il|lo|la|i|gli|le|per)$/.test(bare(tokens[r + 1].word))) {
        at = r;
        break;
      }
    const before = tokens[at - 1];
    if (!/\p{L}$|\d$|[,;:]$/u.test(before.word)) return;
    before.word = before.word.replace(/[,;:]$/, "") + ".";
    return;
  }
}
