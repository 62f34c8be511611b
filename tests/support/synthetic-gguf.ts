import fs from "node:fs";
import path from "node:path";
import { ALIGNMENT, writeGguf, type Meta, type TensorSpec } from "./gguf-writer";

/**
 * Writes a GGUF language model (llama.cpp's format) at test time: real weights cannot be
 * downloaded here, so the local LLM engine is tested on a model made of seeded random weights.
 * This file says which model (shapes, vocabulary, tensors, metadata); gguf-writer.ts writes the file.
 *
 * Two uses:
 * - `tiny`: a few hundred kilobytes, a llama-architecture model with a byte-fallback
 *   SentencePiece vocabulary (every text tokenizes), fast enough for the engine test suite. It
 *   says nothing sensible, but the JSON-schema grammar still forces output that parses.
 * - `qwen2.5-1.5b`: the exact shape of the default model (decision 012: 28 blocks, 1536 wide,
 *   12 query and 2 key/value heads, 8960 MLP, 151,936-token vocabulary, tied output) with its
 *   quantisation (Q4_K matrices, Q6_K embeddings), so the benchmark does the same arithmetic per
 *   token as the real file.
 */

export type GgufShape = {
  arch: "llama" | "qwen2";
  embd: number;
  layers: number;
  heads: number;
  kvHeads: number;
  ff: number;
  vocab: number;
  context: number;
  /** How the 2-D matrices are stored; norms and biases are always f32. */
  matrices: "f32" | "q4_k";
  embeddings: "f32" | "q6_k";
};

export const GGUF_SHAPES = {
  tiny: { arch: "llama", embd: 64, layers: 2, heads: 4, kvHeads: 2, ff: 128, vocab: 0, context: 8192, matrices: "f32", embeddings: "f32" },
  "qwen2.5-1.5b": {
    arch: "qwen2",
    embd: 1536,
    layers: 28,
    heads: 12,
    kvHeads: 2,
    ff: 8960,
    vocab: 151936,
    context: 32768,
    matrices: "q4_k",
    embeddings: "q6_k",
  },
} satisfies Record<string, GgufShape>;

export type GgufShapeName = keyof typeof GGUF_SHAPES;
// SentencePiece token types as llama.cpp reads them.
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

/** Vocabulary: <unk> <s> </s>, the 256 byte tokens, "▁", printable ASCII and Italian vowels, then filler up to `size`. */
export function syntheticVocabulary(size: number): { tokens: string[]; types: number[]; scores: number[] } {
  const tokens = ["<unk>", "<s>", "</s>"];
  const types = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL];
  for (let b = 0; b < 256; b++) {
    tokens.push(`<0x${b.toString(16).toUpperCase().padStart(2, "0")}>`);
    types.push(TOKEN_BYTE);
  }
  const pieces = ["▁", ...Array.from({ length: 94 }, (_, i) => String.fromCharCode(33 + i)), ..."àèéìòùÈ"];
  for (const piece of pieces) {
    tokens.push(piece);
    types.push(TOKEN_NORMAL);
  }
  for (let i = tokens.length; i < size; i++) {
    tokens.push(`▁w${i.toString(36)}`);
    types.push(TOKEN_NORMAL);
  }
  // Longer pieces score higher, so SentencePiece merges prefer them; bytes come last.
  const scores = tokens.map((t, i) => (types[i] === TOKEN_NORMAL ? -i / tokens.length : -1000));
  return { tokens, types, scores };
}

function tensorsOf(s: GgufShape): TensorSpec[] {
  const headDim = s.embd / s.heads;
  const kv = headDim * s.kvHeads;
  const list: TensorSpec[] = [
    { name: "token_embd.weight", dims: [s.embd, s.vocab], type: s.embeddings, fill: "random" },
    { name: "output_norm.weight", dims: [s.embd], type: "f32", fill: "ones" },
  ];
  for (let i = 0; i < s.layers; i++) {
    const b = `blk.${i}`;
    list.push(
      { name: `${b}.attn_norm.weight`, dims: [s.embd], type: "f32", fill: "ones" },
      { name: `${b}.attn_q.weight`, dims: [s.embd, s.embd], type: s.matrices, fill: "random" },
      { name: `${b}.attn_k.weight`, dims: [s.embd, kv], type: s.matrices, fill: "random" },
      { name: `${b}.attn_v.weight`, dims: [s.embd, kv], type: s.matrices, fill: "random" },
      { name: `${b}.attn_output.weight`, dims: [s.embd, s.embd], type: s.matrices, fill: "random" },
      { name: `${b}.ffn_norm.weight`, dims: [s.embd], type: "f32", fill: "ones" },
      { name: `${b}.ffn_gate.weight`, dims: [s.embd, s.ff], type: s.matrices, fill: "random" },
      { name: `${b}.ffn_up.weight`, dims: [s.embd, s.ff], type: s.matrices, fill: "random" },
      { name: `${b}.ffn_down.weight`, dims: [s.ff, s.embd], type: s.matrices, fill: "random" },
    );
    if (s.arch === "qwen2") {
      list.push(
        { name: `${b}.attn_q.bias`, dims: [s.embd], type: "f32", fill: "random" },
        { name: `${b}.attn_k.bias`, dims: [kv], type: "f32", fill: "random" },
        { name: `${b}.attn_v.bias`, dims: [kv], type: "f32", fill: "random" },
      );
    }
  }
  return list;
}

export type SyntheticGgufOptions = { shape?: GgufShapeName; dir?: string; seed?: number };

/**
 * Writes the model (or reuses the file when present) and returns its path. Default:
 * tests/.data/models/synthetic-<shape>.gguf.
 */
export function buildSyntheticGguf(options: SyntheticGgufOptions = {}): string {
  const shapeName = options.shape ?? "tiny";
  const base = GGUF_SHAPES[shapeName];
  const vocabulary = syntheticVocabulary(base.vocab || 0);
  const shape: GgufShape = { ...base, vocab: vocabulary.tokens.length };
  const dir = options.dir ?? path.resolve(import.meta.dirname, "..", ".data", "models");
  const seed = options.seed ?? 7;
  const file = path.join(dir, `synthetic-${shapeName}-s${seed}.gguf`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });

  const a = shape.arch;
  const meta: Meta[] = [
    ["general.architecture", "string", a],
    ["general.name", "string", `Synthetic ${shapeName}`],
    ["general.alignment", "u32", ALIGNMENT],
    [`${a}.context_length`, "u32", shape.context],
    [`${a}.embedding_length`, "u32", shape.embd],
    [`${a}.block_count`, "u32", shape.layers],
    [`${a}.feed_forward_length`, "u32", shape.ff],
    [`${a}.attention.head_count`, "u32", shape.heads],
    [`${a}.attention.head_count_kv`, "u32", shape.kvHeads],
    [`${a}.attention.layer_norm_rms_epsilon`, "f32", 1e-6],
    [`${a}.rope.freq_base`, "f32", a === "qwen2" ? 1_000_000 : 10_000],
    ["tokenizer.ggml.model", "string", "llama"],
    ["tokenizer.ggml.tokens", "strings", vocabulary.tokens],
    ["tokenizer.ggml.scores", "f32s", vocabulary.scores],
    ["tokenizer.ggml.token_type", "i32s", vocabulary.types],
    ["tokenizer.ggml.unknown_token_id", "u32", 0],
    ["tokenizer.ggml.bos_token_id", "u32", 1],
    ["tokenizer.ggml.eos_token_id", "u32", 2],
    ["tokenizer.ggml.add_bos_token", "bool", true],
  ];
  writeGguf(file, meta, tensorsOf(shape), seed);
  return file;
}
