// TensorFlow.js on its WebAssembly backend, with the wasm files read from the
// npm package (never a CDN). Once per worker thread.
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
// tfjs-core's Node build registers no gradients; tfjs-layers' build carries them all and registers them on import.
import '@tensorflow/tfjs-layers';

const require = createRequire(import.meta.url);
export const WASM_DIR = path.join(path.dirname(require.resolve('@tensorflow/tfjs-backend-wasm')), path.sep);

let ready: Promise<typeof tf> | undefined;

export function tfWasm(): Promise<typeof tf> {
  ready ??= (async () => {
    setWasmPaths(WASM_DIR);
    registerConv2dFilterGradient();
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return ready;
}

/**
 * The wasm backend has no Conv2DBackpropFilter kernel (the weight gradient
 * of a 2-D convolution), so it cannot train a convolutional network. It does
 * have the 3-D one, and a 2-D convolution is a 3-D one of depth 1. That
 * kernel is only right at stride 1 (tf.test.ts compares it with the CPU
 * backend), so a strided gradient is computed as the stride-1 gradient of the
 * explicitly padded input against dy dilated by the stride (zeros between its
 * rows and columns): the same sum, term for term.
 */
function registerConv2dFilterGradient(): void {
  if (tf.getKernel('Conv2DBackpropFilter', 'wasm')) return;
  tf.registerKernel({
    kernelName: 'Conv2DBackpropFilter',
    backendName: 'wasm',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const k = (name: string) => tf.getKernel(name, 'wasm')!.kernelFunc as (a: { inputs: object; backend: unknown; attrs: object }) => tf.TensorInfo;
      const reshape = (x: tf.TensorInfo, shape: number[]) => k('Reshape')({ inputs: { x }, backend, attrs: { shape } });
      const pad = (x: tf.TensorInfo, paddings: number[][]) => k('PadV2')({ inputs: { x }, backend, attrs: { paddings, constantValue: 0 } });
      const slice = (x: tf.TensorInfo, size: number[]) => k('Slice')({ inputs: { x }, backend, attrs: { begin: size.map(() => 0), size } });
      const temps: tf.TensorInfo[] = [];
      const t = (x: tf.TensorInfo) => (temps.push(x), x);
      const { x, dy } = inputs as { x: tf.TensorInfo; dy: tf.TensorInfo };
      const a = attrs as unknown as { strides: number | [number, number]; pad: 'same' | 'valid' | number; filterShape: [number, number, number, number]; dataFormat?: string };
      if (typeof a.pad === 'number' || (a.dataFormat && a.dataFormat !== 'NHWC')) {
        throw new Error('Conv2DBackpropFilter on wasm supports NHWC with same or valid padding only');
      }
      const [sh, sw] = typeof a.strides === 'number' ? [a.strides, a.strides] : a.strides;
      const [kh, kw] = a.filterShape;
      const [b, h, w, c] = x.shape as [number, number, number, number];
      const [, oh, ow, co] = dy.shape as [number, number, number, number];
      let xs = x;
      let dys = dy;
      if (sh !== 1 || sw !== 1) {
        const info = tf.backend_util.computeConv2DInfo(x.shape as [number, number, number, number], a.filterShape, [sh, sw], 1, a.pad);
        const dh = (oh - 1) * sh + 1;
        const dw = (ow - 1) * sw + 1;
        const ph = dh + kh - 1;
        const pw = dw + kw - 1;
        const { top, left } = info.padInfo;
        xs = t(slice(t(pad(x, [[0, 0], [top, Math.max(0, ph - h - top)], [left, Math.max(0, pw - w - left)], [0, 0]])), [b, ph, pw, c]));
        // Zeros after every column, then after every row, then trim the trailing ones.
        const cols = t(reshape(t(pad(t(reshape(dy, [b * oh, ow, 1, co])), [[0, 0], [0, 0], [0, sw - 1], [0, 0]])), [b, oh, ow * sw, co]));
        const rows = t(reshape(t(pad(t(reshape(cols, [b, oh, 1, ow * sw * co])), [[0, 0], [0, 0], [0, sh - 1], [0, 0]])), [b, oh * sh, ow * sw, co]));
        dys = t(slice(rows, [b, dh, dw, co]));
      }
      const [, xh, xw] = xs.shape as [number, number, number, number];
      const [, yh, yw] = dys.shape as [number, number, number, number];
      const x5 = t(reshape(xs, [b, 1, xh, xw, c]));
      const dy5 = t(reshape(dys, [b, 1, yh, yw, co]));
      const grad5 = t(k('Conv3DBackpropFilterV2')({ inputs: { x: x5, dy: dy5 }, backend, attrs: { strides: [1, 1, 1], pad: sh !== 1 || sw !== 1 ? 'valid' : a.pad, filterShape: [1, ...a.filterShape] } }));
      const grad = reshape(grad5, a.filterShape);
      const wasm = backend as unknown as { disposeData(id: object): void };
      for (const temp of temps) wasm.disposeData(temp.dataId);
      return grad;
    },
  });
}
