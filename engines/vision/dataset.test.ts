import { describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import { buildDatasetZip, parseDataset, trainingPlan, unzipDataset } from './dataset.ts';

const enc = new TextEncoder();
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return { code: (err as { code: string }).code, message: (err as Error).message };
  }
  return undefined;
};

describe('dataset zips', () => {
  it('pairs images with labels the YOLO way, keeps given splits and parses boxes', () => {
    const zip = zipSync({
      'ds/images/train/a.png': png,
      'ds/labels/train/a.txt': enc.encode('1 0.5 0.5 0.25 0.5\n\n0 0.1 0.1 0.1 0.1 0.2 0.2\n'),
      'ds/images/val/b.png': png,
      'ds/labels/val/b.txt': new Uint8Array(),
      '__MACOSX/ds/images/._a.png': png,
    });
    const d = parseDataset(zip, 2);
    expect(d.stats).toEqual({ train: 1, val: 1, total: 2 });
    expect(d.images.find((i) => i.name.endsWith('a.png'))!.boxes).toEqual([
      { classId: 1, cx: 0.5, cy: 0.5, w: 0.25, h: 0.5 },
      { classId: 0, cx: 0.1, cy: 0.1, w: 0.1, h: 0.1 },
    ]);
    expect(d.warnings.join('\n')).toMatch(/only 2 images: below 10, zero-shot/);
    expect(d.warnings.join('\n')).toMatch(/1 image\(s\) have no objects/);
  });

  it('splits a flat set 80/20, the same way every time', () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 20; i++) {
      files[`images/${i}.png`] = png;
      files[`labels/${i}.txt`] = enc.encode('0 0.5 0.5 0.1 0.1');
    }
    const a = parseDataset(zipSync(files), 1);
    expect(a.stats).toEqual({ train: 16, val: 4, total: 20 });
    expect(parseDataset(zipSync(files), 1).images.map((i) => i.split)).toEqual(a.images.map((i) => i.split));
  });

  it('round-trips what auto-label writes', () => {
    const zip = buildDatasetZip([{ name: 'x.png', split: 'val', bytes: png, boxes: [{ classId: 0, cx: 0.25, cy: 0.5, w: 0.125, h: 0.25 }] }], ['cup']);
    const files = unzipDataset(zip);
    expect(new TextDecoder().decode(files.get('data.yaml'))).toContain('names: ["cup"]');
    expect(parseDataset(zip, 1).images[0]).toMatchObject({ name: 'images/val/x.png', split: 'val', boxes: [{ classId: 0, cx: 0.25, cy: 0.5, w: 0.125, h: 0.25 }] });
  });

  it('refuses what is not a zip, paths that escape, bombs, missing labels and bad lines', () => {
    expect(code(() => parseDataset(enc.encode('plain text'), 1))).toMatchObject({ code: 'invalid_dataset', message: 'datasetB64 is not a zip archive' });
    expect(code(() => parseDataset(zipSync({ 'images/../../etc/x.png': png }), 1))?.message).toMatch(/points outside/);
    expect(code(() => parseDataset(zipSync({ '/abs.png': png }), 1))?.message).toMatch(/points outside/);
    // 64 MB of zeros deflates to about 64 KB: a ratio of 1000.
    const bomb = zipSync({ 'images/a.png': png, 'labels/a.txt': new Uint8Array(64 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(200_000);
    expect(code(() => parseDataset(bomb, 1))?.message).toMatch(/inflates more than 200 times its size \(zip bomb\?\)/);
    expect(code(() => unzipDataset(zipSync({ 'a.bin': new Uint8Array(3 * 1024 * 1024).fill(7) }, { level: 0 }), { maxBytes: 2 * 1024 * 1024, maxEntries: 10, maxRatio: 200 }))?.message).toMatch(/inflates to more than/);
    expect(code(() => parseDataset(zipSync({ 'images/a.png': png }), 1))?.message).toMatch(/1 image\(s\) have no label file .*images\/a\.png/);
    expect(code(() => parseDataset(zipSync({ 'images/a.png': png, 'labels/a.txt': enc.encode('2 0.5 0.5 0.1 0.1') }), 2))?.message).toBe(
      'labels/a.txt line 1: class id 2 is out of range (classes has 2: 0 to 1)',
    );
    expect(code(() => parseDataset(zipSync({ 'images/a.png': png, 'labels/a.txt': enc.encode('0 0.5 0.5 1.7 0.1') }), 1))?.message).toMatch(/between 0 and 1/);
    expect(code(() => parseDataset(zipSync({ 'images/a.png': png, 'labels/a.txt': enc.encode('0 0.5 0.5') }), 1))?.message).toMatch(/expected "class cx cy w h"/);
    expect(code(() => parseDataset(zipSync({ 'readme.txt': enc.encode('hi') }), 1))?.message).toMatch(/no images/);
  });

  it("follows document 2's table for epochs and augmentation", () => {
    expect(trainingPlan(10)).toEqual({ trainingProfile: 'small', augmentation: 'aggressive', epochs: 500 });
    expect(trainingPlan(49).epochs).toBe(500);
    expect(trainingPlan(50)).toEqual({ trainingProfile: 'medium', augmentation: 'high', epochs: 300 });
    expect(trainingPlan(200)).toEqual({ trainingProfile: 'large', augmentation: 'standard', epochs: 150 });
    expect(trainingPlan(1000)).toEqual({ trainingProfile: 'xlarge', augmentation: 'standard', epochs: 100 });
  });
});
