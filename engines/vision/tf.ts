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
 * have the 3-D one: a 2-D convolution is a 3-D one of depth 1, so the
 * gradient is computed by that kernel on reshaped views (no copies).
 */
function registerConv2dFilterGradient(): void {
  if (tf.getKernel('Conv2DBackpropFilter', 'wasm')) return;
  tf.registerKernel({
    kernelName: 'Conv2DBackpropFilter',
    backendName: 'wasm',
    kernelFunc: ({ inputs, backend, attrs }) => {
      const reshape = tf.getKernel('Reshape', 'wasm')!.kernelFunc;
      const filter3d = tf.getKernel('Conv3DBackpropFilterV2', 'wasm')!.kernelFunc;
      const { x, dy } = inputs as { x: tf.TensorInfo; dy: tf.TensorInfo };
      const a = attrs as unknown as { strides: number | [number, number]; pad: 'same' | 'valid' | number; filterShape: [number, number, number, number]; dataFormat?: string };
      if (typeof a.pad === 'number' || (a.dataFormat && a.dataFormat !== 'NHWC')) {
        throw new Error('Conv2DBackpropFilter on wasm supports NHWC with same or valid padding only');
      }
      const [sh, sw] = typeof a.strides === 'number' ? [a.strides, a.strides] : a.strides;
      const [b, h, w, c] = x.shape as [number, number, number, number];
      const [, oh, ow, co] = dy.shape as [number, number, number, number];
      const x5 = reshape({ inputs: { x }, backend, attrs: { shape: [b, 1, h, w, c] } }) as tf.TensorInfo;
      const dy5 = reshape({ inputs: { x: dy }, backend, attrs: { shape: [b, 1, oh, ow, co] } }) as tf.TensorInfo;
      const grad5 = filter3d({ inputs: { x: x5, dy: dy5 }, backend, attrs: { strides: [1, sh, sw], pad: a.pad, filterShape: [1, ...a.filterShape] } }) as tf.TensorInfo;
      const grad = reshape({ inputs: { x: grad5 }, backend, attrs: { shape: a.filterShape } }) as tf.TensorInfo;
      const wasm = backend as unknown as { disposeData(id: object): void };
      wasm.disposeData(x5.dataId);
      wasm.disposeData(dy5.dataId);
      wasm.disposeData(grad5.dataId);
      return grad;
    },
  });
}
