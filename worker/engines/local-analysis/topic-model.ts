/**
 * The sentence and topic records the analyzer's stages share, and the judgements about a sentence
 * that several stages make (formality, fitness to be quoted, a topic's size).
 */
import type { Sentence } from "./sentences";
import type { SparseVector } from "./tfidf";

export type Ranked = Sentence & {
  terms: number[];
  vector: SparseVector;
  words: number;
  score: number;
  relative: number;
  /** Greetings, roll call, opening and closing formulas: never quoted as a key point. */
  formality: boolean;
  /** Agenda marker tier of the sentence (see agenda.ts). */
  tier: 0 | 1 | 2;
};

export type Topic = {
  from: number;
  to: number;
  sentences: Ranked[];
  name: string;
  terms: number[];
  /** The name the meeting itself gave the item ("Secondo punto, la videosorveglianza"). */
  announced?: string;
};

// Greetings, the roll call (formal, or "ci siamo tutti? Manca Franco, sta arrivando"), the opening
// and closing of a session ("cominciamo intanto"), thanks.
const FORMALITY =
  /^(?:buongiorno|buonasera|buon pomeriggio|ciao|salve|benvenut|grazie a tutti|grazie ancora|ringrazio)|^(?:(?:allora|ok|bene|dai)[,]?\s+)?(?:ci siamo(?:\s+quasi)?\s+tutti\b|ci siamo\s*\?|siamo (?:quasi )?tutti\b|(?:cominciamo|iniziamo|partiamo)(?:\s+(?:pure|intanto|allora|pure intanto))?\s*(?:[,.!]|$))|\b(?:dichiaro aperta|si apre la seduta|apriamo la seduta|numero legale|procedere all'appello|regolarmente costituita|validamente costituita|la seduta è (?:valida|tolta|chiusa)|seduta è tolta|si chiude alle|l'assemblea si chiude|non essendoci altro|null'altro essendovi|esauriti i punti|ci vediamo|ci sentiamo|mi sentite|buon lavoro)\b/iu;

// "Manca Franco della cucina", "manca Tommaso che è in campo": someone missing, named (case matters).
const MISSING = /^(?:[^,.?!]*,\s*)?[Mm]anca(?:no)?\s+(?:solo\s+|ancora\s+)?\p{Lu}/u;

export function isFormality(text: string): boolean {
  return FORMALITY.test(text.trim()) || MISSING.test(text.trim());
}

/**
 * How fit a sentence is to be quoted on its own: very short replies ("Sì, d'accordo.") and
 * run-on stretches read badly, questions are less informative than statements.
 */
export function quality(s: Ranked): number {
  let q = 1;
  if (s.terms.length === 0) return 0.01;
  if (s.formality) return 0.005;
  // "Terzo punto, il regolamento…" announces what the key points should say.
  if (s.tier === 1 && s.words < 14) q *= 0.3;
  if (s.words < 5) q *= 0.25;
  else if (s.words < 8) q *= 0.6;
  else if (s.words > 45) q *= 0.7;
  if (/\?\s*$/.test(s.text)) q *= 0.6;
  return q;
}

/** How much was said in a topic, formalities aside. */
export function size(topic: Topic): number {
  return topic.sentences.filter((s) => !s.formality).length;
}
