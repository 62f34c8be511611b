import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { encodeTensor, fromHalf, rng, toHalf, TYPES, type TensorType } from "./ggml-numbers";
import { N_TEXT_CTX, scriptTargets, tokenize } from "./whisper-script";

/**
 * Builds a whisper.cpp ggml model of a real architecture (tiny, base, small) at test time.
 *
 * Real weights cannot be downloaded here, so the file takes the real header, mel filters and
 * multilingual vocabulary from whisper.cpp's `for-tests-ggml-tiny.bin` and writes every tensor
 * itself with the real names, shapes and types. The native code then does exactly the work of
 * a real model of that size (same matrix products, same number of decoder steps per token).
 *
 * The weights are not trained, but they are not pure noise either: the decoder is wired so that
 * it "reads out" a scripted token sequence by position. Every decoder block is made an identity
 * (its layer norms have zero gain, so each block adds exactly zero to the residual stream) and
 * the position embedding of position p is a scaled copy of the token embedding of the token
 * that should come after p. The tied output projection then gives that token a logit far above
 * all others, so greedy decoding is confident (no temperature fall-back, which would multiply the
 * decoding cost) and emits, per 30 s window: <|0.00|> text... <|t1|><|t1'|> text... <|tn|> EOT.
 * Only the number of tokens per window is chosen, which is what a benchmark needs to cap.
 */

export type SyntheticArch = "tiny" | "base" | "small";

type Dims = { state: number; heads: number; layers: number };

const ARCH: Record<SyntheticArch, Dims> = {
  tiny: { state: 384, heads: 6, layers: 4 },
  base: { state: 512, heads: 8, layers: 6 },
  small: { state: 768, heads: 12, layers: 12 },
};

const N_VOCAB = 51865; // multilingual vocabulary (99 languages)
const N_AUDIO_CTX = 1500;
const N_MELS = 80;
const GGML_MAGIC = 0x67676d6c;
/** ggml quantisation version stored in the header's ftype (ftype + 1000 * version), as whisper.cpp's quantize writes it. */
const GGML_QNT_VERSION = 2;

/**
 * Storage of the 2-D weight matrices (attention, MLP, token embedding), as in the published
 * files: `f16` (ggml-<arch>.bin), `q8_0` and `q5_1` (ggml-<arch>-q8_0.bin, -q5_1.bin). As in
 * whisper.cpp's converter and quantizer, 1-D tensors, the conv biases and the positional
 * embeddings stay f32 and the (3-D) conv kernels stay f16 whatever the type.
 */
export type WeightType = "f16" | "q8_0" | "q5_1";

export type SyntheticOptions = {
  arch: SyntheticArch;
  /** How the weight matrices are stored (default f16, like ggml-<arch>.bin). */
  weights?: WeightType;
  /** Text plus timestamp tokens the decoder emits per 30 s window (default 40). */
  tokensPerWindow?: number;
  /** Segments per window (default 2). */
  segmentsPerWindow?: number;
  /** Seconds of the window the segments span (default 28). */
  spanSeconds?: number;
  /** What the model "says", cut into vocabulary tokens. */
  script?: string;
  /** Where to write; default tests/.data/synthetic-<arch>-<key>.bin (reused when present). */
  dir?: string;
  /** whisper.cpp's test file holding header, filters and vocabulary. */
  sourcePath?: string;
};

const DEFAULT_SCRIPT =
  " Buongiorno a tutti, iniziamo la riunione di oggi con il primo punto all'ordine del giorno." +
  " Il bilancio del trimestre è stato approvato e la prossima settimana parleremo del progetto." +
  " Chi vuole intervenire può farlo adesso, poi passiamo alle domande e chiudiamo entro le undici.";

/** whisper.cpp's test model from the project's shared/ folder, which sits beside the repository (CI included). */
export const DEFAULT_SOURCE = resolveSharedModel();

function resolveSharedModel(): string {
  const candidates = [
    process.env.VERBALE_TEST_GGML_SOURCE,
    path.resolve(import.meta.dirname, "../../../shared/models/for-tests-ggml-tiny.bin"),
    "/work/shared/models/for-tests-ggml-tiny.bin",
  ].filter((c): c is string => Boolean(c));
  return candidates.find((c) => fs.existsSync(c)) ?? candidates[candidates.length - 1];
}

type Source = { filtersAndVocab: Buffer; vocab: string[] };

function readSource(file: string): Source {
  const b = fs.readFileSync(file);
  if (b.readUInt32LE(0) !== GGML_MAGIC) throw new Error(`${file}: not a ggml file`);
  // magic + 11 int32 hparams, then filters (n_mel, n_fft, floats), then the vocabulary.
  let o = 4 + 11 * 4;
  const nMel = b.readInt32LE(o);
  const nFft = b.readInt32LE(o + 4);
  const filtersStart = o;
  o += 8 + nMel * nFft * 4;
  const nVocab = b.readInt32LE(o);
  o += 4;
  const vocab: string[] = [];
  for (let i = 0; i < nVocab; i++) {
    const len = b.readUInt32LE(o);
    o += 4;
    vocab.push(b.subarray(o, o + len).toString("latin1"));
    o += len;
  }
  return { filtersAndVocab: b.subarray(filtersStart, o), vocab };
}

