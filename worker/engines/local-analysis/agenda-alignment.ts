/**
 * The transcript aligned to an agenda given up front (issue 31, decision 041): every sentence goes
 * to the opening (greetings, roll call, the agenda read out), to one item, or to business outside
 * the agenda after the last item. The alignment is monotonic — a meeting goes through its agenda
 * in order — and found by dynamic programming over the sentences: each sentence scores for the
 * items whose words it says, and moving to an item scores where the meeting announces it
 * («passiamo al secondo punto», «punto tre all'ordine del giorno», the item's name after a marker).
 * A second pass adds each item's vocabulary as found in the first (what was said there besides
 * the item's name), so that items introduced without their name still find their start.
 *
 * An item discussed out of order («torniamo un attimo al tetto» during the third item) stays in
 * the item under way: going back would split the items into pieces, and the minutes keep what was
 * said where it was said.
 */
import { announcedName, readsOutAgenda } from "./agenda";
import { fold } from "./text";
import type { Vocabulary } from "./tfidf";
import type { Ranked } from "./topic-model";

export type AgendaPlan = {
  /** Per sentence: 0 for the opening, 1..n for the agenda's items, `other` for business outside it. */
  item: number[];
  /** The state of business outside the agenda: n + 1, or the agenda's own «Varie ed eventuali» item. */
  other: number;
};

