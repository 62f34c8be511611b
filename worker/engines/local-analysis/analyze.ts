/**
 * Assembles the analysis from the pieces: sentences -> terms -> topics (TextTiling) -> sentence
 * ranks (TextRank within each topic) -> topic names, key points, summary and title.
 */
import { formatTimestamp, titleFromSentence, type AnalysisResult, type TimedSegment } from "~/lib/analysis";
import { cueStrength, defaultSegmentation, segmentTopics } from "./segmentation";
import { splitSegments, type Sentence } from "./sentences";
import { textRank } from "./textrank";
import { capitalise, clip, countWords, tidySentence } from "./text";
import { cosine, inverseFrequencies, vectorOf, Vocabulary, type SparseVector } from "./tfidf";

type Ranked = Sentence & { terms: number[]; vector: SparseVector; words: number; score: number; relative: number };

type Topic = { from: number; to: number; sentences: Ranked[]; name: string; terms: number[] };

export function analyzeLocally(input: TimedSegment[]): AnalysisResult {
  const { sentences } = splitSegments(Array.isArray(input) ? input : []);
  if (sentences.length === 0) return { title: "", summary: "", topics: [], decisions: [], actionItems: [] };

  const vocabulary = new Vocabulary();
  const terms = sentences.map((s) => vocabulary.terms(s.text));
  const idf = inverseFrequencies(terms, vocabulary.stems.length);
  const ranked: Ranked[] = sentences.map((s, i) => ({
    ...s,
    terms: terms[i],
    vector: vectorOf(terms[i], idf),
    words: countWords(s.text),
    score: 0,
    relative: 0,
  }));

  const cues = sentences.map((s) => cueStrength(s.text));
  const starts = segmentTopics(terms, idf, defaultSegmentation(ranked.length), cues);
  let topics: Topic[] = starts.map((from, i) => {
    const to = i + 1 < starts.length ? starts[i + 1] : ranked.length;
    return { from, to, sentences: ranked.slice(from, to), name: "", terms: [] };
  });

  for (const topic of topics) {
    const scores = textRank(topic.sentences.map((s) => s.vector));
    topic.sentences.forEach((s, i) => {
      s.score = scores[i];
      // Centrality relative to the topic's average, so scores compare across topics of any size.
      s.relative = scores[i] * topic.sentences.length * quality(s);
    });
  }

  nameTopics(topics, vocabulary);
  topics = mergeSameNamed(topics, vocabulary);

  const keyPointsByTopic = topics.map((t) => pickKeyPoints(t));
  return {
    title: makeTitle(ranked, topics, vocabulary),
    summary: makeSummary(topics, keyPointsByTopic, ranked.length),
    topics: topics.map((topic, i) => {
      const keyPoints = keyPointsByTopic[i].map((s) => keyPoint(s, topic));
      return {
        name: topic.name,
        keyPoints,
        estimatedTimestamps: keyPoints.map((k) => k.estimatedTimestamp),
      };
    }),
    decisions: [],
    actionItems: [],
  };
}

/**
 * How fit a sentence is to be quoted on its own: very short replies ("Sì, d'accordo.") and
 * run-on stretches read badly, questions are less informative than statements.
 */
function quality(s: Ranked): number {
  let q = 1;
  if (s.terms.length === 0) return 0.01;
  if (s.words < 5) q *= 0.25;
  else if (s.words < 8) q *= 0.6;
  else if (s.words > 45) q *= 0.7;
  if (/\?\s*$/.test(s.text)) q *= 0.6;
  return q;
}

// Word endings of verb forms: verbs make poor topic names ("Lavorare e decidere").
const VERB_ENDING = /(?:are|ere|ire|ando|endo|iamo|iate|avano|evano|ivano|ebbe|ebbero|eremo|eranno|eremmo)$/;

