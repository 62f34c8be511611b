/**
 * Topics from the agenda: where a meeting announces its items (decision 011), each announcement
 * opens a topic, weaker introductions only when they name something new, and an item much longer
 * than the others is cut where its vocabulary changes most.
 */
import { announcedName, isBareHeading, isBareOrdinal, readsOutAgenda } from "./agenda";
import { cohesion, cueStrength, depthScores } from "./segmentation";
import type { Vocabulary } from "./tfidf";
import type { Ranked } from "./topic-model";

// "Secondo punto", "punto tre": items numbered as the meeting goes through them.
const NUMBERED_ITEM = /\b(?:(?:primo|secondo|terzo|quarto|quinto|sesto|ultimo)\s+punto|punto\s+(?:uno|due|tre|quattro|cinque|sei|\d))\b/iu;

// At most this many agenda items are kept as topics (a three-hour council has about twenty).
export const MAX_AGENDA_TOPICS = 24;

/**
 * Topics from the agenda markers when the meeting announces its items (at least two announced in
 * so many words), else undefined and lexical segmentation decides.
 */
export function agendaStarts(
  tiers: number[],
  terms: number[][],
  idf: Float64Array,
  ranked: Ranked[],
  vocabulary: Vocabulary,
): { starts: number[]; opening: number } | undefined {
  const n = tiers.length;
  // Two announcements, or one and two weaker introductions ("Comincerei dagli orari… Vi volevo
  // poi aggiornare sul menù… Resta la questione delle rette"): the meeting follows an agenda.
  const announced = tiers.filter((t) => t === 1).length;
  const introduced = tiers.filter((t) => t === 2).length;
  if (announced < 2 && !(announced === 1 && introduced >= 2)) return undefined;
  let marks: { at: number; tier: number }[] = [];
  tiers.forEach((tier, at) => {
    if (tier) marks.push({ at, tier });
  });
  // "Ultima parte, le azioni per non rifarlo. Primo, le migrazioni. … Secondo, gli allarmi.": ordinals
  // counted right after a later item is announced by name are its sub-points, not items.
  let parent = -1;
  const withSubPoints = new Set<number>();
  marks = marks.filter((m, k) => {
    const before = marks[k - 1];
    if (!isBareOrdinal(ranked[m.at].text)) {
      if (m.tier === 1) parent = -1;
      return true;
    }
    if (before && k >= 2 && before.tier === 1 && m.at - before.at <= 2 && /^\W*(?:\p{L}+\W+){0,2}primo\b/iu.test(ranked[m.at].text)) {
      if (!isBareOrdinal(ranked[before.at].text) && announcedName(ranked[before.at].text)) parent = before.at;
      if (parent >= 0) withSubPoints.add(parent);
    }
    return parent < 0;
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
  // A meeting that numbers its items ("Primo punto…", "Secondo punto…") has said what they are: a
  // question there ("E la pesca di beneficenza?") asks about the item under way.
  const numbered = ranked.filter((s) => s.tier === 1 && NUMBERED_ITEM.test(s.text)).length >= 2;
  // …or that read out its agenda before the first item: it has said which items there are.
  const listed = ranked.slice(0, marks[0]?.at ?? 0).some((s) => readsOutAgenda(s.text));
  const seen = new Set<number>();
  let read = 0;
  let itemStart = 0;
  marks = marks.filter((m) => {
    for (; read < m.at; read++) for (const id of ranked[read].terms) seen.add(id);
    if (m.tier === 2) {
      if (numbered && /\?\s*$/.test(ranked[m.at].text)) return false;
      // A heading said alone ("Domenica.") after a question is its answer; otherwise the statement
      // after it says what the new subject brings up.
      const heading = isBareHeading(ranked[m.at].text);
      if (heading && /\?\s*$/.test(ranked[m.at - 1]?.text ?? "")) return false;
      const headed = heading ? ` ${ranked[m.at + 1]?.text ?? ""}` : "";
      const named = vocabulary.peek((announcedName(ranked[m.at].text) ?? "") + headed);
      const fresh = named.filter((id) => !seen.has(id)).length;
      if (named.length === 0 || fresh * 2 < named.length) return false;
      // …and where the vocabulary changes at least a little; or, in a short informal meeting where
      // neighbouring stretches share few words anyway, where a statement (not a question, not "c'è
      // anche…") brings up nouns not said since the item began, after an item of some length.
      const statesNew =
        !/\?\s*$/.test(ranked[m.at].text) &&
        !/^\W*(?:\p{L}+\W+){0,3}anche\b/iu.test(ranked[m.at].text) &&
        (fresh === named.length || (named.length >= 2 && !seen.has(named[0])));
      if (near(m.at) < 0.05 && !(statesNew && m.at - itemStart >= 5)) return false;
    }
    seen.clear();
    itemStart = m.at;
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
  // …unless the meeting read out its agenda: it has said which items there are, and a long item is
  // one item with several sub-points (the proposal, the discussion, the vote).
  if (!listed) starts = splitLongItems([0, ...starts], tiers, depth, ranked, withSubPoints).slice(1);
  const first = starts[0];
  // Substantial: as many sentences with content as half an ordinary item has (a short informal
  // meeting's first subject, said before anyone announces the next), and never fewer than five.
  const said = (from: number, to: number) => ranked.slice(from, to).filter((s) => !s.formality && s.terms.length >= 3).length;
  const items = starts.map((at, k) => said(at, starts[k + 1] ?? n)).sort((a, b) => a - b);
  const typicalItem = items.length ? items[Math.floor(items.length / 2)] : Infinity;
  const substantial = (first ?? 0) > 0 && said(0, first) >= Math.max(5, Math.min(n / 10, typicalItem / 2));
  if (first !== undefined && first > 0 && !substantial) return { starts: [0, ...starts.slice(1)], opening: first };
  return { starts: [0, ...starts], opening: 0 };
}

/**
 * Items the meeting did not announce ("Poi i compiti a casa.") hide inside the announced ones:
 * an item much longer than the others is cut where its vocabulary changes most, when that change
 * is as deep as the changes at announced items.
 */
function splitLongItems(starts: number[], tiers: number[], depth: number[], ranked: Ranked[], whole: Set<number>): number[] {
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
    // An item whose sub-points were counted aloud is long because of them.
    if (whole.has(from) || to - from < Math.max(2 * minLength, Math.round(typical * 1.5))) continue;
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
