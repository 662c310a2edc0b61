// Trains the compact detector (detector.ts) on a YOLO dataset, in chunks of
// wall-clock time so the caller can record progress and checkpoints between
// them. Runs inside a worker thread (trainWorker.ts).
import * as tf from '@tensorflow/tfjs-core';
import { concatFloats, createParams, decodeGrid, exportWeights, forward, GRID_STRIDE, type DetectorArch, type Params } from './detector.ts';
import { parseDataset } from './dataset.ts';
import { decodeRgb, letterboxRgb } from './image.ts';
import { letterboxGeometry } from './geometry.ts';
import { augment, rng, type AugmentationProfile, type Sample } from './augment.ts';
import { evaluate, type Metrics, type Prediction, type Truth } from './metrics.ts';

export interface TrainSpec {
  arch: DetectorArch;
  augmentation: AugmentationProfile;
  /** Planned epochs (document 2's table or the caller's). */
  epochs: number;
  /** Early stopping: epochs without a better validation fitness (see fitness()) before stopping. */
  patience: number;
  /** Default: batchSizeFor() the training images. */
  batchSize?: number;
  learningRate?: number;
  seed?: number;
}

export interface Checkpoint {
  epoch: number;
  weights: Float32Array;
  /** Adam's state (see exportOptimizer): without it a resumed job restarts its moments from zero and trains a different model. */
  optimizer?: Float32Array;
  best?: { epoch: number; metrics: Metrics; weights: Float32Array };
}

export interface Progress {
  epoch: number;
  totalEpochs: number;
  loss: number;
  metrics?: Metrics;
  best?: { epoch: number; metrics: Metrics };
  done: boolean;
  stopReason?: 'epochs' | 'early-stopping';
}

export class TrainingSession {
  private readonly spec: TrainSpec;
  private readonly params: Params;
  private readonly optimizer: tf.AdamOptimizer;
  private readonly train: Sample[];
  private readonly val: Sample[];
  epoch: number;
  private lastLoss = NaN;
  private lastMetrics?: Metrics;
  best?: { epoch: number; metrics: Metrics; weights: Float32Array };
  private stopReason?: Progress['stopReason'];

  private constructor(spec: TrainSpec, train: Sample[], val: Sample[], checkpoint?: Checkpoint) {
    this.spec = spec;
    this.train = train;
    this.val = val.length ? val : train;
    this.params = createParams(spec.arch, checkpoint?.weights, spec.seed ?? 1);
    this.optimizer = tf.train.adam(spec.learningRate ?? 2e-3);
    this.epoch = checkpoint?.epoch ?? 0;
    this.best = checkpoint?.best;
  }

  static async create(zip: Uint8Array, spec: TrainSpec, checkpoint?: Checkpoint): Promise<TrainingSession> {
    const dataset = parseDataset(zip, spec.arch.classes);
    const size = spec.arch.size;
    const samples: Array<Sample & { split: 'train' | 'val' }> = [];
    for (const image of dataset.images) {
      const rgb = await decodeRgb(image.bytes);
      const lb = letterboxGeometry(rgb.width, rgb.height, size);
      const pixels = await letterboxRgb(rgb, lb);
      const boxes = image.boxes.map((b) => ({
        classId: b.classId,
        box: {
          x: (b.cx - b.w / 2) * rgb.width * lb.scale + lb.left,
          y: (b.cy - b.h / 2) * rgb.height * lb.scale + lb.top,
          width: b.w * rgb.width * lb.scale,
          height: b.h * rgb.height * lb.scale,
        },
      }));
      samples.push({ pixels, boxes, split: image.split });
    }
    const session = new TrainingSession(spec, samples.filter((s) => s.split === 'train'), samples.filter((s) => s.split === 'val'), checkpoint);
    try {
      if (checkpoint?.optimizer) await session.importOptimizer(checkpoint.optimizer);
    } catch (err) {
      // Its variables are registered by name: left behind, they would refuse the worker's next session.
      session.dispose();
      throw err;
    }
    return session;
  }

