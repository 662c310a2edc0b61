// Gaussian blur of face boxes with an odd kernel size, as OpenCV's
// GaussianBlur(ksize, sigma 0) would: sigma = 0.3 * ((k - 1) / 2 - 1) + 0.8.
import type { Box } from './geometry.ts';
import type { Rgb } from './image.ts';

export function gaussianKernel(size: number): Float32Array {
  if (!Number.isInteger(size) || size < 1 || size % 2 === 0) throw new Error(`kernel size must be a positive odd integer, got ${size}`);
  const sigma = 0.3 * ((size - 1) * 0.5 - 1) + 0.8;
  const half = (size - 1) / 2;
  const k = new Float32Array(size);
  let sum = 0;
  for (let i = 0; i < size; i++) {
    const d = i - half;
    k[i] = Math.exp(-(d * d) / (2 * sigma * sigma));
    sum += k[i]!;
  }
  for (let i = 0; i < size; i++) k[i]! /= sum;
  return k;
}

/**
 * Blurs each box in place. The kernel reads pixels beyond the box (edges
 * replicated at the image border) so the blur has no hard seam, and writes
 * only inside it.
 */
export function blurBoxes(rgb: Rgb, boxes: Box[], kernelSize: number): void {
  const k = gaussianKernel(kernelSize);
  const half = (kernelSize - 1) / 2;
  const { width: W, height: H, data } = rgb;
  for (const box of boxes) {
    const x1 = Math.max(0, Math.floor(box.x));
    const y1 = Math.max(0, Math.floor(box.y));
    const x2 = Math.min(W, Math.ceil(box.x + box.width));
    const y2 = Math.min(H, Math.ceil(box.y + box.height));
    if (x2 <= x1 || y2 <= y1) continue;
    // Horizontal pass over the rows the vertical pass will read.
    const ry1 = Math.max(0, y1 - half);
    const ry2 = Math.min(H, y2 + half);
    const bw = x2 - x1;
    const tmp = new Float32Array((ry2 - ry1) * bw * 3);
    for (let y = ry1; y < ry2; y++) {
      for (let x = x1; x < x2; x++) {
        let r = 0, g = 0, b = 0;
        for (let i = 0; i < kernelSize; i++) {
          const sx = Math.min(W - 1, Math.max(0, x + i - half));
          const p = (y * W + sx) * 3;
          const w = k[i]!;
          r += data[p]! * w;
          g += data[p + 1]! * w;
          b += data[p + 2]! * w;
        }
        const t = ((y - ry1) * bw + (x - x1)) * 3;
        tmp[t] = r;
        tmp[t + 1] = g;
        tmp[t + 2] = b;
      }
    }
    for (let y = y1; y < y2; y++) {
      for (let x = x1; x < x2; x++) {
        let r = 0, g = 0, b = 0;
        for (let i = 0; i < kernelSize; i++) {
          const sy = Math.min(ry2 - 1, Math.max(ry1, y + i - half));
          const t = ((sy - ry1) * bw + (x - x1)) * 3;
          const w = k[i]!;
          r += tmp[t]! * w;
          g += tmp[t + 1]! * w;
          b += tmp[t + 2]! * w;
        }
        const p = (y * W + x) * 3;
        data[p] = Math.round(r);
        data[p + 1] = Math.round(g);
        data[p + 2] = Math.round(b);
      }
    }
  }
}