// ---- writer ----------------------------------------------------------------------------------

type TensorSpec = { name: string; ne: number[]; type: TensorType; fill: Fill };
type Fill = { kind: "zero" } | { kind: "const"; value: number } | { kind: "noise"; scale: number } | { kind: "data"; data: Buffer };

class Writer {
  private fd: number;
  private buf = Buffer.alloc(1 << 22);
  private used = 0;
  constructor(file: string) {
    this.fd = fs.openSync(file, "w");
  }
  write(chunk: Buffer) {
    if (this.used + chunk.length > this.buf.length) this.flush();
    if (chunk.length >= this.buf.length) {
      fs.writeSync(this.fd, chunk);
      return;
    }
    chunk.copy(this.buf, this.used);
    this.used += chunk.length;
  }
  int32s(...v: number[]) {
    const b = Buffer.alloc(4 * v.length);
    v.forEach((x, i) => b.writeInt32LE(x, i * 4));
    this.write(b);
  }
  flush() {
    if (this.used > 0) fs.writeSync(this.fd, this.buf, 0, this.used);
    this.used = 0;
  }
  close() {
    this.flush();
    fs.fsyncSync(this.fd);
    fs.closeSync(this.fd);
  }
}

// A block of noise reused for every large weight: values do not change the cost of a matrix
// product, and generating hundreds of MB of fresh random numbers would only slow tests down.
// 2^16 elements: a whole number of blocks of every type.
function noiseBlock(type: TensorType, scale: number): Buffer {
  const r = rng(12345);
  const v = new Float32Array(1 << 16);
  for (let i = 0; i < v.length; i++) v[i] = (r() * 2 - 1) * scale;
  return encodeTensor(v, type);
}

function tensorBytes(ne: number[], type: TensorType): number {
  const count = ne.reduce((a, b) => a * b, 1);
  const t = TYPES[type];
  if (count % t.block !== 0) throw new Error(`${count} elements are not whole ${type} blocks`);
  return (count / t.block) * t.bytes;
}

function writeTensor(w: Writer, t: TensorSpec, noise: Map<string, Buffer>) {
  const nameBytes = Buffer.from(t.name, "utf8");
  w.int32s(t.ne.length, nameBytes.length, TYPES[t.type].id);
  w.int32s(...t.ne);
  w.write(nameBytes);
  const bytes = tensorBytes(t.ne, t.type);
  if (t.fill.kind === "data") {
    if (t.fill.data.length !== bytes) throw new Error(`${t.name}: ${t.fill.data.length} != ${bytes}`);
    w.write(t.fill.data);
    return;
  }
  const key = `${t.type}:${t.fill.kind}:${t.fill.kind === "zero" ? 0 : t.fill.kind === "const" ? t.fill.value : t.fill.scale}`;
  let block = noise.get(key);
  if (!block) {
    if (t.fill.kind === "noise") block = noiseBlock(t.type, t.fill.scale);
    else block = encodeTensor(new Float32Array(1 << 16).fill(t.fill.kind === "const" ? t.fill.value : 0), t.type);
    noise.set(key, block);
  }
  for (let off = 0; off < bytes; off += block.length) {
    const n = Math.min(block.length, bytes - off);
    w.write(n === block.length ? block : block.subarray(0, n));
  }
}

