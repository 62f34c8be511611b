/**
 * What the reader sees of the topics: key points (a short statement, the quote as excerpt), the
 * summary (one sentence per topic) and the title (the kind of meeting and its subjects).
 */
import { formatTimestamp, titleFromSentence } from "~/lib/analysis";
import { meetingKind } from "./meeting-kind";
import { isFirstName } from "./names";
import { FUNCTION_WORD } from "./reading-words";
import { capitalise, clip, fold, shortStatement, tidySentence } from "./text";
import { cosine, type Vocabulary } from "./tfidf";
import { isFormality, size, type Ranked, type Topic } from "./topic-model";
import { joinItalian, phrases, subjectTerms } from "./topic-names";

/** The topic's best sentences, not repeating each other, in the order they were said. */
export function pickKeyPoints(topic: Topic): Ranked[] {
  const n = topic.sentences.length;
  const want = n <= 2 ? 1 : Math.max(2, Math.min(5, Math.round(n / 6)));
  const chosen: Ranked[] = [];
  for (const s of [...topic.sentences].sort((a, b) => b.relative - a.relative || a.index - b.index)) {
    if (chosen.length >= want) break;
    if ((s.terms.length === 0 || s.formality) && chosen.length > 0) continue;
    if (chosen.some((c) => cosine(c.vector, s.vector) > 0.6 || c.text === s.text)) continue;
    chosen.push(s);
  }
  return chosen.sort((a, b) => a.index - b.index);
}

export function keyPoint(s: Ranked, topic: Topic) {
  // The context of the key point: the best other sentences among its neighbours.
  const i = s.index - topic.from;
  const around = topic.sentences
    .slice(Math.max(0, i - 3), i + 4)
    .filter((o) => o !== s && o.terms.length > 0)
    .sort((a, b) => b.relative - a.relative)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index);
  const segmentSummary = around.length ? around.map((o) => finish(tidySentence(o.text, 200))).join(" ") : undefined;
  // The point is the statement, the excerpt the words as said; a sentence with nothing to shorten
  // is its own point and has no excerpt.
  const statement = shortStatement(s.text);
  return {
    point: statement ?? tidySentence(s.text),
    ...(statement ? { excerpt: clip(s.text, 400) } : {}),
    ...(segmentSummary ? { segmentSummary } : {}),
    estimatedTimestamp: formatTimestamp(s.start),
  };
}

