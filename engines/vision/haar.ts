// OpenCV's Haar cascade face detector (Viola-Jones), on OpenCV.js (wasm).
// The cascade file is the one the opencv.js npm package ships.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Scored } from './geometry.ts';
import type { Rgb } from './image.ts';

const require = createRequire(import.meta.url);
export const HAAR_CASCADE_FILE = path.join(path.dirname(require.resolve('opencv.js')), 'tests', 'haarcascade_frontalface_default.xml');

type Cv = any;
let loaded: Promise<{ cv: Cv; cascade: any }> | undefined;

function haar(): Promise<{ cv: Cv; cascade: any }> {
  loaded ??= (async () => {
    let cv: Cv = require('@techstark/opencv-js');
    if (cv instanceof Promise) cv = await cv;
    else if (!cv.Mat) await new Promise<void>((resolve) => (cv.onRuntimeInitialized = resolve));
    cv.FS_createDataFile('/', 'frontalface.xml', readFileSync(HAAR_CASCADE_FILE), true, false, false);
    const cascade = new cv.CascadeClassifier();
    if (!cascade.load('frontalface.xml')) throw new Error(`OpenCV could not load ${HAAR_CASCADE_FILE}`);
    return { cv, cascade };
  })();
  return loaded;
}

/**
 * The cascade's last-stage sum (its "level weight") says how far past the
 * final threshold a window got; a logistic of it serves as confidence, so
 * 0.5 is the cascade's own accept line and stronger faces score higher.
 */
export function haarConfidence(weight: number): number {
  return 1 / (1 + Math.exp(-weight));
}

export async function haarFaces(rgb: Rgb, confidence: number): Promise<Scored[]> {
  const { cv, cascade } = await haar();
  const mat = new cv.Mat(rgb.height, rgb.width, cv.CV_8UC3);
  const gray = new cv.Mat();
  const faces = new cv.RectVector();
  const levels = new cv.IntVector();
  const weights = new cv.DoubleVector();
  try {
    mat.data.set(rgb.data);
    cv.cvtColor(mat, gray, cv.COLOR_RGB2GRAY);
    cv.equalizeHist(gray, gray);
    const minSide = Math.max(24, Math.round(Math.min(rgb.width, rgb.height) / 40));
    cascade.detectMultiScale3(gray, faces, levels, weights, 1.1, 4, 0, new cv.Size(minSide, minSide), new cv.Size(0, 0), true);
    const out: Scored[] = [];
    for (let i = 0; i < faces.size(); i++) {
      const r = faces.get(i);
      const score = haarConfidence(weights.get(i));
      if (score >= confidence) out.push({ score, classId: 0, box: { x: r.x, y: r.y, width: r.width, height: r.height } });
    }
    return out;
  } finally {
    for (const m of [mat, gray, faces, levels, weights]) m.delete();
  }
}
