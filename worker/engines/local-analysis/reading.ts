/**
 * Reading a raw transcript before the rules (issue 36, decision 033). Speech recognition writes
 * run-on sentences, full stops where a segment or a window ends, lower-case starts, questions
 * without «?», fillers and repeated words; the rules were written on prose. This stage rewrites
 * each segment's text (times unchanged) so that the sentence splitter and the cues see prose:
 * - fillers («eh», «ehm») and a word said twice («il il», «allora allora») set aside;
 * - false full stops removed: after an article, a preposition or a conjunction, and at a seam
 *   with no pause where the next segment goes on with a preposition;
 * - sentence ends recovered from pauses between segments and from discourse cues («va bene»,
 *   «ok», «perfetto», «allora», a greeting) that open a new sentence;
 * - questions recognised from their words («chi se ne occupa», «possiamo…», «…, vero»);
 * - every sentence start in capitals, so that case, never trusted, decides nothing downstream.
 * On clean prose it changes nothing but the fillers and repeated words.
 */
import type { TimedSegment } from "~/lib/analysis";
import { PERSON, ROLE_ADJECTIVE, namesPerson } from "./owners";
import { isFirstName, soundsLikeFirstName } from "./names";
import { announcesItem } from "./agenda";
import { opensWithStrongCue } from "./segmentation";
import { fold } from "./text";

type Token = { word: string; segment: number };

