import fs from "node:fs";
import { toHalf } from "./ggml-numbers";

/**
 * The GGUF file format (llama.cpp's, v3), written from a list of metadata and tensor specs with
 * seeded random weights. Which model is written: synthetic-gguf.ts.
 *
 * Layout: magic, version, tensor count, metadata count, metadata key/values, tensor infos (name,
 * dims, type, offset), padding to `general.alignment`, tensor data (each aligned).
 */

// ggml tensor types: id, bytes per block, elements per block.
const TYPES = {
  f32: { id: 0, bytes: 4, block: 1 },
  q4_k: { id: 12, bytes: 144, block: 256 },
  q6_k: { id: 14, bytes: 210, block: 256 },
} as const;
export type TensorType = keyof typeof TYPES;

// GGUF metadata value types.
const T = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9 } as const;
/** Alignment of the tensor data, written as `general.alignment`. */
export const ALIGNMENT = 32;

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

export type Meta = [key: string, type: "u32" | "f32" | "bool" | "string" | "strings" | "f32s" | "i32s", value: unknown];

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
    case "f32s":
    case "i32s": {
      const values = value as number[];
      const floats = type === "f32s";
      out.u32(T.array);
      out.u32(floats ? T.f32 : T.i32);
      out.u64(values.length);
      const b = Buffer.alloc(values.length * 4);
      values.forEach((v, i) => (floats ? b.writeFloatLE(v, i * 4) : b.writeInt32LE(v, i * 4)));
      out.push(b);
      break;
    }
  }
}

export type TensorSpec = { name: string; dims: number[]; type: TensorType; fill: "random" | "ones" };

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

/** Writes the file (through a temporary name, so a half-written model is never found). */
export function writeGguf(file: string, meta: Meta[], tensors: TensorSpec[], seed: number): void {
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
}
