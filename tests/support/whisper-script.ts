/**
 * What a synthetic whisper model "says": the script cut into vocabulary tokens and the token each
 * decoder position must predict (see synthetic-ggml.ts).
 */

export const N_TEXT_CTX = 448;

// Special token ids of the multilingual vocabulary, as whisper.cpp derives them from n_vocab.
export const TOKENS = {
  eot: 50257,
  sot: 50258,
  langIt: 50258 + 1 + 15,
  transcribe: 50359,
  beg: 50364, // <|0.00|>; each further id is +0.02 s
};

export type ScriptOptions = { tokensPerWindow: number; segmentsPerWindow: number; spanSeconds: number };

/** Greedy longest match of UTF-8 bytes against the vocabulary: good enough to get real words. */
export function tokenize(text: string, vocab: string[]): number[] {
  const ids = new Map<string, number>();
  vocab.forEach((t, i) => {
    if (t.length > 0 && !ids.has(t)) ids.set(t, i);
  });
  const bytes = Buffer.from(text, "utf8").toString("latin1");
  const out: number[] = [];
  let i = 0;
  while (i < bytes.length) {
    let found = -1;
    let len = Math.min(24, bytes.length - i);
    for (; len > 0; len--) {
      const id = ids.get(bytes.slice(i, i + len));
      if (id !== undefined) {
        found = id;
        break;
      }
    }
    if (found < 0) throw new Error(`no token for byte ${bytes.charCodeAt(i)}`);
    out.push(found);
    i += len;
  }
  return out;
}

/** The token each position should predict (index = position whose output predicts it). */
export function scriptTargets(textTokens: number[], o: ScriptOptions): number[] {
  const targets = new Array<number>(N_TEXT_CTX).fill(TOKENS.eot);
  targets[0] = TOKENS.langIt; // [SOT] -> language: auto-detection answers "it"
  targets[1] = TOKENS.transcribe;
  const segs = Math.max(1, o.segmentsPerWindow);
  const perSeg = Math.max(1, Math.floor((o.tokensPerWindow - segs * 2) / segs));
  const ts = (sec: number) => TOKENS.beg + Math.max(0, Math.min(1500, Math.round(sec / 0.02)));
  const seq: number[] = [];
  let t = 0;
  for (let s = 0; s < segs; s++) {
    const start = (s * o.spanSeconds) / segs;
    const end = ((s + 1) * o.spanSeconds) / segs - 0.1;
    seq.push(ts(start));
    for (let k = 0; k < perSeg; k++) seq.push(textTokens[t++ % textTokens.length]);
    seq.push(ts(end));
  }
  seq.push(TOKENS.eot);
  // Prompt is [SOT, lang, transcribe] at positions 0..2; position 2's output is the first token.
  for (let i = 0; i < seq.length && 2 + i < N_TEXT_CTX; i++) targets[2 + i] = seq[i];
  return targets;
}
