// How well the shipped detectors do, on a small labelled set: the three
// photographs in testing/images (boxes in PROVENANCE.md), their mirror
// images, each shrunk onto a noise canvas at a known offset, and pure noise
// (where anything found is a false positive). Precision and recall at the
// default confidence, IoU 0.5; docs/vision.md reports the numbers, and the floors
// here are set a little under them so a broken decoder or a wrong box
// mapping fails.
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { VisionEngine, visionConfig } from './index.ts';
import { iou, type Box } from './geometry.ts';
import { photo } from './testing/images.ts';
import { rng } from './augment.ts';

interface Labelled {
  name: string;
  png: Buffer;
  truth: Array<{ label: string; box: Box }>;
}

const OBJECTS: Record<string, Array<{ label: string; box: Box }>> = {
  astronaut: [{ label: 'person', box: { x: 15, y: 15, width: 350, height: 497 } }],
  chelsea: [{ label: 'cat', box: { x: 10, y: 0, width: 430, height: 300 } }],
  coffee: [{ label: 'cup', box: { x: 180, y: 20, width: 230, height: 230 } }],
};
const FACES: Record<string, Array<{ label: string; box: Box }>> = {
  astronaut: [{ label: 'face', box: { x: 174, y: 62, width: 100, height: 112 } }],
  chelsea: [],
  coffee: [],
};

async function noise(seed: number, width = 640, height = 480): Promise<Buffer> {
  const random = rng(seed);
  const px = Buffer.alloc(width * height * 3);
  for (let i = 0; i < px.length; i++) px[i] = Math.floor(random() * 256);
  return sharp(px, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

/** Each photo as is, mirrored, and at half size on noise at (70, 40); plus two noise images. */
async function labelledSet(truths: Record<string, Array<{ label: string; box: Box }>>): Promise<Labelled[]> {
  const set: Labelled[] = [];
  for (const name of ['astronaut', 'chelsea', 'coffee'] as const) {
    const png = photo(name);
    const { width } = await sharp(png).metadata();
    set.push({ name, png, truth: truths[name]! });
    set.push({ name: `${name} mirrored`, png: await sharp(png).flop().png().toBuffer(), truth: truths[name]!.map((t) => ({ ...t, box: { ...t.box, x: width! - t.box.x - t.box.width } })) });
    const half = await sharp(png).resize({ width: Math.round(width! / 2) }).removeAlpha().png().toBuffer();
    set.push({
      name: `${name} small on noise`,
      png: await sharp(await noise(7)).composite([{ input: half, left: 70, top: 40 }]).png().toBuffer(),
      truth: truths[name]!.map((t) => ({ ...t, box: { x: 70 + t.box.x / 2, y: 40 + t.box.y / 2, width: t.box.width / 2, height: t.box.height / 2 } })),
    });
  }
  set.push({ name: 'noise 1', png: await noise(1), truth: [] }, { name: 'noise 2', png: await noise(2), truth: [] });
  return set;
}

function score(set: Labelled[], found: Array<Array<{ label: string; bbox: Box }>>): { precision: number; recall: number; tp: number; fp: number; fn: number } {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  set.forEach((image, i) => {
    const used = new Set<number>();
    for (const d of found[i]!) {
      const hit = image.truth.findIndex((t, k) => !used.has(k) && t.label === d.label && iou(t.box, d.bbox) >= 0.5);
      if (hit === -1) fp++;
      else {
        used.add(hit);
        tp++;
      }
    }
    fn += image.truth.length - used.size;
  });
  return { precision: tp + fp ? tp / (tp + fp) : 1, recall: tp + fn ? tp / (tp + fn) : 1, tp, fp, fn };
}

const engine = new VisionEngine({ ...visionConfig({}), concurrency: 1 });
afterAll(() => engine.close());

const bytes = (b: Buffer) => new Uint8Array(b.buffer, b.byteOffset, b.byteLength);

describe('quality of the shipped detectors', () => {
  it('CenterNet (objects, confidence 0.25)', async () => {
    const set = await labelledSet(OBJECTS);
    const found: Array<Array<{ label: string; confidence: number; bbox: Box }>> = [];
    for (const image of set) found.push((await engine.detectObjects({ image: bytes(image.png), model: 'centernet', confidence: 0.25 })).detections);
    const s = score(set, found);
    console.log(`centernet: precision ${s.precision.toFixed(2)} recall ${s.recall.toFixed(2)} (tp ${s.tp}, fp ${s.fp}, fn ${s.fn}) over ${set.length} images`);
    expect(s.recall).toBeGreaterThanOrEqual(0.5);
    expect(s.precision).toBeGreaterThanOrEqual(0.5);
  }, 120_000);

  // BlazeFace alone fired on the cat's face (and once on the cup), precision 0.38; the face mesh now checks each candidate.
  const FLOORS = { haarcascade: { recall: 0.66, precision: 0.66 }, mediapipe: { recall: 0.66, precision: 0.66 } };
  for (const model of ['haarcascade', 'mediapipe'] as const) {
    it(`${model} (faces, confidence 0.5)`, async () => {
      const set = await labelledSet(FACES);
      const found: Array<Array<{ label: string; confidence: number; bbox: Box }>> = [];
      for (const image of set) found.push((await engine.detectFaces({ image: bytes(image.png), model, confidence: 0.5, blur: false, blurStrength: 51 })).detections);
      if (process.env.DEBUG_QUALITY) set.forEach((im, i) => console.log(model, im.name, JSON.stringify(found[i]!.map((d) => [d.confidence, d.bbox]))));
      const s = score(set, found);
      console.log(`${model}: precision ${s.precision.toFixed(2)} recall ${s.recall.toFixed(2)} (tp ${s.tp}, fp ${s.fp}, fn ${s.fn}) over ${set.length} images`);
      expect(s.recall).toBeGreaterThanOrEqual(FLOORS[model].recall);
      expect(s.precision).toBeGreaterThanOrEqual(FLOORS[model].precision);
    }, 120_000);
  }
});
