/**
 * Who a task belongs to: a person or an office named by a noun ("la segreteria", "il nostro
 * tecnico", "la RSU"), a first name, or a word the meeting writes with a capital. Shared by the
 * patterns of actions.ts and the answers to "chi…?" of who-asked.ts. The proper nouns are those of
 * the meeting being analysed (set by readOwnersOf before each analysis, which runs synchronously).
 */
import { AGENT_NOUN, namesThing, ROLE } from "./action-cues";
import { isFirstName, soundsLikeFirstName } from "./names";
import type { Sentence } from "./sentences";
import { isStopWord } from "./stopwords";
import { fold } from "./text";

const NOT_NAMES = new Set(
  `allora bene ok okay sì si no perfetto grazie scusi scusa senti senta guarda guardi ecco quindi dunque certo esatto giusto infatti beh comunque intanto inoltre poi ora adesso ciao buongiorno buonasera prego sicuro chiaro benissimo ottimo insomma appunto io tu lui lei noi voi loro chi cosa come dove quando perché anche però ma mozione proposta punto primo secondo terzo ultimo sulla sul per con il la lo le gli un una questo questa favorevoli contrari astenuti`.split(
    " ",
  ),
);

// A person or an office named by a noun, possibly with a possessive: "la segreteria", "la nostra contabile", "l'infermiere".
// A role may be a compound with the place it heads, written apart: "il capo reparto", "i capi
// cantiere", "la responsabile magazzino".
// The adjective that makes a role precise: "il direttore artistico", "la polizia locale", "il
// responsabile commerciale" — the listed ones in both genders, and any masculine one in -ico/-ivo
// or in -ale (a verb in the present never ends so; a feminine "-ica" may be one: "verifica").
export const ROLE_ADJECTIVE = String.raw`(?:\s+(?:amministrativ\w|tecnic\w|local\w|comunal\w|scolastic\w|general\w|sanitari\w|legal\w|unic\w|finanziari\w|commercial\w|informatic\w|didattic\w|delegat\w|\p{Ll}{3,}(?:ico|ici|ivo|ivi|ale|ali))(?![\p{L}]))?`;

export const PERSON = String.raw`(?:(?:mio|mia|miei|mie|nostro|nostra|nostri|nostre|vostro|vostra|vostri|vostre|suo|sua|suoi|sue|loro)\s+)?(?:${ROLE}|${AGENT_NOUN})(?:\s+(?:reparto|cantiere|squadra|turno|sala|progetto|settore|redazione|magazzino|partita|officina|cucina)(?![\p{L}]))?`;
// The words that open a sentence before its subject, with a capital or not ("Allora l'RSPP mi manda…").
const OPENERS = [
  "allora",
  "quindi",
  "poi",
  "e",
  "intanto",
  "inoltre",
  "comunque",
  "infine",
  "ok",
  "bene",
  "va bene",
  "perfetto",
  "benissimo",
  "ottimo",
  "giusto",
  "sì",
  "si",
  "d'accordo",
]
  .map((w) => `[${w[0]}${w[0].toUpperCase()}]${w.slice(1)}`)
  .join("|");
const OWNER_SUBJECT = new RegExp(
  String.raw`^(?:(?:${OPENERS})[,]?\s+)*` +
    String.raw`((?:[Ii]l|[Ll]a|[Ll]')\s*\p{Lu}{2,6}(?![\p{L}])|(?:(?:[Ii]l|[Ll]o|[Ll]a|[Ll]'|[Ii]|[Gg]li|[Ll]e)\s*${PERSON}${ROLE_ADJECTIVE}(?:\s+\p{Lu}[\p{L}']+){0,3}(?:\s+(?:(?:della|dello|delle|degli|dei|del|di)\s+|dell')[\p{L}']+(?:\s+\p{Lu}[\p{L}']+)?)?)|(?:\p{Lu}[\p{Ll}']+(?:\s+\p{Lu}[\p{Ll}']+){0,2}(?:\s+dell'\p{Lu}[\p{L}']*)?))` +
    String.raw`(?:\s*,\s*(?:che|come|in\s+quanto)\s+[^,]{1,40},)?\s+`,
  "u",
);

const NAME_WITH_ARTICLE = new RegExp(String.raw`^(?:(?:${OPENERS})[,]?\s+)*((?:[Ii]l|[Ll]a)\s+(\p{Lu}\p{Ll}+))\s+`, "u");

let properNouns = new Set<string>();

/** Takes the proper nouns of the meeting about to be analysed. */
export function readOwnersOf(sentences: Sentence[]): void {
  properNouns = collectProperNouns(sentences);
}

const PERSON_HEAD = new RegExp(String.raw`^(?:${ROLE}|${AGENT_NOUN})`, "u");
/**
 * Whether an owner said with an article names a person or an office: "la RSU", "la nostra
 * contabile", "l'infermiere" — not "l'ordine del giorno" nor "la lista" (a thing with an agent ending).
 */
