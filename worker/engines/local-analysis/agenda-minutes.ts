/**
 * Minutes that follow an agenda given up front (issue 31): one topic per item, in order, named as
 * given, with its key points, decisions (and their votes) and actions; what was said after the
 * last item outside the agenda under «Varie ed eventuali»; greetings and roll call nowhere.
 */
import { OTHER_BUSINESS } from "~/lib/meeting";
import { type AnalysisResult } from "~/lib/analysis";
import { findActionsAndReplies } from "./actions";
import { alignToAgenda } from "./agenda-alignment";
import { findDecisions } from "./decisions";
import type { Sentence } from "./sentences";
import { textRank } from "./textrank";
import type { Vocabulary } from "./tfidf";
import { quality, type Ranked, type Topic } from "./topic-model";
import { nameTopics } from "./topic-names";
import { votesNear } from "./votes";
import { keyPoint, makeSummary, makeTitle, pickKeyPoints, summaryScore, VOTE_CALL } from "./write-up";

export function minutesForAgenda(
  sentences: Sentence[],
  ranked: Ranked[],
  agenda: string[],
  vocabulary: Vocabulary,
  idf: Float64Array,
): AnalysisResult {
  const plan = alignToAgenda(ranked, agenda, vocabulary, idf);
  const k = agenda.length;
  const outside = plan.other > k;
  // What the opening held (greetings, roll call, the agenda read out) is never a key point.
  plan.item.forEach((q, j) => {
    if (q === 0) ranked[j].formality = true;
  });

  const { actions, replies } = findActionsAndReplies(sentences);
  const assigned = new Set(actions.filter((a) => a.owner && a.due).map((a) => a.index));
  const decisions = findDecisions(sentences, replies, assigned);
  const decided = new Set(decisions.map((d) => d.index));
  // A decision or action said in the opening or after the agenda is outside it.
  const itemOf = (index: number): number | null => {
    const q = plan.item[index];
    return q >= 1 && q <= k ? q : null;
  };
  const needsOther = outside && [...decisions, ...actions].some((x) => itemOf(x.index) === null);

  const topicFor = (q: number, name: string): Topic => {
    const members = ranked.filter((_, j) => plan.item[j] === q);
    const from = members[0]?.index ?? 0;
    return { from, to: from + members.length, sentences: members, name, terms: [], announced: name };
  };
  const topics = agenda.map((name, i) => topicFor(i + 1, name));
  if (outside) {
    const rest = topicFor(plan.other, OTHER_BUSINESS);
    if (needsOther || rest.sentences.some((s) => !s.formality && s.terms.length >= 3)) topics.push(rest);
  }
  for (const topic of topics) {
    const scores = textRank(topic.sentences.map((s) => s.vector));
    topic.sentences.forEach((s, i) => {
      s.score = scores[i];
      s.relative = scores[i] * topic.sentences.length * quality(s);
    });
  }
  const said = topics.filter((t) => t.sentences.length > 0);
  // The names are given; the terms each item was discussed with still serve the title and summary.
  nameTopics(said, vocabulary);
  topics.forEach((t, i) => (t.name = i < k ? agenda[i] : OTHER_BUSINESS));

  const keyPointsByTopic = topics.map((t) => pickKeyPoints(t).filter((s) => !s.formality));
  const summaryTopics = said.filter((t) => t.sentences.some((s) => !s.formality && s.terms.length > 0));
  const tiers = ranked.map((s) => s.tier);
  return {
    title: makeTitle(ranked, summaryTopics.length ? summaryTopics : said, vocabulary, idf),
    summary: summaryTopics.length
      ? makeSummary(
          summaryTopics,
          summaryTopics.map((t) => keyPointsByTopic[topics.indexOf(t)]),
          vocabulary,
          (s) => summaryScore(s, tiers[s.index] > 0 || VOTE_CALL.test(s.text), decided.has(s.index)),
        )
      : "",
    topics: topics.map((topic, i) => {
      const keyPoints = keyPointsByTopic[i].map((s) => keyPoint(s, topic));
      return {
        name: topic.name,
        keyPoints,
        estimatedTimestamps: keyPoints.map((p) => p.estimatedTimestamp),
        agendaItem: i < k ? i + 1 : null,
      };
    }),
    decisions: decisions.map(({ text, timestamp, index }, i) => ({
      text,
      timestamp,
      agendaItem: outside ? itemOf(index) : (itemOf(index) ?? plan.other),
      votes: votesNear(sentences, index, decisions[i - 1]?.index ?? -1, decisions[i + 1]?.index ?? Infinity),
    })),
    actionItems: actions.map(({ task, owner, due, timestamp, index }) => ({
      task,
      owner,
      due,
      timestamp,
      agendaItem: outside ? itemOf(index) : (itemOf(index) ?? plan.other),
    })),
  };
}
