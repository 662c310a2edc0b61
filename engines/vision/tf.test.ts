// The Conv2D weight gradient the wasm backend lacks, computed through its 3-D
// kernel: it must equal the CPU backend's own Conv2DBackpropFilter.
import { describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs-core';
import '@tensorflow/tfjs-backend-cpu';
import { tfWasm } from './tf.ts';
import { rng } from './augment.ts';

describe('Conv2DBackpropFilter on wasm', () => {
  it('matches the CPU backend for strides 1 and 2, same and valid padding', async () => {
    await tfWasm();
    const random = rng(3);
    const values = (n: number) => Array.from({ length: n }, () => random() * 2 - 1);
    for (const [stride, pad] of [[1, 'same'], [2, 'same'], [2, 'valid'], [1, 'valid']] as const) {
      const x = values(2 * 9 * 9 * 3);
      const w = values(3 * 3 * 3 * 4);
      const grads: Record<string, Float32Array> = {};
      for (const backend of ['cpu', 'wasm']) {
        await tf.setBackend(backend);
        const g = tf.grad((filter: tf.Tensor) => tf.sum(tf.square(tf.conv2d(tf.tensor4d(x, [2, 9, 9, 3]), filter as tf.Tensor4D, stride, pad))));
        grads[backend] = (await g(tf.tensor4d(w, [3, 3, 3, 4])).data()) as Float32Array;
      }
      expect(grads.wasm!.length).toBe(108);
      for (let i = 0; i < 108; i++) expect(grads.wasm![i]).toBeCloseTo(grads.cpu![i]!, 3);
    }
    await tf.setBackend('wasm');
  });
});
