// The labelled face set (testing/faces, boxes in labels.json; provenance in
// its README): real photographs of frontal faces, a face in profile behind a
// camera, a face half in shadow, small faces (the couple and the astronaut
// scaled down onto a plain canvas), and photographs with no face at all.
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import type { Box } from '../geometry.ts';
import { photo } from './images.ts';

export interface FaceImage {
  name: string;
  kind: string;
  bytes: Buffer;
  faces: Box[];
}

const dir = new URL('./faces/', import.meta.url);

/** The image scaled by `scale` onto a grey canvas at (left, top), its boxes with it. */
async function small(image: FaceImage, scale: number, canvas: { width: number; height: number }, at: { left: number; top: number }): Promise<FaceImage> {
  const { width } = await sharp(image.bytes).metadata();
  const scaled = await sharp(image.bytes).resize({ width: Math.round(width! * scale) }).removeAlpha().png().toBuffer();
  const bytes = await sharp({ create: { ...canvas, channels: 3, background: '#7f7f7f' } }).composite([{ input: scaled, ...at }]).png().toBuffer();
  const faces = image.faces.map((b) => ({ x: at.left + b.x * scale, y: at.top + b.y * scale, width: b.width * scale, height: b.height * scale }));
  return { name: `${image.name} small`, kind: `small faces (x${scale})`, bytes, faces };
}

export async function faceSet(): Promise<FaceImage[]> {
  const labels = JSON.parse(readFileSync(new URL('labels.json', dir), 'utf8')) as Record<string, { kind: string; faces: Box[] }>;
  const set: FaceImage[] = Object.entries(labels).map(([file, l]) => ({ name: file, kind: l.kind, bytes: readFileSync(new URL(file, dir)), faces: l.faces }));
  const astronaut: FaceImage = { name: 'astronaut.png', kind: 'frontal', bytes: photo('astronaut'), faces: [{ x: 174, y: 62, width: 100, height: 112 }] };
  set.push(astronaut, { name: 'chelsea.png', kind: 'no face: a cat', bytes: photo('chelsea'), faces: [] }, { name: 'coffee.png', kind: 'no face: a cup', bytes: photo('coffee'), faces: [] });
  set.push(await small(set.find((i) => i.name === 'couple.jpg')!, 0.2, { width: 640, height: 480 }, { left: 200, top: 150 }));
  set.push(await small(astronaut, 0.35, { width: 640, height: 480 }, { left: 300, top: 200 }));
  return set;
}
