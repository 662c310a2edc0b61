import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadYolo, runYolo, decodeYolo } from './yolo.ts';
import { loadOwlVit, runOwlVit } from './zeroShot.ts';
import { letterboxGeometry, unletterbox, nms, toDetections } from './geometry.ts';
import { owlTestModel, testTokenizerJson, yoloTestModel } from './testing/onnx.ts';
import { COCO_CLASSES } from './coco.ts';
import type { Rgb } from './image.ts';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'vision-onnx-'));
  writeFileSync(path.join(dir, 'yolo11n.onnx'), yoloTestModel());
  writeFileSync(path.join(dir, 'model.onnx'), owlTestModel());
  writeFileSync(path.join(dir, 'tokenizer.json'), testTokenizerJson());
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** 200x100 dark grey with a white 40x40 square at (120, 30): wide, so the letterbox pads top and bottom. */
function picture(): Rgb {
  const width = 200;
  const height = 100;
  const data = new Uint8Array(width * height * 3).fill(60);
  for (let y = 30; y < 70; y++) for (let x = 120; x < 160; x++) data.set([255, 255, 255], (y * width + x) * 3);
  return { data, width, height };
}

describe('letterbox geometry', () => {
  it('fits, centres and maps boxes back to original pixels', () => {
    const lb = letterboxGeometry(200, 100, 64);
    expect(lb).toEqual({ size: 64, scale: 0.32, width: 64, height: 32, left: 0, top: 16 });
    const back = unletterbox({ x: 38.4, y: 25.6, width: 12.8, height: 12.8 }, lb, 200, 100);
    for (const [k, v] of Object.entries({ x: 120, y: 30, width: 40, height: 40 })) expect(back[k as 'x']).toBeCloseTo(v, 6);
    // Odd padding goes to the bottom/right, as Ultralytics does it.
    expect(letterboxGeometry(100, 67, 64).top).toBe(10);
  });

  it('suppresses overlaps within a class only, and counts detections per label', () => {
    const a = { box: { x: 0, y: 0, width: 10, height: 10 }, score: 0.9, classId: 0 };
    const b = { box: { x: 1, y: 0, width: 10, height: 10 }, score: 0.8, classId: 0 };
    const c = { box: { x: 1, y: 0, width: 10, height: 10 }, score: 0.7, classId: 1 };
    const kept = nms([b, c, a], 0.5);
    expect(kept).toEqual([a, c]);
    const d = toDetections([...kept, { box: { x: 50, y: 50, width: 5, height: 5 }, score: 0.6, classId: 0 }], ['person', 'bicycle']);
    expect(d.map((x) => [x.label, x.count])).toEqual([['person', 2], ['bicycle', 1], ['person', 2]]);
  });

  it('reads the head in either layout', () => {
    // Two anchors, one class: [1, 5, 2] channels first, and its transpose.
    const cf = new Float32Array([10, 30, 10, 30, 4, 4, 4, 4, 0.9, 0.1]);
    const nf = new Float32Array([10, 10, 4, 4, 0.9, 30, 30, 4, 4, 0.1]);
    expect(decodeYolo(cf, [1, 5, 2], 1, 0.25)).toEqual(decodeYolo(nf, [1, 2, 5], 1, 0.25));
    expect(decodeYolo(cf, [1, 5, 2], 1, 0.25)).toHaveLength(1);
  });
});

describe('YOLO ONNX from the model directory', () => {
  it('letterboxes, runs, decodes, suppresses and scales boxes back to the original image', async () => {
    const model = await loadYolo(path.join(dir, 'yolo11n.onnx'), 'yolo11n');
    expect(model.size).toBe(64);
    const found = await runYolo(model, picture(), COCO_CLASSES.length, 0.25);
    const d = toDetections(found, COCO_CLASSES);
    expect(d).toHaveLength(2); // the duplicate went to NMS, the 0.1 noise to the threshold
    const person = d.find((x) => x.label === 'person')!;
    expect(person.confidence).toBeGreaterThan(0.9);
    // Within about a pixel of the 64-pixel input (the resize softens the square's edges), i.e. 4 original pixels.
    for (const [k, v] of Object.entries({ x: 120, y: 30, width: 40, height: 40 })) expect(Math.abs(person.bbox[k as 'x'] - v)).toBeLessThan(4);
    // The fixed class-1 box (20, 30, 8, 8 centre/size in the 64-pixel square) in original pixels.
    const bicycle = d.find((x) => x.label === 'bicycle')!;
    expect(bicycle.confidence).toBeCloseTo(0.6, 5);
    expect(bicycle.bbox).toEqual({ x: 50, y: 31.25, width: 25, height: 25 });
  });

  it('names the file and the directory when the model is not installed', async () => {
    const err = (await loadYolo(path.join(dir, 'yolo11m.onnx'), 'yolo11m (YOLO11 medium)').then(() => undefined, (e: unknown) => e)) as Error & { code: string };
    expect(err.code).toBe('model_not_installed');
    expect(err.message).toContain(path.join(dir, 'yolo11m.onnx'));
    expect(err.message).toContain('VISION_MODEL_DIR');
  });
});

describe('OWL-ViT ONNX zero-shot', () => {
  it('tokenizes the phrases, scores each query and maps the normalised box to original pixels', async () => {
    const model = await loadOwlVit(path.join(dir, 'model.onnx'), path.join(dir, 'tokenizer.json'));
    expect(model.tokenizer.encode('Square', 16).ids.slice(0, 3)).toEqual([100, 77, 101]);
    const found = await runOwlVit(model, picture(), ['circle', 'square'], 0.1);
    const d = toDetections(found, ['circle', 'square']);
    expect(d).toHaveLength(1);
    expect(d[0]!.label).toBe('square');
    for (const [k, v] of Object.entries({ x: 120, y: 30, width: 40, height: 40 })) expect(Math.abs(d[0]!.bbox[k as 'x'] - v)).toBeLessThan(3);
    expect(await runOwlVit(model, picture(), ['circle'], 0.1)).toEqual([]);
  });

  it('names both files when they are missing', async () => {
    const err = (await loadOwlVit(path.join(dir, 'nope', 'model.onnx'), path.join(dir, 'nope', 'tokenizer.json')).then(() => undefined, (e: unknown) => e)) as Error & { code: string };
    expect(err.code).toBe('model_not_installed');
    expect(err.message).toMatch(/model\.onnx and tokenizer\.json/);
  });
});
