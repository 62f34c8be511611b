/**
 * Reading a raw transcript before the rules (issue 36, decision 033). Speech recognition writes
 * run-on sentences, full stops where a segment or a window ends, lower-case starts, questions
 * without «?», fillers and repeated words; the rules were written on prose. This stage rewrites
 * each segment's text (times unchanged) so that the sentence splitter and the cues see prose:
 * - fillers («eh», «ehm») and a word said twice («il il», «allora allora») set aside;
 * - false full stops removed: after an article, a preposition or a conjunction, and at a seam
 *   with no pause where the next segment goes on with a preposition;
 * - sentence ends recovered from pauses between segments and from discourse cues
 *   («va bene», «ok», «perfetto», «allora», a greeting) that open a new sentence — lexical evidence
 *   only where the text runs on: a transcript in lower case that keeps its full stops is prose;
 * - questions recognised from their words («chi se ne occupa», «possiamo…», «…, vero»);
 * - the person called before a request set off by the comma the engine dropped;
 * - every sentence start in capitals, so that case, never trusted, decides nothing downstream.
 * On clean prose it changes nothing but the fillers and repeated words.
 * This file runs the steps in order; their rules live by kind: the word classes in reading-words.ts,
 * fillers and repeated words in reading-fillers.ts, where a clause opens in reading-clauses.ts,
 * questions in reading-questions.ts, where an end goes and the tests over several words in reading-ends.ts.
 */
import type { TimedSegment } from "~/lib/analysis";
import { soundsLikeFirstName } from "./names";
import { announcesItem } from "./agenda";
import { opensWithStrongCue } from "./segmentation";
import { parseItalianNumber } from "./votes";
import { setAsideFillers } from "./reading-fillers";
import { endStatementsBeforeQuestion, markQuestion } from "./reading-questions";
import { asksWhoUpTo, calledBeforeRequest, endBeforeAgreement, startsInLowerCase } from "./reading-ends";
import {
  addresses,
  awaitsObject,
  callsVote,
  closesOnTime,
  firstPersonAt,
  frontedOnly,
  opensClause,
  resumesObject,
  TITLE,
  vocativeAt,
} from "./reading-clauses";
import {
  ABBREVIATION,
  AGREEMENT,
  AUXILIARY,
  AWAITS_CLAUSE,
  CLITICS,
  FINITE,
  FRONTED,
  FUNCTION_WORD,
  GOES_ON,
  NOT_FINITE,
  NO_BREAK_BEFORE_OPENER,
  OPENS,
  OUTCOME,
  WHEN_END,
  bare,
  caseVotes,
  ends,
  isRoleNoun,
  nounsOf,
  num,
  runsOn,
  wordsSinceEnd,
  type Token,
} from "./reading-words";

// A day said after what it dates: «…la bozza la mando. | domani mattina».
const SAID_AFTER = /^(?:domani|dopodomani|oggi|stasera|stamattina|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)$/;
// A number that a cue after it may belong to («la due punto uno»): no clause ends after it.
const SMALL_NUMBER = /^(?:\d+|uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci)$/;
// The words that open a sentence before the person it calls: «E Luca tu…», «Allora Marta il modulo…».
const CALL_OPENER = /^(?:e|ed|allora|quindi|ok|okay|bene|dai|senti|ecco|poi)$/;
/** The n words after token i, as said. */
const wordsAfter = (tokens: Token[], i: number, n: number) =>
  tokens
    .slice(i + 1, i + 1 + n)
    .map((k) => k.word)
    .join(" ");

/** Whether the sentence from token k calls someone and then puts the object first: «Marco il menù…». */
function callsWithObjectFirst(tokens: Token[], k: number, names: Set<string>): boolean {
  const called = vocativeAt(tokens, k, names);
  return called > 0 && /^(?:il|lo|la|i|gli|le)$|^l'\p{L}/u.test(bare(tokens[k + called]?.word ?? ""));
}