const FILLER = /^(?:eh+|ehm+|ehmm|uhm+|mh+|mmh+|hm+)$/;
// Said to hold the floor when set off by a comma, or after a word that cannot precede them.
const SOFT_FILLER = /^(?:diciamo|allora|cioè)$/;
// Words that announce a noun: a filler after one of them is inside a noun phrase.
const DETERMINER =
  /^(?:ogni|qualche|un|uno|una|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|\d+[.,:/]?\d*|quest[oaie]|quel|quell[oaie]|quei|quegli|mi[oae]|miei|tu[oae]|tuoi|su[oae]|suoi|nostr[oaie]|vostr[oaie]|ultim[oaie]|prim[oaie]|altr[oaie]|stess[oaie]|\p{L}+'(?:ultim|prim|altr)[oaie])$/u;
// A vote's outcome said after the call: «chi è favorevole… approvato all'unanimità».
const OUTCOME = /^(?:approvat[oaie]|respint[oaie])$/;
const AUXILIARY = new Set([
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
const FUNCTION_WORD = new Set(
  (
    "il lo la i gli le un di del dello della dei degli delle a al allo alla ai agli alle da dal dallo dalla dai " +
    "dagli dalle in nel nello nella nei negli nelle per con sul sullo sulla sui sugli sulle tra fra che cui e ed o " +
    "ma se non mi ti ci si vi ne ce ve entro verso presso tramite"
  ).split(" "),
);
// Words that open a sentence in speech: before one, a run-on stretch ends.
const OPENS = new Set([
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
const NO_BREAK_BEFORE_OPENER = new Set([
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
const AWAITS_CLAUSE = /^(?:dove|come|quando|cosa|quanto|quanti|quante|quale|quali|perché|poiché|siccome|finché|mentre)$/;
// Words that put a time, a place or a condition before the main clause.
const FRONTED = /^(?:in|per|a|da|con|su|dopo|prima|entro|se|quando|fino|nel|nella|al|alla|dal|dalla|sul|sulla|domani|oggi|stasera)$/;
const AGREEMENT = /^(?:d'accordo|bene|ok|okay|perfetto|benissimo|sì|certo)$/;
const ABBREVIATION = /^(?:dott|dr|sig|sigg|prof|avv|ing|arch|geom|rag|art|pag|pagg|n|nn|nr|es|ecc|etc|cfr|tel|vs|p|pp)$/;
// A sentence that opens with one of these, and is short, is a question.
const ASKS =
  /^(?:chi(?! non)|cosa|che cosa|dove|quanto|quanti|quante|quale|quali|possiamo|posso|potete|puoi|potresti|potreste|avete|hai|siete|c'è qualcuno|qualcuno|qualcun altro|ci sono domande|vi va|ti va|riesci|riuscite|ve la sentite|te la senti|come mai|ce la fa|ce la fai|ce la fate|lo sai|sapete|va bene a tutti|siamo d'accordo|tutti d'accordo)(?![\p{L}])/u;
// («…è vero» agrees: «Ah, già, è vero.»)
const TAG_QUESTION = /(?:,\s*(?:vero|giusto|no)|\so no|(?<!\s[èe])\svero)$/u;
// A subject raised as a question, a noun phrase alone after «e»: «E la banda?», «E il concerto delle due bande?».
const RAISES = /^(?:e|ma)\s+(?:il|lo|la|i|gli|le|l'|questo|questa|quello|quella|quei|quegli|quelle)\s*\p{L}+(?:\s+\p{L}+){0,4}$/u;
// A task put to someone, «tu» closing it: «…Lorenzo, se ne occupi tu», «lo fai tu».
const ASKED_OF_YOU = /(?:^|\s)(?:(?:lo|la|li|le|ne|ci|te\s+ne|ce\s+l[oaie])\s+)?\p{L}{2,}i\s+tu$/u;
// When or how, asked of a verb with its pronouns: «quando lo mettiamo», «come facciamo con le chiavi».
const WHEN_HOW =
  /^(?:e\s+)?(?:quando|come)\s+(?:(?:lo|la|li|le|ne|ci|si|gli|ce|ve|me|te)\s+){0,2}\p{L}+(?:iamo|ete|ite|i|a|e|ano|ono)(?:\s+\p{L}+){0,4}$/u;

// Lower case with accents kept: «sì» is not «si», «è» is not «e».
// A clause that ends on a date or a time: what follows, if it does not go on with it, opens another.
const WHEN_END =
  /^(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|sera|mattina|pomeriggio|scorso|scorsa|prossimo|prossima|all'unanimità|\d{1,2}[/:]\d{1,2})$/u;
const GOES_ON =
  /^(?:e|ed|o|ma|perché|quando|mentre|così|anche|altrimenti|sennò|senza|almeno|massimo|compreso|tranne|insieme|alle|dalle|entro|ore|mese|settimana|anno|sera|notte|mattina|pomeriggio|(?:d|n|s|a|da)?(?:ell|ull|all)'\p{L}*|prossimo|prossima|scorso|scorsa|successivo|successiva|seguente|stesso|stessa|dopo|prima|oppure|però|\d.*)$/u;
const bare = (word: string) => word.toLowerCase().replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, "");
const ends = (word: string) => /[.!?…]["»)]*$/u.test(word);

/** The segments' text as prose; segments left empty (only fillers) are dropped. */
export function readTranscript(segments: TimedSegment[]): TimedSegment[] {
  const sorted = segments
    .filter((s) => typeof s?.text === "string" && s.text.trim() !== "")
    .map((s, i) => ({ s, i }))
    .sort((a, b) => num(a.s.start) - num(b.s.start) || a.i - b.i)
    .map(({ s }) => s);
  const tokens: Token[] = [];
  sorted.forEach((s, segment) => {
    for (const word of s.text.split(/\s+/).filter(Boolean)) tokens.push({ word, segment });
  });
  const { lower, names } = caseVotes(tokens);
  const nouns = nounsOf(tokens);

  // Fillers and repetitions: the filler's punctuation goes to the word before it.
  // (Whether the text runs on, as below: only there a filler inside a clause is set aside, prose keeps its words.)
  const rawRunOn = runsOn(tokens, sorted);
  const kept: Token[] = [];
  tokens.forEach((t, at) => {
    const b = bare(t.word);
    const punct = t.word.slice(t.word.search(/[^\p{L}\p{N}']*$/u));
    const prevBare = bare(kept[kept.length - 1]?.word ?? "");
    const inside = kept.length > 0 && !ends(kept[kept.length - 1].word);
    const nextBare = bare(tokens[at + 1]?.word ?? "");
    const soft =
      SOFT_FILLER.test(b) &&
      // (Not the verb after its pronoun: «lo diciamo noi».)
      ((FUNCTION_WORD.has(prevBare) && !(b === "diciamo" && CLITICS.test(prevBare))) ||
        AUXILIARY.has(prevBare) ||
        (inside && b !== "allora" && /,$/.test(t.word)) ||
        // Between a determiner or a number and its noun nothing but a filler stands: «ogni allora mattina», «sei allora appoggi».
        (rawRunOn && inside && DETERMINER.test(prevBare) && !/[,;:.]$/.test(kept[kept.length - 1].word)) ||
        // «cioè» and «diciamo» inside a clause only hold the floor — but «diciamo che…», «lo diciamo».
        (rawRunOn && inside && b !== "allora" && nextBare !== "che" && !CLITICS.test(prevBare) && prevBare !== "non"));
    // A soft filler said twice is a hesitation, wherever it stands inside a clause: «punto allora allora quattro».
    const twice = rawRunOn && inside && SOFT_FILLER.test(b) && (nextBare === b || bare(tokens[at - 1]?.word ?? "") === b) && !/[.!?]$/.test(t.word);
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

  // In a run-on transcript lexical evidence alone may end a sentence.
  const runOn = runsOn(kept, sorted);
  for (let i = 0; i < kept.length; i++) {
    const t = kept[i];
    const next = kept[i + 1];
    if (!next) break;
    const seam = next.segment !== t.segment;
    const pause = seam ? num(sorted[next.segment].start) - num(sorted[t.segment].end) : 0;
    const b = bare(t.word);
    const nb = bare(next.word);
    if (/[^.]\.$/.test(t.word) || t.word === ".") {
      // A full stop after a function word, or at a seam without a pause before a word that goes on, is a cut.
      // A full stop at a seam without a pause is where the engine cut, not always where the
      // speaker stopped: it stands only before a capital or a word that opens a sentence.
      // Nor before a name in apposition: «l'assessore. Conti deve mandare…».
      const cut =
        seam &&
        pause < 0.25 &&
        ((/^\p{Ll}/u.test(next.word) && !OPENS.has(nb) && nb !== "sì") ||
          ((names.has(nb) || soundsLikeFirstName(nb)) && (isRoleNoun(b) || (runOn && !opensClause(kept, i + 1, names, nouns)))));
      if (FUNCTION_WORD.has(b) || cut) t.word = t.word.slice(0, -1);
    }
    // Where there is no stop, or the engine's was a cut, the pause and the words decide.
    if (!ends(t.word) && !FUNCTION_WORD.has(b)) {
      const sinceEnd = wordsSinceEnd(kept, i);
      const opener =
        OPENS.has(nb) ||
        (nb === "va" && bare(kept[i + 2]?.word ?? "") === "bene") ||
        (runOn && nb === "d'accordo" && !/^(?:tutti|tutto|molto|pienamente|perfettamente|completamente|non)$/.test(b)) ||
        (runOn && nb === "intanto") ||
        // The minutes' impersonal formula opens its own clause: «…costa di più si approva l'assunzione…».
        (runOn &&
          nb === "si" &&
          /^(?:approva|delibera|decide|stabilisce|respinge|rinvia|dà|da)$/.test(bare(kept[i + 2]?.word ?? "")) &&
          !/^(?:se|non|che|come|quando|cui)$/.test(b)) ||
        // «…prima di Natale allora lo scriviamo sul sito»; not after an agreement, which «allora» goes on.
        (runOn && nb === "allora" && !AGREEMENT.test(b) && firstPersonAt(kept, i + 2)) ||
        // A change of subject said in the stretch: «…non si può solo aggiornare un'altra cosa, il preventivo…».
        (runOn &&
          !/^(?:\d+|uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci)$/.test(b) &&
          opensWithStrongCue(
            kept
              .slice(i + 1, i + 5)
              .map((k) => k.word)
              .join(" "),
          )) ||
        // …and an agenda item announced in it: «…mi scrive entro fine mese varie ed eventuali il concorso…».
        // (Not a version's number: «…va nella due punto uno».)
        (runOn &&
          !AGREEMENT.test(b) &&
          !/^(?:\d+|uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci)$/.test(b) &&
          announcesItem(
            kept
              .slice(i + 1, i + 6)
              .map((k) => k.word)
              .join(" "),
          )) ||
        (nb === "sì" &&
          (/[,.!]$/.test(next.word) || /^(?:certo|va|ok|allora|ci|lo|la|io|faccio|perfetto|grazie)$/.test(bare(kept[i + 2]?.word ?? ""))) &&
          !/^\d/.test(b)) ||
        // A vote's outcome after the call or the count: «…favorevoli 21 contrari nessuno astenuti quattro approvato».
        (OUTCOME.test(nb) &&
          !AUXILIARY.has(b) &&
          (bare(kept[i - sinceEnd + 1].word) === "chi" ||
            // (Only in run-on text: prose sets the count off by commas, «sulla variazione, favorevoli quattordici, approvata».)
            (runOn &&
              kept
                .slice(Math.max(i - sinceEnd + 1, i - 7), i + 1)
                .some((k) => /^(?:favorevol|contrar|astenut|votazion|voti$)/.test(bare(k.word)))))) ||
        // After a vote's outcome, a subject and its verb open the next clause: «approvata all'unanimità la seduta è tolta».
        (runOn &&
          /^(?:all'unanimità|maggioranza)$/.test(b) &&
          /^(?:il|lo|la|i|gli|le)$/.test(nb) &&
          FINITE.test(bare(kept[i + 3]?.word ?? "")) &&
          !NOT_FINITE.has(bare(kept[i + 3]?.word ?? ""))) ||
        // The speaker's «io» or «noi» with their own verb: «…chi lo fa l'ordine io lo faccio io».
        (runOn &&
          sinceEnd >= 3 &&
          /^(?:io|noi)$/.test(nb) &&
          !/^(?:anche|pure|solo|e|o|che|come|tranne|per)$/.test(b) &&
          firstPersonAt(kept, i + 2)) ||
        // The call to vote opens its own sentence: «…entro la fine del mese chi è favorevole alla concessione».
        (runOn && nb === "chi" && sinceEnd >= 3 && callsVote(kept, i + 2)) ||
        // A numbered point of a recap: «…lo chiama la segreteria due: per protesi…».
        (runOn && /:$/.test(next.word) && /^(?:uno|due|tre|quattro|cinque|\d|primo|secondo|terzo|quarto)$/.test(nb) && sinceEnd >= 4) ||
        // A capital on a word the transcript otherwise writes in lower case starts a sentence.
        (/^\p{Lu}/u.test(next.word) && lower.has(nb) && !names.has(nb)) ||
        // (Not after a time put first, which awaits its clause: «quindi per il prossimo volantino, quello di novembre prenotiamo…».)
        (runOn &&
          closesOnTime(kept, i) &&
          !GOES_ON.test(nb) &&
          !FUNCTION_WORD.has(nb) &&
          !WHEN_END.test(nb) &&
          !frontedOnly(kept, i, sinceEnd) &&
          !(CLITICS.test(nb) && resumesObject(kept, i + 1 - sinceEnd, i, nb))) ||
        (runOn && sinceEnd >= 2 && !awaitsObject(kept, i) && !AGREEMENT.test(b) && opensClause(kept, i + 1, names, nouns, sinceEnd)) ||
        // The speakers' own verb after its pronouns: «…per due notti gli rimborsiamo le notti» — not
        // after a time or a condition put first («in caso di pioggia la spostiamo»).
        (runOn &&
          sinceEnd >= 4 &&
          !awaitsObject(kept, i) &&
          CLITICS.test(nb) &&
          !FRONTED.test(bare(kept[i + 1 - sinceEnd].word)) &&
          !resumesObject(kept, i + 1 - sinceEnd, i, nb) &&
          !/^(?:magari|forse|così)$/.test(b) &&
          firstPersonAt(kept, i + 1, true));
      // «…ci andiamo o no, perché l'ultima volta…»: «o no» closes a question (read as one below).
      const orNot = runOn && b === "no" && bare(kept[i - 1]?.word ?? "") === "o" && sinceEnd >= 3 && !/^(?:\?|è|e)$/.test(nb);
      // After a vote's outcome, said alone, any clause opens: «…favorevoli tutti approvato il capitolato lo scrive il geometra».
      const afterOutcome = runOn && OUTCOME.test(b) && opensClause(kept, i + 1, names, nouns, 4);
      if (
        (seam && pause >= 0.5) ||
        orNot ||
        afterOutcome ||
        (opener && sinceEnd >= (runOn ? 2 : 3) && !NO_BREAK_BEFORE_OPENER.has(b) && !AUXILIARY.has(b) && !AWAITS_CLAUSE.test(b))
      )
        t.word = t.word.replace(/[,;:]$/, "") + ".";
    }
  }

  // In run-on text the commas went too: a conjunction that links two clauses gets its comma back,
  // as the rules read clauses between commas («…al sabato successivo, così non ci stringiamo»).
  if (runOn)
    kept.forEach((t, i) => {
      const next = bare(kept[i + 1]?.word ?? "");
      const after = bare(kept[i + 2]?.word ?? "");
      const links =
        /^(?:ma|però|perché|altrimenti|sennò|quindi)$/.test(next) ||
        (next === "così" && /^(?:non|il|lo|la|i|gli|le|l'|ci|si|ne|\p{L}+iamo)$/u.test(after));
      // Not «facciamo così», «dico così», «non così»: «così» says how, there.
      const how = next === "così" && /^(?:fa|fai|facciamo|fate|faccio|fanno|fare|dico|diciamo|dice|proprio|più|non|solo|sempre)$/.test(bare(t.word));
      // «vabbè allora così, la nonna e Mateo al mercato»: what «così» announces follows it.
      const prevWord = bare(kept[i - 1]?.word ?? "");
      if (
        bare(t.word) === "così" &&
        /^(?:allora|quindi|facciamo|vabbè|vabbe|ok|bene)$/.test(prevWord) &&
        /^\p{L}/u.test(kept[i + 1]?.word ?? "") &&
        !/^(?:non|tanto|poi|via|e|ma|però|perché|da|che|come|come|va|si|se|ci|lo|la|li|le|ne)$/.test(next) &&
        /\p{L}$/u.test(t.word)
      )
        t.word += ",";
      if (links && !how && /\p{L}$/u.test(t.word) && !NO_BREAK_BEFORE_OPENER.has(bare(t.word)) && !AUXILIARY.has(bare(t.word))) t.word += ",";
    });

  // Questions by their words, then capitals at every sentence start.
  // Only where the engine does not write «?» itself: a writer's full stop after «Chi non ha…, le
  // deve…» is a statement.
  const asked = kept.filter((t) => t.word.includes("?")).length;
  const stops = kept.filter((t) => ends(t.word)).length;
  let start = 0;
  for (let i = 0; i < kept.length && asked * 30 < stops; i++) {
    if (i + 1 < kept.length && !ends(kept[i].word)) continue;
    markQuestion(kept, start, i);
    start = i + 1;
  }
  let atStart = true;
  kept.forEach((t, i) => {
    // A name written with a capital elsewhere, or a first name however spelt, gets its capital back.
    if (names.has(bare(t.word)) || soundsLikeFirstName(bare(t.word))) t.word = t.word.replace(/^\p{Ll}/u, (c) => c.toLocaleUpperCase("it-IT"));
    if (atStart) t.word = t.word.replace(/^([«"“(]?)(\p{Ll})/u, (_, q: string, c: string) => q + c.toLocaleUpperCase("it-IT"));
    // A name that opens a request is a vocative, as prose writes it: «Sara, puoi fare tu…».
    if (atStart && soundsLikeFirstName(bare(t.word)) && /\p{L}$/u.test(t.word) && addresses(kept, i)) t.word += ",";
    atStart = /[.!?]["»)]*$/u.test(t.word) && !/\.\.\.$|…$/.test(t.word) && !ABBREVIATION.test(bare(t.word));
  });

  const texts = sorted.map(() => [] as string[]);
  for (const t of kept) texts[t.segment].push(t.word);
  return sorted.map((s, i) => ({ ...s, text: texts[i].join(" ") })).filter((s) => s.text !== "");
}

/**
 * Whether the text runs on: prose has a full stop every dozen words or so, a run-on transcript far
 * fewer. A stop counts inside a segment, or at a segment's end before a capital or a pause: engines
 * put one at every segment's end whether the sentence ends there or not, and some write every start
 * in lower case (where a stop before a pause still ends a sentence).
 */
function runsOn(tokens: Token[], segments: TimedSegment[]): boolean {
  const stops = tokens.filter((t, i) => {
    const next = tokens[i + 1];
    if (!next || !ends(t.word)) return false;
    return /^\p{Lu}/u.test(next.word) || next.segment === t.segment || num(segments[next.segment].start) - num(segments[t.segment].end) >= 0.3;
  }).length;
  return stops * 20 < tokens.length;
}

/**
 * What the transcript's own case says: words it writes in lower case inside sentences, and names
 * (capitalised inside sentences, never in lower case there).
 */
function caseVotes(tokens: Token[]): { lower: Set<string>; names: Set<string> } {
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
function nounsOf(tokens: Token[]): Set<string> {
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

/** Whether the token at i ends on a date or a time: «venerdì», «a fine marzo», «entro le 18», «il 25». */
function closesOnTime(tokens: Token[], i: number): boolean {
  const b = bare(tokens[i].word);
  // «la prossima riunione», «il prossimo consiglio»: after an article the adjective awaits its noun.
  if (
    /^(?:prossim|scors)[oaie]$/.test(b) &&
    /^(?:il|lo|la|i|gli|le|l'|\p{L}*(?:al|el|ul)(?:l[oaie])?|\p{L}+[ei])$/u.test(bare(tokens[i - 1]?.word ?? "")) &&
    !/^(?:settiman|mes|ann|volt)/.test(bare(tokens[i - 1]?.word ?? ""))
  )
    return false;
  return WHEN_END.test(b) || (/^\d{1,2}$/.test(b) && /^(?:le|alle|il|entro|dalle)$/.test(bare(tokens[i - 1]?.word ?? "")));
}

// A person or an office as a subject, said with an article: «la polizia locale», «il presidente».
const ROLE_SUBJECT = new RegExp(String.raw`^(?:il|lo|la|l'|i|gli|le)\s*${PERSON}${ROLE_ADJECTIVE}(?![\p{L}'])`, "u");
// A verb in a finite form after its subject: the present («prepara», «scrivono», «finisce»), the
// future («preparerà»), a modal or an auxiliary — not a word that goes on with the noun phrase.
// (Three letters before «-ano/-ono»: «piano», «mano», «buono» are no verbs.)
const FINITE = /^(?:\p{L}{2,}(?:rà|ranno|iamo)|\p{L}{3,}(?:ano|ono|[ae])|deve|può|è|ha|sta|fa|va|dà|sono|hanno|fanno|vanno|stanno|danno|sanno)$/u;
const NOT_FINITE = new Set(
  "che anche come dove mentre insieme sempre ore prima dopo ancora invece oggi fine parte altre altra nuova nuove stessa stesse prossima scorsa sera mattina tutte sole allora ora fuori dentro sopra sotto".split(
    " ",
  ),
);
// What a motion, an item or a candidate comes to: approved, rejected, postponed, elected.
const PASSIVE_OUTCOME = /^(?:approvat|respint|rinviat|elett)[oaie]$/;
const CLITICS = /^(?:si|ci|ne|lo|la|li|le|gli|mi|ti|vi|se|me|te|ce|ve)$/;

/**
 * Whether a clause opens at token j in a run-on stretch: a subject (a person or an office with
 * its article, a first name) followed by its finite verb — «…entro il 1/9 la polizia locale
 * preparerà…», «…va nella due punto uno marco prepara la build…» — or an object put first and
 * taken up by its pronoun: «…non ci stringiamo dentro il rinfresco lo organizzano i genitori».
 */
function opensClause(tokens: Token[], j: number, names: Set<string>, nouns: Set<string>, sinceEnd = 4): boolean {
  const words: string[] = [];
  for (let k = j; k < tokens.length && words.length < 14; k++) {
    // A full stop after a function word is a cut (removed when the loop gets there).
    const word = tokens[k].word.toLowerCase();
    words.push(FUNCTION_WORD.has(bare(word)) ? word.replace(/\.$/, "") : word);
    if (/[.!?;:]["»)]*$/u.test(words[words.length - 1])) break;
  }
  const plain = words.map((w) => bare(w));
  // A name after the role or the first name: «la signora Colombo», «Patrizia Longo».
  const named = (k: number) => k < plain.length && (/^\p{Lu}/u.test(tokens[j + k].word) || soundsLikeFirstName(plain[k]) || names.has(plain[k]));
  const role = words.join(" ").match(ROLE_SUBJECT);
  // An office by its acronym: «…con due astenuti la RSU la presenta…».
  if (/^(?:il|la|l')$/.test(plain[0] ?? "") && /^\p{Lu}{2,6}$/u.test(tokens[j + 1]?.word ?? "")) return subjectVerb(words, plain, 2, named, nouns);
  // (An office with its article and verb is clear enough after two words: «approvato all'unanimità il signor Bruni consegna…».)
  if (role && namesPerson(role[0])) return subjectVerb(words, plain, role[0].trim().split(/\s+/).length, named, nouns);
  if (sinceEnd < 4) return false;
  // A name after a role is in apposition to it: «la professoressa Rinaldi raccoglierà…». A name
  // that calls someone opens a request: «…app e server Luca, te ne occupi tu», «…Sara puoi fare tu…».
  if (soundsLikeFirstName(plain[0] ?? "") || names.has(plain[0] ?? ""))
    return (
      !isRoleNoun(bare(tokens[j - 1]?.word ?? "")) &&
      // Nor is a surname after its first name: «Patrizia Longo».
      !soundsLikeFirstName(bare(tokens[j - 1]?.word ?? "")) &&
      // Nor the second word of a name: «la Pro Loco si è offerta».
      !names.has(bare(tokens[j - 1]?.word ?? "")) &&
      (subjectVerb(words, plain, 1, named, nouns) || addresses(tokens, j))
    );
  // Two pronouns together are no article: «…per ricevere in tempo me ne occupo io», «…gliela mando».
  if (
    /^(?:(?:me|te|ce|ve|se)$|glie)/.test(plain[0] ?? "") &&
    /^(?:ne|l[oaie]|l'\p{L}+|glie\p{L}*)$/u.test(plain[0].startsWith("glie") ? "glie" : (plain[1] ?? ""))
  )
    return true;
  if (!/^(?:il|lo|la|l'|i|gli|le)/.test(plain[0] ?? "")) return false;
  // An outcome in the passive: «…contrari otto la mozione è respinta», «…il verbale è approvato».
  const aux = plain.slice(1, 6).findIndex((w) => AUXILIARY.has(w)) + 1;
  if (aux > 0 && PASSIVE_OUTCOME.test(plain[aux + 1] ?? "") && !words.slice(0, aux).some((w) => /[,;:.]$/.test(w))) return true;
  // The object first, then its pronoun and the verb: «il bug lo sistemo», «i pacchi li prepariamo»,
  // «il primo numero lo scrivo io».
  const object = /^(?:il|lo|la|i|gli|le)$/.test(plain[0]) ? plain.slice(1, 4).findIndex((w) => /^l[oaie]$/.test(w)) + 1 : 0;
  const verb = plain[object + 1] ?? "";
  return (
    object > 1 &&
    // The object runs up to its pronoun: no comma nor conjunction between («i programmi, e le riportiamo»).
    !words.slice(0, object).some((w) => /[,;:.]$/.test(w)) &&
    !plain.slice(1, object).some((w) => /^(?:e|ed|o|ma)$/.test(w)) &&
    (FINITE.test(verb) || /^\p{L}{3,}o$/u.test(verb)) &&
    !FUNCTION_WORD.has(verb) &&
    !NOT_FINITE.has(verb) &&
    !nouns.has(verb) &&
    !isRoleNoun(verb)
  );
}

/** Whether the subject's first `at` words are followed by its finite verb (after a complement and pronouns). */
function subjectVerb(words: string[], plain: string[], at: number, named: (k: number) => boolean, nouns: Set<string>): boolean {
  for (let n = 0; n < 2 && named(at) && !/[,;:.]$/.test(words[at - 1]); n++) at++;
  // Its complement: «l'ufficio del personale», «il responsabile dell'officina».
  if (/^(?:di|del|dello|della|dei|degli|delle)$/.test(plain[at] ?? "")) at += 2;
  else if (/^dell'/.test(plain[at] ?? "")) at += 1;
  // The subject's own words must not end on a comma (a vocative, a list).
  // Or it is followed by a relative clause set off by commas: «la socia Patrizia Longo che è ingegnere, si offre…».
  if (plain[at] === "che") {
    const comma = words.findIndex((w, k) => k > at && k <= at + 6 && /,$/.test(w));
    if (comma < 0) return false;
    at = comma + 1;
  } else if (/[,;:.]$/.test(words[at - 1] ?? ",")) return false;
  while (CLITICS.test(plain[at] ?? "")) at++;
  const verb = plain[at] ?? "";
  // (A word the transcript says after «una», «della», «questa» is a noun: «…all'ingegner Pozzi la settimana prossima».)
  return FINITE.test(verb) && !FUNCTION_WORD.has(verb) && !NOT_FINITE.has(verb) && !nouns.has(verb);
}

// A verb in the second person singular after a name: «puoi», «mandi», «te ne occupi» — not the
// words in «-i» that follow a name otherwise.
const NOT_SECOND_PERSON = new Set("ieri oggi poi qui così lei lui noi voi dei nei sui ai dai mai assai più tutti altri questi quelli".split(" "));
const secondPerson = (word: string) => /^\p{L}{2,}i$/u.test(word) && !NOT_SECOND_PERSON.has(word) && !FUNCTION_WORD.has(word);

/** Whether the name at token j calls someone to do something: the name, maybe a comma, and a verb in the second person. */
function addresses(tokens: Token[], j: number): boolean {
  let k = j + 1;
  // The object may come first and be taken up by its pronoun: «Marta, il modulo sul sito lo aggiorni tu».
  if (/^(?:il|lo|la|i|gli|le|l'\p{L}+)$/u.test(bare(tokens[k]?.word ?? "")) && !/[.!?]$/.test(tokens[j].word)) {
    const pronoun = tokens
      .slice(k + 1, k + 8)
      .findIndex((t, n) => n > 0 && /^(?:l[oaie]|ne|ci)$/.test(bare(t.word)) && !/^(?:il|lo|la|i|gli|le)$/.test(bare(tokens[k + n]?.word ?? "")));
    const stop = tokens.slice(k, k + 1 + Math.max(0, pronoun)).some((t) => /[.!?;:]$/.test(t.word));
    if (pronoun > 0 && !stop) k += pronoun + 1;
  }
  while (CLITICS.test(bare(tokens[k]?.word ?? ""))) k++;
  return k < tokens.length && secondPerson(bare(tokens[k].word)) && !/[.!?]$/.test(tokens[j].word);
}

/** Whether the speakers' own verb opens at token k: «integriamo», «lo scriviamo», «la comunico». */
function firstPersonAt(tokens: Token[], k: number, clitics = false): boolean {
  let at = k;
  while (CLITICS.test(bare(tokens[at]?.word ?? ""))) at++;
  const verb = bare(tokens[at]?.word ?? "");
  // «lo abbiamo deciso ieri» reports what was said, it does not go on to a new step.
  if (clitics && (at === k || /^(?:abbiamo|avete|hanno|siamo|sono|ho|hai|ha)$/.test(verb))) return false;
  // The speakers say «mi», «ci», never «si»: «che i moduli si compilino online» is someone else's verb.
  if (tokens.slice(k, at).some((t) => /^(?:si|se)$/.test(bare(t.word)))) return false;
  // After «lo/la/le», a word in «-o» may be the noun of an article («la mano»): only «-iamo» then.
  const article = at === k + 1 && /^(?:lo|la|li|le)$/.test(bare(tokens[k].word));
  return (
    /^\p{L}{3,}iamo$/u.test(verb) ||
    // («-ano», «-ono» are the third person: «che i carbapenemi si prescrivano».)
    (at > k && !(clitics && article) && /^\p{L}{3,}o$/u.test(verb) && !/(?:ano|ono)$/.test(verb) && !NOT_FINITE.has(verb) && !isRoleNoun(verb))
  );
}

/** A noun naming a person by role, which a name may follow in apposition: «la professoressa Rinaldi». */
function isRoleNoun(word: string): boolean {
  const noun = word.replace(/^\p{L}+'/u, "");
  return /^\p{Ll}/u.test(noun) && namesPerson(`il ${noun}`);
}

/** Whether the verb at token i still waits for its object: an infinitive, or a participle after «avere» («ha dato»). */
function awaitsObject(tokens: Token[], i: number): boolean {
  const b = bare(tokens[i].word);
  if (/^\p{L}{2,}(?:are|ere|ire)$/u.test(b)) return true;
  const aux = /^(?:ho|hai|ha|abbiamo|avete|hanno)$/;
  return /^\p{L}{2,}(?:at|ut|it)[oaie]$/u.test(b) && [1, 2].some((k) => aux.test(bare(tokens[i - k]?.word ?? "")));
}

/**
 * Whether the clause opening at k puts its object first, so that the pronoun takes it up: «sì bene
 * i volontari per il torneo li cerchiamo…», «il boiler lo sistemiamo» — the article agrees with it.
 */
function resumesObject(tokens: Token[], k: number, i: number, pronoun: string): boolean {
  while (k < i && /^(?:sì|bene|ok|allora|quindi|e|ma|però|poi|va|d'accordo)$/.test(bare(tokens[k].word))) k++;
  const article = bare(tokens[k]?.word ?? "");
  const agrees: Record<string, RegExp> = { lo: /^(?:il|lo|l'.*)$/, la: /^(?:la|l'.*)$/, li: /^(?:i|gli)$/, le: /^le$/ };
  // Not when a verb came between, or the object was taken up already: «le spese chi le paga il tetto sono 8.000 euro le dividiamo».
  const between = tokens.slice(k + 1, i + 1).map((t) => bare(t.word));
  return (agrees[pronoun]?.test(article) ?? false) && !between.some((w) => w === pronoun || (AUXILIARY.has(w) && w !== "e") || FINITE_VERB.test(w));
}
// A finite verb a fronted object cannot hold: the present or the future of the speakers or of others.
const FINITE_VERB = /^(?:\p{L}{3,}(?:iamo|ano|ono|ete|ite|rà|ranno)|ha|hanno|va|fa|deve|devono|può|possono)$/u;

/** Whether the words from k ask for a vote after «chi»: «è favorevole», «allora è contrario», «si astiene», «approva». */
function callsVote(tokens: Token[], k: number): boolean {
  const words = tokens
    .slice(k, k + 5)
    .map((t) => bare(t.word))
    .filter((w) => !SOFT_FILLER.test(w));
  const at = /^(?:è|e|sia|si)$/.test(words[0] ?? "") ? 1 : 0;
  return /^(?:favorevol|contrar|d'accordo|vota|approva|astien)/.test(words[at] ?? "");
}

/** Whether the sentence so far is only a time, place or case put first: «per venerdì», «quindi per il prossimo volantino». */
function frontedOnly(tokens: Token[], i: number, sinceEnd: number): boolean {
  let k = i - sinceEnd + 1;
  while (k < i && /^(?:e|ma|quindi|allora|poi|invece|intanto|d'accordo|ok|okay|bene|sì|va)$/.test(bare(tokens[k].word))) k++;
  if (!FRONTED.test(bare(tokens[k].word)) || sinceEnd > 10) return false;
  // No verb of its own in between: «per il prossimo volantino, quello di novembre».
  return !tokens.slice(k + 1, i + 1).some((t) => /^\p{L}{3,}(?:iamo|ano|ono|are|ere|ire)$|^(?:è|ha|va|fa|sono|deve|può)$/u.test(bare(t.word)));
}

function wordsSinceEnd(tokens: Token[], i: number): number {
  let n = 0;
  for (let k = i; k >= 0 && (k === i || !ends(tokens[k].word)); k--) n++;
  return n;
}

function markQuestion(tokens: Token[], from: number, to: number) {
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
    RAISES.test(text) ||
    WHEN_HOW.test(body) ||
    ASKED_OF_YOU.test(text) ||
    whoDoes ||
    (called && /\btu\b/u.test(body)) ||
    (called && ASKS.test(body.replace(/^\p{L}+\s+/u, "")))
  )
    last.word = last.word.replace(/[.…,;:]*$/u, "") + "?";
}

function num(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? Math.max(0, value) : 0;
}
