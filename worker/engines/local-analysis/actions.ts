/**
 * Action items: who must do what by when, as said in the meeting. Found by the duty and future
 * forms of spoken Italian ("l'amministratore dovrà…", "il geometra si impegna a…", "la segreteria
 * manderà… entro il dieci marzo", "Marco prepara la build entro giovedì", "Sara, puoi fare tu i
 * rimborsi entro oggi?", "ci penso io, la mando entro domani"); owner and deadline are the words
 * used, or null when the meeting did not say them.
 */
import { formatTimestamp, type ActionItemValue } from "~/lib/analysis";
import type { Sentence } from "./sentences";
import {
  actsAsSubject,
  AFTER_VERB,
  CANDIDATE,
  ASKED,
  COMMIT,
  CONDITIONAL_MODAL,
  FIRST_PERSON,
  FUTURE,
  HABIT,
  INCARICA,
  MANDATE,
  MODAL,
  MODAL_NOT_DUTY,
  OFFERS,
  ORDER_WITH_PRONOUN,
  TAG_QUESTION,
  firstPersonCommitment,
  GROUP_REQUEST,
  PASSIVE_DUTY,
  PRONOUN_ONLY,
  PRONOUN_THEN_CLAUSE,
  reportsPast,
  whoeverOwner,
  whoeverSubject,
} from "./action-cues";
import {
  isName,
  namedAfterVerb,
  namesPerson,
  ownerBefore,
  ownerPhrase,
  readOwnersOf,
  RESUMED,
  RESUMED_BY_PRONOUN,
  subjectAfterDue,
  subjectOwner,
} from "./owners";
import { capitalise, clip, contentWords } from "./text";
import { daySaidAlone, findDue, isShortAside } from "./deadlines";
import { acceptsRequest, addresseeOf, joinReplies } from "./turns";
import { answerWhoQuestions, taskBefore } from "./who-asked";
import { plannedTask } from "./plans";

export { findDue };

let transcript = "";

const ARTICLE_FOR: Record<string, string> = { al: "il", alla: "la", allo: "lo", "all'": "l'", ai: "i", alle: "le", agli: "gli", a: "" };