function tensorList(d: Dims, te: Buffer, dpe: Buffer, weights: WeightType): TensorSpec[] {
  const s = d.state;
  const zero: Fill = { kind: "zero" };
  const one: Fill = { kind: "const", value: 1 };
  const w: Fill = { kind: "noise", scale: 0.02 };
  const list: TensorSpec[] = [];
  // true: a 2-D weight matrix, stored as `weights`; false: f32 (vectors, biases, positional
  // embeddings). The conv kernels are named "f16" explicitly.
  const add = (name: string, ne: number[], matrix: boolean | "f16", fill: Fill) =>
    list.push({ name, ne, type: matrix === "f16" ? "f16" : matrix ? weights : "f32", fill });

  add("encoder.positional_embedding", [s, N_AUDIO_CTX], false, { kind: "noise", scale: 0.1 });
  add("encoder.conv1.weight", [3, N_MELS, s], "f16", w);
  add("encoder.conv1.bias", [1, s], false, zero);
  add("encoder.conv2.weight", [3, s, s], "f16", w);
  add("encoder.conv2.bias", [1, s], false, zero);
  add("encoder.ln_post.weight", [s], false, one);
  add("encoder.ln_post.bias", [s], false, zero);
  const attn = (p: string, lnGain: Fill, outW: Fill) => {
    add(`${p}_ln.weight`, [s], false, lnGain);
    add(`${p}_ln.bias`, [s], false, zero);
    add(`${p}.query.weight`, [s, s], true, w);
    add(`${p}.query.bias`, [s], false, zero);
    add(`${p}.key.weight`, [s, s], true, w);
    add(`${p}.value.weight`, [s, s], true, w);
    add(`${p}.value.bias`, [s], false, zero);
    add(`${p}.out.weight`, [s, s], true, outW);
    add(`${p}.out.bias`, [s], false, zero);
  };
  const mlp = (p: string, lnGain: Fill) => {
    add(`${p}.mlp_ln.weight`, [s], false, lnGain);
    add(`${p}.mlp_ln.bias`, [s], false, zero);
    add(`${p}.mlp.0.weight`, [s, 4 * s], true, w);
    add(`${p}.mlp.0.bias`, [4 * s], false, zero);
    add(`${p}.mlp.2.weight`, [4 * s, s], true, w);
    add(`${p}.mlp.2.bias`, [s], false, zero);
  };
  for (let i = 0; i < d.layers; i++) {
    const p = `encoder.blocks.${i}`;
    attn(`${p}.attn`, one, w);
    mlp(p, one);
  }
  add("decoder.positional_embedding", [s, N_TEXT_CTX], false, { kind: "data", data: dpe });
  add("decoder.token_embedding.weight", [s, N_VOCAB], true, { kind: "data", data: te });
  add("decoder.ln.weight", [s], false, one);
  add("decoder.ln.bias", [s], false, zero);
  for (let i = 0; i < d.layers; i++) {
    const p = `decoder.blocks.${i}`;
    // Zero layer-norm gain and zero biases: every sub-block adds exactly 0 to the residual, and
    // a zero cross-attention output matrix keeps the (noisy) encoder from leaking in.
    attn(`${p}.attn`, zero, w);
    attn(`${p}.cross_attn`, zero, zero);
    mlp(p, zero);
  }
  // The attention helper names the layer norm "<p>_ln" (attn_ln, cross_attn_ln) as whisper does.
  return list;
}

/** Builds (or reuses) the model file and returns its path. */
export function buildSyntheticModel(options: SyntheticOptions): string {
  const o = {
    tokensPerWindow: 40,
    segmentsPerWindow: 2,
    spanSeconds: 28,
    script: DEFAULT_SCRIPT,
    dir: path.resolve("tests/.data"),
    sourcePath: DEFAULT_SOURCE,
    weights: "f16" as WeightType,
    ...options,
  };
  const key = createHash("sha1")
    .update(JSON.stringify([o.arch, o.tokensPerWindow, o.segmentsPerWindow, o.spanSeconds, o.script, 2]))
    .digest("hex")
    .slice(0, 10);
  // f16 files keep their earlier names, so caches built before quantised variants stay valid.
  const suffix = o.weights === "f16" ? "" : `-${o.weights}`;
  const file = path.join(o.dir, `synthetic-${o.arch}${suffix}-${key}.bin`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(o.dir, { recursive: true });

  const d = ARCH[o.arch];
  const src = readSource(o.sourcePath);
  const text = tokenize(o.script, src.vocab);
  const targets = scriptTargets(text, o);

  // Token embeddings: independent random rows of norm ~2, so distinct rows are nearly orthogonal.
  const r = rng(0x5eed + d.state);
  const sigma = 2 / Math.sqrt(d.state);
  const amp = sigma * Math.sqrt(3); // uniform[-amp, amp] has standard deviation sigma
  const teValues = new Float32Array(N_VOCAB * d.state);
  for (let i = 0; i < teValues.length; i++) teValues[i] = fromHalf(toHalf((r() * 2 - 1) * amp));
  const te = encodeTensor(teValues, o.weights);
  // Position p points at the embedding of the token that must follow it, 8x stronger than the
  // current token's own embedding, so after the final layer norm it dominates the logits (the
  // rounding of a quantised embedding matrix is far too small to change which token wins).
  const dpe = Buffer.alloc(N_TEXT_CTX * d.state * 4);
  for (let p = 0; p < N_TEXT_CTX; p++) {
    const row = targets[p] * d.state;
    for (let j = 0; j < d.state; j++) dpe.writeFloatLE(8 * teValues[row + j], (p * d.state + j) * 4);
  }

  const tmp = `${file}.${process.pid}.${Date.now()}.part`;
  const w = new Writer(tmp);
  try {
    w.int32s(GGML_MAGIC | 0);
    const ftype = TYPES[o.weights].ftype + (o.weights === "f16" ? 0 : 1000 * GGML_QNT_VERSION);
    w.int32s(N_VOCAB, N_AUDIO_CTX, d.state, d.heads, d.layers, N_TEXT_CTX, d.state, d.heads, d.layers, N_MELS, ftype);
    w.write(src.filtersAndVocab);
    const noise = new Map<string, Buffer>();
    for (const t of tensorList(d, te, dpe, o.weights)) writeTensor(w, t, noise);
    w.close();
    // Several test workers may build the same file at once: each writes its own temp file and
    // the rename makes whichever finishes last win atomically.
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw e;
  }
  return file;
}
