/**
 * Topics from the agenda: where a meeting announces its items (decision 011), each announcement
 * opens a topic, weaker introductions only when they name something new, and an item much longer
 * than the others is cut where its vocabulary changes most.
 */
import { announcedName } from "./agenda";
import { cohesion, cueStrength, depthScores } from "./segmentation";
import type { Vocabulary } from "./tfidf";
import type { Ranked } from "./topic-model";

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