/** Each topic is named after the terms it uses most that the other topics use least. */
function nameTopics(topics: Topic[], vocabulary: Vocabulary) {
  const perTopic = topics.map((t) => {
    const counts = new Map<number, number>();
    const spread = new Map<number, number>();
    for (const s of t.sentences) {
      for (const id of s.terms) counts.set(id, (counts.get(id) ?? 0) + 1);
      for (const id of new Set(s.terms)) spread.set(id, (spread.get(id) ?? 0) + 1);
    }
    return { counts, spread };
  });
  const topicFrequency = new Map<number, number>();
  for (const { counts } of perTopic) for (const id of counts.keys()) topicFrequency.set(id, (topicFrequency.get(id) ?? 0) + 1);

  topics.forEach((topic, i) => {
    const { counts, spread } = perTopic[i];
    // A term said once is an accident; in a topic of several sentences ask for two sentences.
    const minSpread = topic.sentences.length >= 5 ? 2 : 1;
    const scored = [...counts]
      .filter(([id]) => (spread.get(id) ?? 0) >= minSpread)
      .map(([id, count]) => {
        const word = vocabulary.display(id);
        let score = count * Math.log(1 + topics.length / topicFrequency.get(id)!);
        if (VERB_ENDING.test(word.toLowerCase()) && word.length >= 6) score *= 0.5;
        // Longer words are more often the nouns that carry the subject.
        score *= Math.min(1.3, 0.7 + word.length / 15);
        return { id, word, score };
      })
      .sort((a, b) => b.score - a.score || a.id - b.id);
    const chosen = scored.slice(0, 1);
    for (const candidate of scored.slice(1)) {
      if (chosen.length >= 3) break;
      const need = chosen.length === 1 ? 0.3 : 0.7;
      if (candidate.score < need * chosen[0].score) break;
      chosen.push(candidate);
    }
    topic.terms = chosen.map((c) => c.id);
    topic.name = chosen.length ? capitalise(joinItalian(phrases(chosen, vocabulary))) : "Discussione";
  });
}

/**
 * Terms that are mostly said together become one phrase, in their spoken order: "smart" and
 * "working" give "smart working", not "working e smart".
 */
function phrases(chosen: { id: number; word: string }[], vocabulary: Vocabulary): string[] {
  const out: string[] = [];
  const used = new Set<number>();
  for (const a of chosen) {
    if (used.has(a.id)) continue;
    let phrase = a.word;
    for (const b of chosen) {
      if (b.id === a.id || used.has(b.id)) continue;
      const together = (x: number, y: number) => {
        const n = vocabulary.pairCount(x, y);
        return n >= 2 && n * 2 >= Math.min(vocabulary.total(x), vocabulary.total(y));
      };
      if (together(a.id, b.id)) phrase = `${phrase} ${b.word}`;
      else if (together(b.id, a.id)) phrase = `${b.word} ${phrase}`;
      else continue;
      used.add(b.id);
      break;
    }
    used.add(a.id);
    out.push(phrase);
  }
  return out;
}

