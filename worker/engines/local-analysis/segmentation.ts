/**
 * Topic segmentation by lexical cohesion, after Hearst's TextTiling: at every gap between two
 * sentences compare the vocabulary of the stretch before with the stretch after; where the
 * similarity drops into a deep valley the conversation has changed subject.
 */

export type SegmentationOptions = {
  /** At most this many topics. */
  maxTopics: number;
  /** No topic shorter than this many sentences (except when the text itself is shorter). */
  minSentences: number;
  /** No topic longer than this many sentences: longer ones are cut at their deepest valley. */
  maxSentences: number;
};

/** Default limits for a transcript of n sentences: longer talks get more, longer topics. */
export function defaultSegmentation(n: number): SegmentationOptions {
  const maxTopics = Math.max(1, Math.min(12, Math.round(Math.sqrt(n))));
  return {
    maxTopics,
    minSentences: Math.max(3, Math.floor(n / (maxTopics * 2.5))),
    maxSentences: Math.max(400, Math.ceil((2 * n) / maxTopics)),
  };
}

/**
 * Start indices of the topics (the first is always 0), for sentences given as content-term lists.
 * `idf` weights the terms so that words used throughout the meeting do not hide a change.
 */
export function segmentTopics(
  terms: number[][],
  idf: Float64Array,
  options: SegmentationOptions,
  /** Per sentence, how strongly its wording announces a new subject (see cueStrength). */
  cues: number[] = [],
): number[] {
  const n = terms.length;
  if (n < 2 * options.minSentences || options.maxTopics <= 1) return n ? [0] : [];

  const depth = depthScores(cohesion(terms, idf));
  // depth[g] belongs to the gap before sentence g + 1. A valley found a sentence or two away from
  // a cue phrase ("Ultimo punto, il riscaldamento.") moves to the cue: the announcement is short
  // and shares few words with what follows, so the vocabulary changes just after it.
  const cue = (at: number) => cues[at] ?? 0;
  const strength = depth.map((value, g) => value + cue(g + 1));
  for (let g = 0; g < depth.length; g++) {
    if (depth[g] <= 0) continue;
    let best = g + 1;
    for (let at = Math.max(1, g - 1); at <= Math.min(n - 1, g + 3); at++) if (cue(at) > cue(best)) best = at;
    if (best !== g + 1) {
      strength[best - 1] = Math.max(strength[best - 1], depth[g] + cue(best));
      strength[g] = 0;
    }
  }
  const valleys = strength.map((value, g) => ({ at: g + 1, value })).filter((v) => v.value > 0);
  const mean = valleys.reduce((s, v) => s + v.value, 0) / Math.max(1, valleys.length);
  const sd = Math.sqrt(valleys.reduce((s, v) => s + (v.value - mean) ** 2, 0) / Math.max(1, valleys.length));
  // Hearst's cut-off, with a floor so that a text on one subject is not cut by noise.
  const threshold = Math.max(mean - sd / 2, 0.08);

  const chosen: number[] = [];
  const fits = (at: number) =>
    at >= options.minSentences && n - at >= options.minSentences && chosen.every((c) => Math.abs(c - at) >= options.minSentences);
  for (const v of [...valleys].sort((a, b) => b.value - a.value)) {
    if (chosen.length >= options.maxTopics - 1 || v.value < threshold) break;
    if (fits(v.at)) chosen.push(v.at);
  }
  // A subject announced as such («Ultima cosa, il parcheggio.», «Passiamo al bilancio.») starts a topic
  // even where the words before and after it happen to overlap.
  for (let at = 1; at < n; at++) if (cue(at) >= 0.2 && chosen.length < options.maxTopics - 1 && !chosen.includes(at) && fits(at)) chosen.push(at);

  // A topic that is still too long (a monotonous stretch) is cut at its deepest valleys anyway,
  // so that later stages work on bounded pieces.
  const starts = [0, ...chosen.sort((a, b) => a - b)];
  for (let i = 0; i < starts.length; i++) {
    const end = i + 1 < starts.length ? starts[i + 1] : n;
    if (end - starts[i] <= options.maxSentences) continue;
    let best = -1;
    for (let at = starts[i] + options.minSentences; at <= end - options.minSentences; at++) {
      if (best < 0 || depth[at - 1] > depth[best - 1]) best = at;
    }
    if (best < 0) best = starts[i] + Math.floor((end - starts[i]) / 2);
    starts.splice(i + 1, 0, best);
    i--; // re-check the first half
  }
  return starts;
}

/**
 * Similarity across each gap between the sentences before and after it, each side taken as a
 * window of about `size` content words (sentences vary too much in length to count sentences).
 */
