/** The numbers of ggml files: half floats, quantised blocks, a seeded generator (synthetic models). */

/** ggml tensor type id, header ftype (GGML_FTYPE_MOSTLY_*), bytes and elements per block. */
export const TYPES = {
  f32: { id: 0, ftype: 0, bytes: 4, block: 1 },
  f16: { id: 1, ftype: 1, bytes: 2, block: 1 },
  q8_0: { id: 8, ftype: 7, bytes: 34, block: 32 },
  q5_1: { id: 7, ftype: 9, bytes: 24, block: 32 },
} as const;
export type TensorType = keyof typeof TYPES;

const f32 = new Float32Array(1);
const u32 = new Uint32Array(f32.buffer);

/** IEEE half from float, round to nearest (denormals flushed: values here are far from them). */
export function toHalf(v: number): number {
  f32[0] = v;
  const x = u32[0];
  const sign = (x >>> 16) & 0x8000;
  const exp = ((x >>> 23) & 0xff) - 127 + 15;
  if (exp <= 0) return sign;
  if (exp >= 31) return sign | 0x7c00;
  let mant = (x & 0x7fffff) + 0x1000; // round
  let e = exp;
  if (mant & 0x800000) {
    mant = 0;
    e += 1;
    if (e >= 31) return sign | 0x7c00;
  }
  return sign | (e << 10) | (mant >>> 13);
}

export function fromHalf(h: number): number {
  const sign = h & 0x8000 ? -1 : 1;
  const e = (h >>> 10) & 0x1f;
  const m = h & 0x3ff;
  if (e === 0) return sign * m * 2 ** -24;
  if (e === 31) return m ? NaN : sign * Infinity;
  return sign * (1 + m / 1024) * 2 ** (e - 15);
}

/** Encodes floats (a multiple of 32 of them) as ggml blocks of `type`, like ggml's reference quantisers. */
export function encodeTensor(values: Float32Array, type: TensorType): Buffer {
  const t = TYPES[type];
  if (values.length % t.block !== 0) throw new Error(`${values.length} values are not whole ${type} blocks`);
  const out = Buffer.alloc((values.length / t.block) * t.bytes);
  if (type === "f32") {
    values.forEach((v, i) => out.writeFloatLE(v, i * 4));
  } else if (type === "f16") {
    values.forEach((v, i) => out.writeUInt16LE(toHalf(v), i * 2));
  } else if (type === "q8_0") {
    // d = max|x| / 127, q = round(x / d)
    for (let b = 0, o = 0; b < values.length; b += 32, o += 34) {
      let amax = 0;
      for (let j = 0; j < 32; j++) amax = Math.max(amax, Math.abs(values[b + j]));
      const d = amax / 127;
      const id = d ? 1 / d : 0;
      out.writeUInt16LE(toHalf(d), o);
      for (let j = 0; j < 32; j++) out.writeInt8(Math.max(-127, Math.min(127, Math.round(values[b + j] * id))), o + 2 + j);
    }
  } else {
    // q5_1: d = (max - min) / 31, m = min, 5-bit q = round((x - min) / d); low nibbles in qs
    // (element j and j + 16 share a byte), the fifth bits in the 32-bit qh.
    for (let b = 0, o = 0; b < values.length; b += 32, o += 24) {
      let min = Infinity;
      let max = -Infinity;
      for (let j = 0; j < 32; j++) {
        min = Math.min(min, values[b + j]);
        max = Math.max(max, values[b + j]);
      }
      const d = (max - min) / 31;
      const id = d ? 1 / d : 0;
      out.writeUInt16LE(toHalf(d), o);
      out.writeUInt16LE(toHalf(min), o + 2);
      let qh = 0;
      for (let j = 0; j < 16; j++) {
        const q0 = Math.min(31, Math.round((values[b + j] - min) * id));
        const q1 = Math.min(31, Math.round((values[b + j + 16] - min) * id));
        out.writeUInt8((q0 & 0xf) | ((q1 & 0xf) << 4), o + 8 + j);
        qh |= ((q0 >> 4) & 1) << j;
        qh |= ((q1 >> 4) & 1) << (j + 16);
      }
      out.writeUInt32LE(qh >>> 0, o + 4);
    }
  }
  return out;
}

/** xorshift32: deterministic, fast, good enough for weights nobody trains. */
export function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}