/** "a", "a e b", "a, b e c". */
function joinItalian(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} e ${items[items.length - 1]}`;
}

/** Two neighbouring topics led by the same term were one subject cut in two: join them. */
function mergeSameNamed(topics: Topic[], vocabulary: Vocabulary): Topic[] {
  const out: Topic[] = [];
  let merged = false;
  for (const topic of topics) {
    const last = out[out.length - 1];
    if (last && last.terms.length && last.terms[0] === topic.terms[0]) {
      last.to = topic.to;
      last.sentences = [...last.sentences, ...topic.sentences];
      merged = true;
    } else out.push(topic);
  }
  if (merged) {
    // Scores were relative to the old topic sizes; rank the joined sentences again.
    for (const topic of out) {
      const scores = textRank(topic.sentences.map((s) => s.vector));
      topic.sentences.forEach((s, i) => {
        s.score = scores[i];
        s.relative = scores[i] * topic.sentences.length * quality(s);
      });
    }
    nameTopics(out, vocabulary);
  }
  return out;
}

/** The topic's best sentences, not repeating each other, in the order they were said. */
function pickKeyPoints(topic: Topic): Ranked[] {
  const n = topic.sentences.length;
  const want = n <= 2 ? 1 : Math.max(2, Math.min(5, Math.round(n / 6)));
  const chosen: Ranked[] = [];
  for (const s of [...topic.sentences].sort((a, b) => b.relative - a.relative || a.index - b.index)) {
    if (chosen.length >= want) break;
    if (s.terms.length === 0 && chosen.length > 0) continue;
    if (chosen.some((c) => cosine(c.vector, s.vector) > 0.6 || c.text === s.text)) continue;
    chosen.push(s);
  }
  return chosen.sort((a, b) => a.index - b.index);
}

function keyPoint(s: Ranked, topic: Topic) {
  // The context of the key point: the best other sentences among its neighbours.
  const i = s.index - topic.from;
  const around = topic.sentences
    .slice(Math.max(0, i - 3), i + 4)
    .filter((o) => o !== s && o.terms.length > 0)
    .sort((a, b) => b.relative - a.relative)
    .slice(0, 2)
    .sort((a, b) => a.index - b.index);
  const segmentSummary = around.length ? around.map((o) => finish(tidySentence(o.text, 200))).join(" ") : undefined;
  return {
    point: tidySentence(s.text),
    excerpt: clip(s.text, 400),
    ...(segmentSummary ? { segmentSummary } : {}),
    estimatedTimestamp: formatTimestamp(s.start),
  };
}

/** A sentence as part of a paragraph: it must end with a terminator. */
function finish(sentence: string): string {
  return /[.!?…]["'»”’)]*$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * The best sentence of each topic first (largest topics first), then the best of the rest, read
 * back in the order they were said.
 */
function makeSummary(topics: Topic[], keyPoints: Ranked[][], sentenceCount: number): string {
  const budget = Math.min(sentenceCount, Math.max(1, Math.min(8, Math.round(1 + Math.sqrt(sentenceCount) / 2))));
  const chosen = new Set<Ranked>();
  const bySize = topics.map((t, i) => ({ t, i })).sort((a, b) => b.t.sentences.length - a.t.sentences.length);
  for (const { i } of bySize) {
    if (chosen.size >= budget) break;
    const best = [...keyPoints[i]].sort((a, b) => b.relative - a.relative)[0];
    if (best) chosen.add(best);
  }
  const rest = keyPoints.flat().filter((s) => !chosen.has(s)).sort((a, b) => b.relative - a.relative);
  for (const s of rest) {
    if (chosen.size >= budget) break;
    chosen.add(s);
  }
  return [...chosen]
    .sort((a, b) => a.index - b.index)
    .map((s) => finish(tidySentence(s.text, 220)))
    .join(" ");
}

/**
 * Spec 2.6: the title comes from the first sentence — when that sentence is about the meeting's
 * subject. Openings like "Buongiorno a tutti, iniziamo" are not, and then the dominant terms of
 * the largest topics make the title.
 */
function makeTitle(sentences: Ranked[], topics: Topic[], vocabulary: Vocabulary): string {
  // The terms said most often in the whole meeting.
  const counts = new Map<number, number>();
  for (const s of sentences) for (const id of s.terms) counts.set(id, (counts.get(id) ?? 0) + 1);
  const dominant = new Set([...counts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([id]) => id));
  const first = sentences.find((s) => s.words >= 3) ?? sentences[0];
  const distinct = new Set(first.terms);
  if (distinct.size >= 3 && [...distinct].some((id) => dominant.has(id))) {
    const opening = tidySentence(withoutGreeting(first.text), 400);
    return titleFromSentence(opening);
  }
  const leads: string[] = [];
  for (const t of [...topics].sort((a, b) => b.sentences.length - a.sentences.length)) {
    // One term per topic, the topic's own phrase when its first terms form one.
    const words = phrases(t.terms.map((id) => ({ id, word: vocabulary.display(id) })), vocabulary);
    for (const w of topics.length === 1 ? words : words.slice(0, 1)) if (!leads.includes(w)) leads.push(w);
    if (leads.length >= 3) break;
  }
  if (leads.length === 0) return titleFromSentence(first.text);
  return titleFromSentence(capitalise(joinItalian(leads.slice(0, 3))));
}

/** "Buongiorno a tutti, oggi parliamo di…" -> "oggi parliamo di…": a greeting is not a title. */
function withoutGreeting(sentence: string): string {
  const rest = sentence.replace(/^(?:buongiorno|buonasera|ciao|salve|benvenut[ioae]|bentrovat[ioae])\b[^,.!?;:]*[,.!?;:]\s*/iu, "");
  return rest.split(/\s+/).length >= 4 ? rest : sentence;
}

