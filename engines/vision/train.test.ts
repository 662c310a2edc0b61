// A training job stopped at any epoch and resumed from its checkpoint must
// train the very model the uninterrupted job trains: the service restarts
// jobs whenever a process stops, and a restart must not change the result.
import { beforeAll, describe, expect, it } from 'vitest';
import * as tf from '@tensorflow/tfjs-core';
import { tfWasm } from './tf.ts';
import { TrainingSession, type Checkpoint, type TrainSpec } from './train.ts';
import { buildDatasetZip } from './dataset.ts';
import { shapeImage, yoloLabels, SHAPE_CLASSES } from './testing/shapes.ts';
import { WIDTHS } from './detector.ts';

const spec: TrainSpec = {
  arch: { kind: 'switchyard-grid-detector', version: 1, size: 64, widths: WIDTHS.yolo11n!, classes: SHAPE_CLASSES.length },
  augmentation: 'high',
  epochs: 4,
  patience: 30,
  batchSize: 4,
  seed: 7,
};

let zip: Uint8Array;

beforeAll(async () => {
  await tfWasm();
  const items = [];
  for (let i = 0; i < 10; i++) {
    const img = await shapeImage(100 + i);
    items.push({ name: `s${i}.png`, split: (i % 5 === 4 ? 'val' : 'train') as 'train' | 'val', bytes: img.png, boxes: yoloLabels(img) });
  }
  zip = buildDatasetZip(items, [...SHAPE_CLASSES]);
});

/** Trains `epochs` single-epoch chunks (a chunk of 0 seconds is exactly one epoch) and answers the checkpoint. */
async function train(epochs: number, from?: Checkpoint): Promise<Checkpoint> {
  const session = await TrainingSession.create(zip, spec, from);
  try {
    for (let i = 0; i < epochs; i++) await session.run(0);
    return await session.checkpoint();
  } finally {
    session.dispose();
  }
}

describe('resuming a training job', () => {
  it('from a checkpoint trains the same weights, bit for bit, as the uninterrupted job', async () => {
    const straight = await train(4);
    const half = await train(2);
    expect(half.epoch).toBe(2);
    expect(half.optimizer).toBeInstanceOf(Float32Array);
    const resumed = await train(2, half);
    expect(resumed.epoch).toBe(4);
    expect(resumed.weights).toEqual(straight.weights);
    expect(resumed.optimizer).toEqual(straight.optimizer);
    expect(resumed.best?.epoch).toBe(straight.best?.epoch);

    // The control: resumed without the optimizer's state, the same checkpoint trains other weights.
    const withoutOptimizer = await train(2, { ...half, optimizer: undefined });
    expect(withoutOptimizer.weights).not.toEqual(straight.weights);
  }, 120_000);

  it('starts from the same weights for the same seed, and other ones for another', async () => {
    const a = await train(0);
    const b = await train(0);
    expect(a.weights).toEqual(b.weights);
    expect(a.optimizer).toBeUndefined();
    const other = await TrainingSession.create(zip, { ...spec, seed: 8 });
    const c = await other.checkpoint();
    other.dispose();
    expect(c.weights).not.toEqual(a.weights);
  });

  it('leaves no tensor behind: checkpoints in a long job, and a session resumed and disposed', async () => {
    const half = await train(1);
    const before = tf.memory().numTensors;
    const session = await TrainingSession.create(zip, spec, half);
    await session.run(0);
    const during = tf.memory().numTensors;
    for (let i = 0; i < 5; i++) await session.checkpoint();
    expect(tf.memory().numTensors).toBe(during);
    session.dispose();
    expect(tf.memory().numTensors).toBe(before);
  });

  it('refuses an optimizer state that does not fit the architecture', async () => {
    const half = await train(1);
    await expect(TrainingSession.create(zip, spec, { ...half, optimizer: half.optimizer!.subarray(1) })).rejects.toThrow(/optimizer state holds \d+ values, the architecture needs \d+/);
    // Nothing of the refused session is left registered: the next one starts.
    (await TrainingSession.create(zip, spec, half)).dispose();
  });
});
