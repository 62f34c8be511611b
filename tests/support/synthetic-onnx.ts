/**
 * A minimal ONNX protobuf writer and the two small models the diarization tests need (real
 * weights cannot be downloaded on test machines, and no Python/onnx package is installed).
 * Only the fields sherpa-onnx reads are written: ModelProto{ir_version, opset_import, graph,
 * metadata_props}, GraphProto{node, initializer, input, output}.
 */

// --- protobuf wire format -------------------------------------------------------------------

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

type Field = number[];
const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, value: number): Field => [...key(field, 0), ...varint(value)];
const bytes = (field: number, data: Uint8Array | number[]): Field => [...key(field, 2), ...varint(data.length), ...data];
const str = (field: number, text: string): Field => bytes(field, [...Buffer.from(text, "utf8")]);
const msg = (field: number, ...parts: Field[]): Field => bytes(field, parts.flat());

const FLOAT = 1;
const INT64 = 7;

// --- ONNX messages --------------------------------------------------------------------------

type Attribute = { name: string; ints?: number[]; int?: number };

function attribute(a: Attribute): Field {
  if (a.ints) return msg(5, str(1, a.name), ...a.ints.map((i) => int(8, i)), int(20, 7));
  return msg(5, str(1, a.name), int(3, a.int ?? 0), int(20, 2));
}

export type OnnxNode = { op: string; inputs: string[]; outputs: string[]; attributes?: Attribute[] };

function node(n: OnnxNode, index: number): Field {
  return msg(
    1,
    ...n.inputs.map((i) => str(1, i)),
    ...n.outputs.map((o) => str(2, o)),
    str(3, `${n.op.toLowerCase()}_${index}`),
    str(4, n.op),
    ...(n.attributes ?? []).map(attribute),
  );
}

export type OnnxTensor = { name: string; dims: number[]; data: Float32Array | BigInt64Array };

function tensor(t: OnnxTensor): Field {
  const raw = new Uint8Array(t.data.buffer, t.data.byteOffset, t.data.byteLength);
  return msg(5, ...t.dims.map((d) => int(1, d)), int(2, t.data instanceof Float32Array ? FLOAT : INT64), str(8, t.name), bytes(9, raw));
}

/** A float tensor value; a string dimension is symbolic (e.g. "T"). */
function valueInfo(field: number, name: string, dims: (number | string)[]): Field {
  const shape = dims.map((d) => msg(1, typeof d === "number" ? int(1, d) : str(2, d)));
  return msg(field, str(1, name), msg(2, msg(1, int(1, FLOAT), msg(2, ...shape))));
}

export type OnnxModel = {
  nodes: OnnxNode[];
  initializers: OnnxTensor[];
  input: { name: string; dims: (number | string)[] };
  output: { name: string; dims: (number | string)[] };
  metadata: Record<string, string | number>;
};

export function encodeOnnx(m: OnnxModel): Buffer {
  const graph = msg(
    7,
    ...m.nodes.map(node),
    str(2, "synthetic"),
    ...m.initializers.map(tensor),
    valueInfo(11, m.input.name, m.input.dims),
    valueInfo(12, m.output.name, m.output.dims),
  );
  const props = Object.entries(m.metadata).map(([k, v]) => msg(14, str(1, k), str(2, String(v))));
  return Buffer.from([...int(1, 8), ...str(2, "verbale-tests"), ...graph, ...msg(8, str(1, ""), int(2, 13)), ...props.flat()]);
}

// --- the two diarization models -------------------------------------------------------------

export const SEGMENTATION = {
  sampleRate: 16000,
  /** 3 s windows (shift 0.3 s): short enough that few windows hold two voices, since this model
   *  cannot tell voices apart within a window (only speech from silence). */
  windowSize: 48000,
  receptiveFieldSize: 400,
  receptiveFieldShift: 160,
} as const;

/**
 * Segmentation «pyannote» model: frame energy (mean of x² over 25 ms every 10 ms) → 7 powerset
 * logits where class 1 (one speaker) wins over class 0 (nobody) above an energy threshold.
 */
export function segmentationModel(options: { windowSize?: number; energyThreshold?: number } = {}): Buffer {
  const s = { ...SEGMENTATION, windowSize: options.windowSize ?? SEGMENTATION.windowSize };
  const frames = Math.floor((s.windowSize - s.receptiveFieldSize) / s.receptiveFieldShift) + 1;
  const threshold = options.energyThreshold ?? 1e-4;
  const kernel = new Float32Array(s.receptiveFieldSize).fill(1 / s.receptiveFieldSize);
  // Logit of class 1 = E / threshold; class 0 = 1; the rest never win.
  const weights = new Float32Array([0, 1 / threshold, 0, 0, 0, 0, 0]);
  const bias = new Float32Array([1, 0, -1e4, -1e4, -1e4, -1e4, -1e4]);
  return encodeOnnx({
    nodes: [
      { op: "Mul", inputs: ["x", "x"], outputs: ["x2"] },
      { op: "Conv", inputs: ["x2", "energy_kernel"], outputs: ["energy"], attributes: [{ name: "strides", ints: [s.receptiveFieldShift] }] },
      { op: "Conv", inputs: ["energy", "class_weights", "class_bias"], outputs: ["logits"] },
      { op: "Transpose", inputs: ["logits"], outputs: ["y"], attributes: [{ name: "perm", ints: [0, 2, 1] }] },
    ],
    initializers: [
      { name: "energy_kernel", dims: [1, 1, s.receptiveFieldSize], data: kernel },
      { name: "class_weights", dims: [7, 1, 1], data: weights },
      { name: "class_bias", dims: [7], data: bias },
    ],
    input: { name: "x", dims: [1, 1, s.windowSize] },
    output: { name: "y", dims: [1, frames, 7] },
    metadata: {
      model_type: "pyannote-segmentation-3.0",
      sample_rate: s.sampleRate,
      window_size: s.windowSize,
      window_shift: Math.floor(s.windowSize / 10),
      receptive_field_size: s.receptiveFieldSize,
      receptive_field_shift: s.receptiveFieldShift,
      num_speakers: 3,
      powerset_max_classes: 2,
      num_classes: 7,
    },
  });
}

/**
 * Speaker embedding model: the mean of the 80 fbank bins over time minus its own mean over the
 * bins — the spectral shape of the voice, independent of loudness (output_dim 80).
 */
export function embeddingModel(options: { framework?: string } = {}): Buffer {
  return encodeOnnx({
    nodes: [
      {
        op: "ReduceMean",
        inputs: ["feats"],
        outputs: ["mean_t"],
        attributes: [
          { name: "axes", ints: [1] },
          { name: "keepdims", int: 0 },
        ],
      },
      {
        op: "ReduceMean",
        inputs: ["mean_t"],
        outputs: ["level"],
        attributes: [
          { name: "axes", ints: [1] },
          { name: "keepdims", int: 1 },
        ],
      },
      { op: "Sub", inputs: ["mean_t", "level"], outputs: ["embs"] },
    ],
    initializers: [],
    input: { name: "feats", dims: [1, "T", 80] },
    output: { name: "embs", dims: [1, 80] },
    metadata: {
      framework: options.framework ?? "3d-speaker",
      output_dim: 80,
      sample_rate: 16000,
      normalize_samples: 1,
      language: "Italian",
      feature_normalize_type: "",
    },
  });
}
