/**
 * Tasks handed out by asking who: "Le batterie nuove chi le ordina?" — "Le ordina il magazziniere,
 * Franco, lunedì"; "Chi se ne occupa?" — "Il manutentore, lo chiamo io"; "Chi va?" — "Ci va Marta,
 * subito"; "Chi si prende il calendario?" — "Io, me ne occupo io". The question says what is to be
 * done (or, when it names it only by a pronoun, the sentence before it does), the answer says who
 * and often when. Questions about who is or has something ("chi è favorevole?", "chi le ha?") are
 * votes or facts, not tasks.
 */
import { formatTimestamp } from "~/lib/analysis";
import { reportsPast } from "./action-cues";
import { findDue } from "./deadlines";
import { isName, namesPerson, subjectOwner } from "./owners";
import type { Sentence } from "./sentences";
import { capitalise, clip, contentWords } from "./text";

type Found = { task: string; owner: string | null; due: string | null; timestamp: string | null; index: number; addressed?: boolean };

// "chi" opening the question, or after the object put first ("Le transenne chi le porta?") — not
// the relative "per chi salta…", "a chi tocca…".
const WHO_QUESTION = /^(.*?)(?:^|(?<![\p{L}'])(?<!\b(?:a|da|di|per|con|su|tra|fra|in)\s))chi\s+([^?]+)\?\s*$/iu;
// The clitics before the verb, the verb in the third person, what follows it.
const VERB_PHRASE = /^((?:(?:se|ce|me|te)\s+(?:ne|l[oaie])|l[oaie]|li|gli|ci|si|ne)\s+|l')?(\p{Ll}+)(.*)$/u;
// Being, having, voting, knowing, wanting, speaking: who is something, not who does it.
const NOT_TASK_VERB =
  /^(?:è|e|sono|era|erano|ha|hanno|aveva|avrebbe|manca|mancano|vota|votano|parla|può|possono|vuole|vogliono|sa|sanno|conosce|dice|pensa|crede|preferisce|rimane|resta|viene|vince|c)$/u;
// Verbs that only say "take charge of it": the task is elsewhere.
const TAKE_CHARGE = /^(?:occupa|pensa|prende|incarica|offre|fa)$/u;
const IRREGULAR: Record<string, string> = {
  fa: "fare",
  va: "andare",
  dà: "dare",
  da: "dare",
  sta: "stare",
  dice: "dire",
  tiene: "tenere",
  viene: "venire",
};
const IRE = /^(?:sente|apre|riapre|copre|scopre|segue|offre|parte|serve|veste|dorme)$/u;

/** The infinitive of a verb in the third person singular present ("ordina" → "ordinare", "prende" → "prendere"). */
function infinitive(verb: string): string | undefined {
  if (IRREGULAR[verb]) return IRREGULAR[verb];
  if (verb.endsWith("isce")) return `${verb.slice(0, -4)}ire`;
  if (verb.endsWith("a")) return `${verb.slice(0, -1)}are`;
  if (verb.endsWith("e")) return `${verb.slice(0, -1)}${IRE.test(verb) ? "ire" : "ere"}`;
  return undefined;
}

/** What the question asks to be done, when it says it: "Ordinare le batterie nuove", "Raccogliere le disponibilità". */
export function taskAsked(question: string): { task?: string } | undefined {
  const m = question.trim().match(WHO_QUESTION);
  if (!m) return undefined;
  const vp = m[2].trim().match(VERB_PHRASE);
  if (!vp) return undefined;
  const [, clitic, verb, after] = vp;
  if (NOT_TASK_VERB.test(verb) || !/(?:a|e|à)$/u.test(verb)) return undefined;
  // The object said first, from its article on: "Nel frattempo però le spese" → "le spese".
  const object =
    m[1]
      .split(/[,;:]/)
      .pop()!
      .trim()
      .match(/(?:^|\s)((?:il|lo|la|l'|i|gli|le|un|una|uno)(?:\s|(?<=')).*)$/iu)?.[1] ?? "";
  const rest = after.replace(/^\s*(?:l'incarico\s+)?di\s+/u, "").trim();
  if (TAKE_CHARGE.test(verb) && clitic?.trim() !== "lo" && contentWords(rest) >= 2) return { task: capitalise(rest) };
  if (TAKE_CHARGE.test(verb) && verb !== "fa") return {};
  const inf = infinitive(verb);
  const said = [object && clitic ? object.charAt(0).toLowerCase() + object.slice(1) : "", rest].filter(Boolean).join(" ");
  if (!inf || contentWords(said) === 0) return {};
  return { task: capitalise(`${inf} ${said}`) };
}

const OPENER = /^(?:(?:sì|si|eh|ehm|beh|allora|ok|va bene|guarda|dai|mah)[,!]?\s+)*/iu;
// The speaker answering for themself: "Io, me ne occupo io", "Lo faccio io", "Io." — not "Io sono via".
const SPEAKER = /^io(?:\s*[,.!]|\s*$|\s+(?:me|ce|ci|lo|la|li|le|ne|gli|se)\s)|(?:^|\s)\p{Ll}{2,}o\s+io\b/iu;
const NUMERAL = /^\s+(uno|due|tre|quattro|cinque|sei|sette|otto|nove|dieci|\d+)(?![\p{L}])/iu;

/** Who the answer names: a person or an office (first, or after the verb: "le ordina il magazziniere"), or the speaker (null). */
export function ownerAnswered(answer: string): { owner: string | null } | undefined {
  const stripped = answer.trim().replace(OPENER, "");
  const text = stripped.charAt(0).toLowerCase() + stripped.slice(1);
  const first = stripped.match(/^([^,.;:!?]{2,50}?)\s*(?:[,.!]|$)/u)?.[1];
  const said = first && ownerPhrase(first, true);
  if (said) return { owner: said };
  if (SPEAKER.test(text)) return { owner: null };
  const inverted = text.match(/^(?:(?:(?:se|ce)\s+(?:ne|l[oaie])|l[oaie]|li|gli|ci|si|ne)\s+|l')*(\p{Ll}+)\s+(.+)$/u);
  if (!inverted || NOT_TASK_VERB.test(inverted[1]) || !/(?:a|e|ano|ono)$/u.test(inverted[1])) return undefined;
  const owner = ownerPhrase(inverted[2], false);
  return owner ? { owner } : undefined;
}

/** The owner at the start of the words, with a number ("la squadra uno") and a name in apposition ("il magazziniere, Franco"). */
function ownerPhrase(words: string, whole: boolean): string | undefined {
  const head = words.match(/^[^,.;:!?]*/u)![0].trim();
  const subject = subjectOwner(`${head} .`);
  if (!subject) return undefined;
  let owner = subject.owner;
  if (whole && owner !== head) return undefined;
  if (/^(?:il|lo|la|l'|i|gli|le)(?:\s|(?<='))/iu.test(owner) ? !namesPerson(owner) : !isName(owner.split(/\s+/)[0])) return undefined;
  let after = words.slice(words.indexOf(owner) + owner.length);
  const numeral = after.match(NUMERAL);
  if (numeral) [owner, after] = [`${owner} ${numeral[1]}`, after.slice(numeral[0].length)];
  const apposition = after.match(/^\s*,\s*(\p{Lu}\p{Ll}+)\s*(?:[,.]|$)/u);
  if (apposition && isName(apposition[1])) owner = `${owner}, ${apposition[1]}`;
  // "Il manutentore" answered at the start of a sentence is "il manutentore" in the minutes.
  return /^(?:Il|Lo|La|L'|I|Gli|Le)(?:\s|(?<='))/u.test(owner) ? owner.charAt(0).toLowerCase() + owner.slice(1) : owner;
}

/** The sentence before `q` that says what is to be done (at least three content words), skipping a short answer. */
export function taskBefore(sentences: Sentence[], q: number): number | undefined {
  for (let i = q - 1; i >= Math.max(0, q - 2); i--) if (contentWords(sentences[i].text) >= 3) return i;
  return undefined;
}

/**
 * Adds the tasks given by answering "chi…?" to those found, or completes the one found in the
 * answer (its owner, its deadline, what it is). The question and the answer become replies (no decisions).
 */
export function answerWhoQuestions(sentences: Sentence[], found: Found[], replies: Set<number>): Found[] {
  const out = [...found];
  for (let q = 0; q < sentences.length - 1; q++) {
    const asked = taskAsked(sentences[q].text);
    if (!asked) continue;
    for (let a = q + 1; a <= q + 2 && a < sentences.length; a++) {
      const answerText = sentences[a].text;
      // A past told is no answer; right after the question it is the asker going on («Io ci ho provato e mi perdo»).
      // (Not when its first clause names who, with a past told after it: «Lo attiva Christian dell'IT,
      // ho già parlato con lui» answers; «Già fatto, l'ho chiamato io» does not.)
      const first = answerText.split(/[,;:]/)[0];
      if (reportsPast(ownerAnswered(first)?.owner ? first : answerText, false)) {
        if (a === q + 1) continue;
        break;
      }
      const existing = out.find((f) => f.index === a);
      // The answer may ask someone in turn: "Chi le raccoglie?" — "Roberta, te ne occupi tu?".
      const answered = ownerAnswered(answerText) ?? (a === q + 1 && existing?.addressed ? { owner: existing.owner } : undefined);
      if (!answered) {
        if (/\?\s*$/.test(answerText)) break;
        continue;
      }
      const context = asked.task ? undefined : taskBefore(sentences, q);
      const task = asked.task ?? (context === undefined ? undefined : clip(sentences[context].text.trim().replace(/[.!?]+$/, ""), 200));
      if (!task) break;
      const due = findDue(answerText)?.due ?? existing?.due ?? null;
      const owner = answered.owner ?? existing?.owner ?? null;
      // The task found in the answer stays when it says what is to be done ("Sara, puoi fare i rimborsi…"),
      // not when it only names who («Il manutentore, lo chiamo io e glielo dico»).
      if (existing) {
        const at = owner ? existing.task.toLowerCase().indexOf(owner.toLowerCase()) : -1;
        const own = at >= 0 ? existing.task.slice(0, at) + existing.task.slice(at + owner!.length) : existing.task;
        Object.assign(existing, { task: /^chi\b/iu.test(existing.task) || contentWords(own) < 4 ? task : existing.task, owner, due });
      } else out.push({ task, owner, due, timestamp: formatTimestamp(sentences[context ?? q].start), index: a });
      replies.add(q);
      replies.add(a);
      break;
    }
  }
  return out.sort((x, y) => x.index - y.index);
}
