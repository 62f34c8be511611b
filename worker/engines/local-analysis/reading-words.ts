/**
 * The word classes the reading stage (reading.ts) decides by: function words after which no
 * sentence ends, openers that start one, auxiliaries, finite verbs, clitics, dates and times — and
 * what the transcript itself says about its words: which it writes in lower case, which are names,
 * which it says after a determiner (nouns). Kept apart so that every rule reads the same classes.
 */
import type { TimedSegment } from "~/lib/analysis";
import { namesPerson } from "./owners";
import { isFirstName } from "./names";
import { fold } from "./text";

export type Token = { word: string; segment: number };

// A vote's outcome said after the call: «chi è favorevole… approvato all'unanimità».
export const OUTCOME = /^(?:approvat[oaie]|respint[oaie])$/;
export const AUXILIARY = new Set([
  "è",
  "e",
  "sono",
  "siamo",
  "siete",
  "stato",
  "stata",
  "stati",
  "state",
  "viene",
  "vengono",
  "venga",
  "sia",
  "risulta",
  "era",
]);
// Words after which no sentence ends: a full stop there is a cut, not an end.
export const FUNCTION_WORD = new Set(
  (
    "il lo la i gli le un di del dello della dei degli delle a al allo alla ai agli alle da dal dallo dalla dai " +
    "dagli dalle in nel nello nella nei negli nelle per con sul sullo sulla sui sugli sulle tra fra che cui e ed o " +
    "ma se non mi ti ci si vi ne ce ve entro verso presso tramite chi ad od col coi"
  ).split(" "),
);
// Words that open a sentence in speech: before one, a run-on stretch ends.
export const OPENS = new Set([
  "ok",
  "okay",
  "vabbè",
  "vabbe",
  "perfetto",
  "benissimo",
  "buongiorno",
  "buonasera",
  "grazie",
  "passiamo",
  "partiamo",
  "veniamo",
]);
// Words after which an opener is part of the same sentence («e allora», «di sì», «mi va bene»).
export const NO_BREAK_BEFORE_OPENER = new Set([
  ...FUNCTION_WORD,
  "dire",
  "credo",
  "penso",
  "direi",
  "spero",
  "allora",
  "molto",
  "tutto",
  "poi",
  "anche",
  "già",
  "pure",
]);
// A question word or a conjunction awaits its clause: «…ma dove li mettiamo», «va fatto subito perché gli arretrati…».
export const AWAITS_CLAUSE = /^(?:dove|come|quando|cosa|quanto|quanti|quante|quale|quali|perché|poiché|siccome|finché|mentre|sennò|altrimenti)$/;
// Words that put a time, a place or a condition before the main clause.
export const FRONTED = /^(?:in|per|a|da|con|su|dopo|prima|entro|se|quando|fino|nel|nella|al|alla|dal|dalla|sul|sulla|domani|oggi|stasera)$/;
export const AGREEMENT = /^(?:d'accordo|bene|ok|okay|perfetto|benissimo|sì|certo)$/;
export const ABBREVIATION = /^(?:dott|dr|sig|sigg|prof|avv|ing|arch|geom|rag|art|pag|pagg|n|nn|nr|es|ecc|etc|cfr|tel|vs|p|pp)$/;

// A clause that ends on a date or a time: what follows, if it does not go on with it, opens another.
export const WHEN_END =
  /^(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|sera|mattina|pomeriggio|scorso|scorsa|prossimo|prossima|all'unanimità|\d{1,2}[/:]\d{1,2})$/u;
export const GOES_ON =
  /^(?:e|ed|o|ma|perché|quando|mentre|così|anche|altrimenti|sennò|senza|almeno|massimo|compreso|tranne|insieme|alle|dalle|entro|ore|mese|settimana|anno|sera|notte|mattina|pomeriggio|(?:d|n|s|a|da)?(?:ell|ull|all)'\p{L}*|prossimo|prossima|scorso|scorsa|successivo|successiva|seguente|stesso|stessa|dopo|prima|oppure|però|\d.*)$/u;
// A verb in a finite form after its subject: the present («prepara», «scrivono», «finisce»), the
// future («preparerà»), a modal or an auxiliary — not a word that goes on with the noun phrase.
// (Three letters before «-ano/-ono»: «piano», «mano», «buono» are no verbs.)
export const FINITE =
  /^(?:\p{L}{2,}(?:rà|ranno|iamo)|\p{L}{3,}(?:ano|ono|[ae])|deve|può|è|ha|sta|fa|va|dà|sono|hanno|fanno|vanno|stanno|danno|sanno)$/u;
export const NOT_FINITE = new Set(
  "che anche come dove mentre insieme sempre ore prima dopo ancora invece oggi fine parte altre altra nuova nuove stessa stesse prossima scorsa sera mattina tutte sole allora ora fuori dentro sopra sotto".split(
    " ",
  ),
);
export const CLITICS = /^(?:si|ci|ne|lo|la|li|le|gli|mi|ti|vi|se|me|te|ce|ve)$/;

// Lower case with accents kept: «sì» is not «si», «è» is not «e».
export const bare = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, "");
export const ends = (word: string) => /[.!?…]["»)]*$/u.test(word);

export function wordsSinceEnd(tokens: Token[], i: number): number {
  let n = 0;
  for (let k = i; k >= 0 && (k === i || !ends(tokens[k].word)); k--) n++;
  return n;
}

/** A noun naming a person by role, which a name may follow in apposition: «la professoressa Rinaldi». */
export function isRoleNoun(word: string): boolean {
  const noun = word.replace(/^\p{L}+'/u, "");
  return /^\p{Ll}/u.test(noun) && namesPerson(`il ${noun}`);
}

/**
 * What the transcript's own case says: words it writes in lower case inside sentences, and names
 * (capitalised inside sentences, never in lower case there).
 */
export function caseVotes(tokens: Token[]): { lower: Set<string>; names: Set<string> } {
  const lower = new Map<string, number>();
  const upper = new Map<string, number>();
  tokens.forEach((t, i) => {
    if (i === 0 || ends(tokens[i - 1].word)) return;
    const b = bare(t.word);
    const votes = /^\p{Lu}/u.test(t.word) ? upper : /^\p{Ll}/u.test(t.word) ? lower : undefined;
    votes?.set(b, (votes.get(b) ?? 0) + 1);
  });
  // In run-on text a name that opened a sentence in lower case is «inside» one: a first name
  // needs only more capitals than not.
  const names = [...upper].filter(([w, n]) => w.length > 2 && (!lower.has(w) || (isFirstName(fold(w)) && n > lower.get(w)!)));
  return { lower: new Set(lower.keys()), names: new Set(names.map(([w]) => w)) };
}

// Determiners that are never a pronoun: what follows them is a noun (or its adjective).
const NOUN_BEFORE =
  /^(?:un|una|uno|un'|della|dello|delle|degli|nella|nello|nelle|negli|alla|allo|alle|agli|sulla|sullo|sulle|dalla|dallo|dalle|questa|questo|queste|questi|quella|quello|quelle|ogni|qualche|mia|tua|sua|nostra|vostra|mio|tuo|suo|nostro|vostro)$/;

/** The words the transcript itself says after a determiner («una settimana», «della riunione»): nouns, never verbs. */
export function nounsOf(tokens: Token[]): Set<string> {
  const out = new Set<string>();
  for (let i = 1; i < tokens.length; i++) {
    const before = bare(tokens[i - 1].word);
    if (NOUN_BEFORE.test(before) && !/[.!?,;:]$/.test(tokens[i - 1].word)) out.add(bare(tokens[i].word));
    // «un'altra», «dell'assemblea»: the elided determiner and its noun in one token.
    const elided = bare(tokens[i].word).match(/^(?:un|dell|nell|all|sull|dall|quest|quell)'(\p{L}+)$/u);
    if (elided) out.add(elided[1]);
  }
  return out;
}

export function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(0, value) : 0;
}

/**
 * Whether the text runs on: prose has a full stop every dozen words or so, a run-on transcript far
 * fewer. A stop counts inside a segment, or at a segment's end before a capital or a pause: engines
 * put one at every segment's end whether the sentence ends there or not, and some write every start
 * in lower case (where a stop before a pause still ends a sentence).
 */
export function runsOn(tokens: Token[], segments: TimedSegment[]): boolean {
  const stops = tokens.filter((t, i) => {
    const next = tokens[i + 1];
    // (A «?» says nothing of the full stops: engines that drop them keep it.)
    if (!next || !ends(t.word) || /\?["»)]*$/u.test(t.word)) return false;
    return /^\p{Lu}/u.test(next.word) || next.segment === t.segment || num(segments[next.segment].start) - num(segments[t.segment].end) >= 0.3;
  }).length;
  return stops * 20 < tokens.length;
}
