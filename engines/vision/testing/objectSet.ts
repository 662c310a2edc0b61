// The labelled object set: real photographs (testing/images and
// testing/faces, provenance beside them) with hand-drawn boxes around each
// COCO object in the foreground. Detections of the classes listed as an
// image's `ignore` (the books on the shelves behind a cat, the far-off
// traffic behind the cameraman) count neither way: the labels do not cover
// them. The rocket and the barn hold no COCO object at all.
import { readFileSync } from 'node:fs';
import type { Box } from '../geometry.ts';

export interface ObjectImage {
  name: string;
  bytes: Buffer;
  objects: Array<{ label: string; box: Box }>;
  ignore: string[];
}

const LABELS: Array<{ file: string; objects: Array<{ label: string; box: Box }>; ignore?: string[] }> = [
  { file: 'images/astronaut.png', objects: [{ label: 'person', box: { x: 15, y: 15, width: 350, height: 497 } }] },
  { file: 'images/chelsea.png', objects: [{ label: 'cat', box: { x: 10, y: 0, width: 430, height: 300 } }] },
  { file: 'images/coffee.png', objects: [{ label: 'cup', box: { x: 180, y: 20, width: 230, height: 230 } }] },
  { file: 'faces/rocket.jpg', objects: [] },
  { file: 'faces/barn-tetons.jpg', objects: [] },
  { file: 'faces/cameraman.png', objects: [{ label: 'person', box: { x: 15, y: 60, width: 290, height: 452 } }], ignore: ['car', 'truck', 'bus', 'traffic light', 'umbrella'] },
  { file: 'faces/portrait-shadow.jpg', objects: [{ label: 'person', box: { x: 5, y: 0, width: 321, height: 512 } }] },
  { file: 'faces/couple.jpg', objects: [{ label: 'person', box: { x: 440, y: 55, width: 360, height: 545 } }, { label: 'person', box: { x: 0, y: 125, width: 520, height: 475 } }] },
  { file: 'faces/cat-marge.jpg', objects: [{ label: 'cat', box: { x: 15, y: 80, width: 450, height: 285 } }], ignore: ['book', 'chair', 'tv', 'bottle', 'remote'] },
];

export function objectSet(): ObjectImage[] {
  return LABELS.map((l) => ({ name: l.file.split('/').pop()!, bytes: readFileSync(new URL(l.file, import.meta.url)), objects: l.objects, ignore: l.ignore ?? [] }));
}
