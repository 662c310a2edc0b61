// Writes small ONNX models for tests: a protobuf encoder for the handful of
// ONNX messages a graph needs (ModelProto, GraphProto, NodeProto,
// TensorProto, ValueInfoProto, AttributeProto), and a builder on top.
// Tests build real, input-dependent graphs with it, so the loading and
// post-processing code runs against onnxruntime exactly as with a real model.

type Bytes = Uint8Array;

function varint(value: number | bigint): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v) byte |= 0x80;
    out.push(byte);
  } while (v);
  return out;
}

function concat(parts: Array<Bytes | number[]>): Bytes {
  const len = parts.reduce((n, p) => n + p.length, 0);
  const out = new Uint8Array(len);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

const enc = new TextEncoder();
const key = (field: number, wire: number) => varint((field << 3) | wire);
const fVarint = (field: number, v: number | bigint) => concat([key(field, 0), varint(v)]);
const fBytes = (field: number, b: Bytes) => concat([key(field, 2), varint(b.length), b]);
const fStr = (field: number, s: string) => fBytes(field, enc.encode(s));
function fFloat(field: number, f: number): Bytes {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setFloat32(0, f, true);
  return concat([key(field, 5), b]);
}

export const FLOAT = 1;
export const INT64 = 7;

function tensorProto(name: string, dataType: number, dims: number[], values: number[]): Bytes {
  let raw: Bytes;
  if (dataType === FLOAT) raw = new Uint8Array(new Float32Array(values).buffer);
  else raw = new Uint8Array(new BigInt64Array(values.map((v) => BigInt(v))).buffer);
  return concat([...dims.map((d) => fVarint(1, d)), fVarint(2, dataType), fStr(8, name), fBytes(9, raw)]);
}

function valueInfo(name: string, elemType: number, dims: Array<number | string>): Bytes {
  const shape = concat(dims.map((d) => fBytes(1, typeof d === 'number' ? fVarint(1, d) : fStr(2, d))));
  const tensorType = concat([fVarint(1, elemType), fBytes(2, shape)]);
  return concat([fStr(1, name), fBytes(2, fBytes(1, tensorType))]);
}

export type Attr = number | number[] | { float: number };

function attribute(name: string, value: Attr): Bytes {
  if (Array.isArray(value)) return concat([fStr(1, name), ...value.map((v) => fVarint(8, v)), fVarint(20, 7)]);
  if (typeof value === 'object') return concat([fStr(1, name), fFloat(2, value.float), fVarint(20, 1)]);
  return concat([fStr(1, name), fVarint(3, value), fVarint(20, 2)]);
}

export class GraphBuilder {
  private nodes: Bytes[] = [];
  private inits: Bytes[] = [];
  private inputs: Bytes[] = [];
  private outputs: Bytes[] = [];
  private n = 0;

  input(name: string, elemType: number, dims: Array<number | string>): string {
    this.inputs.push(valueInfo(name, elemType, dims));
    return name;
  }

  output(name: string, elemType: number, dims: Array<number | string>): void {
    this.outputs.push(valueInfo(name, elemType, dims));
  }

  constant(values: number[], dims: number[], dataType = FLOAT): string {
    const name = `c${this.n++}`;
    this.inits.push(tensorProto(name, dataType, dims, values));
    return name;
  }

  op(type: string, inputs: string[], attrs: Record<string, Attr> = {}, output?: string): string {
    const out = output ?? `t${this.n++}`;
    this.nodes.push(
      concat([
        ...inputs.map((i) => fStr(1, i)),
        fStr(2, out),
        fStr(3, `n${this.n++}`),
        fStr(4, type),
        ...Object.entries(attrs).map(([k, v]) => fBytes(5, attribute(k, v))),
      ]),
    );
    return out;
  }

  /** A scalar (or any tensor) as a 1-element-per-value vector. */
  flat(x: string): string {
    return this.op('Reshape', [x, this.constant([-1], [1], INT64)]);
  }

  model(opset = 17): Bytes {
    const graph = concat([
      ...this.nodes.map((n) => fBytes(1, n)),
      fStr(2, 'test'),
      ...this.inits.map((t) => fBytes(5, t)),
      ...this.inputs.map((i) => fBytes(11, i)),
      ...this.outputs.map((o) => fBytes(12, o)),
    ]);
    return concat([fVarint(1, 8), fStr(2, 'switchyard-tests'), fBytes(7, graph), fBytes(8, concat([fStr(1, ''), fVarint(2, opset)]))]);
  }
}

/**
 * Finds the brightest rectangle of channel 0 (values over `threshold`) in a
 * [1, 3, S, S] input: answers scalar tensors cx, cy, w, h (input pixels) and
 * its score (1 when there is one, 0 when not).
 */
function brightBox(g: GraphBuilder, input: string, size: number, threshold: number, gain: number): { cx: string; cy: string; w: string; h: string; score: string } {
  const red = g.op('Slice', [input, g.constant([0], [1], INT64), g.constant([1], [1], INT64), g.constant([1], [1], INT64)]);
  const plane = g.op('Reshape', [red, g.constant([size, size], [2], INT64)]);
  const mask = g.op('Min', [g.op('Mul', [g.op('Relu', [g.op('Sub', [plane, g.constant([threshold], [])])]), g.constant([gain], [])]), g.constant([1], [])]);
  const cols = g.op('ReduceMax', [mask], { axes: [0], keepdims: 0 });
  const rows = g.op('ReduceMax', [mask], { axes: [1], keepdims: 0 });
  const centres = g.constant(Array.from({ length: size }, (_, i) => i + 0.5), [size]);
  const w = g.op('ReduceSum', [cols], { keepdims: 0 });
  const h = g.op('ReduceSum', [rows], { keepdims: 0 });
  const eps = g.constant([1e-6], []);
  const cx = g.op('Div', [g.op('ReduceSum', [g.op('Mul', [cols, centres])], { keepdims: 0 }), g.op('Add', [w, eps])]);
  const cy = g.op('Div', [g.op('ReduceSum', [g.op('Mul', [rows, centres])], { keepdims: 0 }), g.op('Add', [h, eps])]);
  const score = g.op('ReduceMax', [mask], { keepdims: 0 });
  return { cx, cy, w, h, score };
}

/**
 * A YOLO-format detector (Ultralytics export layout: input "images" [1, 3,
 * S, S] in 0-1, output "output0" [1, 4 + classes, 4]) that really looks at
 * its input. Anchor 0 is the bright rectangle as class 0; anchor 1 the same
 * box one pixel right at 0.9 of its score (NMS must drop it); anchor 2 a
 * class-1 box fixed at (20, 30, 8, 8) input pixels with score 0.6; anchor 3
 * noise scoring 0.1 (the confidence threshold must drop it).
 */
export function yoloTestModel(size = 64, classes = 80): Uint8Array {
  const g = new GraphBuilder();
  const images = g.input('images', FLOAT, [1, 3, size, size]);
  const b = brightBox(g, images, size, 0.8, 5);
  const c = (v: number) => g.flat(g.constant([v], []));
  const f = (x: string) => g.flat(x);
  const shifted = g.op('Add', [b.cx, g.constant([1], [])]);
  const dupScore = g.op('Mul', [b.score, g.constant([0.9], [])]);
  const rows: string[][] = [
    [f(b.cx), f(shifted), c(20), c(10)],
    [f(b.cy), f(b.cy), c(30), c(10)],
    [f(b.w), f(b.w), c(8), c(5)],
    [f(b.h), f(b.h), c(8), c(5)],
    [f(b.score), f(dupScore), c(0), c(0.1)],
    [c(0), c(0), c(0.6), c(0)],
  ];
  const parts = rows.flat();
  if (classes > 2) parts.push(g.constant(new Array((classes - 2) * 4).fill(0), [(classes - 2) * 4]));
  const all = g.op('Concat', parts, { axis: 0 });
  g.op('Reshape', [all, g.constant([1, 4 + classes, 4], [3], INT64)], {}, 'output0');
  g.output('output0', FLOAT, [1, 4 + classes, 4]);
  return g.model();
}

/** The id the test tokenizer gives the word "square". */
export const SQUARE_TOKEN = 77;

/**
 * A CLIP-style BPE tokenizer.json small enough for a test: single letters,
 * the merges that make "square" one token, and CLIP's start/end tokens.
 */
export function testTokenizerJson(): string {
  const vocab: Record<string, number> = {};
  let id = 0;
  for (const ch of 'abcdefghijklmnopqrstuvwxyz') {
    vocab[ch] = id++;
    vocab[`${ch}</w>`] = id++;
  }
  const merges = ['s q', 'sq u', 'squ a', 'squa r', 'squar e</w>'];
  let next = 60;
  for (const m of merges.slice(0, -1)) vocab[m.replace(' ', '')] = next++;
  vocab['square</w>'] = SQUARE_TOKEN;
  return JSON.stringify({
    model: { type: 'BPE', vocab, merges, end_of_word_suffix: '</w>' },
    added_tokens: [
      { id: 100, content: '<|startoftext|>' },
      { id: 101, content: '<|endoftext|>' },
    ],
  });
}

/**
 * An OWL-ViT-format detector (inputs input_ids, attention_mask [Q, 16],
 * pixel_values [1, 3, S, S] CLIP-normalised; outputs logits [1, 1, Q] and
 * pred_boxes [1, 1, 4] normalised cx, cy, w, h) with one patch: it finds the
 * bright rectangle, and only a query whose first word is "square" scores it.
 */
export function owlTestModel(size = 64): Uint8Array {
  const g = new GraphBuilder();
  const ids = g.input('input_ids', INT64, ['queries', 16]);
  g.input('attention_mask', INT64, ['queries', 16]);
  const pixels = g.input('pixel_values', FLOAT, [1, 3, size, size]);
  // White is (1 - 0.4815) / 0.2686 = 1.93 after CLIP normalisation; mid grey is about 0.
  const b = brightBox(g, pixels, size, 1.5, 2.5);
  const norm = g.constant([size], []);
  const box = g.op('Concat', [g.flat(g.op('Div', [b.cx, norm])), g.flat(g.op('Div', [b.cy, norm])), g.flat(g.op('Div', [b.w, norm])), g.flat(g.op('Div', [b.h, norm]))], { axis: 0 });
  g.op('Reshape', [box, g.constant([1, 1, 4], [3], INT64)], {}, 'pred_boxes');
  const first = g.op('Slice', [ids, g.constant([1], [1], INT64), g.constant([2], [1], INT64), g.constant([1], [1], INT64)]);
  const isSquare = g.op('Cast', [g.op('Equal', [g.flat(first), g.constant([SQUARE_TOKEN], [], INT64)])], { to: FLOAT });
  const logits = g.op('Sub', [g.op('Mul', [isSquare, g.op('Mul', [b.score, g.constant([10], [])])]), g.constant([5], [])]);
  g.op('Reshape', [logits, g.constant([1, 1, -1], [3], INT64)], {}, 'logits');
  g.output('pred_boxes', FLOAT, [1, 1, 4]);
  g.output('logits', FLOAT, [1, 1, 'queries']);
  return g.model();
}
