// The models shipped inside @vladmandic/human's npm package, run on
// TensorFlow.js wasm: CenterNet (COCO objects) and BlazeFace (MediaPipe's
// face detector). The weights are read from node_modules, never fetched.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs-core';
import { tfWasm, WASM_DIR } from './tf.ts';
import type { Scored } from './geometry.ts';
import { clipBox } from './geometry.ts';
import { COCO_CLASSES } from './coco.ts';
import type { Rgb } from './image.ts';

const require = createRequire(import.meta.url);
// The package's `require` export is dist/human.node.js; its folder's parent is the package.
const HUMAN_DIR = path.dirname(path.dirname(require.resolve('@vladmandic/human')));
export const HUMAN_MODELS_DIR = path.join(HUMAN_DIR, 'models');

interface HumanResult {
  object: Array<{ score: number; class: number; label: string; box: [number, number, number, number] }>;
  face: Array<{ score: number; boxScore: number; faceScore: number; box: [number, number, number, number] }>;
}
interface Human {
  load(): Promise<void>;
  warmup?: unknown;
  detect(input: tf.Tensor, config?: Record<string, unknown>): Promise<HumanResult>;
}

let human: Promise<Human> | undefined;

/** A file:// loader for TensorFlow.js graph models: Human asks for model.json, we read it and its weight shards from disk. */
function registerFileLoader(): void {
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
      object: { enabled: true, minConfidence: 0.1, iouThreshold: 0.4, maxDetected: 100, skipFrames: 0 },
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

/** COCO objects with CenterNet (MobileNetV3 backbone, 512x512 input, as shipped by Human). */
export async function centernetObjects(rgb: Rgb, confidence: number): Promise<Scored[]> {
  const r = await detect(rgb, { face: OFF, object: { enabled: true, minConfidence: Math.max(confidence, 0.01), maxDetected: 100, skipFrames: 0 } });
  return r.object
    .filter((o) => o.score >= confidence)
    .map((o) => ({
      score: o.score,
      classId: Math.max(0, COCO_CLASSES.indexOf(o.label)),
      box: clipBox({ x: o.box[0], y: o.box[1], width: o.box[2], height: o.box[3] }, rgb.width, rgb.height),
    }));
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
