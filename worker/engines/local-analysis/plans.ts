/**
 * Tasks handed out as a plan, in the present tense: "Facciamo così: la governante prepara il
 * conteggio e me lo dà entro venerdì", "Per le serrature il geometra porta un preventivo",
 * "Intanto il maestro sente due o tre compositori", "D'accordo." — "Il direttore di sala avvisa i
 * camerieri". A person or an office is the subject of a verb in the present; it is a task when a
 * time is said, or when the plan is announced ("facciamo così:", "intanto", a topic put first) or
 * follows an agreement. Without those, the same sentence may describe a habit ("il cuoco fa le
 * uova alle sette").
 */
import { actsAsSubject } from "./action-cues";
import { subjectOwner } from "./owners";

// The opening that announces a plan or a step of it.
const PLAN_OPENING =
  /^(?:(?:e|ma|però|allora|quindi|bene|ok|va bene|d'accordo|perfetto)[,]?\s+)*(?:(?:facciamo|si\s+fa)\s+(?:così|una\s+cosa)|(?:allora\s+)?(?:il\s+piano|la\s+proposta)\s+è)\s*[:,]\s*/iu;
// An agreement opening the sentence that hands out the step: "Va bene, la segreteria corregge a pagina tre."
const AGREED_FIRST = /^(?:(?:sì|ok|allora)[,]?\s+)*(?:va bene|bene|d'accordo|perfetto|benissimo)[,]\s+(?:allora\s+)?/iu;
const MEANWHILE = /^(?:(?:e|ma|però|allora|quindi|poi)[,]?\s+)*(?:intanto|nel\s+frattempo|per\s+adesso|per\s+ora|subito)[,]?\s+/iu;
// A topic put first: "Per le serrature", "Quanto al pulmino", "Sulle due pratiche sospese,".
const TOPIC_HEAD =
  /^(?:(?:e|ma|però|poi)\s+)?(?:per|quanto\s+(?:a|al|alla|ai|agli|alle|all')|riguardo\s+(?:a|al|alla|ai|agli|alle|all')|sul|sulla|sui|sugli|sulle|sull')(?:\s+|(?<='))/iu;
// Where the subject may start after it: an article, or after a comma a capitalised name (case
// matters here; a capital after a space goes on naming the topic: "Sulla casa di via Mazzini la…").
const SUBJECT_START = /(?:,\s*(?=\p{Lu})|(?:,\s*|\s+)(?=(?:il|lo|la|l'|i|gli|le|Il|Lo|La|L'|I|Gli|Le)(?:\s|(?<='))))/gu;

/** The clause after a topic put first, from where its subject starts: "Per le serrature il geometra porta…" → "il geometra porta…". */
function afterTopic(text: string): string | undefined {
  const head = text.match(TOPIC_HEAD);
  if (!head) return undefined;
  const topic = text.slice(head[0].length);
  for (const m of topic.matchAll(SUBJECT_START)) {
    if (m.index > 45) break;
    const clause = topic.slice(m.index + m[0].length);
    if (subjectOwner(clause)) return clause;
  }
  return undefined;
}

// An agreement closing the sentence before: "D'accordo, da lunedì uova al momento.", "Va bene, si fa."
const AGREED = /^(?:(?:sì|ok|bene|allora)[,]?\s+)*(?:d'accordo|va bene|perfetto|approvato|si fa|allora così|deciso)(?![\p{L}])/iu;
// Verbs of being, having, wanting or seeming say how things are, not what someone will do.
const STATE_VERB =
  /^(?:è|sono|era|erano|ha|hanno|aveva|sta|stanno|vuole|vogliono|può|possono|sa|sanno|dice|dicono|pensa|pensano|crede|sembra|serve|servono|costa|costano|manca|mancano|resta|restano|rimane|piace|conosce|lavora|lavorano|abita|viene|vengono|arriva|arrivano|chiede|chiedono|dicono|lamenta|lamentano)$/u;

/** The verb after the subject, in the present third person ("prepara", "scrivono", "ci fa sapere"). */
function presentVerb(after: string): boolean {
  const verb = after.match(/^(?:(?:gli|le|lo|la|li|ne|ci|si|se|me|te|mi|ti|vi)\s+)*(\p{Ll}{2,})(?![\p{L}'])/u)?.[1];
  return !!verb && /(?:a|e|ano|ono)$/u.test(verb) && !STATE_VERB.test(verb);
}

/**
 * The owner and the task of a sentence that hands out a step of a plan, or undefined. `timed`:
 * a time is said in the sentence; `before`: the sentence said just before.
 */
export function plannedTask(text: string, timed: boolean, before: string | undefined): { owner: string; rest: string } | undefined {
  const opening = text.match(PLAN_OPENING) ?? text.match(MEANWHILE) ?? text.match(AGREED_FIRST);
  const topical = opening ? undefined : afterTopic(text);
  const clause = opening ? text.slice(opening[0].length) : (topical ?? text);
  const subject = subjectOwner(clause);
  if (!subject) return undefined;
  const rest = clause.slice(subject.end);
  if (!actsAsSubject(rest) || !presentVerb(rest)) return undefined;
  if (!timed && !opening && !topical && !(before && AGREED.test(before.trim()))) return undefined;
  return { owner: subject.owner, rest };
}
