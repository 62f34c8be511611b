/**
 * Terms and TF-IDF vectors. Each sentence becomes the list of its content terms (stems of the
 * words that are not stop words); the vocabulary remembers how each stem was written, so topic
 * names and titles can show a real word ("riunioni") rather than a stem ("riunion").
 */
import { stem } from "./stemmer";
import { isStopWord } from "./stopwords";
import { fold } from "./text";

// Pair keys as one number; vocabularies stay far below this many terms.
const PAIR_BASE = 1 << 21;

export type SparseVector = { ids: Int32Array; weights: Float64Array; norm: number };

type Surface = { count: number; capitalisedInside: number; upper: number };

export class Vocabulary {
  readonly ids = new Map<string, number>();
  readonly stems: string[] = [];
  private readonly surfaces: Map<string, Surface>[] = [];
  private readonly stemCache = new Map<string, string | null>();
  /** Times each content term was said, and each pair of content words said one after the other. */
  private readonly totals: number[] = [];
  private readonly pairs = new Map<number, number>();

  /** Content term ids of a sentence, in order; stop words, numbers and short words are dropped. */
  terms(sentence: string): number[] {
    const out: number[] = [];
    const re = /[\p{L}\p{N}]+/gu;
    let first = true;
    let previous = -1;
    for (let m = re.exec(sentence); m; m = re.exec(sentence)) {
      const word = m[0];
      const s = this.stemOf(word);
      if (s !== null) {
        const id = this.idOf(s);
        this.note(id, word, first);
        out.push(id);
        if (previous >= 0 && previous !== id) {
          const key = previous * PAIR_BASE + id;
          this.pairs.set(key, (this.pairs.get(key) ?? 0) + 1);
        }
        previous = id;
      } else previous = -1;
      first = false;
    }
    return out;
  }

  /** Ids of the known content terms of a text, without counting it as said. */
  peek(text: string): number[] {
    const out: number[] = [];
    for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
      const s = this.stemOf(m[0]);
      const id = s === null ? undefined : this.ids.get(s);
      if (id !== undefined && !out.includes(id)) out.push(id);
    }
    return out;
  }

  /** How often term b was said right after term a ("smart working", "Stati generali"). */
  pairCount(a: number, b: number): number {
    return this.pairs.get(a * PAIR_BASE + b) ?? 0;
  }

  total(id: number): number {
    return this.totals[id] ?? 0;
  }

  /** The most frequent spelling of a term, with proper nouns and acronyms kept as written. */
  display(id: number): string {
    let best = "";
    let info: Surface | undefined;
    for (const [form, surface] of this.surfaces[id]) {
      if (!info || surface.count > info.count) {
        best = form;
        info = surface;
      }
    }
    if (!info) return this.stems[id];
    if (best.length >= 2 && info.upper * 2 > info.count) return best.toUpperCase();
    const inside = info.count; // occurrences, sentence-initial ones included, bound the ratio
    if (info.capitalisedInside * 2 > inside) return best[0].toUpperCase() + best.slice(1);
    return best;
  }

  private stemOf(word: string): string | null {
    let s = this.stemCache.get(word);
    if (s === undefined) {
      const folded = fold(word);
      // Numbers, single letters and stop words say nothing about the subject.
      s = folded.length < 3 || /\d/.test(folded) || isStopWord(folded) ? null : stem(word);
      this.stemCache.set(word, s);
    }
    return s;
  }

  private idOf(s: string): number {
    let id = this.ids.get(s);
    if (id === undefined) {
      id = this.stems.length;
      this.ids.set(s, id);
      this.stems.push(s);
      this.surfaces.push(new Map());
      this.totals.push(0);
    }
    return id;
  }

  private note(id: number, word: string, sentenceInitial: boolean) {
    const lower = word.toLowerCase();
    const forms = this.surfaces[id];
    let surface = forms.get(lower);
    if (!surface) forms.set(lower, (surface = { count: 0, capitalisedInside: 0, upper: 0 }));
    surface.count++;
    this.totals[id]++;
    if (word.length >= 2 && word === word.toUpperCase() && word !== lower) surface.upper++;
    // A capital inside a sentence marks a proper noun; at the start it means nothing.
    if (!sentenceInitial && word[0] !== lower[0]) surface.capitalisedInside++;
  }
}

/** Inverse document frequency over the given documents (here: sentences), smoothed. */
export function inverseFrequencies(docs: number[][], vocabularySize: number): Float64Array {
  const df = new Float64Array(vocabularySize);
  const seen = new Int32Array(vocabularySize).fill(-1);
  docs.forEach((terms, d) => {
    for (const t of terms) {
      if (seen[t] !== d) {
        seen[t] = d;
        df[t]++;
      }
    }
  });
  const idf = new Float64Array(vocabularySize);
  for (let t = 0; t < vocabularySize; t++) idf[t] = Math.log((1 + docs.length) / (1 + df[t])) + 1;
  return idf;
}

/** A TF-IDF vector with sub-linear term frequency, ids sorted for merging. */
export function vectorOf(terms: Iterable<number>, idf: Float64Array): SparseVector {
  const counts = new Map<number, number>();
  for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
  const ids = Int32Array.from(counts.keys()).sort();
  const weights = new Float64Array(ids.length);
  let sq = 0;
  ids.forEach((t, i) => {
    const w = (1 + Math.log(counts.get(t)!)) * idf[t];
    weights[i] = w;
    sq += w * w;
  });
  return { ids, weights, norm: Math.sqrt(sq) };
}

export function cosine(a: SparseVector, b: SparseVector): number {
  if (a.norm === 0 || b.norm === 0) return 0;
  let i = 0;
  let j = 0;
  let dot = 0;
  while (i < a.ids.length && j < b.ids.length) {
    const x = a.ids[i];
    const y = b.ids[j];
    if (x === y) {
      dot += a.weights[i++] * b.weights[j++];
    } else if (x < y) i++;
    else j++;
  }
  return dot / (a.norm * b.norm);
}
