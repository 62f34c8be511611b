import fs from "node:fs";
import path from "node:path";
import { toHalf } from "./ggml-numbers";

/**
 * Writes a GGUF language model (llama.cpp's format) at test time: real weights cannot be
 * downloaded here, so the local LLM engine is tested on a model made of seeded random weights.
 *
 * Two uses:
 * - `tiny`: a few hundred kilobytes, a llama-architecture model with a byte-fallback
 *   SentencePiece vocabulary (every text tokenizes), fast enough for the engine test suite. It
 *   says nothing sensible, but the JSON-schema grammar still forces output that parses.
 * - `qwen2.5-1.5b`: the exact shape of the default model (decision 012: 28 blocks, 1536 wide,
 *   12 query and 2 key/value heads, 8960 MLP, 151,936-token vocabulary, tied output) with its
 *   quantisation (Q4_K matrices, Q6_K embeddings), so the benchmark does the same arithmetic per
 *   token as the real file.
 *
 * Layout (GGUF v3): magic, version, tensor count, metadata count, metadata key/values, tensor
 * infos (name, dims, type, offset), padding to `general.alignment`, tensor data (each aligned).
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

// ggml tensor types: id, bytes per block, elements per block.
const TYPES = {
  f32: { id: 0, bytes: 4, block: 1 },
  q4_k: { id: 12, bytes: 144, block: 256 },
  q6_k: { id: 14, bytes: 210, block: 256 },
} as const;
type TensorType = keyof typeof TYPES;

// GGUF metadata value types.
const T = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
// SentencePiece token types as llama.cpp reads them.
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;
const ALIGNMENT = 32;

/** Seeded PRNG (mulberry32): the same file every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

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

class Bytes {
  private chunks: Buffer[] = [];
  length = 0;
  push(b: Buffer) {
    this.chunks.push(b);
    this.length += b.length;
  }
  u32(v: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(v);
    this.push(b);
  }
  i32(v: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(v);
    this.push(b);
  }
  u64(v: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(v));
    this.push(b);
  }
  f32(v: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(v);
    this.push(b);
  }
  str(s: string) {
    const b = Buffer.from(s, "utf8");
    this.u64(b.length);
    this.push(b);
  }
  toBuffer() {
    return Buffer.concat(this.chunks);
  }
}

type Meta = [key: string, type: "u32" | "f32" | "bool" | "string" | "strings" | "f32s" | "i32s", value: unknown];

function writeMeta(out: Bytes, [key, type, value]: Meta) {
  out.str(key);
  switch (type) {
    case "u32":
      out.u32(T.u32);
      out.u32(value as number);
      break;
    case "f32":
      out.u32(T.f32);
      out.f32(value as number);
      break;
    case "bool":
      out.u32(T.bool);
      out.push(Buffer.from([value ? 1 : 0]));
      break;
    case "string":
      out.u32(T.string);
      out.str(value as string);
      break;
    case "strings":
      out.u32(T.array);
      out.u32(T.string);
      out.u64((value as string[]).length);
      for (const s of value as string[]) out.str(s);
      break;
    case "f32s": {
      const values = value as number[];
      out.u32(T.array);
      out.u32(T.f32);
      out.u64(values.length);
      const b = Buffer.alloc(values.length * 4);
      values.forEach((v, i) => b.writeFloatLE(v, i * 4));
      out.push(b);
      break;
    }
    case "i32s": {
      const values = value as number[];
      out.u32(T.array);
      out.u32(T.i32);
      out.u64(values.length);
      const b = Buffer.alloc(values.length * 4);
      values.forEach((v, i) => b.writeInt32LE(v, i * 4));
      out.push(b);
      break;
    }
  }
}

type TensorSpec = { name: string; dims: number[]; type: TensorType; fill: "random" | "ones" };

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

function byteSize(t: TensorSpec): number {
  const count = t.dims.reduce((a, b) => a * b, 1);
  const type = TYPES[t.type];
  if (count % type.block !== 0) throw new Error(`${t.name}: ${count} elementi non multipli di ${type.block}`);
  return (count / type.block) * type.bytes;
}

/** A few megabytes of well-formed blocks (small scales, random quants), repeated to fill a tensor. */
function blockPattern(type: TensorType, rand: () => number): Buffer {
  const { bytes } = TYPES[type];
  const blocks = 4096;
  const b = Buffer.alloc(bytes * blocks);
  for (let i = 0; i < b.length; i++) b[i] = Math.floor(rand() * 256);
  for (let k = 0; k < blocks; k++) {
    const o = k * bytes;
    if (type === "q4_k") {
      b.writeUInt16LE(toHalf(0.002 + rand() * 0.002), o); // d
      b.writeUInt16LE(toHalf(0.001), o + 2); // dmin
    } else if (type === "q6_k") {
      for (let j = 0; j < 16; j++) b.writeInt8(Math.floor(rand() * 16) - 8, o + 192 + j); // scales
      b.writeUInt16LE(toHalf(0.002 + rand() * 0.002), o + 208); // d
    }
  }
  return b;
}

function writeTensor(fd: number, t: TensorSpec, rand: () => number, patterns: Map<TensorType, Buffer>) {
  const size = byteSize(t);
  if (t.type === "f32") {
    const count = size / 4;
    const b = Buffer.alloc(size);
    const scale = t.fill === "ones" ? 0 : 0.08;
    for (let i = 0; i < count; i++) b.writeFloatLE(t.fill === "ones" ? 1 : (rand() * 2 - 1) * scale, i * 4);
    fs.writeSync(fd, b);
    return;
  }
  let pattern = patterns.get(t.type);
  if (!pattern) {
    pattern = blockPattern(t.type, rand);
    patterns.set(t.type, pattern);
  }
  // Start the pattern at a different block per tensor so no two tensors are identical.
  const start = Math.floor(rand() * (pattern.length / TYPES[t.type].bytes)) * TYPES[t.type].bytes;
  let written = 0;
  let offset = start;
  while (written < size) {
    const n = Math.min(size - written, pattern.length - offset);
    fs.writeSync(fd, pattern, offset, n);
    written += n;
    offset = 0;
  }
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
  const tensors = tensorsOf(shape);

  const head = new Bytes();
  head.push(Buffer.from("GGUF", "ascii"));
  head.u32(3);
  head.u64(tensors.length);
  head.u64(meta.length);
  for (const m of meta) writeMeta(head, m);
  let offset = 0;
  const align = (n: number) => Math.ceil(n / ALIGNMENT) * ALIGNMENT;
  for (const t of tensors) {
    head.str(t.name);
    head.u32(t.dims.length);
    for (const d of t.dims) head.u64(d);
    head.u32(TYPES[t.type].id);
    head.u64(offset);
    offset = align(offset + byteSize(t));
  }
  const headBytes = head.toBuffer();

  const part = `${file}.${process.pid}.part`;
  const fd = fs.openSync(part, "w");
  try {
    fs.writeSync(fd, headBytes);
    let position = headBytes.length;
    const pad = (to: number) => {
      if (to > position) fs.writeSync(fd, Buffer.alloc(to - position));
      position = to;
    };
    pad(align(position));
    const rand = random(seed);
    const patterns = new Map<TensorType, Buffer>();
    for (const t of tensors) {
      pad(align(position));
      writeTensor(fd, t, rand, patterns);
      position += byteSize(t);
    }
    pad(align(position));
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(part, file);
  return file;
}
