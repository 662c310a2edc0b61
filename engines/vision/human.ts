// The models shipped inside @vladmandic/human's npm package, run on
// TensorFlow.js wasm: CenterNet (COCO objects) and BlazeFace (MediaPipe's
// face detector). The weights are read from node_modules, never fetched.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { tfWasm, WASM_DIR } from './tf.ts';
import type { Scored } from './geometry.ts';
import { clipBox, uncertain } from './geometry.ts';
import { loadGraphModel, type GraphModel } from '@tensorflow/tfjs-converter';
import type { Rgb } from './image.ts';

const require = createRequire(import.meta.url);
// The package's `require` export is dist/human.node.js; its folder's parent is the package.
const HUMAN_DIR = path.dirname(path.dirname(require.resolve('@vladmandic/human')));
export const HUMAN_MODELS_DIR = path.join(HUMAN_DIR, 'models');

interface HumanResult {
  face: Array<{ score: number; boxScore: number; faceScore: number; box: [number, number, number, number] }>;
}
interface Human {
  load(): Promise<void>;
  warmup?: unknown;
  detect(input: tf.Tensor, config?: Record<string, unknown>): Promise<HumanResult>;
}

let human: Promise<Human> | undefined;
let routerRegistered = false;

/** A file:// loader for TensorFlow.js graph models: Human asks for model.json, we read it and its weight shards from disk. */
function registerFileLoader(): void {
  if (routerRegistered) return;
  routerRegistered = true;
  tf.io.registerLoadRouter(((url: string | string[]) => {
    if (typeof url !== 'string' || !url.startsWith('file://')) return null;
    const file = url.slice('file://'.length);
    return {
      load: async () => {
        const json = JSON.parse(readFileSync(file, 'utf8'));
        const specs: tf.io.WeightsManifestEntry[] = [];
        const shards: Buffer[] = [];
        for (const group of json.weightsManifest as tf.io.WeightsManifestConfig) {
          specs.push(...group.weights);
          for (const p of group.paths) shards.push(readFileSync(path.join(path.dirname(file), p)));
        }
        const all = Buffer.concat(shards);
        return {
          modelTopology: json.modelTopology,
          format: json.format,
          generatedBy: json.generatedBy,
          convertedBy: json.convertedBy,
          signature: json.signature,
          userDefinedMetadata: json.userDefinedMetadata,
          weightSpecs: specs,
          weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
        };
      },
    };
  }) as unknown as Parameters<typeof tf.io.registerLoadRouter>[0]);
}

const OFF = { enabled: false };

function humanInstance(): Promise<Human> {
  human ??= (async () => {
    await tfWasm();
    registerFileLoader();
    // Human's package.json exports are not resolvable by path, so its wasm build is loaded by file.
    const { Human } = require(path.join(HUMAN_DIR, 'dist', 'human.node-wasm.js')) as { Human: new (config: unknown) => Human };
    const h = new Human({
      backend: 'wasm',
      wasmPath: WASM_DIR,
      modelBasePath: `file://${HUMAN_MODELS_DIR}/`,
      debug: false,
      // Every image is a new one: no reuse of results across calls (Human is built for video).
      cacheSensitivity: 0,
      skipAllowed: false,
      filter: OFF,
      gesture: OFF,
      body: OFF,
      hand: OFF,
      segmentation: OFF,
      face: {
        enabled: true,
        detector: { rotation: false, maxDetected: 100, minConfidence: 0.1, skipFrames: 0, return: false, iouThreshold: 0.3, scale: 1 },
        mesh: OFF, iris: OFF, description: OFF, emotion: OFF, antispoof: OFF, liveness: OFF, attention: OFF,
      },
      object: OFF,
    });
    await h.load();
    return h;
  })();
  return human;
}

async function detect(rgb: Rgb, config: Record<string, unknown>): Promise<HumanResult> {
  const h = await humanInstance();
  const input = tf.tensor3d(rgb.data, [rgb.height, rgb.width, 3], 'int32');
  try {
    return await h.detect(input, config);
  } finally {
    input.dispose();
  }
}

const CENTERNET_IOU = 0.4;
let centernet: Promise<GraphModel> | undefined;

function centernetModel(): Promise<GraphModel> {
  centernet ??= (async () => {
    await tfWasm();
    registerFileLoader();
    return loadGraphModel(`file://${HUMAN_MODELS_DIR}/centernet.json`);
  })();
  return centernet;
}