/** Whether a vote's count opens at token k: «19 su 19», «tutti favorevoli». */
function countsVote(tokens: Token[], k: number): boolean {
  const [w0, w1, w2] = [k, k + 1, k + 2].map((j) => bare(tokens[j]?.word ?? ""));
  return (
    (w0 === "tutti" && /^(?:favorevoli|d'accordo)$/.test(w1)) ||
    (w1 === "su" && parseItalianNumber(w0) !== undefined && parseItalianNumber(w2) !== undefined)
  );
}

/** Whether the sentence from token k is a call to vote put as «chi…»: «chi approva…», «allora chi è favorevole…». */
function callOpens(tokens: Token[], k: number): boolean {
  const w0 = bare(tokens[k]?.word ?? "");
  return w0 === "chi" || (/^(?:allora|bene|quindi|e)$/.test(w0) && bare(tokens[k + 1]?.word ?? "") === "chi");
}

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

  // Fillers and repetitions set aside (reading-fillers.ts): inside a clause only where the text runs on.
  const kept = setAsideFillers(tokens, runsOn(tokens, sorted));

  // A full stop after a function word is a cut, wherever it stands: gone before the words after
  // it are read, so that no rule looking ahead takes it for an end («…il modulo di iscrizione sul. | sito lo aggiorni tu»).
  for (const t of kept.slice(0, -1)) if ((/[^.]\.$/.test(t.word) || t.word === ".") && FUNCTION_WORD.has(bare(t.word))) t.word = t.word.slice(0, -1);

  // In a run-on transcript lexical evidence alone may end a sentence.
  const runOnText = runsOn(kept, sorted);
  // A transcript that starts its sentences in lower case says nothing by the case of the word after
  // a stop: where the engine cut a segment without a pause, the words decide, as in run-on text.
  const caseless = !runOnText && startsInLowerCase(kept);
  for (let i = 0; i < kept.length; i++) {
    const t = kept[i];
    const next = kept[i + 1];
    if (!next) break;
    const seam = next.segment !== t.segment;
    const pause = seam ? num(sorted[next.segment].start) - num(sorted[t.segment].end) : 0;
    const runOn = runOnText || (caseless && seam && pause < 0.25);
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
        // (In a transcript that starts every sentence in lower case the case says nothing: only a word
        // that goes on a clause shows the cut.)
        ((/^\p{Ll}/u.test(next.word) &&
          !OPENS.has(nb) &&
          nb !== "sì" &&
          (!caseless || FUNCTION_WORD.has(nb) || GOES_ON.test(nb) || SAID_AFTER.test(nb))) ||
          ((names.has(nb) || soundsLikeFirstName(nb)) && (isRoleNoun(b) || (runOn && !opensClause(kept, i + 1, names, nouns)))));
      if (FUNCTION_WORD.has(b) || cut) t.word = t.word.slice(0, -1);
    }
    // Where there is no stop, or the engine's was a cut, the pause and the words decide.
    // (A title awaits its name: «bene don Franco, lo annuncia lei…».)
    if (!ends(t.word) && !FUNCTION_WORD.has(b) && !TITLE.test(b.replace(/^\p{L}+'/u, ""))) {
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
        // «…prima di Natale allora lo scriviamo sul sito», «…un paio di guanti allora la segretaria manda
        // i modelli…»; not after an agreement, which «allora» goes on.
        (runOn &&
          /^(?:allora|quindi|poi)$/.test(nb) &&
          !AGREEMENT.test(b) &&
          ((nb === "allora" && firstPersonAt(kept, i + 2)) || (sinceEnd >= 4 && opensClause(kept, i + 2, names, nouns, sinceEnd)))) ||
        // A subject said after its verb closes its clause before the speaker's own verb: «…deve scegliere
        // lei passo in negozio sabato mattina…».
        (runOn &&
          sinceEnd >= 3 &&
          /^(?:lei|lui|loro)$/.test(b) &&
          !FUNCTION_WORD.has(nb) &&
          !GOES_ON.test(nb) &&
          firstPersonAt(kept, i + 1, false, true)) ||
        // A change of subject said in the stretch: «…non si può solo aggiornare un'altra cosa, il preventivo…».
        (runOn && !SMALL_NUMBER.test(b) && opensWithStrongCue(wordsAfter(kept, i, 4))) ||
        // …and an agenda item announced in it: «…mi scrive entro fine mese varie ed eventuali il concorso…».
        // (Not a version's number: «…va nella due punto uno».)
        (runOn && !AGREEMENT.test(b) && !SMALL_NUMBER.test(b) && announcesItem(wordsAfter(kept, i, 5))) ||
        (nb === "sì" &&
          (/[,.!]$/.test(next.word) ||
            /^(?:certo|va|ok|allora|ci|lo|la|io|faccio|perfetto|grazie)$/.test(bare(kept[i + 2]?.word ?? "")) ||
            // The answer with its time: «…al patronato sì domani mattina…», «sì lunedì lo porto io».
            (runOn &&
              /^(?:domani|oggi|stasera|stamattina|subito|entro|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica)$/.test(
                bare(kept[i + 2]?.word ?? ""),
              ))) &&
          !/^\d/.test(b)) ||
        // A vote's outcome or count after the call or the count: «…favorevoli 21 contrari nessuno astenuti
        // quattro approvato», «…chi approva il verbale alzi la mano 19 su 19 approvato», «…chi è favorevole
        // al banchetto tutti favorevoli».
        ((OUTCOME.test(nb) || countsVote(kept, i + 1)) &&
          !AUXILIARY.has(b) &&
          (callOpens(kept, i - sinceEnd + 1) ||
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
          // (Not the subject said after its own verb: «il tecnico lo chiamo io, la facciamo entro…».)
          !(/^\p{L}{2,}(?:o|iamo)$/u.test(b) && CLITICS.test(bare(kept[i - 1]?.word ?? ""))) &&
          firstPersonAt(kept, i + 2, false, nb === "io")) ||
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
        (runOn &&
          sinceEnd >= 2 &&
          // (A verb that awaits its object has none in a name that calls someone with the object
          // first: «bene abbiamo finito irene il verbale lo metti nel gruppo».)
          (!awaitsObject(kept, i) || (callsWithObjectFirst(kept, i + 1, names) && addresses(kept, i + 1))) &&
          // (The «sì» that closes a long question is its answer: «…siete d'accordo sì il tesoriere chiede…».)
          (!AGREEMENT.test(b) || (b === "sì" && sinceEnd >= 4)) &&
          opensClause(kept, i + 1, names, nouns, sinceEnd) &&
          // (Not the pronoun that takes up the object a request put after the name it calls: «marco il
          // menù della cena… me lo mandi».)
          !(CLITICS.test(nb) && callsWithObjectFirst(kept, i + 1 - sinceEnd, names))) ||
        // The speakers' own verb after its pronouns: «…per due notti gli rimborsiamo le notti» — not
        // after a time or a condition put first («in caso di pioggia la spostiamo»).
        (runOn &&
          sinceEnd >= 4 &&
          !awaitsObject(kept, i) &&
          CLITICS.test(nb) &&
          !FRONTED.test(bare(kept[i + 1 - sinceEnd].word)) &&
          !resumesObject(kept, i + 1 - sinceEnd, i, nb) &&
          !/^(?:magari|forse|così|quindi|allora|poi|e|ma|però|anche)$/.test(b) &&
          firstPersonAt(kept, i + 1, true));
      // «e il volantino chi lo fa lo faccio io»: the answer to «chi lo fa» is another sentence.
      const answersWho = runOn && asksWhoUpTo(kept, i) && (CLITICS.test(nb) || /^(?:io|noi|sì|si)$/.test(nb));
      // «…ci andiamo o no, perché l'ultima volta…»: «o no» closes a question (read as one below).
      const orNot = runOn && b === "no" && bare(kept[i - 1]?.word ?? "") === "o" && sinceEnd >= 3 && !/^(?:\?|è|e)$/.test(nb);
      // After a vote's outcome, said alone, any clause opens: «…favorevoli tutti approvato il capitolato lo scrive il geometra».
      const afterOutcome = runOn && OUTCOME.test(b) && opensClause(kept, i + 1, names, nouns, 4);
      // Someone called before a request, even after a word said alone: «…tutti d'accordo bene don
      // Franco, lo annuncia lei…», «…contrari uno. Approvato Marta, il modulo sul sito lo aggiorni tu».
      const callsNext = runOn && !AUXILIARY.has(b) && !AWAITS_CLAUSE.test(b) && calledBeforeRequest(kept, i + 1, names);
      if (
        // (Not where the speaker label changes: a segment takes the voice of most of its words, so the
        // label changes where the engine cut, not where the speaker stopped — decision 045.)
        (seam && pause >= 0.5) ||
        orNot ||
        answersWho ||
        callsNext ||
        afterOutcome ||
        (opener && sinceEnd >= (runOn ? 2 : 3) && !NO_BREAK_BEFORE_OPENER.has(b) && !AUXILIARY.has(b) && !AWAITS_CLAUSE.test(b))
      )
        endBeforeAgreement(kept, i, sinceEnd);
    }
  }

  // In run-on text the commas went too: a conjunction that links two clauses gets its comma back,
  // as the rules read clauses between commas («…al sabato successivo, così non ci stringiamo»).
  if (runOnText)
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
  for (let i = 0; i < kept.length; i++) {
    if (i + 1 < kept.length && !ends(kept[i].word)) continue;
    // (The engine's «?» only: a question the words make is short already.)
    if (runOnText) endStatementsBeforeQuestion(kept, start, i);
    if (asked * 30 < stops) markQuestion(kept, start, i);
    start = i + 1;
  }
  let atStart = true;
  let afterStart = false;
  kept.forEach((t, i) => {
    // A name written with a capital elsewhere, or a first name however spelt, gets its capital back.
    if (names.has(bare(t.word)) || soundsLikeFirstName(bare(t.word))) t.word = t.word.replace(/^\p{Ll}/u, (c) => c.toLocaleUpperCase("it-IT"));
    if (atStart) t.word = t.word.replace(/^([«"“(]?)(\p{Ll})/u, (_, q: string, c: string) => q + c.toLocaleUpperCase("it-IT"));
    // A name, a title and a name, or a role that opens a request is a vocative, as prose writes it:
    // «Sara, puoi fare tu…», «Professoressa Marchetti, la scheda la compila lei», «Tesoriere, la convocazione la mandi tu».
    // So is a first name after the object put first: «La lista della spesa, Gianni, la fai tu».
    const afterObject = !atStart && /,$/.test(kept[i - 1]?.word ?? "") && soundsLikeFirstName(bare(t.word));
    // …and a name said after «tu» that closes a request: «e su Facebook lo metti tu Michele che sei l'unico…».
    if (!atStart && bare(kept[i - 1]?.word ?? "") === "tu" && /\p{L}$/u.test(kept[i - 1].word) && soundsLikeFirstName(bare(t.word))) {
      kept[i - 1].word += ",";
      if (/\p{L}$/u.test(t.word) && kept[i + 1] && /^\p{Ll}/u.test(kept[i + 1].word)) t.word += ",";
    }
    // …and one after the word that opens the sentence: «E Luca tu le vai a prendere giovedì».
    const afterOpener = afterStart && CALL_OPENER.test(bare(kept[i - 1].word)) && /\p{L}$/u.test(kept[i - 1].word);
    const called = atStart || afterObject || afterOpener ? vocativeAt(kept, i, names) : 0;
    if (called && /\p{L}$/u.test(kept[i + called - 1].word) && addresses(kept, i + called - 1)) kept[i + called - 1].word += ",";
    afterStart = atStart;
    atStart = /[.!?]["»)]*$/u.test(t.word) && !/\.\.\.$|…$/.test(t.word) && !ABBREVIATION.test(bare(t.word));
  });

  const texts = sorted.map(() => [] as string[]);
  for (const t of kept) texts[t.segment].push(t.word);
  return sorted.map((s, i) => ({ ...s, text: texts[i].join(" ") })).filter((s) => s.text !== "");
}