  get counts(): { train: number; val: number } {
    return { train: this.train.length, val: this.val.length };
  }

  /** Trains whole epochs until `seconds` have passed (at least one epoch), evaluating as it goes. */
  async run(seconds: number): Promise<Progress> {
    const until = Date.now() + seconds * 1000;
    const { epochs, patience } = this.spec;
    const evalEvery = Math.max(1, Math.min(10, Math.round(epochs / 50)));
    while (this.epoch < epochs && !this.stopReason) {
      this.lastLoss = this.trainEpoch();
      this.epoch++;
      if (this.epoch % evalEvery === 0 || this.epoch === epochs) {
        this.lastMetrics = await this.evaluate();
        if (!this.best || fitness(this.lastMetrics) > fitness(this.best.metrics)) {
          this.best = { epoch: this.epoch, metrics: this.lastMetrics, weights: await exportWeights(this.params) };
        } else if (this.epoch - this.best.epoch >= patience) {
          this.stopReason = 'early-stopping';
        }
      }
      if (Date.now() >= until) break;
    }
    if (this.epoch >= epochs && !this.stopReason) this.stopReason = 'epochs';
    return {
      epoch: this.epoch,
      totalEpochs: epochs,
      loss: this.lastLoss,
      metrics: this.lastMetrics,
      best: this.best && { epoch: this.best.epoch, metrics: this.best.metrics },
      done: !!this.stopReason,
      stopReason: this.stopReason,
    };
  }

  async checkpoint(): Promise<Checkpoint> {
    return { epoch: this.epoch, weights: await exportWeights(this.params), optimizer: await this.exportOptimizer(), best: this.best };
  }

  /**
   * Adam's state as [iterations, beta1^t, beta2^t, first moments, second moments], the moments in the weights' layout.
   * The powers are kept as they are rather than recomputed from the count: tfjs's own setWeights recomputes them with
   * pow(), which differs from its running products in the last bit at most steps (beta1 from the 8th on), and over a
   * long job those bits would move the resumed training off the uninterrupted one.
   */
  private async exportOptimizer(): Promise<Float32Array | undefined> {
    const [iterations, ...moments] = await this.optimizer.getWeights();
    // getWeights() makes the count a new tensor each call; the moments are the optimizer's own.
    iterations!.tensor.dispose();
    if (!moments.length) return undefined; // no step taken yet
    const adam = this.optimizer as unknown as AdamInternals;
    return concatFloats([
      new Float32Array([this.optimizer.iterations, (await adam.accBeta1.data())[0]!, (await adam.accBeta2.data())[0]!]),
      ...((await Promise.all(moments.map((m) => m.tensor.data()))) as Float32Array[]),
    ]);
  }

  private async importOptimizer(state: Float32Array): Promise<void> {
    const vars = this.params.vars;
    const expected = 3 + 2 * vars.reduce((n, v) => n + v.size, 0);
    if (state.length !== expected) throw new Error(`optimizer state holds ${state.length} values, the architecture needs ${expected}`);
    let o = 3;
    const moment = (v: tf.Variable, suffix: string) => {
      const tensor = tf.tensor(state.subarray(o, (o += v.size)), v.shape);
      return { name: `${v.name}/${suffix}`, tensor };
    };
    const named = [{ name: 'iter', tensor: tf.scalar(state[0]!, 'int32') }, ...vars.map((v) => moment(v, 'm')), ...vars.map((v) => moment(v, 'v'))];
    // setWeights keeps variables of its own made from these.
    await this.optimizer.setWeights(named);
    tf.dispose(named.map((n) => n.tensor));
    const adam = this.optimizer as unknown as AdamInternals;
    tf.tidy(() => {
      adam.accBeta1.assign(tf.scalar(state[1]!));
      adam.accBeta2.assign(tf.scalar(state[2]!));
    });
  }

