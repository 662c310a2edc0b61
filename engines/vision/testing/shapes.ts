// Generated detection data for tests and benchmarks: coloured shapes on
// noise, with their exact boxes. Deterministic for a seed.
import sharp from 'sharp';
import { rng } from '../augment.ts';
import type { Box } from '../geometry.ts';
import type { LabelBox } from '../dataset.ts';

export const SHAPE_CLASSES = ['circle', 'square', 'triangle'] as const;
const COLOURS: Array<[number, number, number]> = [
  [220, 40, 40],
  [40, 190, 60],
  [50, 80, 230],
];

export interface ShapeImage {
  png: Buffer;
  width: number;
  height: number;
  objects: Array<{ classId: number; box: Box }>;
}

function inside(classId: number, px: number, py: number, b: Box): boolean {
  const u = (px - b.x) / b.width;
  const v = (py - b.y) / b.height;
  if (u < 0 || u > 1 || v < 0 || v > 1) return false;
  if (classId === 0) return (u - 0.5) ** 2 + (v - 0.5) ** 2 <= 0.25;
  if (classId === 1) return true;
  // Triangle with its apex at the top centre.
  return v >= Math.abs(u - 0.5) * 2;
}

export async function shapeImage(seed: number, width = 96, height = 72, maxObjects = 3): Promise<ShapeImage> {
  const random = rng(seed);
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i++) data[i] = 90 + Math.floor(random() * 80);
  const objects: ShapeImage['objects'] = [];
  const count = 1 + Math.floor(random() * maxObjects);
  for (let tries = 0; objects.length < count && tries < 50; tries++) {
    const side = 14 + Math.floor(random() * 16);
    const box = { x: Math.floor(random() * (width - side)), y: Math.floor(random() * (height - side)), width: side, height: side };
    if (objects.some((o) => box.x < o.box.x + o.box.width + 2 && o.box.x < box.x + side + 2 && box.y < o.box.y + o.box.height + 2 && o.box.y < box.y + side + 2)) continue;
    objects.push({ classId: Math.floor(random() * 3), box });
  }
  for (const { classId, box } of objects) {
    for (let y = box.y; y < box.y + box.height; y++) {
      for (let x = box.x; x < box.x + box.width; x++) {
        if (!inside(classId, x + 0.5, y + 0.5, box)) continue;
        const p = (y * width + x) * 3;
        const jitter = Math.floor(random() * 30) - 15;
        data[p] = COLOURS[classId]![0] + jitter;
        data[p + 1] = COLOURS[classId]![1] + jitter;
        data[p + 2] = COLOURS[classId]![2] + jitter;
      }
    }
  }
  const png = await sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
  return { png, width, height, objects };
}

export function yoloLabels(img: ShapeImage): LabelBox[] {
  return img.objects.map(({ classId, box }) => ({
    classId,
    cx: (box.x + box.width / 2) / img.width,
    cy: (box.y + box.height / 2) / img.height,
    w: box.width / img.width,
    h: box.height / img.height,
  }));
}