/**
 * COCO objects with CenterNet (MobileNetV3 backbone, 512x512 input, as
 * shipped by Human), run here rather than through Human so that the class
 * heatmap is read too: at each detection's centre it gives every class's
 * score, and when the label is uncertain (geometry.ts `uncertain`) the
 * runner-up class is reported with the detection. The graph's own decoding (top 100 peaks, one
 * class each) and Human's steps after it (non-maximum suppression at IoU 0.4,
 * boxes scaled from the input square) are kept as they were.
 */
export async function centernetObjects(rgb: Rgb, confidence: number): Promise<Scored[]> {
  const model = await centernetModel();
  const size = 512;
  const input = tf.tidy(() => tf.image.resizeBilinear(tf.cast(tf.tensor4d(rgb.data, [1, rgb.height, rgb.width, 3], 'int32'), 'float32'), [size, size]));
  const [detections, heatmap] = model.execute(input, ['tower_0/detections', 'tower_0/keypoints']) as [tf.Tensor, tf.Tensor];
  input.dispose();
  try {
    const rows = ((await detections.array()) as number[][][])[0]!;
    const [, mh, mw, classes] = heatmap.shape as [number, number, number, number];
    const heat = await heatmap.data();
    const candidates = rows.flatMap((r, i) => (Number.isNaN(r[5]) || r[4]! < Math.max(confidence, 0.01) ? [] : [i]));
    const boxes = tf.tensor2d(candidates.map((i) => [rows[i]![1]!, rows[i]![0]!, rows[i]![3]!, rows[i]![2]!]), [candidates.length, 4]);
    const scores = tf.tensor1d(candidates.map((i) => rows[i]![4]!));
    const keep = candidates.length ? await (await tf.image.nonMaxSuppressionAsync(boxes, scores, 100, CENTERNET_IOU, 0)).data() : [];
    tf.dispose([boxes, scores]);
    const sx = rgb.width / size;
    const sy = rgb.height / size;
    return Array.from(keep).map((k) => {
      const [x1, y1, x2, y2, score, classId] = rows[candidates[k]!]! as [number, number, number, number, number, number];
      const cx = Math.min(mw - 1, Math.max(0, Math.floor(((x1 + x2) / 2 / size) * mw)));
      const cy = Math.min(mh - 1, Math.max(0, Math.floor(((y1 + y2) / 2 / size) * mh)));
      let runnerUp: Scored['runnerUp'];
      const at = (cy * mw + cx) * classes;
      for (let c = 0; c < classes; c++) {
        if (c === classId) continue;
        const v = heat[at + c]!;
        if (!runnerUp || v > runnerUp.score) runnerUp = { classId: c, score: v };
      }
      return {
        score,
        classId,
        box: clipBox({ x: x1 * sx, y: y1 * sy, width: (x2 - x1) * sx, height: (y2 - y1) * sy }, rgb.width, rgb.height),
        ...(runnerUp && uncertain(score, runnerUp.score) ? { runnerUp } : {}),
      };
    });
  } finally {
    tf.dispose([detections, heatmap]);
  }
}

/**
 * Faces with BlazeFace (MediaPipe's short-range face detector), each one
 * checked by MediaPipe's face mesh: a candidate the mesh cannot fit a face to
 * (its face score under the confidence) is dropped. BlazeFace alone took a
 * cat's face for a person's; with the mesh it kept every face of the
 * labelled set and nothing else (docs/vision.md).
 */
export async function blazefaceFaces(rgb: Rgb, confidence: number): Promise<Scored[]> {
  const r = await detect(rgb, {
    object: OFF,
    // scale 1: the detector's own box, not Human's 1.4x enlargement.
    face: { enabled: true, mesh: { enabled: true }, detector: { rotation: false, maxDetected: 100, minConfidence: Math.max(confidence, 0.01), skipFrames: 0, return: false, scale: 1 } },
  });
  return r.face
    .filter((f) => f.boxScore >= confidence && f.faceScore >= confidence)
    .map((f) => ({ score: f.boxScore, classId: 0, box: clipBox({ x: f.box[0], y: f.box[1], width: f.box[2], height: f.box[3] }, rgb.width, rgb.height) }));
}