  dispose(): void {
    for (const v of this.params.vars) v.dispose();
    this.optimizer.dispose();
  }

  private learningRate(): number {
    // Flat, then a cosine decay to a tenth over the last 40% of the planned epochs.
    const base = this.spec.learningRate ?? 2e-3;
    const start = 0.6 * this.spec.epochs;
    if (this.epoch < start) return base;
    const t = (this.epoch - start) / (this.spec.epochs - start);
    return base * (0.1 + 0.9 * 0.5 * (1 + Math.cos(Math.PI * t)));
  }

  private trainEpoch(): number {
    const { arch, augmentation } = this.spec;
    const size = arch.size;
    const batchSize = this.spec.batchSize ?? batchSizeFor(this.train.length);
    // Each epoch draws from its own stream, so a job resumed at any epoch sees what an uninterrupted one would have.
    const random = rng(epochSeed(this.spec.seed ?? 1, this.epoch));
    const order = [...this.train.keys()].sort(() => random() - 0.5);
    (this.optimizer as unknown as { learningRate: number }).learningRate = this.learningRate();
    let total = 0;
    let batches = 0;
    for (let b = 0; b < order.length; b += batchSize) {
      const idx = order.slice(b, b + batchSize);
      const pixels = new Float32Array(idx.length * size * size * 3);
      const targets = new Float32Array(idx.length * gridCells(arch) * (5 + arch.classes));
      idx.forEach((i, k) => {
        const boxes = augment(this.train[i]!, size, augmentation, random, pixels, k * size * size * 3);
        writeTargets(boxes, arch, targets, k);
      });
      const loss = tf.tidy(() => {
        const x = tf.tensor4d(pixels, [idx.length, size, size, 3]);
        const y = tf.tensor4d(targets, [idx.length, size / GRID_STRIDE, size / GRID_STRIDE, 5 + arch.classes]);
        return this.optimizer.minimize(() => detectionLoss(forward(this.params, x), y), true, this.params.vars)!;
      });
      total += loss.dataSync()[0]!;
      loss.dispose();
      batches++;
    }
    return total / Math.max(1, batches);
  }

  private async evaluate(): Promise<Metrics> {
    const { arch } = this.spec;
    const size = arch.size;
    const preds: Prediction[] = [];
    const truths: Truth[] = [];
    for (let b = 0; b < this.val.length; b += 16) {
      const chunk = this.val.slice(b, b + 16);
      const pixels = new Float32Array(chunk.length * size * size * 3);
      chunk.forEach((s, k) => augment(s, size, 'none', NO_RANDOM, pixels, k * size * size * 3));
      const out = tf.tidy(() => forward(this.params, tf.tensor4d(pixels, [chunk.length, size, size, 3])));
      const data = (await out.data()) as Float32Array;
      out.dispose();
      const per = gridCells(arch) * (5 + arch.classes);
      chunk.forEach((s, k) => {
        const image = b + k;
        for (const d of decodeGrid(data.subarray(k * per, (k + 1) * per), arch, 0.01)) preds.push({ image, classId: d.classId, box: d.box, score: d.score });
        for (const t of s.boxes) truths.push({ image, classId: t.classId, box: t.box });
      });
    }
    return evaluate(preds, truths, arch.classes);
  }
}

/**
 * Which epoch's weights become the model, and what early stopping waits on: Ultralytics' fitness, mostly
 * mAP@0.5:0.95. Selecting on mAP@0.5 alone picked epochs that did worse on unseen images (shapes test, seeds 1-3:
 * held-out mAP@0.5 0.96/0.93/0.61 by mAP@0.5, 0.96/0.94/0.84 by fitness).
 */
export function fitness(m: Metrics): number {
  return 0.1 * m.mAP50 + 0.9 * m.mAP50_95;
}