function tidyTask(text: string): string {
  let task = text
    .replace(/\s*\?+\s*$/, "")
    .replace(/^[\s,;:.–-]+|[\s,;:–-]+$/g, "")
    .replace(/\b(?:tu|io)\b\s*/giu, "")
    .replace(/\s{2,}/g, " ")
    .replace(/\s+([,;:])/g, "$1")
    .replace(/^(?:(?:sì|si|certo|ok|allora|quindi|poi|e|va bene|bene|perfetto|d'accordo)[,]?\s+)+/iu, "")
    .replace(/^(?:puoi|potresti|riesci a|ti occupi di|te ne occupi|ci pensi)\s+/iu, "")
    .replace(/[\s,;:]+$/, "")
    .replace(/[.!]+$/, "");
  task = task.trim();
  return clip(capitalise(task), 200);
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

function vocativeOf(text: string): ReturnType<typeof addresseeOf> {
  return addresseeOf(text, isName, transcript);
}

type Found = ActionItemValue & { index: number; addressed?: boolean; asksWhen?: boolean };

export function findActions(sentences: Sentence[]): Found[] {
  return findActionsAndReplies(sentences).actions;
}

/** The action items, and the sentences that only accept a task asked of the speaker (no decisions). */
export function findActionsAndReplies(sentences: Sentence[]): { actions: Found[]; replies: Set<number> } {
  readOwnersOf(sentences);
  transcript = sentences.map((s) => s.text).join(" ");
  // A sentence whose clauses give tasks to different people gives each of them, in its place.
  const byClause = new Map<number, Found[]>();
  for (const s of sentences) {
    const clauses = CLAUSE_JOIN.test(s.text) ? tasksByClause(s) : undefined;
    if (clauses) byClause.set(s.index, clauses);
  }
  const bySentence = new Map<number, Found[]>();
  for (const a of scan(sentences)) bySentence.set(a.index, [...(bySentence.get(a.index) ?? []), a]);
  const out: Found[] = [];
  for (const s of sentences) {
    const own = bySentence.get(s.index) ?? [];
    const clauses = byClause.get(s.index);
    out.push(...(clauses && own.length < clauses.length ? clauses : own));
  }
  const joined = joinReplies(sentences, out, isName);
  const actions = answerWhoQuestions(sentences, joined.actions, joined.replies).map((a) => ({ ...a, owner: ownerPhrase(a.owner) }));
  return { actions, replies: joined.replies };
}

// Where a sentence joins two clauses with «, e» or «;»: each may give its own task.
const CLAUSE_JOIN = /,\s+(?=e\s)|;\s+/u;

/**
 * Two tasks said in one sentence, each clause with its own owner: «lei mi porta l'atto originale
 * la settimana prossima, e le visure le richiede lo studio». Undefined when the clauses do not give
 * two tasks for different people (one task said in two steps stays one).
 */
function tasksByClause(sentence: Sentence): Found[] | undefined {
  const parts = sentence.text.split(CLAUSE_JOIN).filter((p) => p.trim().split(/\s+/).length >= 4);
  if (parts.length < 2) return undefined;
  const found = scan(parts.map((text) => ({ ...sentence, text })));
  const owners = new Set(found.map((a) => a.owner ?? ""));
  if (found.length < 2 || owners.size < found.length) return undefined;
  return found.map((a) => ({ ...a, index: sentence.index }));
}

/** The action items of each sentence, on their own: the replies and answers are joined after. */
function scan(sentences: Sentence[]): Found[] {
  const out: Found[] = [];
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i];
    const text = s.text.replace(/\s+/g, " ").trim();
    let due = findDue(text);
    const last = out[out.length - 1];
    // Past tense and reports are not tasks: "l'avvocato ha già mandato", "abbiamo chiesto".
    if (reportsPast(text, !!due?.strong) && !MODAL.test(text) && !COMMIT.test(text)) continue;
    let owner: string | null = null;
    let rest: string | undefined;
    let strong = false;
    let commitment: { firm: boolean } | undefined;
    let whoever: string | undefined;
    let afterDue: ReturnType<typeof subjectAfterDue>;
    let planned: ReturnType<typeof plannedTask>;
    let said: number | undefined;
    let room: RegExpMatchArray | null = null;

    // «…lo scrivo io e lo attacco all'ingresso. Domani.», «Roberto, lo aggiorni tu? Oggi, se ci riesci.»:
    // a day said alone is the deadline of the task just said (a «sì» to a question is its reply, turns.ts).
    const reply = /^(?:sì|si|ok|certo)(?![\p{L}])/iu.test(text) && /\?\s*$/.test(sentences[i - 1]?.text ?? "");
    const day = last && last.index === i - 1 && !last.due && !reply ? daySaidAlone(text) : undefined;
    if (day && last) {
      last.due = day;
      last.index = i;
      continue;
    }
    // Most sentences have no duty, commitment, request or deadline: skip them cheaply.
    if (
      !due &&
      !CANDIDATE.test(text) &&
      !/\b(?:lo|la|li|le|l')\s*\p{L}+(?:a|ano|e|ono)\s/u.test(text) &&
      !firstPersonCommitment(text) &&
      !OFFERS.test(text) &&
      !(/^[^,]{2,40},/u.test(text) && vocativeOf(text)) &&
      !plannedTask(text, false, sentences[i - 1]?.text) &&
      !acceptsRequest(text, sentences[i - 1]?.text)
    )
      continue;
    const mandate = text.match(MANDATE) ?? text.match(INCARICA) ?? (due ? text.match(ASKED) : null);
    const vocative = vocativeOf(text);
    const subject = subjectOwner(text);
    // "Lo apro io in posta, che deve firmare anche lei": a duty given as the reason for something else is no duty.
    const dutyAt = MODAL.exec(text);
    // (Nor after the speaker's own commitment, run on with the reason: «Lo apro io in posta la settimana
    // prossima quando lei è a casa che deve firmare anche lei».)
    const before = dutyAt ? text.slice(0, dutyAt.index) : "";
    const modal =
      dutyAt &&
      !/[,;]\s*(?:che|perché|perche|siccome|visto che|dato che)\s+[^,;]*$/iu.test(before) &&
      !(FIRST_PERSON.test(before) && /\s(?:che|perché|perche)\s/iu.test(before))
        ? dutyAt
        : null;
    const commit = COMMIT.exec(text);
    // The owner after "lo fa" may follow a time said first: "lo fa ogni lunedì l'infermiere…".
    const withoutDue = due ? text.replace(due.due, "").replace(/\s{2,}/g, " ") : text;
    // "lo fa lei?" names no one: the person is the one addressed.
    const afterVerb = withoutDue.match(AFTER_VERB);
    // Nor does «chi lo fa», which asks: in run-on text its answer follows («chi lo fa lo faccio io»).
    const asksWho = afterVerb && /(?:^|\s)chi\s+$/iu.test(withoutDue.slice(0, afterVerb.index));
    const after = afterVerb && !asksWho && !/^(?:lei|lui|tu|io|noi|voi|loro)$/iu.test(afterVerb[1].trim()) ? afterVerb : null;
    const future = FUTURE.exec(text);
    const resumed = lowerFirst(text).match(RESUMED);
    const byPronoun = resumed ? null : lowerFirst(text).match(RESUMED_BY_PRONOUN);
    // (Not an article and its noun, «la signora Ferrari preparerà…», «la libreria Mondadori del centro
    // ci offre…»: a verb's owner closes its clause; nor the answer to «chi lo fa?», read in who-asked.ts.)
    const pronounFirst =
      byPronoun &&
      !namesPerson(`la ${byPronoun[1]}`) &&
      /^(?:\s+\p{Ll}+){0,2}\s*(?:[,.;:!?]|$)/u.test(lowerFirst(text).slice(byPronoun.index! + byPronoun[0].length)) &&
      !/\?\s*$/.test(sentences[i - 1]?.text ?? "");

    if (mandate) {
      const article = ARTICLE_FOR[mandate[1].toLowerCase()] ?? mandate[1];
      owner = `${article}${article && !article.endsWith("'") ? " " : ""}${mandate[2]}`.trim();
      rest = text.slice(mandate.index! + mandate[0].length);
      strong = true;
    } else if (commit || (modal && !MODAL_NOT_DUTY.test(text.slice(modal.index + modal[0].length)))) {
      const m = (commit ?? modal)!;
      owner = ownerBefore(text.slice(0, m.index)) ?? null;
      rest = text.slice(m.index + m[0].length);
      // "Chi non ha ancora dato le preferenze le deve dare…": the owner is whoever; the task needs the whole sentence.
      const whoever = owner ? undefined : whoeverOwner(text.slice(0, m.index));
      if (whoever && due) [owner, rest] = [whoever, text];
      strong = true;
      // "deve" in a general remark ("la tariffa deve…") is no task without someone or a deadline;
      // "dovrebbe" is a guess unless someone is named.
      if (!commit && !owner && !due?.strong) continue;
      if (!commit && !owner && CONDITIONAL_MODAL.test(m[0].trim())) continue;
    } else if (after) {
      owner = after[1].trim();
      rest = withoutDue.slice(0, after.index) + withoutDue.slice(after.index! + after[0].length);
      strong = true;
      // "Ci pensa l'ufficio amministrativo, e la presentiamo entro il venti": "ci" and "ne" stand for what was said before.
      const antecedent = after.index! <= 3 && /^(?:se\s+ne|ci)\s/iu.test(after[0]) ? taskBefore(sentences, i) : undefined;
      if (antecedent !== undefined && !(last && last.index === i - 1))
        rest = `${tidyTask(sentences[antecedent].text)}: ${rest.replace(/^[\s,]+/, "")}`;
      // "La delibera va trasmessa per il 3 giugno. Se ne incarica il segretario.": the owner of the duty just said.
      if (last && last.index === i - 1 && !last.owner && contentWords(rest) < 2) {
        Object.assign(last, { owner, due: last.due ?? due?.due ?? null, index: i });
        continue;
      }
    } else if (vocative) {
      owner = vocative.name;
      rest = vocative.rest;
      strong = true;
    } else if (byPronoun && pronounFirst && namedAfterVerb(byPronoun[2]) && (said = taskBefore(sentences, i)) !== undefined) {
      owner = byPronoun[2];
      // «Serve il calendario, venti serate. Lo prepara la commissione, entro settembre.»: one task, now with its owner.
      if (last && last.index === i - 1 && !last.owner) {
        Object.assign(last, { owner, due: last.due ?? due?.due ?? null, index: i });
        continue;
      }
      const verb = text.slice(0, byPronoun.index! + byPronoun[0].length - byPronoun[2].length) + text.slice(byPronoun.index! + byPronoun[0].length);
      rest = `${tidyTask(sentences[said].text)}: ${lowerFirst(verb.trim())}`;
      strong = true;
    } else if (resumed && namedAfterVerb(resumed[2])) {
      // The owner is said after the verb; the task is the object and the verb.
      owner = resumed[2];
      rest = text.slice(0, resumed.index! + resumed[0].length - resumed[2].length) + text.slice(resumed.index! + resumed[0].length);
      strong = true;
      // "Il capitolato lo scrive il geometra, le imprese le sceglie il vicepresidente… a fine trimestre": a
      // time after the next task is that task's.
      const clauseEnd = text.indexOf(",", resumed.index! + resumed[0].length);
      if (due && clauseEnd > 0 && text.indexOf(due.due) > clauseEnd && RESUMED.test(lowerFirst(text.slice(clauseEnd + 1).trim())))
        due = findDue(text.slice(0, clauseEnd));
    } else if (due?.strong && (whoever = whoeverSubject(text))) {
      // "chi è disponibile mi scrive entro fine mese": whoever it concerns, and the whole sentence says what.
      owner = whoever;
      rest = text;
      strong = true;
    } else if (subject && due?.strong && actsAsSubject(text.slice(subject.end))) {
      // "Marco prepara la build entro giovedì", "L'ufficio del personale fa i colloqui entro fine febbraio".
      owner = subject.owner;
      rest = text.slice(subject.end);
      strong = true;
    } else if (due && (afterDue = subjectAfterDue(text, due.due)) && actsAsSubject(afterDue.verb)) {
      // "E prima che si riaccenda l'RSPP fa la verifica": the deadline put first, then who and what.
      owner = afterDue.owner;
      rest = afterDue.rest;
      strong = true;
    } else if ((planned = plannedTask(text, !!due, sentences[i - 1]?.text))) {
      // "Facciamo così: la governante prepara il conteggio…", "Intanto il maestro sente…".
      owner = planned.owner;
      rest = planned.rest;
      strong = true;
    } else if (future && (due || subject)) {
      owner = ownerBefore(text.slice(0, future.index)) ?? subject?.owner ?? null;
      rest = text.slice(owner ? future.index : 0);
      strong = !!(owner || due?.strong);
    } else if (PASSIVE_DUTY.test(text) && due?.strong) {
      // "L'autorizzazione firmata va riconsegnata entro il dieci aprile": a duty with no one named.
      rest = text;
      strong = true;
    } else if (
      (FIRST_PERSON.test(text) && (due || acceptsRequest(text, sentences[i - 1]?.text))) ||
      ((commitment = firstPersonCommitment(text)) && (due || commitment.firm)) ||
      (OFFERS.test(text) && !HABIT.test(text))
    ) {
      // "Preparo io il calendario… entro il venti dicembre": the speaker, whom the transcript does not name,
      // unless the sentence answers a request made by name ("Luca, te ne occupi tu?").
      // When the request was taken as a task, turns.ts joins this reply to it.
      const prev = i > 0 && !(last && last.index === i - 1) ? vocativeOf(sentences[i - 1].text) : undefined;
      const aside = last?.index === i - 2 && isShortAside(sentences[i - 1].text);
      if (due && last && (last.index === i - 1 || aside) && !last.due && !last.addressed && PRONOUN_ONLY.test(text)) {
        // "Il modulo lo preparo io. Te lo faccio avere entro metà ottobre.": the deadline of the task just said
        // (past a short aside the engine cut off: «…lo sistemo io. Ce l'ho sul computer. Ve lo mando stasera.»).
        last.due = due.due;
        last.index = i;
        continue;
      }
      if (prev) {
        owner = prev.name;
        rest = `${tidyTask(prev.rest)}: ${tidyTask(text.replace(/\b(?:me ne occupo|ci penso|lo faccio|la faccio)\s+io\b,?/iu, ""))}`;
      } else if (i > 0 && !(last && last.index === i - 1) && (PRONOUN_ONLY.test(text) || PRONOUN_THEN_CLAUSE.test(text))) {
        // "Lo faccio io, ma tra due settimane": the task is what was proposed just before (past a
        // «Lo so, lo so.» that says nothing of it).
        const antecedent = i > 1 && contentWords(sentences[i - 1].text) === 0 ? i - 2 : i - 1;
        rest = `${tidyTask(sentences[antecedent].text)}: ${text.charAt(0).toLowerCase()}${text.slice(1)}`;
      } else rest = text;
      strong = true;
    } else if ((/^(?:tu|lei|voi)\s+(?:mi|ci|gli|le)\s+\p{L}+/iu.test(text) || (room = text.match(GROUP_REQUEST))) && due) {
      // "Voi mi mandate…", "Mi mandate una mail… entro la fine del mese": asked of the room, maybe named («tutti e tre»).
      owner = room?.[1] && room[1].toLowerCase() !== "voi" ? room[1].toLowerCase() : null;
      rest = text.replace(/^(?:tu|lei|voi)\s+/iu, "").replace(/^(?:tutti|tutte)(?:\s+e\s+\p{L}+)?\s+/iu, "");
      strong = true;
    } else if (last && last.index === i - 1 && !last.addressed && !last.due && due?.strong && text.split(/\s+/).length <= 14) {
      // "…lo fai tu, Chiara. Lo voglio in pagina entro le diciotto.": the deadline of the task before.
      last.due = due.due;
      last.index = i;
      continue;
    } else if (due && ORDER_WITH_PRONOUN.test(lowerFirst(text)) && (said = taskBefore(sentences, i)) !== undefined) {
      // "Chiamo Luca, mio cugino… D'accordo. Chiamalo stasera però": an order whose object is what was said before.
      rest = `${tidyTask(sentences[said].text)}: ${text.replace(/,\s*(?:che|perché|perche|sennò|altrimenti)\s.*$/u, "")}`;
      strong = true;
    }
    if (!strong || rest === undefined) continue;
    // A question is a task only when it asks someone by name — called («Luca, lo fai tu?») or named
    // after the verb («I turni li organizza Lucia, come l'anno scorso?»); a tag («…, va bene?») asks nothing.
    const question = /\?\s*$/.test(text) && !TAG_QUESTION.test(text);
    const askedByName = question && !!resumed && owner === resumed[2] && isName(owner.split(/\s+/)[0]);
    if (question && !vocative && !askedByName) continue;

    let task = rest;
    if (due) task = task.replace(due.due, " ");
    task = tidyTask(task);
    if (task.split(/\s+/).length < 2) task = tidyTask(text);
    // A reply that repeats the previous task ("Certo, li faccio dopo pranzo").
    if (last && last.index === i - 1 && !due && /^(?:sì|si|certo|ok|va bene|d'accordo)(?![\p{L}])/iu.test(text)) continue;
    out.push({
      task,
      owner: owner ? owner.replace(/[,;:]$/, "") : null,
      due: due?.due ?? null,
      timestamp: formatTimestamp(s.start),
      index: i,
      addressed: (!!vocative && owner === vocative.name) || askedByName,
      asksWhen: !!vocative?.asksWhen && owner === vocative.name,
    });
  }
  return out;
}
