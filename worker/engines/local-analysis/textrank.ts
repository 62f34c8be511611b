/**
 * TextRank: sentences are nodes, TF-IDF cosine similarities are edge weights, and PageRank gives
 * each sentence its centrality — a sentence that shares vocabulary with many others says what the
 * passage is about.
 */
import { cosine, type SparseVector } from "./tfidf";

/**
 * Scores summing to 1. Edges join sentences at most `window` positions apart: within a topic that
 * is the whole graph, and it keeps the cost linear if a very long passage ever comes through.
 */
export function textRank(vectors: SparseVector[], options: { window?: number; damping?: number } = {}): Float64Array {
  const n = vectors.length;
  const scores = new Float64Array(n).fill(n ? 1 / n : 0);
  if (n <= 1) return scores;
  const window = options.window ?? 250;
  const d = options.damping ?? 0.85;

  const neighbours: number[][] = Array.from({ length: n }, () => []);
  const weights: number[][] = Array.from({ length: n }, () => []);
  const outWeight = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const last = Math.min(n - 1, i + window);
    for (let j = i + 1; j <= last; j++) {
      const w = cosine(vectors[i], vectors[j]);
      if (w <= 0) continue;
      neighbours[i].push(j);
      weights[i].push(w);
      neighbours[j].push(i);
      weights[j].push(w);
      outWeight[i] += w;
      outWeight[j] += w;
    }
  }

  let next: Float64Array = new Float64Array(n);
  let current: Float64Array = scores;
  for (let iter = 0; iter < 50; iter++) {
    // Rank held by sentences with no edges is spread evenly, so the scores keep summing to 1.
    let dangling = 0;
    for (let i = 0; i < n; i++) if (outWeight[i] === 0) dangling += current[i];
    const base = (1 - d) / n + (d * dangling) / n;
    next.fill(base);
    for (let i = 0; i < n; i++) {
      if (outWeight[i] === 0) continue;
      const share = (d * current[i]) / outWeight[i];
      const ns = neighbours[i];
      const ws = weights[i];
      for (let k = 0; k < ns.length; k++) next[ns[k]] += share * ws[k];
    }
    let delta = 0;
    for (let i = 0; i < n; i++) delta += Math.abs(next[i] - current[i]);
    [current, next] = [next, current];
    if (delta < 1e-6) break;
  }
  return current;
}
