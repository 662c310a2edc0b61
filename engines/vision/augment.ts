// Training-time augmentation on letterboxed squares: flips, scale and shift,
// brightness, contrast, colour casts and noise, with boxes moved to match.
// The profile names are document 2's: standard, high, aggressive.
import type { Box } from './geometry.ts';

export type AugmentationProfile = 'standard' | 'high' | 'aggressive';

interface Ranges {
  scale: number;
  translate: number;
  brightness: number;
  contrast: number;
  gain: number;
  noise: number;
}

export const PROFILES: Record<AugmentationProfile, Ranges> = {
  standard: { scale: 0.1, translate: 0.1, brightness: 0.1, contrast: 0.1, gain: 0, noise: 0 },
  high: { scale: 0.25, translate: 0.15, brightness: 0.2, contrast: 0.2, gain: 0.1, noise: 0.01 },
  aggressive: { scale: 0.4, translate: 0.2, brightness: 0.3, contrast: 0.3, gain: 0.15, noise: 0.03 },
};

export interface Sample {
  /** size * size * 3 RGB bytes. */
  pixels: Uint8Array;
  boxes: Array<{ classId: number; box: Box }>;
}

/** A small seeded generator (mulberry32), so a run can be reproduced. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const GREY = 114 / 255;

/** One augmented copy: pixels as 0-1 floats written into `out` at `offset`, and the boxes that remain visible. */
export function augment(sample: Sample, size: number, profile: AugmentationProfile | 'none', random: () => number, out: Float32Array, offset: number): Sample['boxes'] {
  const r = profile === 'none' ? undefined : PROFILES[profile];
  const uniform = (range: number) => (random() * 2 - 1) * range;
  const flip = !!r && random() < 0.5;
  const s = r ? 1 + uniform(r.scale) : 1;
  const tx = r ? uniform(r.translate) * size : 0;
  const ty = r ? uniform(r.translate) * size : 0;
  const brightness = r ? uniform(r.brightness) : 0;
  const contrast = r ? 1 + uniform(r.contrast) : 1;
  const gains = [0, 1, 2].map(() => (r ? 1 + uniform(r.gain) : 1));
  const noise = r?.noise ?? 0;
  const c = size / 2;
  const src = sample.pixels;
  for (let v = 0; v < size; v++) {
    for (let u = 0; u < size; u++) {
      // Destination pixel centre back to the source.
      let x = (u + 0.5 - c - tx) / s + c - 0.5;
      const y = (v + 0.5 - c - ty) / s + c - 0.5;
      if (flip) x = size - 1 - x;
      const o = offset + (v * size + u) * 3;
      const x0 = Math.floor(x);
      const y0 = Math.floor(y);
      const fx = x - x0;
      const fy = y - y0;
      for (let ch = 0; ch < 3; ch++) {
        const at = (xx: number, yy: number) => (xx < 0 || yy < 0 || xx >= size || yy >= size ? GREY : src[(yy * size + xx) * 3 + ch]! / 255);
        let value =
          at(x0, y0) * (1 - fx) * (1 - fy) + at(x0 + 1, y0) * fx * (1 - fy) + at(x0, y0 + 1) * (1 - fx) * fy + at(x0 + 1, y0 + 1) * fx * fy;
        value = ((value - 0.5) * contrast + 0.5 + brightness) * gains[ch]!;
        if (noise) value += (random() + random() + random() - 1.5) * noise * 2;
        out[o + ch] = value < 0 ? 0 : value > 1 ? 1 : value;
      }
    }
  }
  const boxes: Sample['boxes'] = [];
  for (const { classId, box } of sample.boxes) {
    let x = (box.x - c) * s + c + tx;
    const y = (box.y - c) * s + c + ty;
    const w = box.width * s;
    const h = box.height * s;
    if (flip) x = size - x - w;
    const x1 = Math.max(0, x);
    const y1 = Math.max(0, y);
    const x2 = Math.min(size, x + w);
    const y2 = Math.min(size, y + h);
    // Mostly cut off by the shift: no longer a fair example of the object.
    if (x2 - x1 < 2 || y2 - y1 < 2 || ((x2 - x1) * (y2 - y1)) / (w * h) < 0.4) continue;
    boxes.push({ classId, box: { x: x1, y: y1, width: x2 - x1, height: y2 - y1 } });
  }
  return boxes;
}