/** A sentence as part of a paragraph: it must end with a terminator. */
function finish(sentence: string): string {
  if (/[.!?…]["'»”’)]*$/.test(sentence)) return sentence;
  // Cut off after an article or a preposition («…con il»): the sentence was not finished, say so.
  const last = fold(sentence.match(/\p{L}+$/u)?.[0] ?? "");
  return FUNCTION_WORD.has(last) ? `${sentence}…` : `${sentence}.`;
}

/**
 * One sentence for every topic, in the order they were said: the topic's most central statement
 * among those that name its subject, so that the summary covers the whole meeting rather than its
 * opening. Long meetings keep their largest topics.
 */
export function makeSummary(topics: Topic[], keyPoints: Ranked[][], vocabulary: Vocabulary, summaryScore: (s: Ranked) => number): string {
  const budget = Math.max(1, Math.min(12, topics.length));
  const chosen: { s: Ranked; text: string }[] = [];
  const order = topics.map((t, i) => ({ t, i })).sort((a, b) => size(b.t) - size(a.t) || a.i - b.i);
  for (const { t, i } of order.slice(0, budget)) {
    const candidates = t.sentences.filter((s) => !s.formality && s.terms.length > 0 && !/\?\s*$/.test(s.text));
    // Sentences that use the item's own name, else its lead terms; an announcement only as a last resort.
    const subject = subjectTerms(t, vocabulary);
    const lead = new Set(t.terms.slice(0, 2));
    const plain = candidates.filter((s) => !s.tier && !VOTE_CALL.test(s.text));
    const names = (s: Ranked) => s.terms.some((id) => subject.has(id));
    // An announced item is named in the summary by its own name when its most telling statement
    // does not say it ("Causa Conti: facciamo appello…"), so that statement need not repeat the name.
    const pools = t.announced
      ? [plain, candidates, keyPoints[i]]
      : [plain.filter(names), candidates.filter(names), plain.filter((s) => s.terms.some((id) => lead.has(id))), candidates, keyPoints[i]];
    const pool = pools.find((p) => p.length > 0)!;
    // Central, naming more of the subject, and preferably a statement of moderate length.
    // The topic's main term most of all: the sentence then says which subject it is about.
    const main = t.terms[0];
    const named = (s: Ranked) =>
      1 + 0.5 * Math.max(0, new Set(s.terms.filter((id) => subject.has(id))).size - 1) + (s.terms.includes(main) ? 0.5 : 0);
    const value = (s: Ranked) => summaryScore(s) * named(s) * (LEANS_ON_BEFORE.test(tidySentence(s.text)) ? 0.6 : 1);
    const values = new Map(pool.map((s) => [s, value(s)]));
    const best = [...pool].sort((a, b) => values.get(b)! - values.get(a)! || a.index - b.index)[0];
    if (!best) continue;
    const text = finish(tidySentence(best.text, 220));
    chosen.push({ s: best, text: t.announced && !names(best) ? `${t.announced}: ${lowerFirst(text, t)}` : text });
  }
  return chosen
    .sort((a, b) => a.s.index - b.s.index)
    .map((c) => c.text)
    .join(" ");
}

// A reply that leans on what was said before it ("Però di notte…", "Quello lo vediamo dopo") says
// little on its own in a summary.
const LEANS_ON_BEFORE = /^(?:ma|però|pero|perché|perche|e|ed|anche|quello|quella|quelli|infatti|oppure|o)(?![\p{L}])/iu;

/** The sentence after a heading's colon starts in lower case, unless its first word is a name. */
function lowerFirst(text: string, topic: Topic): string {
  const first = text.match(/^\p{L}+/u)?.[0];
  if (!first || (first.length > 1 && first === first.toUpperCase())) return text;
  const asName = new RegExp(String.raw`[^.!?]\s${first}\b`, "u");
  if (topic.sentences.some((s) => asName.test(s.text))) return text;
  return text[0].toLocaleLowerCase("it-IT") + text.slice(1);
}

/**
 * Central statements of moderate length; the announcement of an item says less than what was said
 * about it, a decision more.
 */
export function summaryScore(s: Ranked, announces: boolean, decides: boolean): number {
  const length = s.words < 6 ? 0.4 : s.words > 35 ? 0.7 : 1;
  return s.relative * length * (announces ? 0.3 : 1) * (decides ? 1.3 : 1);
}

// "Mettiamo ai voti…": procedure, not content.
export const VOTE_CALL = /\b(?:ai voti|in votazione|alla votazione|votiamo|si vota)\b/iu;

/** A short label for a topic, for the title: its most used content word. */
function label(topic: Topic, vocabulary: Vocabulary, idf: Float64Array): string | undefined {
  const counts = new Map<number, number>();
  for (const s of topic.sentences) for (const id of s.terms) counts.set(id, (counts.get(id) ?? 0) + 1);
  const subject = [...subjectTerms(topic, vocabulary)];
  if (subject.length === 0) return undefined;
  // Said often here and seldom elsewhere: "sosta" rather than "piano".
  const weight = (id: number) => (counts.get(id) ?? 0) * idf[id];
  const ranked = [...subject].sort((a, b) => weight(b) - weight(a) || subject.indexOf(a) - subject.indexOf(b));
  // With the word it is always said with: "conto consuntivo", not "conto".
  return phrases(
    ranked.map((id) => ({ id, word: vocabulary.display(id) })),
    vocabulary,
  )[0];
}

/**
 * What the meeting was about: its kind when the opening names it ("Assemblea del condominio",
 * "Consiglio comunale") and the subjects of its largest topics, never a greeting or the opening
 * formula. A short text on one subject keeps its first sentence as title (spec 2.6), when that
 * sentence is about the subject.
 */
export function makeTitle(sentences: Ranked[], topics: Topic[], vocabulary: Vocabulary, idf: Float64Array): string {
  const first = sentences.find((s) => s.words >= 3 && !s.formality) ?? sentences[0];
  if (topics.length === 1 && !isFormality(first.text)) {
    const counts = new Map<number, number>();
    for (const s of sentences) for (const id of s.terms) counts.set(id, (counts.get(id) ?? 0) + 1);
    const dominant = new Set(
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([id]) => id),
    );
    const distinct = new Set(first.terms);
    if (sentences.length <= 3 || (distinct.size >= 3 && [...distinct].some((id) => dominant.has(id)))) {
      return titleFromSentence(tidySentence(withoutGreeting(first.text), 400));
    }
  }
  const kind = meetingKind(sentences.slice(0, 8).map((s) => s.text));
  const labels: string[] = [];
  // The items the meeting announced say what it was about better than a part cut inside one of them.
  const bySize = topics
    .map((t, i) => ({ t, i }))
    .sort((a, b) => Number(!!b.t.announced) - Number(!!a.t.announced) || size(b.t) - size(a.t) || a.i - b.i);
  const picked = bySize.slice(0, 3).sort((a, b) => a.i - b.i);
  for (const { t } of picked) {
    // An announced item by its most telling word; a computed name by its first phrase ("pro loco").
    const l = t.announced
      ? label(t, vocabulary, idf)
      : phrases(
          t.terms.map((id) => ({ id, word: vocabulary.display(id) })),
          vocabulary,
        )[0];
    // (A first name keeps its capital inside the title: «Informazioni, domande e Andrea».)
    if (l && !labels.some((x) => fold(x) === fold(l)) && !(kind && fold(kind).includes(fold(l))))
      labels.push(isFirstName(fold(l)) ? capitalise(l) : l);
  }
  if (labels.length === 0) return titleFromSentence(tidySentence(first.text, 400));
  // As many subjects as fit in about 60 characters, whole.
  for (let k = labels.length; k >= 1; k--) {
    const subjects = joinItalian(labels.slice(0, k));
    const title = kind ? `${kind}: ${subjects}` : capitalise(subjects);
    if (title.length <= 60 || k === 1) return titleFromSentence(title);
  }
  return titleFromSentence(capitalise(joinItalian(labels)));
}
/** "Buongiorno a tutti, oggi parliamo di…" -> "oggi parliamo di…": a greeting is not a title. */
function withoutGreeting(sentence: string): string {
  const rest = sentence.replace(/^(?:buongiorno|buonasera|ciao|salve|benvenut[ioae]|bentrovat[ioae])\b[^,.!?;:]*[,.!?;:]\s*/iu, "");
  return rest.split(/\s+/).length >= 4 ? rest : sentence;
}
