/**
 * Assembles the analysis from the pieces: sentences -> terms -> topics (agenda markers, else TextTiling) -> sentence
 * ranks (TextRank within each topic) -> topic names, key points, summary and title.
 */
import { type AnalysisResult, type TimedSegment } from "~/lib/analysis";
import { findActionsAndReplies } from "./actions";
import { firstPersonCommitment, FIRST_PERSON } from "./action-cues";
import { announcedName, markerTier } from "./agenda";
import { minutesForAgenda } from "./agenda-minutes";
import { agendaStarts } from "./agenda-topics";
import { findDecisions } from "./decisions";
import { readTranscript } from "./reading";
import { cueStrength, defaultSegmentation, segmentTopics } from "./segmentation";
import { splitSegments, type Sentence } from "./sentences";
import { textRank } from "./textrank";
import { countWords } from "./text";
import { inverseFrequencies, vectorOf, Vocabulary } from "./tfidf";
import { isFormality, quality, type Ranked, type Topic } from "./topic-model";
import { mergeSameNamed, nameTopics, withLeadTerm } from "./topic-names";
import { keyPoint, makeSummary, makeTitle, pickKeyPoints, summaryScore, VOTE_CALL } from "./write-up";

export function analyzeLocally(input: TimedSegment[], given?: string[]): AnalysisResult {
  const { sentences, segments } = splitSegments(readTranscript(Array.isArray(input) ? input : []));
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
  // An agenda given up front (issue 31): the minutes follow it instead of the markers found.
  if (given?.length) return minutesForAgenda(sentences, ranked, given, vocabulary, idf);

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
    // Without an agenda, a topic that opens with an announcement ("Poi il questionario.") is named by it.
    const opener = agenda ? (tiers[at] ? at : -1) : ([from, from + 1].find((k) => k < to && tiers[k] === 1) ?? -1);
    const announced = opener >= 0 ? announcedName(sentences[opener].text) : undefined;
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
  const { actions, replies } = findActionsAndReplies(sentences);
  // A sentence giving a named person a task with a deadline is an action item, not also an informal decision.
  const assigned = new Set(actions.filter((a) => a.owner && a.due).map((a) => a.index));
  const decisions = findDecisions(sentences, replies, assigned);
  const decided = new Set(decisions.map((d) => d.index));
  return {
    title: makeTitle(ranked, topics, vocabulary, idf),
    summary: makeSummary(topics, keyPointsByTopic, vocabulary, (s) =>
      summaryScore(s, tiers[s.index] > 0 || VOTE_CALL.test(s.text), decided.has(s.index)),
    ),
    topics: topics.map((topic, i) => {
      const keyPoints = keyPointsByTopic[i].map((s) => keyPoint(s, topic));
      return {
        name: topic.name,
        keyPoints,
        estimatedTimestamps: keyPoints.map((k) => k.estimatedTimestamp),
      };
    }),
    decisions: decisions.map(({ text, timestamp }) => ({ text, timestamp })),
    actionItems: actions.map(({ task, owner, due, timestamp, index }) => ({
      task,
      owner: owner ?? committedSpeaker(sentences[index], segments),
      due,
      timestamp,
    })),
  };
}

/** Issue 33: a task taken on in the first person («me ne occupo io») is the speaker's, when the segment says who spoke. */
function committedSpeaker(sentence: Sentence | undefined, segments: TimedSegment[]): string | null {
  const speaker = sentence ? segments[sentence.segmentIndex]?.speaker : null;
  return speaker && (FIRST_PERSON.test(sentence!.text) || firstPersonCommitment(sentence!.text)) ? speaker : null;
}