export function namesPerson(owner: string): boolean {
  const head = owner
    .replace(/^(?:il|lo|la|l'|i|gli|le)\s*/iu, "")
    .replace(/^(?:mio|mia|miei|mie|nostro|nostra|nostri|nostre|vostro|vostra|vostri|vostre|suo|sua|suoi|sue|loro)\s+/u, "")
    .split(/\s+/)[0];
  if (/^\p{Lu}{2,6}$/u.test(head)) return true;
  return PERSON_HEAD.test(head.toLowerCase()) && !namesThing(owner);
}

/** A capitalised word that names a person: a common first name, or a word written with a capital inside sentences. */
export function isName(word: string): boolean {
  const f = fold(word);
  if (isFirstName(f) || soundsLikeFirstName(f)) return true;
  if (NOT_NAMES.has(f) || isStopWord(f)) return false;
  return properNouns.has(f);
}

/** The owner named as the subject at the start of the sentence, if any. */
export function subjectOwner(sentence: string): { owner: string; end: number; isRole: boolean } | undefined {
  const said = subjectAtStart(sentence);
  if (said) return said;
  // The subject may follow what announces it: «Ah, no, una cosa: la Giovanna manda il verbale…».
  const announced = sentence.match(/^(?:(?:ah|eh|ecco|allora|poi|e|no|sì|ok|(?:l'|un'|una\s+)?(?:ultima|altra)?\s*cosa)[,]?\s*)+:\s+(?=\S)/iu);
  const after = announced ? subjectAtStart(sentence.slice(announced[0].length)) : undefined;
  return after && { ...after, end: after.end + announced![0].length };
}

function subjectAtStart(sentence: string): { owner: string; end: number; isRole: boolean } | undefined {
  // «La Giovanna manda il verbale…»: a first name with the article of everyday speech.
  const named = sentence.match(NAME_WITH_ARTICLE);
  // (A common first name only: «la Nina» in a dog shelter is a dog.)
  if (named && (isFirstName(fold(named[2])) || soundsLikeFirstName(fold(named[2]))))
    return { owner: named[1].charAt(0).toLowerCase() + named[1].slice(1), end: named[0].length, isRole: false };
  const m = sentence.match(OWNER_SUBJECT);
  if (!m) return undefined;
  const owner = m[1].trim();
  const isRole = /^(?:il|lo|la|l'|i|gli|le)(?:\s|(?<='))/iu.test(owner);
  if (isRole ? !namesPerson(owner) : !isName(owner.split(/\s+/)[0])) return undefined;
  return { owner, end: m[0].length, isRole };
}

// The subject after a deadline said first ("Entro venerdì Marco manda…"), or of the clause the
// deadline closes ("…uno script, Nicola lo scrive entro domani": the task keeps what "lo" stands for).
export function subjectAfterDue(text: string, due: string): { owner: string; rest: string; verb: string } | undefined {
  const at = text.indexOf(due);
  if (at < 0) return undefined;
  if (/^(?:(?:e|ed|ma|allora|quindi|poi|ok)[,]?\s+)?$/iu.test(text.slice(0, at))) {
    const after = text.slice(at + due.length).replace(/^[\s,]+/, "");
    const subject = subjectOwner(after);
    return subject && { owner: subject.owner, rest: after.slice(subject.end), verb: after.slice(subject.end) };
  }
  const clause = text.slice(0, at).match(/^(.*[,;:]\s+)([^,;:]+)$/u);
  const subject = clause && subjectOwner(clause[2]);
  if (!subject) return undefined;
  const verb = clause[2].slice(subject.end);
  return { owner: subject.owner, rest: /^(?:l[oaie]\s|l')/u.test(verb) ? `${clause[1]}${verb}` : verb, verb };
}

// The person or office right before a duty verb: "…e l'assessore Conti deve mandare".
const OWNER_AT_END = new RegExp(
  String.raw`(?:^|[\s,])((?:(?:[Ii]l|[Ll]o|[Ll]a|[Ll]'|[Ii]|[Gg]li|[Ll]e)\s*${PERSON}${ROLE_ADJECTIVE}(?:\s+\p{Lu}[\p{L}']+){0,3}(?:\s+(?:(?:della|dello|delle|degli|dei|del|di)\s+|dell')[\p{L}']+(?:\s+\p{Lu}[\p{L}']+)?)?)|(?:\p{Lu}[\p{Ll}']+(?:\s+\p{Lu}[\p{Ll}']+){0,2}))(?:\s*,\s*(?:che|come|in\s+quanto)\s+[^,]{1,40},)?\s*(?:(?:si|ne|se|ci|gli|le|lo|la|comunque|anche|poi|quindi|invece|già)\s+)*$`,
  "u",
);

export function ownerBefore(before: string): string | undefined {
  // Only the words just before the verb matter (and the regex, anchored at the end, stays cheap).
  const m = before.slice(-90).match(OWNER_AT_END);
  if (m) {
    const owner = m[1].trim();
    const isRole = /^(?:il|lo|la|l'|i|gli|le)(?:\s|(?<='))/iu.test(owner);
    if (isRole ? namesPerson(owner) : isName(owner.split(/\s+/)[0])) return owner;
  }
  return subjectOwner(`${before} `)?.owner;
}

/** Words written with a capital inside sentences (proper nouns), folded. */
function collectProperNouns(sentences: Sentence[]): Set<string> {
  const out = new Set<string>();
  for (const s of sentences) {
    for (const m of s.text.matchAll(/(?<=[\p{L},;:]\s+)(\p{Lu}\p{Ll}{2,})/gu)) out.add(fold(m[1]));
  }
  return out;
}

// Words that never belong to who does a task: where one follows the owner the clause goes on
// («il segretario con questa correzione metto…», «Marco da quando…», «la Paola come l'anno scorso…»).
const OWNER_ENDS =
  /^(?:che|come|da|dal|dalla|se|nel|nella|perché|quando|allora|comunque|così|quindi|ma|però|favorevoli|contrari|astenuti|prima|dopo|entro|per|già|sempre|poi|oggi|domani|stasera|metto|mettiamo)$/u;
// Nor do these open it: «allora comunque quello che possiamo chiedere», «bene prima di mettere», «avere in bozza».
const NO_OWNER = /^(?:allora|comunque|bene|già|anche|quello|quella|questo|questa|il|lo|la|i|gli|le|l'|un|una|\p{L}+(?:are|ere|ire))$/u;

/**
 * The owner as the minutes show it: the words that name someone, not the clause run on after them
 * in a raw transcript; none when what is left names no one. A «chi…» owner («chi è disponibile») is
 * whole as said.
 */
export function ownerPhrase(owner: string | null): string | null {
  if (!owner) return owner;
  const words = owner.trim().split(/\s+/);
  if (words[0].toLowerCase() === "chi") return owner;
  const bareAt = (i: number) => (words[i] ?? "").toLowerCase().replace(/[^\p{L}']/gu, "");
  // («con il geometra Lucchini» may name a second person; «con questa correzione» does not.)
  const end = words.findIndex(
    (_, i) => i > 0 && (OWNER_ENDS.test(bareAt(i)) || (bareAt(i) === "con" && /^(?:questa|questo|quella|quello|queste|questi)$/.test(bareAt(i + 1)))),
  );
  const kept = end > 0 ? words.slice(0, end) : words;
  if (NO_OWNER.test(kept[0].toLowerCase().replace(/[^\p{L}']/gu, "")) && (kept.length === 1 || !/^(?:il|lo|la|i|gli|le|l'|un|una)$/iu.test(kept[0])))
    return null;
  return kept.join(" ").replace(/[,;:.]+$/, "");
}

// Who is named after the verb: «…lo ordina Anna», «…lo organizzano i rappresentanti dei genitori».
const OWNER_AFTER_VERB = String.raw`((?:il|lo|la|l'|i|gli|le)\s*${PERSON}${ROLE_ADJECTIVE}(?:\s+\p{Lu}[\p{L}']+){0,3}(?:\s+(?:(?:della|dello|delle|degli|dei|del|di)\s+|dell')[\p{L}']+)?|\p{Lu}\p{Ll}+(?:\s+(?:e|ed)\s+\p{Lu}\p{Ll}+)?)(?![\p{L}'])`;
const RESUMED_OPENERS = String.raw`(?:(?:allora|quindi|poi|e|intanto|ok|bene|va bene|perfetto|sì|d'accordo|giusto)[,]?\s+)*`;

// The object put first and taken up by a pronoun, the owner after the verb: "il portatile lo
// ordina Anna entro domani", "il rinfresco lo organizzano i rappresentanti dei genitori".
// Matched on the sentence with its first letter in lower case (names keep their capital).
export const RESUMED = new RegExp(
  String.raw`^${RESUMED_OPENERS}(?:il|lo|la|l'|i|gli|le)\s*[^,.;:?!]{2,90}?\s+(?:(?:lo|la|li|le)\s+|l')(\p{Ll}{3,}(?:a|ano|e|ono))\s+` +
    OWNER_AFTER_VERB,
  "u",
);
// The pronoun first, for what was said just before: «Lo prepara la commissione programmazione, entro
// la fine di settembre», «La configura Davide». Not a verb of knowing or saying («lo dice Marco»).
export const RESUMED_BY_PRONOUN = new RegExp(
  String.raw`^${RESUMED_OPENERS}(?:(?:lo|la|li|le)\s+|l')(?!(?:dice|dicono|conosce|conoscono|pensa|pensano|crede|credono|vuole|vogliono|vede|vedono|capisce|ricorda)(?![\p{L}]))(\p{Ll}{3,}(?:a|ano|e|ono))\s+` +
    OWNER_AFTER_VERB,
  "u",
);

/** Whether the words after the verb name someone: a first name, or an article and a person or role. */
export const namedAfterVerb = (words: string) =>
  isName(words.split(/\s+/)[0]) || (/^(?:il|lo|la|l'|i|gli|le)(?:\s|(?<='))/u.test(words) && namesPerson(words));