/**
 * Small datasets take small batches: at least eight optimizer steps an epoch until the batch is down to 4, 16
 * from 128 images up. At 16, 39 images made 3 steps an epoch and 40 epochs left the detector half trained
 * (held-out mAP@0.5 0.44 and 0.74 for seeds 1 and 2, against 0.96 and 0.93 at 4; an epoch took 1.3 s, against 0.8 s).
 */
export function batchSizeFor(trainImages: number): number {
  return Math.min(16, Math.max(4, Math.floor(trainImages / 8)));
}

/** Adam's running powers of its betas, which tfjs keeps out of getWeights(). */
interface AdamInternals {
  accBeta1: tf.Variable;
  accBeta2: tf.Variable;
}

const NO_RANDOM = (): number => {
  throw new Error('unaugmented images draw no random numbers');
};

function epochSeed(seed: number, epoch: number): number {
  return (Math.imul(seed, 0x9e3779b1) ^ Math.imul(epoch + 1, 0x85ebca6b)) >>> 0;
}

function gridCells(arch: DetectorArch): number {
  const g = arch.size / GRID_STRIDE;
  return g * g;
}

/** Each object goes to the cell holding its centre; when two share a cell the larger one keeps it. */
export function writeTargets(boxes: Sample['boxes'], arch: DetectorArch, out: Float32Array, image: number): void {
  const grid = arch.size / GRID_STRIDE;
  const ch = 5 + arch.classes;
  const base = image * grid * grid * ch;
  const sorted = [...boxes].sort((a, b) => a.box.width * a.box.height - b.box.width * b.box.height);
  for (const { classId, box } of sorted) {
    const cx = (box.x + box.width / 2) / GRID_STRIDE;
    const cy = (box.y + box.height / 2) / GRID_STRIDE;
    const gx = Math.min(grid - 1, Math.max(0, Math.floor(cx)));
    const gy = Math.min(grid - 1, Math.max(0, Math.floor(cy)));
    const o = base + (gy * grid + gx) * ch;
    out.fill(0, o, o + ch);
    out[o] = 1;
    out[o + 1] = cx - gx;
    out[o + 2] = cy - gy;
    out[o + 3] = box.width / arch.size;
    out[o + 4] = box.height / arch.size;
    out[o + 5 + classId] = 1;
  }
}

function bceWithLogits(logits: tf.Tensor, targets: tf.Tensor): tf.Tensor {
  // max(x, 0) - x z + log(1 + exp(-|x|)): stable for large logits.
  return tf.add(tf.sub(tf.relu(logits), tf.mul(logits, targets)), tf.log1p(tf.exp(tf.neg(tf.abs(logits)))));
}

/** Objectness everywhere (positives weighted up: they are a few cells of many), box and class where an object is. */
export function detectionLoss(out: tf.Tensor4D, target: tf.Tensor4D): tf.Scalar {
  const batch = out.shape[0];
  const ch = out.shape[3];
  const objLogit = tf.slice(out, [0, 0, 0, 0], [-1, -1, -1, 1]);
  const obj = tf.slice(target, [0, 0, 0, 0], [-1, -1, -1, 1]);
  const objLoss = tf.sum(tf.mul(bceWithLogits(objLogit, obj), tf.add(tf.mul(obj, 4), 1)));
  const boxPred = tf.sigmoid(tf.slice(out, [0, 0, 0, 1], [-1, -1, -1, 4]));
  const boxTrue = tf.slice(target, [0, 0, 0, 1], [-1, -1, -1, 4]);
  const boxLoss = tf.mul(tf.sum(tf.mul(tf.abs(tf.sub(boxPred, boxTrue)), obj)), 5);
  const clsLoss = tf.sum(tf.mul(bceWithLogits(tf.slice(out, [0, 0, 0, 5], [-1, -1, -1, ch - 5]), tf.slice(target, [0, 0, 0, 5], [-1, -1, -1, ch - 5])), obj));
  return tf.div(tf.add(tf.add(objLoss, boxLoss), clsLoss), batch) as tf.Scalar;
}
