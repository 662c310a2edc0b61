// Painting redactions onto the upright image and encoding the PNG. Every
// box is processed from the original pixels, so overlapping boxes never
// bring back what another one covered.
import sharp, { type OverlayOptions } from 'sharp';
import type { Raster } from '../image.ts';
import type { Box } from '../read.ts';

export type Style = 'blur' | 'box' | 'pixelate';

/** OpenCV's sigma for an odd Gaussian kernel size, so blurStrength means what it means there. */
export function sigmaForKernel(k: number): number {
  return 0.3 * ((k - 1) * 0.5 - 1) + 0.8;
}

/** The box grown by `padding` on every side and clipped to the image; undefined when nothing is left. */
export function padded(b: Box, padding: number, width: number, height: number): Box | undefined {
  const x0 = Math.max(0, Math.floor(b.x - padding));
  const y0 = Math.max(0, Math.floor(b.y - padding));
  const x1 = Math.min(width, Math.ceil(b.x + b.width + padding));
  const y1 = Math.min(height, Math.ceil(b.y + b.height + padding));
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : undefined;
}

export async function paint(img: Raster, boxes: Box[], style: Style, strength: number | undefined): Promise<Buffer> {
  const raw = { width: img.width, height: img.height, channels: img.channels };
  const tiles: OverlayOptions[] = [];
  for (const b of boxes) {
    if (style === 'box') {
      tiles.push({ input: { create: { width: b.width, height: b.height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } }, left: b.x, top: b.y });
      continue;
    }
    const region = sharp(img.data, { raw }).extract({ left: b.x, top: b.y, width: b.width, height: b.height });
    let out: Buffer;
    if (style === 'blur') {
      out = await region.blur(sigmaForKernel(strength ?? 51)).png().toBuffer();
    } else {
      const block = Math.max(2, strength ?? 16);
      const small = await region
        .resize(Math.max(1, Math.ceil(b.width / block)), Math.max(1, Math.ceil(b.height / block)), { kernel: 'cubic', fit: 'fill' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      out = await sharp(small.data, { raw: { width: small.info.width, height: small.info.height, channels: small.info.channels } })
        .resize(b.width, b.height, { kernel: 'nearest', fit: 'fill' })
        .png()
        .toBuffer();
    }
    tiles.push({ input: out, left: b.x, top: b.y });
  }
  let canvas = sharp(img.data, { raw });
  if (tiles.length) canvas = sharp(await canvas.composite(tiles).raw().toBuffer(), { raw });
  return canvas.png({ compressionLevel: 6 }).toBuffer();
}