const ORDINALS: Record<string, number> = {
  primo: 1,
  secondo: 2,
  terzo: 3,
  quarto: 4,
  quinto: 5,
  sesto: 6,
  settimo: 7,
  ottavo: 8,
  nono: 9,
  decimo: 10,
  undicesimo: 11,
  dodicesimo: 12,
  uno: 1,
  due: 2,
  tre: 3,
  quattro: 4,
  cinque: 5,
  sei: 6,
  sette: 7,
  otto: 8,
  nove: 9,
  dieci: 10,
  undici: 11,
  dodici: 12,
};
const ORDINAL_WORD = Object.keys(ORDINALS).slice(0, 12).join("|");
const NUMBER_WORD = `${Object.keys(ORDINALS).slice(12).join("|")}|\\d{1,2}`;
const ORDINAL_ITEM = new RegExp(String.raw`\b(${ORDINAL_WORD})\s+(?:punto|argomento|tema)\b`);
const ITEM_NUMBER = new RegExp(String.raw`\bpunto\s+(?:n\.?\s*|numero\s+)?(${NUMBER_WORD})\b`);
const NEXT_ITEM = /\b(?:(?:prossimo|successivo)\s+punto|punto\s+(?:successivo|seguente))\b/;
const LAST_ITEM = /\b(?:ultimo\s+punto|punto\s+finale)\b/;
const OTHER_BUSINESS =
  /\bvarie\s+(?:ed|e)\s+eventuali\b|\bfuori\s+(?:dall'|dal\s+)?(?:ordine\s+del\s+giorno|programma)\b|\bnon\s+(?:e|era)\s+all'ordine\s+del\s+giorno\b/;

/** Which item a sentence announces by number: its number, "next", "last", or undefined. */
function announcedNumber(text: string): number | "next" | "last" | undefined {
  const f = fold(text);
  const m = f.match(ORDINAL_ITEM) ?? f.match(ITEM_NUMBER);
  if (m) return ORDINALS[m[1]] ?? Number(m[1]);
  if (NEXT_ITEM.test(f)) return "next";
  if (LAST_ITEM.test(f)) return "last";
  return undefined;
}

/** Whether an agenda item is the catch-all «Varie ed eventuali». */
function isOtherBusiness(item: string): boolean {
  return /^\W*varie\b/.test(fold(item));
}

// Weights of the score, in units of "one sentence that says the whole name of an item".
const W = {
  /** A sentence saying (all of) an item's name, for that item. */
  name: 2,
  /** Cosine to the item's vocabulary found in the first pass. */
  vocabulary: 3,
  /** Any move to another item without a sign of it. */
  move: 3,
  /** The move happens at an announcement (tier 1) or a weaker introduction (tier 2). */
  announce: 2,
  introduce: 1,
  /** The announcement names this item. */
  named: 4,
  opensWithName: 2,
  /** The announcement gives this item's number (or a wrong one: the same, taken away). */
  numbered: 6,
  /** Each item passed over without a word said in it. */
  skip: 4,
  /** A sentence with content in the opening, or outside the agenda. */
  openingContent: 0.4,
  outside: 0.3,
  /** A greeting or the roll call in the opening. */
  formality: 1,
  readsOut: 3,
};

/**
 * Aligns the sentences to the agenda's items. `idf` weights a name's words: a rare word of the
 * name («videosorveglianza») says more than a common one («proposta»).
 */
export function alignToAgenda(ranked: Ranked[], agenda: string[], vocabulary: Vocabulary, idf: Float64Array): AgendaPlan {
  const n = ranked.length;
  const k = agenda.length;
  const ownOther = agenda.findIndex(isOtherBusiness);
  const other = ownOther >= 0 ? ownOther + 1 : k + 1;
  const states = ownOther >= 0 ? k + 1 : k + 2;
  const last = ownOther >= 0 && ownOther === k - 1 ? k - 1 : k;

  // A word that is in the names of several items tells them apart less.
  const nameTerms = agenda.map((item) => vocabulary.peek(item));
  const shared = new Map<number, number>();
  for (const ids of nameTerms) for (const id of ids) shared.set(id, (shared.get(id) ?? 0) + 1);
  const weightOf = (id: number) => idf[id] / (shared.get(id) ?? 1);
  const nameWeight = nameTerms.map((ids) => ids.reduce((s, id) => s + weightOf(id), 0));

  const readsOut = ranked.map((s) => readsOutAgenda(s.text));
  // How much of item q's name sentence j says (0..1).
  const said: Float64Array[] = ranked.map((s, j) => {
    const row = new Float64Array(states);
    if (readsOut[j]) return row;
    const own = new Set(s.terms);
    for (let q = 1; q <= k; q++) {
      if (!nameWeight[q - 1]) continue;
      let w = 0;
      for (const id of nameTerms[q - 1]) if (own.has(id)) w += weightOf(id);
      row[q] = w / nameWeight[q - 1];
    }
    return row;
  });
  const numbers = ranked.map((s) => (s.tier ? announcedNumber(s.text) : undefined));
  // The words after an announcement's marker name the item it opens.
  const announcedSaid = ranked.map((s, j) => {
    if (!s.tier) return said[j];
    const name = announcedName(s.text);
    const ids = new Set(name ? vocabulary.peek(name) : []);
    const row = new Float64Array(states);
    for (let q = 1; q <= k; q++) {
      if (!nameWeight[q - 1]) continue;
      let w = 0;
      for (const id of nameTerms[q - 1]) if (ids.has(id)) w += weightOf(id);
      row[q] = Math.max(said[j][q], w / nameWeight[q - 1]);
    }
    return row;
  });
  const announcedTerms = ranked.map((s) => (s.tier === 1 ? vocabulary.peek(announcedName(s.text) ?? "").length : 0));
  const content = ranked.map((s) => !s.formality && s.terms.length >= 3);

  const outsideSaid = ranked.map((s) => OTHER_BUSINESS.test(fold(s.text)));
  // Items among states 1..x (not the one for business outside the agenda): items passed over
  // between states p < q are count[q - 1] - count[p].
  const count = new Int32Array(states);
  for (let x = 1; x < states; x++) count[x] = count[x - 1] + (x !== other && x <= k ? 1 : 0);

  const run = (vocabularyScore?: (j: number, q: number) => number) => {
    const emit = (j: number, q: number): number => {
      const s = ranked[j];
      if (q === 0) return readsOut[j] ? W.readsOut : s.formality ? W.formality : content[j] ? -W.openingContent : 0;
      let e = W.name * said[j][q] + (vocabularyScore ? W.vocabulary * vocabularyScore(j, q) : 0);
      if (q === other && ownOther < 0) e -= content[j] ? W.outside : 0;
      if (q === other && outsideSaid[j]) e += W.name;
      return e;
    };
    /** Entering state q at sentence j, before the cost of the items passed over. */
    const enter = (j: number, q: number): number => {
      const s = ranked[j];
      let t = -W.move;
      if (s.tier === 1) t += W.announce;
      else if (s.tier === 2) t += W.introduce;
      if (s.tier) t += W.named * announcedSaid[j][q];
      // Unannounced, an item still opens where its name is said («Allora, la cucina, che problemi…»).
      else t += W.opensWithName * said[j][q];
      const number = numbers[j];
      if (typeof number === "number") t += number === q ? W.numbered : q !== other ? -W.numbered : 0;
      else if (number === "last" && q === last) t += W.numbered;
      if (outsideSaid[j]) t += q === other ? W.numbered : -W.numbered;
      // An announcement that names something, not this item, opens another one.
      else if (s.tier === 1 && q !== other && announcedTerms[j] > 0 && announcedSaid[j][q] === 0) t -= W.named / 2;
      return t;
    };

    // score[q]: best score of sentences 0..j with sentence j in state q; from[j][q]: state of j - 1.
    // The best earlier state p is kept as a running maximum of score[p] + skip · count[p], so each
    // sentence costs O(states), not O(states²).
    let score = new Float64Array(states).fill(-Infinity);
    const from: Int16Array[] = [];
    for (let j = 0; j < n; j++) {
      const next = new Float64Array(states).fill(-Infinity);
      const back = new Int16Array(states);
      let bestBefore = -Infinity;
      let argBefore = 0;
      for (let q = 0; q < states; q++) {
        let best = j === 0 ? (q === 0 ? 0 : -Infinity) : score[q];
        let arg = q;
        if (q > 0) {
          const base = enter(j, q);
          const start = j === 0 ? -W.skip * count[q - 1] + base : -Infinity;
          if (start > best) best = start;
          const moved = bestBefore - W.skip * count[q - 1] + base;
          if (moved > best) {
            best = moved;
            arg = argBefore;
          }
          // «Il punto successivo»: the item after the one under way.
          const following = numbers[j] === "next" && j > 0 ? score[q - 1] + base + W.numbered / 2 : -Infinity;
          if (following > best) {
            best = following;
            arg = q - 1;
          }
        }
        next[q] = best + emit(j, q);
        back[q] = arg;
        if (j > 0 && score[q] + W.skip * count[q] > bestBefore) {
          bestBefore = score[q] + W.skip * count[q];
          argBefore = q;
        }
      }
      from.push(back);
      score = next;
    }
    // Items never reached cost as much as items passed over.
    let end = 0;
    let bestEnd = -Infinity;
    for (let q = 0; q < states; q++) {
      const v = score[q] - W.skip * (count[states - 1] - count[q]);
      if (v > bestEnd) {
        bestEnd = v;
        end = q;
      }
    }
    const item = new Array<number>(n);
    for (let j = n - 1, q = end; j >= 0; j--) {
      item[j] = q;
      q = from[j][q];
    }
    return item;
  };

  const first = run();
  // Each item's vocabulary as the first pass found it: the sum of its sentences' vectors.
  const centroids = Array.from({ length: states }, () => new Map<number, number>());
  first.forEach((q, j) => {
    if (q === 0 || !content[j]) return;
    const v = ranked[j].vector;
    for (let x = 0; x < v.ids.length; x++) centroids[q].set(v.ids[x], (centroids[q].get(v.ids[x]) ?? 0) + v.weights[x] / (v.norm || 1));
  });
  const norms = centroids.map((c) => Math.sqrt([...c.values()].reduce((s, w) => s + w * w, 0)));
  // Leave one out: a sentence's own words in its first-pass item would hold it there.
  const cos = (j: number, q: number) => {
    const v = ranked[j].vector;
    if (!norms[q] || !v.norm) return 0;
    const own = first[j] === q && content[j];
    let dot = 0;
    for (let x = 0; x < v.ids.length; x++) dot += v.weights[x] * (centroids[q].get(v.ids[x]) ?? 0);
    if (!own) return dot / (v.norm * norms[q]);
    // centroid' = centroid - v / |v|: dot(v, centroid') = dot - |v|, |centroid'|² = |c|² - 2 dot / |v| + 1.
    const rest = Math.sqrt(Math.max(0, norms[q] ** 2 - (2 * dot) / v.norm + 1));
    return rest > 1e-9 ? (dot - v.norm) / (v.norm * rest) : 0;
  };
  const item = run((j, q) => (q === 0 || !content[j] ? 0 : cos(j, q)));
  return { item, other };
}
