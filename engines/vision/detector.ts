// The compact single-shot detector that custom training produces: four 3x3
// convolutions (strides 2, 2, 2, 1) and a 1x1 head over an S/8 grid. Each
// cell predicts objectness, its object's centre within the cell, its width
// and height as fractions of the input, and class scores (YOLOv1/CenterNet
// style, one object per cell). Small enough to train from scratch on two CPU
// cores in minutes; see docs/vision.md for why.
import * as tf from '@tensorflow/tfjs-core';
import { letterboxGeometry, nms, unletterbox, type Scored } from './geometry.ts';
import { letterboxRgb, type Rgb } from './image.ts';
import type { DetectorArch } from './arch.ts';

export { WIDTHS, type DetectorArch } from './arch.ts';

const STRIDES = [2, 2, 2, 1] as const;
export const GRID_STRIDE = 8;

export interface Params {
  arch: DetectorArch;
  vars: tf.Variable[];
}

/** He-initialised weights (the same ones for the same seed), or the given ones (a checkpoint, a stored model). */
export function createParams(arch: DetectorArch, weights?: Float32Array, seed = 1): Params {
  const shapes = paramShapes(arch);
  let offset = 0;
  const vars = shapes.map((shape, i) => {
    const n = shape.reduce((a, b) => a * b, 1);
    let init: tf.Tensor;
    if (weights) {
      init = tf.tensor(weights.subarray(offset, offset + n), shape);
    } else if (shape.length === 4) {
      const fanIn = shape[0]! * shape[1]! * shape[2]!;
      init = tf.mul(tf.randomNormal(shape, 0, 1, 'float32', seed * 1000 + i), Math.sqrt(2 / fanIn));
    } else if (i === shapes.length - 1) {
      // Objectness starts near "nothing here" (prior 0.01), as focal-loss detectors do, so early training is stable.
      const bias = new Float32Array(n);
      bias[0] = -4.6;
      init = tf.tensor(bias, shape);
    } else {
      init = tf.zeros(shape);
    }
    offset += n;
    const v = tf.variable(init, true, `p${i}`);
    init.dispose();
    return v;
  });
  if (weights && offset !== weights.length) throw new Error(`weights hold ${weights.length} values, the architecture needs ${offset}`);
  return { arch, vars };
}

export function paramShapes(arch: DetectorArch): number[][] {
  const shapes: number[][] = [];
  let cin = 3;
  for (const w of arch.widths) {
    shapes.push([3, 3, cin, w], [w]);
    cin = w;
  }
  shapes.push([1, 1, cin, 5 + arch.classes], [5 + arch.classes]);
  return shapes;
}

export async function exportWeights(params: Params): Promise<Float32Array> {
  return concatFloats(await Promise.all(params.vars.map((v) => v.data() as Promise<Float32Array>)));
}

export function concatFloats(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** Raw head output [B, G, G, 5 + classes] for a [B, S, S, 3] batch in 0-1. */
export function forward(params: Params, x: tf.Tensor4D): tf.Tensor4D {
  return tf.tidy(() => {
    let h = tf.div(tf.sub(x, 0.5), 0.25) as tf.Tensor4D;
    for (let i = 0; i < 4; i++) {
      h = tf.conv2d(h, params.vars[2 * i] as tf.Tensor4D, STRIDES[i]!, 'same');
      h = tf.leakyRelu(tf.add(h, params.vars[2 * i + 1]!), 0.1) as tf.Tensor4D;
    }
    return tf.add(tf.conv2d(h, params.vars[8] as tf.Tensor4D, 1, 'same'), params.vars[9]!) as tf.Tensor4D;
  });
}

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/** Head output of one image to scored boxes in input-square pixels. */
export function decodeGrid(out: Float32Array, arch: DetectorArch, confidence: number): Scored[] {
  const grid = arch.size / GRID_STRIDE;
  const ch = 5 + arch.classes;
  const found: Scored[] = [];
  for (let gy = 0; gy < grid; gy++) {
    for (let gx = 0; gx < grid; gx++) {
      const o = (gy * grid + gx) * ch;
      const obj = sigmoid(out[o]!);
      if (obj < confidence) continue;
      let best = 0;
      let cls = -Infinity;
      for (let c = 0; c < arch.classes; c++) {
        if (out[o + 5 + c]! > cls) {
          cls = out[o + 5 + c]!;
          best = c;
        }
      }
      const score = obj * sigmoid(cls);
      if (score < confidence) continue;
      const cx = ((gx + sigmoid(out[o + 1]!)) / grid) * arch.size;
      const cy = ((gy + sigmoid(out[o + 2]!)) / grid) * arch.size;
      const w = sigmoid(out[o + 3]!) * arch.size;
      const h = sigmoid(out[o + 4]!) * arch.size;
      found.push({ score, classId: best, box: { x: cx - w / 2, y: cy - h / 2, width: w, height: h } });
    }
  }
  return nms(found, 0.45);
}

/** One image in original pixels: letterbox, forward, decode, back to original pixels. */
export async function detectWith(params: Params, rgb: Rgb, confidence: number): Promise<Scored[]> {
  const { size } = params.arch;
  const lb = letterboxGeometry(rgb.width, rgb.height, size);
  const square = await letterboxRgb(rgb, lb);
  const input = tf.tidy(() => tf.div(tf.tensor4d(square, [1, size, size, 3], 'float32'), 255) as tf.Tensor4D);
  const out = forward(params, input);
  const data = (await out.data()) as Float32Array;
  input.dispose();
  out.dispose();
  return decodeGrid(data, params.arch, confidence).map((s) => ({ ...s, box: unletterbox(s.box, lb, rgb.width, rgb.height) }));
}
