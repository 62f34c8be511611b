/**
 * Assembles the analysis from the pieces: sentences -> terms -> topics (TextTiling) -> sentence
 * ranks (TextRank within each topic) -> topic names, key points, summary and title.
 */
import { formatTimestamp, titleFromSentence, type AnalysisResult, type TimedSegment } from "~/lib/analysis";
import { findActions } from "./actions";
import { announcedName, contentWord, markerTier, meetingKind } from "./agenda";
import { findDecisions } from "./decisions";
import { cohesion, cueStrength, defaultSegmentation, depthScores, segmentTopics } from "./segmentation";
import { splitSegments, type Sentence } from "./sentences";
import { textRank } from "./textrank";
import { capitalise, clip, countWords, fold, shortStatement, tidySentence } from "./text";
import { cosine, inverseFrequencies, vectorOf, Vocabulary, type SparseVector } from "./tfidf";

type Ranked = Sentence & {
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

type Topic = {
  from: number;
  to: number;
  sentences: Ranked[];
  name: string;
  terms: number[];
  /** The name the meeting itself gave the item ("Secondo punto, la videosorveglianza"). */
  announced?: string;
};

// At most this many agenda items are kept as topics (a three-hour council has about twenty).
const MAX_AGENDA_TOPICS = 24;

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
    formality: isFormality(s.text),
    tier: markerTier(s.text),
  }));

  const tiers = ranked.map((s) => s.tier);
  const agendaSplit = agendaStarts(tiers, terms, idf, ranked, vocabulary);
  const agenda = agendaSplit?.starts;
  let starts: number[];
  if (agenda) starts = agenda;
  else {
    const cues = sentences.map((s, i) => Math.max(cueStrength(s.text), tiers[i] === 1 ? 0.2 : tiers[i] === 2 ? 0.12 : 0));
    starts = segmentTopics(terms, idf, defaultSegmentation(ranked.length), cues);
  }
  let topics: Topic[] = starts.map((from, i) => {
    const to = i + 1 < starts.length ? starts[i + 1] : ranked.length;
    const at = i === 0 && agendaSplit ? agendaSplit.opening : from;
    const announced = agenda && tiers[at] ? announcedName(sentences[at].text) : undefined;
    return { from, to, sentences: ranked.slice(from, to), name: "", terms: [], announced };
  });
  // Before the first announced item: greetings, roll call, the agenda read out. Part of the first
  // topic's time, never its key points.
  if (agendaSplit) for (const s of ranked.slice(0, agendaSplit.opening)) s.formality = true;

  for (const topic of topics) {
    const scores = textRank(topic.sentences.map((s) => s.vector));
    topic.sentences.forEach((s, i) => {
      s.score = scores[i];
      // Centrality relative to the topic's average, so scores compare across topics of any size.
      s.relative = scores[i] * topic.sentences.length * quality(s);
    });
  }

  nameTopics(topics, vocabulary);
  if (!agenda) topics = mergeSameNamed(topics, vocabulary);
  for (const topic of topics) if (topic.announced) topic.name = withLeadTerm(topic, vocabulary);

  const keyPointsByTopic = topics.map((t) => pickKeyPoints(t));
  const decisions = findDecisions(sentences);
  const decided = new Set(decisions.map((d) => d.index));
  return {
    title: makeTitle(ranked, topics, vocabulary, idf),
    summary: makeSummary(topics, keyPointsByTopic, vocabulary, (s) => summaryScore(s, tiers[s.index] > 0 || VOTE_CALL.test(s.text), decided.has(s.index))),
    topics: topics.map((topic, i) => {
      const keyPoints = keyPointsByTopic[i].map((s) => keyPoint(s, topic));
      return {
        name: topic.name,
        keyPoints,
        estimatedTimestamps: keyPoints.map((k) => k.estimatedTimestamp),
      };
    }),
    decisions: decisions.map(({ text, timestamp }) => ({ text, timestamp })),
    actionItems: findActions(sentences).map(({ task, owner, due, timestamp }) => ({ task, owner, due, timestamp })),
  };
}

