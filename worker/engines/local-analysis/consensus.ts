/**
 * Decisions made by agreeing rather than by saying them: a proposal, a question to the room ("Siete
 * d'accordo?", "Va bene a tutti?", "Favorevoli?") and a yes ("Sì.", "Bene.", "Tutti."); or a plan
 * and a short consent from another speaker ("Le paghiamo a metà, mi pare giusto." — "Va bene, a
 * metà."). The decision is what was proposed: a reply such as "Approvato." or "Si fa così." takes
 * its content from the proposal before it. Works on folded text (lower case, no accents).
 */
import type { Sentence } from "./sentences";
import { countWords, fold } from "./text";
import { readVotes } from "./votes";

// A question that asks the room to agree, or a bare "sì?" / "ok?" asking for a yes.
const ASKS_AGREEMENT =
  /^(?:\S+\s+){0,6}\S*\?\s*$(?<=\b(?:d'accordo|va bene a tutti|vi va bene|vi sta bene|favorevoli|obiezioni|ci state|approvate|siamo tutti|tutti)\b.*)|^(?:si|ok|okay|va bene|allora)\s*\?\s*$/;
// A call to the vote put as a question that says what is voted: «Chi è favorevole a rinviare la gita?»
const CALLS_WITH_CONTENT =
  /^(?:(?:allora|bene|quindi)[,]?\s+)?chi\s+(?:e|sia)\s+(?:favorevole|d'accordo)\s+(?:a|ad|al|allo|alla|ai|agli|alle|all'|con|su|sul|sulla)\b\s*\S+(?:\s+\S+){2,}/;
// A yes to it; not a yes that goes on with "ma…", nor a no.
const AGREES =
  /^(?:si|bene|va bene|d'accordo|ok|okay|certo|perfetto|tutti|all'unanimita|approvato|approvata|benissimo|per me va bene|anche per me)\b/;
const BUT = /\b(?:ma|pero|non|no)\b/;
const YES_START = /^\s*(?:s[iì]|bene|va bene|d'accordo|ok|okay|certo|perfetto|tutti|all'unanimit|approvat|benissimo|per me|anche per me|giusto)/iu;
// A short consent that answers a plan ("Va bene, per tre.").
const CONSENT_REPLY = /^(?:va bene|d'accordo|ok|okay|perfetto|giusto)\b/;
// Sentences about agreeing, not what is agreed on: "Mi sembra un buon accordo.", "Se siete d'accordo lo diamo per approvato."
const ABOUT_AGREEING =
  /\b(?:mi sembra|mi pare|secondo me|se siete|d'accordo|va bene|ottima idea|buona idea|se nessuno|obiezioni|contrari[oa]?|a verbale)\b/;
// A call for objections, and the no that answers it.
const OBJECTIONS_ASKED = /\b(?:obiezioni|contrari[oa]?|in contrario|osservazioni)\b[^?]*\?\s*$/;
const NO_OBJECTION = /^(?:no|nessuno|nessuna|niente|nessuna obiezione)\s*[.!]?\s*$/;
// Checking the silence after a question to the room: "Obiezioni? No? Bene.", "…lo mettiamo a verbale così. Nessuno? Bene."
const SILENCE_CHECK = /^(?:no|nessuno|nessuna|niente|nessuna obiezione|nessun contrario|tutto chiaro)\s*\?\s*$/;
// Formula words: a decision said only with them needs the proposal before it.
const FORMULA = new Set(
  `allora quindi dunque bene benissimo perfetto ottimo facciamo fa cosi cosa tutti tutte approvato approvata approvati unanimita maggioranza
  favorevoli contrari astenuti d'accordo accordo siamo siete certo okay deciso decisa andata proposta passa meglio`.split(/\s+/),
);

/** Words of a decision that say what was decided (not "allora", "approvato", "così"). */
export function contentWords(text: string): number {
  return fold(text)
    .split(/[^\p{L}']+/u)
    .filter((w) => w.length > 3 && !FORMULA.has(w)).length;
}

/**
 * The proposal a reply refers to: the nearest sentence before `at` (at most four back) that says
 * something of its own — not a question, not a tally or a "yes", not a remark about agreeing.
 */
export function proposalBefore(sentences: Sentence[], at: number): number | undefined {
  for (let k = at - 1; k >= Math.max(0, at - 4); k--) {
    const folded = fold(sentences[k].text).trim();
    if (/\?\s*$/.test(folded) || countWords(folded) < 6) continue;
    if (ABOUT_AGREEING.test(folded) && countWords(folded) < 10) continue;
    return k;
  }
  return undefined;
}

/**
 * Whether sentence `i` agrees to something: a yes right after a question to the room (returns the
 * proposal's index), or a short consent right after a plan that `isPlan` recognises.
 */
export function agreedAt(sentences: Sentence[], i: number, isPlan: (folded: string) => boolean): number | undefined {
  // Most sentences start with no yes at all: skip them before folding.
  if (!YES_START.test(sentences[i].text)) return undefined;
  const folded = fold(sentences[i].text).trim();
  if (i === 0 || BUT.test(folded)) return undefined;
  const previous = fold(sentences[i - 1].text).trim();
  // «Chi è favorevole a fare il banchetto, con le marmellate? Tutti favorevoli.»: the call says what.
  if (AGREES.test(folded) && CALLS_WITH_CONTENT.test(previous) && /\?\s*$/.test(previous)) return i - 1;
  if (AGREES.test(folded) && ASKS_AGREEMENT.test(previous)) return proposalBefore(sentences, i - 1);
  // Consent by silence: the chair asks for objections (or says "se nessuno è contrario…"), checks ("No?", "Nessuno?"), concludes.
  // "Ci sono obiezioni? Nessuna. Bene.": a no to a call for objections is a yes.
  if (AGREES.test(folded) && NO_OBJECTION.test(previous) && i >= 2 && OBJECTIONS_ASKED.test(fold(sentences[i - 2].text).trim()))
    return proposalBefore(sentences, i - 2);
  if (AGREES.test(folded) && SILENCE_CHECK.test(previous)) {
    const asked = i >= 2 && ASKS_AGREEMENT.test(fold(sentences[i - 2].text).trim()) ? i - 2 : i - 1;
    return proposalBefore(sentences, asked);
  }
  if (CONSENT_REPLY.test(folded) && countWords(folded) <= 5 && !/\?\s*$/.test(previous) && !/(?:^|[\s,])se\s/.test(previous) && isPlan(previous))
    return i - 1;
  return undefined;
}

// A call to the vote that says what is voted on: "metto in votazione il bilancio", "la proposta è: …".
const CALLS_VOTE = /\b(?:propongo|proponiamo|proporrei|in votazione|ai voti|al voto|alla votazione|votiamo|si vota|la proposta e\s*:|proposta\s*:)/;
// The tally between the call and the verdict: "Favorevoli?", "Novantotto.", "Contrari? Nessuno.", "Astenuti due."
const TALLY_QUESTION = /^(?:favorevoli|contrari|astenuti|a favore|chi (?:e|sia) (?:favorevole|contrario)|chi si astiene|chi vota)\b/;
// A count may take a few more words: «Cinque, più Thomas, sei.», «Ventinove, più le sei deleghe, trentacinque.»
const COUNT = /\b(?:\d+|nessuno|uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|\w+(?:anta|enti|enta)\w*|tutti)\b/;
const isTally = (folded: string) =>
  TALLY_QUESTION.test(folded) || (!/\?\s*$/.test(folded) && (countWords(folded) <= 3 || (countWords(folded) <= 7 && COUNT.test(folded))));

/**
 * The call to the vote a verdict closes, when a tally stands between them ("Metto in votazione la
 * liquidazione. Favorevoli? Novantotto. Contrari? Diciotto. Approvata."): the verdict alone does
 * not say what was decided. Returns the call's index, or undefined when there is no tally.
 */
export function voteCallBefore(sentences: Sentence[], at: number): number | undefined {
  let tallied = false;
  for (let k = at - 1; k >= Math.max(0, at - 10); k--) {
    const folded = fold(sentences[k].text).trim();
    if (CALLS_VOTE.test(folded) && countWords(folded) >= 4) return tallied ? k : undefined;
    // A voter's own remark during the count («Io mi astengo. Per me bisognava dire di no.») is no proposal.
    if (tallied && /^(?:io\s|per me\s|secondo me\s|anch'io\s|anche io\s)/.test(folded)) continue;
    // "Piano di rientro di duecento euro al mese. Favorevoli? Cinque…": what "Favorevoli?" follows was put to the vote.
    if (!isTally(folded)) return tallied && countWords(folded) >= 4 && /^favorevoli\b/.test(fold(sentences[k + 1].text).trim()) ? k : undefined;
    tallied ||= TALLY_QUESTION.test(folded);
  }
  return undefined;
}

// The outcome said after the tally: «Approvata.», «Parere favorevole con le due condizioni.», «Non passa.»
const VERDICT = /\b(?:approvat|respint|accolt|bocciat|favorevole|contrario|unanimita|maggioranza|passa)\w*/;

/**
 * Where a counted vote closes without a formula the other rules know («Propongo: parere favorevole
 * all'aumento… Favorevoli? Dieci. Contrari? Nessuno. Parere favorevole con le due condizioni.»):
 * sentence `at` states the outcome right after the tally, or is the tally's last count when what
 * follows moves on. Returns the call's index, or undefined.
 */
export function voteClosedAt(sentences: Sentence[], at: number): number | undefined {
  const folded = fold(sentences[at].text).trim();
  if (/\?\s*$/.test(folded)) return undefined;
  const next = sentences[at + 1] ? fold(sentences[at + 1].text).trim() : "";
  // (An outcome still to come is the decision: «…favorevoli cinque. Approvato a maggioranza.»)
  const goesOn = !!next && (isTally(next) || VERDICT.test(next));
  // A count said in one breath after the call: «Propongo: … Favorevoli 10, contrari nessuno, parere favorevole.»
  // (readVotes builds its patterns per call: most sentences name no vote at all.)
  if (!goesOn && /favorevol|unanimit|\ssu\s/.test(folded) && readVotes(sentences[at].text)) {
    for (let k = at - 1; k >= Math.max(0, at - 2); k--) {
      const before = fold(sentences[k].text).trim();
      if (CALLS_VOTE.test(before) && countWords(before) >= 4) return k;
      if (!isTally(before)) break;
    }
  }
  const call = TALLY_QUESTION.test(folded) ? undefined : voteCallBefore(sentences, at);
  if (call === undefined) return undefined;
  if (VERDICT.test(folded) && countWords(folded) <= 12) return call;
  return isTally(folded) && !goesOn ? call : undefined;
}

// Long words that say what a sentence is about, cut to a stem-like prefix: "straordinarie" ~ "straordinarie";
// and numbers as speech recognition writes them, «giovedì 24 alle 15», as «ventiquattro» is one.
export const stems = (folded: string) =>
  new Set(
    folded
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => (/^\p{L}{5,}$/u.test(w) || /^\d{2,}$/.test(w)) && !FORMULA.has(w))
      .map((w) => w.slice(0, 6)),
  );

/**
 * Whether sentence `i` sums up what was just agreed: it opens with "allora / quindi / ok", the
 * sentence before it is a yes, and it repeats at least two of the words of a proposal made just
 * before the yes ("Proponiamo cinquecentocinquanta, più metà delle spese straordinarie." — "Sì,
 * mi pare giusto." — "Allora controproposta a cinquecentocinquanta più metà delle straordinarie.").
 */
export function restatedAt(sentences: Sentence[], i: number): boolean {
  if (i < 2) return false;
  const folded = fold(sentences[i].text).trim();
  if (!/^(?:allora|quindi|dunque|ok|okay|bene|perfetto)\b/.test(folded) || /\?\s*$/.test(folded)) return false;
  const yes = fold(sentences[i - 1].text).trim();
  if (!YES_START.test(yes) || BUT.test(yes) || /\?\s*$/.test(yes)) return false;
  const said = stems(folded);
  for (let k = i - 2; k >= Math.max(0, i - 4); k--) {
    // A yes to a question is an answer ("Hai visto il preventivo?" — "Sì."), not an agreement.
    if (k === i - 2 && /\?\s*$/.test(sentences[k].text)) return false;
    const shared = [...stems(fold(sentences[k].text))].filter((w) => said.has(w));
    if (shared.length >= 2) return true;
  }
  return false;
}

/**
 * Whether sentence `i` concludes the discussion just held: the value it fixes (`said`, the words
 * after "allora") takes up at least two of the words of the eight sentences before it ("…direi di
 * portare le uscite a settanta…" — "Allora settanta euro a uscita, da questo mese"). A report that
 * opens a subject ("Allora, la sentenza è stata pubblicata il quindici gennaio") brings new words.
 */
export function concludesAt(sentences: Sentence[], i: number, said: string): boolean {
  const own = stems(said);
  const before = new Set(sentences.slice(Math.max(0, i - 8), i).flatMap((s) => [...stems(fold(s.text))]));
  return [...own].filter((w) => before.has(w)).length >= 2;
}