export function cohesion(terms: number[][], idf: Float64Array): number[] {
  const n = terms.length;
  const total = terms.reduce((s, t) => s + t.length, 0);
  const size = Math.max(12, Math.min(50, Math.round(total / 12)));
  // Dense counters reused at every gap (only the touched entries are reset): this runs once per
  // gap, thousands of times on a long meeting, so it must not allocate.
  const left = new Int32Array(idf.length);
  const right = new Int32Array(idf.length);
  const touchedLeft: number[] = [];
  const touchedRight: number[] = [];
  const weight = (c: number, t: number) => (1 + Math.log(c)) * idf[t];
  const scores: number[] = [];
  for (let gap = 1; gap < n; gap++) {
    let count = 0;
    for (let i = gap - 1; i >= 0 && count < size; i--) {
      for (const t of terms[i]) if (left[t]++ === 0) touchedLeft.push(t);
      count += terms[i].length;
    }
    count = 0;
    for (let i = gap; i < n && count < size; i++) {
      for (const t of terms[i]) if (right[t]++ === 0) touchedRight.push(t);
      count += terms[i].length;
    }
    let dot = 0;
    let normLeft = 0;
    let normRight = 0;
    for (const t of touchedLeft) {
      const w = weight(left[t], t);
      normLeft += w * w;
      if (right[t] > 0) dot += w * weight(right[t], t);
    }
    for (const t of touchedRight) {
      const w = weight(right[t], t);
      normRight += w * w;
    }
    scores.push(normLeft && normRight ? dot / Math.sqrt(normLeft * normRight) : 0);
    for (const t of touchedLeft) left[t] = 0;
    for (const t of touchedRight) right[t] = 0;
    touchedLeft.length = 0;
    touchedRight.length = 0;
  }
  // Smoothing removes noise in long texts but blurs the few gaps of a short one.
  return smooth(scores, n > 80 ? 2 : n > 40 ? 1 : 0);
}

function smooth(values: number[], radius: number): number[] {
  return values.map((_, i) => {
    let sum = 0;
    let count = 0;
    for (let j = Math.max(0, i - radius); j <= Math.min(values.length - 1, i + radius); j++) {
      sum += values[j];
      count++;
    }
    return sum / count;
  });
}

/**
 * How far each valley (local minimum) sits below the nearest peaks on both sides; 0 elsewhere.
 * A flat valley (several equal gaps, typical of short texts where windows share nothing) counts
 * once, at its middle, which is the likeliest place of the change.
 */
export function depthScores(scores: number[]): number[] {
  const depth = new Array<number>(scores.length).fill(0);
  let g = 0;
  while (g < scores.length) {
    let end = g;
    while (end + 1 < scores.length && scores[end + 1] === scores[g]) end++;
    const s = scores[g];
    const isValley = (g === 0 || scores[g - 1] > s) && (end + 1 === scores.length || scores[end + 1] > s);
    if (isValley) {
      let left = s;
      for (let i = g - 1; i >= 0 && scores[i] >= left; i--) left = scores[i];
      let right = s;
      for (let i = end + 1; i < scores.length && scores[i] >= right; i++) right = scores[i];
      depth[(g + end) >> 1] = left - s + (right - s);
    }
    g = end + 1;
  }
  return depth;
}

// Spoken meetings announce their changes of subject: "passiamo al bilancio", "terzo punto",
// "un'ultima domanda". Such cue phrases (used with lexical cohesion since Passonneau and Litman)
// deepen the valley before the sentence that opens with them.
const STRONG_CUE =
  /^(?:(?:e|ok|bene|allora|quindi|dunque|adesso|ora|poi|perfetto|va bene)[,.]?\s+)*(?:passiamo|passando|veniamo|arriviamo|cambiamo (?:argomento|discorso)|cambiando (?:argomento|discorso)|(?:il\s+)?(?:primo|secondo|terzo|quarto|quinto|sesto|settimo|ottavo|ultimo|prossimo|altro)\s+(?:punto|tema|argomento)|(?:un'|l')?(?:ultima|altra)\s+(?:cosa|domanda|questione)|punto\s+successivo|(?:il\s+)?punto\s+(?:due|tre|quattro|cinque|sei|sette|otto)|infine\s+(?:la|il|i|le|gli|l')|partiamo\s+(?:da|dal|dalla|dai|dalle))\b/iu;
const WEAK_CUE =
  /^(?:(?:e|ok|bene|allora|quindi|dunque)[,.]?\s+)*(?:per quanto riguarda|quanto a|parliamo|parlando|riguardo|poi c'è|poi ci sono|infine|un'ultima|adesso|ora)(?![\p{L}])/iu;

// "…c'è il tema del personale", "resta la questione dei parcheggi": a subject named as such near
// the start of the sentence.
const NAMED_SUBJECT =
  /^[^.?!]{0,40}\b(?:c'è|ci sono|abbiamo|resta|rimane|affrontiamo|apriamo)\s+(?:anche\s+|poi\s+|ancora\s+)?(?:il|la|un|una|l')\s*(?:tema|questione|discorso|capitolo|argomento|nodo)\b/iu;

/** Whether the words open with a cue phrase that changes the subject («passiamo al…», «un'altra cosa»). */
export function opensWithStrongCue(words: string): boolean {
  return STRONG_CUE.test(words);
}

/** Extra depth for the gap before a sentence: 0.2 after a strong cue phrase, less for weaker ones. */
export function cueStrength(sentence: string): number {
  if (STRONG_CUE.test(sentence)) return 0.2;
  if (NAMED_SUBJECT.test(sentence)) return 0.12;
  if (WEAK_CUE.test(sentence)) return 0.06;
  return 0;
}