// Greetings, the roll call, the formal opening and closing of a session, thanks.
const FORMALITY =
  /^(?:buongiorno|buonasera|buon pomeriggio|ciao|salve|benvenut|grazie a tutti|grazie ancora|ringrazio)|\b(?:dichiaro aperta|si apre la seduta|apriamo la seduta|numero legale|procedere all'appello|regolarmente costituita|validamente costituita|la seduta è (?:valida|tolta|chiusa)|seduta è tolta|si chiude alle|l'assemblea si chiude|non essendoci altro|null'altro essendovi|esauriti i punti|ci vediamo|ci sentiamo|mi sentite|buon lavoro)\b/iu;

function isFormality(text: string): boolean {
  return FORMALITY.test(text.trim());
}

/**
 * Topics from the agenda markers when the meeting announces its items (at least two announced in
 * so many words), else undefined and lexical segmentation decides.
 */
function agendaStarts(tiers: number[], terms: number[][], idf: Float64Array, ranked: Ranked[], vocabulary: Vocabulary): { starts: number[]; opening: number } | undefined {
  const n = tiers.length;
  if (tiers.filter((t) => t === 1).length < 2) return undefined;
  let marks: { at: number; tier: number }[] = [];
  tiers.forEach((tier, at) => {
    if (tier) marks.push({ at, tier });
  });
  // "Iniziamo. Il primo punto riguarda…": of two announcements a sentence or two apart, the later
  // one names the item. A weaker introduction right after an announcement is inside the item.
  let previousAnnouncement = -Infinity;
  marks = marks.filter((m, k) => {
    const next = marks[k + 1];
    const keep = !(next && next.tier === 1 && next.at - m.at <= 2) && !(m.tier === 2 && m.at - previousAnnouncement < 3);
    if (m.tier === 1) previousAnnouncement = m.at;
    return keep;
  });
  // In a meeting that announces its items, a weaker introduction ("Poi c'è…", "Sulla sede, …")
  // opens an item only when it names something new; "Sulla variazione di bilancio, …" inside the
  // item on the budget is more of the same item.
  const depth = depthScores(cohesion(terms, idf));
  const near = (at: number) => Math.max(depth[at - 1] ?? 0, depth[at - 2] ?? 0, depth[at] ?? 0);
  // Terms said since the current item began, kept as the marks are read in order.
  const seen = new Set<number>();
  let read = 0;
  marks = marks.filter((m) => {
    for (; read < m.at; read++) for (const id of ranked[read].terms) seen.add(id);
    if (m.tier === 2) {
      // …and where the vocabulary changes at least a little.
      if (near(m.at) < 0.05) return false;
      const named = vocabulary.peek(announcedName(ranked[m.at].text) ?? "");
      const fresh = named.filter((id) => !seen.has(id)).length;
      if (named.length === 0 || fresh * 2 < named.length) return false;
    }
    seen.clear();
    return true;
  });
  let starts = marks.map((m) => m.at).filter((at) => at > 0);
  if (starts.length + 1 > MAX_AGENDA_TOPICS) {
    // Too many to be one meeting's agenda: keep the announcements where the vocabulary changes most.
    starts = [...starts]
      .sort((a, b) => depth[b - 1] + (tiers[b] === 1 ? 0.2 : 0) - (depth[a - 1] + (tiers[a] === 1 ? 0.2 : 0)) || a - b)
      .slice(0, MAX_AGENDA_TOPICS - 1)
      .sort((a, b) => a - b);
  }
  // A long opening before the first item (communications, a discussion) is a topic of its own;
  // a short one (greetings, roll call, the agenda read out) belongs to the first item.
  starts = splitLongItems([0, ...starts], tiers, depth, ranked).slice(1);
  const first = starts[0];
  const substantial = (first ?? 0) > 0 && ranked.slice(0, first).filter((s) => !s.formality && s.terms.length >= 3).length >= Math.max(5, n / 10);
  if (first !== undefined && first > 0 && !substantial) return { starts: [0, ...starts.slice(1)], opening: first };
  return { starts: [0, ...starts], opening: 0 };
}

/**
 * Items the meeting did not announce ("Poi i compiti a casa.") hide inside the announced ones:
 * an item much longer than the others is cut where its vocabulary changes most, when that change
 * is as deep as the changes at announced items.
 */
function splitLongItems(starts: number[], tiers: number[], depth: number[], ranked: Ranked[]): number[] {
  const n = ranked.length;
  const cue = (at: number) => Math.max(tiers[at] === 2 ? 0.12 : 0, cueStrength(ranked[at].text));
  const value = (at: number) => (depth[at - 1] ?? 0) + cue(at);
  // How deep the changes at the announced items are: a cut inside an item must be comparable.
  const announced = starts.slice(1).map((at) => Math.max(depth[at - 1] ?? 0, depth[at - 2] ?? 0, depth[at] ?? 0));
  const reference = announced.length ? announced.reduce((a, b) => a + b, 0) / announced.length : 0;
  const lengths = starts.map((at, i) => (i + 1 < starts.length ? starts[i + 1] : n) - at);
  const typical = [...lengths].sort((a, b) => a - b)[Math.floor(lengths.length / 2)];
  const minLength = Math.max(5, Math.round(typical / 2));
  const out = [...starts];
  for (let i = 0; i < out.length && out.length < MAX_AGENDA_TOPICS; i++) {
    const from = out[i];
    const to = i + 1 < out.length ? out[i + 1] : n;
    if (to - from < Math.max(2 * minLength, Math.round(typical * 1.5))) continue;
    let best = -1;
    for (let at = from + minLength; at <= to - minLength; at++) if (best < 0 || value(at) > value(best)) best = at;
    if (best < 0 || value(best) < Math.max(0.1, reference * SPLIT_DEPTH)) continue;
    out.splice(i + 1, 0, best);
    i--; // the first half may hold another
  }
  return out;
}

// A cut inside an item needs a valley at least this deep, relative to those at announced items.
const SPLIT_DEPTH = 0.8;

/**
 * An announced name with one content word gets the topic's own lead term when it adds something:
 * "Mozione" -> "Mozione: mensa".
 */
function withLeadTerm(topic: Topic, vocabulary: Vocabulary): string {
  const name = topic.announced!;
  const content = name.split(/\s+/).filter(contentWord);
  if (content.length >= 2 || topic.terms.length === 0) return name;
  const lead = vocabulary.display(topic.terms[0]);
  if (fold(name).includes(fold(lead).slice(0, Math.max(4, lead.length - 2)))) return name;
  return `${name}: ${lead}`;
}

/**
 * How fit a sentence is to be quoted on its own: very short replies ("Sì, d'accordo.") and
 * run-on stretches read badly, questions are less informative than statements.
 */
function quality(s: Ranked): number {
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

// Word endings of verb forms: verbs make poor topic names ("Lavorare e decidere").
const VERB_ENDING = /(?:are|ere|ire|ando|endo|iamo|iate|avano|evano|ivano|ebbe|ebbero|eremo|eranno|eremmo)$/;

const OPENING_BOOST = 1.5;

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
    // Speakers name a new subject when they open it: terms of the topic's first statements count more.
    const opening = new Set(topic.sentences.filter((s) => !s.formality && s.terms.length > 0).slice(0, 2).flatMap((s) => s.terms));
    // A term said once is an accident; in a topic of several sentences ask for two sentences.
    const minSpread = topic.sentences.length >= 5 ? 2 : 1;
    const scored = [...counts]
      .filter(([id]) => (spread.get(id) ?? 0) >= minSpread || opening.has(id))
      .map(([id, count]) => {
        const word = vocabulary.display(id);
        let score = count * Math.log(1 + topics.length / topicFrequency.get(id)!);
        if (VERB_ENDING.test(word.toLowerCase()) && word.length >= 6) score *= 0.5;
        if (opening.has(id)) score *= OPENING_BOOST;
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
    if ((s.terms.length === 0 || s.formality) && chosen.length > 0) continue;
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
  return /[.!?…]["'»”’)]*$/.test(sentence) ? sentence : `${sentence}.`;
}

/**
 * One sentence for every topic, in the order they were said: the topic's most central statement
 * among those that name its subject, so that the summary covers the whole meeting rather than its
 * opening. Long meetings keep their largest topics.
 */
function makeSummary(topics: Topic[], keyPoints: Ranked[][], vocabulary: Vocabulary, summaryScore: (s: Ranked) => number): string {
  const budget = Math.max(1, Math.min(12, topics.length));
  const chosen: Ranked[] = [];
  const order = topics.map((t, i) => ({ t, i })).sort((a, b) => size(b.t) - size(a.t) || a.i - b.i);
  for (const { t, i } of order.slice(0, budget)) {
    const candidates = t.sentences.filter((s) => !s.formality && s.terms.length > 0 && !/\?\s*$/.test(s.text));
    // Sentences that use the item's own name, else its lead terms; an announcement only as a last resort.
    const subject = subjectTerms(t, vocabulary);
    const lead = new Set(t.terms.slice(0, 2));
    const plain = candidates.filter((s) => !s.tier && !VOTE_CALL.test(s.text));
    const pools = [
      plain.filter((s) => s.terms.some((id) => subject.has(id))),
      candidates.filter((s) => s.terms.some((id) => subject.has(id))),
      plain.filter((s) => s.terms.some((id) => lead.has(id))),
      candidates,
      keyPoints[i],
    ];
    const pool = pools.find((p) => p.length > 0)!;
    // Central, naming more of the subject, and preferably a statement of moderate length.
    const named = (s: Ranked) => 1 + 0.5 * Math.max(0, new Set(s.terms.filter((id) => subject.has(id))).size - 1);
    const best = [...pool].sort((a, b) => summaryScore(b) * named(b) - summaryScore(a) * named(a) || a.index - b.index)[0];
    if (best) chosen.push(best);
  }
  return chosen
    .sort((a, b) => a.index - b.index)
    .map((s) => finish(tidySentence(s.text, 220)))
    .join(" ");
}

/**
 * Central statements of moderate length; the announcement of an item says less than what was said
 * about it, a decision more.
 */
function summaryScore(s: Ranked, announces: boolean, decides: boolean): number {
  const length = s.words < 6 ? 0.4 : s.words > 35 ? 0.7 : 1;
  return s.relative * length * (announces ? 0.3 : 1) * (decides ? 1.3 : 1);
}

// "Mettiamo ai voti…": procedure, not content.
const VOTE_CALL = /\b(?:ai voti|in votazione|alla votazione|votiamo|si vota)\b/iu;

/** How much was said in a topic, formalities aside. */
function size(topic: Topic): number {
  return topic.sentences.filter((s) => !s.formality).length;
}

/** The terms that name a topic: those of its announced name, else of its computed name. */
function subjectTerms(topic: Topic, vocabulary: Vocabulary): Set<number> {
  if (topic.announced) {
    const ids = vocabulary.peek(topic.announced);
    if (ids.length) return new Set(ids);
  }
  return new Set(topic.terms);
}

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
  return phrases(ranked.map((id) => ({ id, word: vocabulary.display(id) })), vocabulary)[0];
}

/**
 * What the meeting was about: its kind when the opening names it ("Assemblea del condominio",
 * "Consiglio comunale") and the subjects of its largest topics, never a greeting or the opening
 * formula. A short text on one subject keeps its first sentence as title (spec 2.6), when that
 * sentence is about the subject.
 */
function makeTitle(sentences: Ranked[], topics: Topic[], vocabulary: Vocabulary, idf: Float64Array): string {
  const first = sentences.find((s) => s.words >= 3 && !s.formality) ?? sentences[0];
  if (topics.length === 1 && !isFormality(first.text)) {
    const counts = new Map<number, number>();
    for (const s of sentences) for (const id of s.terms) counts.set(id, (counts.get(id) ?? 0) + 1);
    const dominant = new Set([...counts].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([id]) => id));
    const distinct = new Set(first.terms);
    if (sentences.length <= 3 || (distinct.size >= 3 && [...distinct].some((id) => dominant.has(id)))) {
      return titleFromSentence(tidySentence(withoutGreeting(first.text), 400));
    }
  }
  const kind = meetingKind(sentences.slice(0, 8).map((s) => s.text));
  const labels: string[] = [];
  const bySize = topics.map((t, i) => ({ t, i })).sort((a, b) => size(b.t) - size(a.t) || a.i - b.i);
  const picked = bySize.slice(0, 3).sort((a, b) => a.i - b.i);
  for (const { t } of picked) {
    // An announced item by its most telling word; a computed name by its first phrase ("pro loco").
    const l = t.announced ? label(t, vocabulary, idf) : phrases(t.terms.map((id) => ({ id, word: vocabulary.display(id) })), vocabulary)[0];
    if (l && !labels.some((x) => fold(x) === fold(l)) && !(kind && fold(kind).includes(fold(l)))) labels.push(l);
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

