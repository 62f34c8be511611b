/**
 * Decisions of a meeting, found by the formulas Italians use to state them: the formal ones of a
 * verbale ("l'assemblea approva", "si delibera", "la proposta è respinta", "con dodici voti
 * favorevoli", "approvato all'unanimità") and the informal ones of a call ("scegliamo il secondo",
 * "va bene, allora facciamo così", "ok, andata").
 */
import { formatTimestamp, type DecisionValue } from "~/lib/analysis";
import { agreedAt, concludesAt, contentWords, proposalBefore, restatedAt, stems, voteCallBefore, voteClosedAt } from "./consensus";
import { commits, concludedValue, decisionCue, NARRATED, NOT_COMMITMENT, notAPlan, POSTPONED, REPORTED, unsettled } from "./decision-cues";
import { plannedTask } from "./plans";
import { recapPoints } from "./recap";
import type { Sentence } from "./sentences";
import { clip, countWords, fold, tidySentence } from "./text";

// Patterns run on folded text (lower case, no accents: "è" is "e").
const FORMAL = [
  // "è approvato", "viene approvata", "sono eletti", "la mozione è respinta", "è rinviata"
  /\b(?:e|sono|viene|vengono|risulta|risultano)\s+(?:stat[oaie]\s+)?(?:quindi\s+|pertanto\s+|dunque\s+)?(?:approvat|respint|accolt|bocciat|elett|rinviat|deliberat|ratificat|confermat)\w*/,
  // "Approvato all'unanimità.", "approvata con tredici voti", "Diciannove su diciannove, approvato."
  /^(?:\W*\w+\W+){0,2}(?:approvat|respint|accolt|bocciat|rinviat)[oaie]\b/,
  /^\w+\s+su\s+\w+[,.:]?\s+(?:approvat|respint|accolt|bocciat)[oaie]\b/,
  /\b(?:approvat|respint|accolt)[oaie]\s+(?:all'unanimita|a maggioranza|con\s)/,
  // "l'assemblea approva", "il consiglio delibera all'unanimità di…"
  /\b(?:l'assemblea|il consiglio|la giunta|il comitato|il collegio|il direttivo|la commissione|i soci|l'aula)\s+(?:\w+\s+){0,2}?(?:approva|delibera|decide|respinge|stabilisce|accoglie|elegge|ratifica|rinvia|boccia|vota a favore|vota contro|da mandato)\b/,
  /\bsi\s+(?:decide|delibera|approva|stabilisce|sceglie|conviene|rinvia|respinge|ratifica|dispone)\b/,
  /\b(?:la|il)\s+(?:proposta|mozione|delibera|emendamento|ordine del giorno|bilancio|rendiconto|preventivo)\s+(?:\w+\s+){0,2}?passa\b/,
  /\bcon\s+\w+\s+voti\s+(?:favorevoli|a favore)\b/,
  /\b(?:all'unanimita|a maggioranza)\b/,
  // "…gli altri stanno in coppia. Si fa così.", "Da quest'anno cambia una cosa: …": a rule set for the group.
  /\bsi fa cosi\s*[.!]?$/,
  // «Allora diciamo di sì: due incontri al mese…».
  /^(?:(?:allora|quindi|ok|va bene)[,]?\s+)*diciamo di si\b/,
  // «Facciamo così: Gigi gli rimette la sella…, e se dopo non ha niente corre.»: the plan announced, conditions and all.
  /^(?:(?:allora|quindi|ok|bene|va bene|d'accordo|si)[,]?\s+)*facciamo cosi\s*:\s*\S/,
  /\bcambia una cosa\s*:/,
  /\b(?:abbiamo deciso|e deciso|decidiamo|e stato deciso|resta deciso|rimane deciso|decisione presa|abbiamo scelto|scegliamo|approviamo|deliberiamo|confermiamo|optiamo per)\b/,
];

// Informal agreement on what to do: "Va bene, allora facciamo così", "Ok, andata:", "D'accordo, allora integriamo…".
const CONSENT = String.raw`(?:ok|okay|va bene|bene|d'accordo|perfetto|si|allora|quindi|dunque|hai ragione|ha ragione|giusto|ottimo|benissimo|vabbe|vabbene)`;
const AGREED = new RegExp(
  String.raw`^(?:${CONSENT}[,.:!]?\s+)*(?:${CONSENT}[,.:!]?\s*)(?:facciamo cosi|cosi(?=\s*[,:]\s*\S)|andata|si fa|si parte|e deciso|deciso)\b`,
);
// The chair sums up what was agreed, then says it: "Allora siamo d'accordo: apertura il ventuno giugno",
// "Va bene, chiudiamo così: corsia pedonale…", "Ok, andiamo così." (not "siamo d'accordo?", a question).
const SUMMED_UP = new RegExp(
  String.raw`^(?:${CONSENT}[,.:!]?\s+)*(?:(?:su questo|quindi|allora)\s+)?(?:siamo\s+(?:tutti\s+)?d'accordo(?=\s*[:,]\s*\S|\s+che\s|\s*[.!]?$)|(?:chiudiamo|andiamo|restiamo|rimaniamo|decidiamo|procediamo)\s+cosi\b)`,
);
// A first-person plural plan right after a consent word: "allora integriamo con le interviste",
// "sì, facciamola a pezzi" (the pronoun may be joined to the verb), "intanto scriviamo ai clienti".
const PLAN = new RegExp(String.raw`^(?:(?:${CONSENT}|intanto)[,.:!]?\s+)+(?:[^\s,.;:?!]+\s+){0,6}?(\w+iamo)(?:lo|la|li|le|ne|ci|glielo|gliela)?\b`);
// The object put first and taken up by a pronoun: "i pacchi di dicembre li prepariamo il
// quattordici", "in caso di pioggia la spostiamo al sabato successivo". Said of a plan, not a fact.
// The sentence starts with the object (an article), or with the case it is for ("in caso di…").
const RESUMED_PLAN =
  /^(?:(?:allora|quindi|bene|ok|va bene|d'accordo|e|poi|intanto|e intanto|in caso di \w+|per \w+)[,]?\s+)?(?:il|lo|la|l'|i|gli|le)\s*[^,.;:?!]{2,50}?\s+(?:(?:lo|la|li|le|ne)\s+|l')(\w+iamo)\b/;
// A plan dated in the future: "il prossimo anno apriamo il parcheggio", "da settembre portiamo…".
const DATED_PLAN =
  /^(?:(?:il|l')\s*(?:prossimo|anno prossimo|mese prossimo)\s*(?:anno|mese)?|l'anno prossimo|da\s+(?:settembre|ottobre|novembre|dicembre|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|domani|lunedi|subito|oggi)|dal\s+(?:prossimo\s+\w+|mese\s+prossimo)|quest'anno)\s+(?:[^\s,.;:?!]+\s+){0,2}?(\w+iamo)\b/;
// "Allora va bene, l'azienda ti iscrive al corso di primavera.": consent followed by what will be done.
const CONSENTED = /^(?:allora\s+)?(?:va bene|d'accordo|ok|okay)[,:]\s+(?:allora\s+)?(.+)$/;
const NOT_CONSENTED = /\b(?:si vota|votiamo|mettiamo|metto|passiamo|vediamo|ci vediamo|ci sentiamo|buon lavoro|mi sembra|nessuna obiezione|grazie)\b/;
const RESERVED =
  /^(?:pero|ma)\b|^(?:(?:quindi|allora)\s+)?(?:il|lo|la|l'|i|gli|le)\s*\S+\s+\w+(?:at|ut|it)[oaie]\b|\b(?:e|sono)\s+(?:gia\s+)?(?:arrivat|partit|venut|andat|uscit|stat|success|cadut|tornat|rimast|entrat|finit|scadut|passat)[oaie]\b/;
const NOT_PLAN =
  /^(?:abbiamo|siamo|dobbiamo|possiamo|vogliamo|sappiamo|vediamo|sentiamo|diciamo|ci|andiamo|passiamo|veniamo|torniamo|chiediamo|parliamo|pensiamo|aspettiamo|mettiamo|votiamo|iniziamo|cominciamo|partiamo|chiudiamo|ringraziamo|riprendiamo)$/;

// What a consent settles, said without its verb: «niente diretta, …», «un mese di prova…», «solo il sabato…»
// (not the meeting moving on: «Due cose ancora sul bilancio.», «Un attimo.»).
const VERBLESS_PLAN =
  /^(?!\S+\s+(?:\S+\s+)?(?:cose|cosa|punt[oi]|domand[ae]|question[ei]|minut[oi]|parol[ae]|attimo)\b)(?:niente|nessun|nessuna|solo|soltanto|un|una|due|tre|quattro|cinque|sei|dieci|venti|trenta|cento|mille|\d+)\s+\w+[^,.;:?!]*(?:[,;]\s*[^?]*)?[.!]?$/;

const POSTPONED_TO = new RegExp(
  String.raw`\b(?:ne\s+|l[oaie]\s+|la\s+questione\s+)?(?:riparl|decid|riprend|rived|ridiscut|rivalut|rimand)\w*iamo\b[^.;:?!]{0,40}?\b(?:al(?:la)?\s+prossim[oa]\s+(?:consiglio|riunione|assemblea|seduta|incontro|direttivo|collegio)|a\s+(?:gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre)|la\s+settimana\s+prossima|il\s+mese\s+prossimo|(?:subito\s+)?dopo\s+(?:la|il|l')|quando\s+(?:arriva|arrivano|abbiamo|avremo|sappiamo|ci\s+sono))`,
);

// A decision announced at a sentence's end, said in the next: «Allora facciamo una cosa.», «Facciamo così:».
// («Sì, facciamo così.» agrees to what was said before.)
const ANNOUNCES = /\b(?:facciamo|decidiamo|faremo)\s+(?:(?:una|un'altra)\s+cosa\s*[:.!]?|cosi\s*:)\s*$/;

// What is not (yet) a decision: questions, hypotheses, negations, announcements of a vote.
const NOT_DECISION =
  /\?\s*$|\bse\s+(?:si\s+)?(?:decide|approva|\w+iamo)\b|\bnon\s+(?:e|viene|abbiamo|sono|e stato|e stata)\s+(?:ancora\s+)?(?:stat[oa]\s+)?(?:approvat|decis|scelt)|\b(?:prima di decidere|bisogna decidere|dobbiamo decidere|decideremo|da decidere|mettiamo ai voti|metto ai voti|metto in votazione|mettiamo in votazione|propongo|proporrei|la proposta e di)\b|\bnon\s+(?:l[oaie]\s+|ne\s+)?(?:decidiamo|approviamo|scegliamo|deliberiamo|confermiamo)\b/;

// A sentence that puts something to the vote: the decision that follows may lack its subject.
const VOTE_CALL = /\b(?:ai voti|in votazione|votiamo|si vota|chi (?:e|sia) favorevole|chi approva|favorevoli\?|mozione:|proposta:)/;

/**
 * Whether a folded sentence states a decision. `assigned` says the sentence also gives a named
 * person a task with a deadline: then only a verdict, a formula, a rule or a plan that opens the
 * sentence makes it a decision too ("La tesoriera lo prepara entro giugno e poi lo mettiamo
 * online" is an action item).
 */
function isDecision(folded: string, previous: string | undefined, assigned = false): boolean {
  // Put off to a time or an event named («ne riparliamo al prossimo consiglio», «il gruppo di lettura
  // lo riprendiamo a gennaio»): a decision to postpone, as a verbale records it. Not «poi vediamo».
  if (POSTPONED_TO.test(folded) && !/\?\s*$/.test(folded)) return true;
  if ([NOT_DECISION, NARRATED, POSTPONED, REPORTED].some((re) => re.test(folded))) return false;
  const doubt = unsettled(folded);
  const cue = decisionCue(folded, doubt);
  if (cue === "verdict" || cue === "rule") return true;
  if (FORMAL.some((re) => re.test(folded))) return true;
  if (AGREED.test(folded) || SUMMED_UP.test(folded)) return true;
  // With a task, the plan counts only when it opens the sentence ("Facciamo la festa il venti, Marco porta…").
  if (assigned) return !doubt && commits(folded, true);
  if (cue) return true;
  // The informal plans below are no decision when something says they are not settled.
  if (doubt) return false;
  for (const re of [PLAN, RESUMED_PLAN, DATED_PLAN]) {
    const plan = folded.match(re);
    // Not a verb of talking or moving on, nor one in a relative clause ("l'antologia che usiamo").
    if (
      plan &&
      !NOT_PLAN.test(plan[1]) &&
      !(re === PLAN && NOT_COMMITMENT.test(plan[1])) &&
      !new RegExp(String.raw`\b(?:che|cui)\s+(?:\S+\s+)?${plan[1]}\b`).test(folded)
    )
      return true;
  }
  const consented = folded.match(CONSENTED);
  // Not a consent with a reservation ("d'accordo, però serve…") nor one to a fact told ("ok, quindi l'indice creato…").
  const talk = consented?.[1].match(/\b\w+iamo\b/);
  if (
    consented &&
    !NOT_CONSENTED.test(folded) &&
    !RESERVED.test(consented[1]) &&
    !(talk && NOT_COMMITMENT.test(talk[0])) &&
    consented[1].split(/\s+/).filter((w) => w.length > 3).length >= 4
  )
    return true;
  // "Hai ragione. Da gennaio facciamo una turnazione…": the consent is the sentence before.
  if (
    previous &&
    /^(?:hai ragione|ha ragione|d'accordo|va bene|ok|perfetto|giusto)(?:[,]?\s+(?:va bene|basta|dai|d'accordo|allora))?[.!]?$/.test(previous.trim())
  ) {
    const own = folded.match(/^(?:(?:da|dal|dalla|dai|dalle)\s+\w+\s+|da subito\s+)?(\w+iamo)\b/);
    if (own && !NOT_PLAN.test(own[1])) return true;
    // …or said without a verb: «Va bene. Niente diretta, servizio registrato per il notiziario.», «Va bene. Un mese di prova con i campioni…».
    if (VERBLESS_PLAN.test(folded) && contentWords(folded) >= 3) return true;
  }
  // The same in one breath, as a raw transcript runs it on: «va bene, va bene niente diretta, servizio registrato…».
  const afterConsent = folded.match(
    /^(?:va bene|d'accordo|ok|okay|perfetto|giusto)(?:[,]?\s+(?:va bene|basta|dai|d'accordo|allora))*[,.]?\s+(.+)$/,
  )?.[1];
  if (afterConsent && VERBLESS_PLAN.test(afterConsent) && contentWords(afterConsent) >= 3) return true;
  return false;
}

// "E il sabato pomeriggio da questa settimana Marco anticipa alle quindici": from a date on, someone
// does something in a new way — a rule for the team, stated in the present.
const FROM_NOW_ON =
  /^(?:(?:e|allora|quindi|poi)[,]?\s+)?(?:(?:il|la|i|le)\s+\p{L}+(?:\s+\p{L}+)?\s+)?(?:da|a partire da)\s+(?:questa settimana|questo mese|oggi|domani|subito|adesso|ora in poi|lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|lunedi|martedi|mercoledi|giovedi|venerdi)\s+/iu;
function changesSchedule(text: string): boolean {
  const from = text.match(FROM_NOW_ON);
  return !!from && !!plannedTask(text.slice(from[0].length), true, undefined);
}

// Hesitations said between the words of a plan: "quindi, ehm, fino a lunedì…".
const withoutFillers = (folded: string) => folded.replace(/\b(?:e+h?m+|u+h?m+|mh+m*|eh+)\b,?\s*/g, "");

// A plan said with some doubt ("mi pare giusto", "propongo") that a consent can settle.
// A proposal put in the speaker's words ("propongo di…", "io farei…", "potremmo…"), which a consent turns into a decision.
const PROPOSES = /\b(?:propongo di|proporrei di|direi di|suggerisco di|suggerirei di|io farei|farei|si potrebbe|potremmo)\b/;
const isPlan = (folded: string) => (commits(folded) || PROPOSES.test(folded)) && !/\?\s*$/.test(folded) && !notAPlan(folded);

/**
 * The decisions; `replies` are sentences that only accept a task asked of the speaker ("Certo, lo
 * dico a tutte le messe"), which are actions, not decisions.
 */
export function findDecisions(
  sentences: Sentence[],
  replies: Set<number> = new Set(),
  assigned: Set<number> = new Set(),
): (DecisionValue & { index: number })[] {
  const out: (DecisionValue & { index: number })[] = [];
  const recap = recapPoints(sentences);
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i];
    const point = recap.get(i);
    if (point !== undefined) {
      if (point !== null) out.push({ text: clip(point, 400), timestamp: formatTimestamp(s.start), index: i });
      continue;
    }
    const folded = withoutFillers(fold(s.text));
    const previous = i > 0 ? fold(sentences[i - 1].text) : undefined;
    if (replies.has(i)) continue;
    const lastOut = out[out.length - 1];
    // "Sì, mi pare giusto." — "Allora controproposta a cinquecentocinquanta…": the chair sums up what was agreed.
    const value = assigned.has(i) ? undefined : concludedValue(folded, previous);
    const restated =
      (!assigned.has(i) && restatedAt(sentences, i) && !NOT_CONSENTED.test(folded) && !unsettled(folded)) ||
      (value !== undefined && concludesAt(sentences, i, value));
    const said = restated || changesSchedule(s.text) || isDecision(folded, previous, assigned.has(i));
    const inner = said ? "" : innerDecision(s.text);
    if (inner) {
      out.push({ text: clip(tidySentence(inner, 400), 400), timestamp: formatTimestamp(s.start), index: i });
      continue;
    }
    if (!said) {
      // Voted, with the outcome in words no formula knows: the decision is the call with its tally.
      const voted = voteClosedAt(sentences, i);
      if (voted !== undefined && !(lastOut && lastOut.index >= voted)) {
        const told = sentences.slice(voted, i + 1).map((t) => tidySentence(t.text, 300));
        out.push({ text: clip(told.join(" "), 400), timestamp: formatTimestamp(s.start), index: i });
        continue;
      }
      // Agreed rather than said: "…mettiamo il cesto in fondo alla chiesa. Tutti d'accordo? Bene."
      const proposal = agreedAt(sentences, i, isPlan);
      if (proposal === undefined || (lastOut && lastOut.index >= proposal)) continue;
      const text = `${tidySentence(sentences[proposal].text, 300)} ${tidySentence(s.text, 80)}`;
      out.push({ text: clip(text, 400), timestamp: formatTimestamp(s.start), index: i });
      continue;
    }
    let text = tidySentence(s.text, 400);
    // "Metto in votazione X. Favorevoli? N. Contrari? N. Approvata.": the decision is X, with its tally.
    const call = voteCallBefore(sentences, i);
    if (call !== undefined && !(lastOut && lastOut.index >= call)) {
      const told = sentences.slice(call, i + 1).map((t) => tidySentence(t.text, 300));
      told[0] = told[0]
        .replace(/^se non ci sono altr[ei] (?:domande|interventi|osservazioni)[,]?\s*/i, "")
        .replace(/^\p{Ll}/u, (c) => c.toUpperCase());
      out.push({ text: clip(told.join(" "), 400), timestamp: formatTimestamp(s.start), index: i });
      continue;
    }
    // "Approvato all'unanimità." says what only with the call to the vote before it.
    // So does a short verdict right after the question it answers ("Chi è d'accordo a…? Approvato.").
    if (previous && countWords(text) < 8 && (VOTE_CALL.test(previous) || /\?\s*$/.test(previous)) && !(lastOut && lastOut.index === i - 1)) {
      text = `${tidySentence(sentences[i - 1].text, 300)} ${text}`;
    }
    // «Allora facciamo una cosa. Sabato mattina tutti i mezzi dal gommista…»: the cue announces what follows.
    const next = sentences[i + 1];
    if (ANNOUNCES.test(fold(s.text)) && next && !/\?\s*$/.test(next.text) && contentWords(next.text) >= 3) {
      out.push({ text: clip(`${text} ${tidySentence(next.text, 300)}`, 400), timestamp: formatTimestamp(s.start), index: i + 1 });
      i++;
      continue;
    }
    // "Favorevoli? Tutti. Approvato.", "Va bene a tutti? Si fa così.": what was decided is the proposal before.
    if (contentWords(text) < 3 && !(lastOut && lastOut.index >= i - 2)) {
      const proposal = proposalBefore(sentences, i);
      // (The proposal already a decision, concluded before the vote: the verdict completes it.)
      if (proposal !== undefined && lastOut && lastOut.index === proposal) {
        lastOut.text = clip(`${lastOut.text} ${tidySentence(s.text, 120)}`, 400);
        lastOut.index = i;
        continue;
      }
      if (proposal !== undefined && !text.includes(tidySentence(sentences[proposal].text, 300)))
        text = `${tidySentence(sentences[proposal].text, 300)} ${tidySentence(s.text, 120)}`;
    }
    // Two decision sentences in a row are one decision told in two steps (the tally, then the
    // outcome), unless each names its own outcome.
    const outcome = /\b(?:approv|respint|elett|eletti|deliber|decid|decis|passa|rinvi|accolt|boccia|scegl|facciamo)/;
    // A plan added to the one before ("…la paghiamo dal budget. E intanto i superalcolici li spostiamo…") is another decision.
    const added =
      (/^(?:e\s+)?(?:intanto|inoltre|poi|anche|in piu)\b/.test(fold(text)) && /\b\w{3,}iamo\b/.test(fold(text))) || changesSchedule(s.text);
    const twoSteps = countWords(text) < 7 || (!outcome.test(fold(lastOut?.text ?? "")) && !added);
    if (lastOut && lastOut.index === i - 1 && twoSteps && countWords(lastOut.text) + countWords(text) <= 60) {
      lastOut.text = `${lastOut.text} ${text}`;
      lastOut.index = i;
      continue;
    }
    out.push({ text: clip(text, 400), timestamp: formatTimestamp(s.start), index: i });
  }
  return restatedOnce(out);
}

// The outcome of a vote said as a clause of its own inside a run-on sentence.
const RUN_ON_VERDICT =
  /\b(?:(?:la|il)\s+(?:proposta|mozione|regola|delibera|verbale|bilancio|rendiconto|preventivo)\s+)?(?:e|viene)\s+(?:approvat|respint)[oaie](?:\s+(?:all'unanimita|a maggioranza))?\b/;

// Where a rule from a point in time opens inside a long run-on sentence: «…da oggi i due nuovi il carroponte non lo toccano…».
const INNER_CUE = /^(?:da|dal|dalla|dalle)$/;
const INNER_TIME =
  /^(?:oggi|adesso|ora|subito|domani|questa|questo|quest'\p{L}+|lunedi|martedi|mercoledi|giovedi|venerdi|sabato|domenica|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre|prossim\p{L}+|mese|primo|\d+)\b/u;

/**
 * In a long sentence (speech recognition ran several together), a rule said from a point in time
 * inside it: «…lo dico perché li ho visti da soli questo è grave da oggi i due nuovi il carroponte
 * non lo toccano…». Returns the words from the cue on, or "" when none.
 */
function innerDecision(text: string): string {
  const words = text.split(/\s+/);
  if (words.length < 16) return "";
  // A verdict run on with what the next speaker says: «…astenuti uno la regola è approvata io ho votato contro, ma…».
  const verdict = fold(text).match(RUN_ON_VERDICT);
  if (verdict) {
    const end = fold(text).indexOf(verdict[0]) + verdict[0].length;
    const before = text.slice(0, end).split(/\s+/);
    return before.slice(Math.max(0, before.length - 14)).join(" ");
  }
  for (let k = 4; k < words.length - 3; k++) {
    if (!INNER_CUE.test(fold(words[k]).replace(/[^\p{L}']/gu, "")) || !INNER_TIME.test(fold(words[k + 1]))) continue;
    const rest = words.slice(k).join(" ");
    if (isDecision(withoutFillers(fold(rest)), fold(words.slice(0, k).join(" ")))) return rest;
  }
  return "";
}

/**
 * A proposal and the agreement that says it again a sentence or two later ("Facciamo una cosa,
 * dopo le nove e mezza il cuoco fa le uova al momento…" — "D'accordo, da lunedì uova al momento
 * dopo le nove e mezza") are one decision: the agreement, which is what was settled.
 */
function restatedOnce<T extends DecisionValue & { index: number }>(found: T[]): T[] {
  const out: T[] = [];
  for (const d of found) {
    const last = out[out.length - 1];
    if (last && d.index - last.index <= 2) {
      const before = stems(fold(last.text));
      const shared = [...stems(fold(d.text))].filter((w) => before.has(w)).length;
      if (shared >= 2) {
        out[out.length - 1] = { ...d, timestamp: last.timestamp };
        continue;
      }
    }
    out.push(d);
  }
  return out;
}
