// Painting redactions onto the upright image and encoding the PNG. Every
// box is processed from the original pixels, so overlapping boxes never
// bring back what another one covered; the PNG keeps the decoded image's
// channels and depth, so every pixel outside the boxes is the input's.
import { bytesPerSample, encodePng, fromRaster, rasterOf, type Raster } from '../image.ts';
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

/** A solid black, opaque tile of the raster's layout. */
function solid(img: Raster, b: Box): Buffer {
  const bytes = bytesPerSample(img);
  const tile = Buffer.alloc(b.width * b.height * img.channels * bytes);
  // Grey+alpha and RGBA: the last channel is alpha, at its maximum.
  if (img.channels === 2 || img.channels === 4) {
    for (let at = (img.channels - 1) * bytes; at < tile.length; at += img.channels * bytes) tile.fill(0xff, at, at + bytes);
  }
  return tile;
}

/** The box's pixels blurred or pixelated, in the raster's own layout. */
async function filtered(img: Raster, b: Box, style: 'blur' | 'pixelate', strength: number | undefined): Promise<Buffer> {
  const region = fromRaster(img).extract({ left: b.x, top: b.y, width: b.width, height: b.height });
  if (style === 'blur') return (await rasterOf(region.blur(sigmaForKernel(strength ?? 51)), img.space)).data;
  const block = Math.max(2, strength ?? 16);
  const small = await rasterOf(region.resize(Math.max(1, Math.ceil(b.width / block)), Math.max(1, Math.ceil(b.height / block)), { kernel: 'cubic', fit: 'fill' }), img.space);
  return (await rasterOf(fromRaster(small).resize(b.width, b.height, { kernel: 'nearest', fit: 'fill' }), img.space)).data;
}

/**
 * Paints into a copy of the raster's own pixels and encodes that: rows are
 * copied with the raster's stride, so nothing outside a box can change.
 */
export async function paint(img: Raster, boxes: Box[], style: Style, strength: number | undefined): Promise<Buffer> {
  const pixel = img.channels * bytesPerSample(img);
  const out = Buffer.from(img.data);
  for (const b of boxes) {
    const tile = style === 'box' ? solid(img, b) : await filtered(img, b, style, strength);
    const row = b.width * pixel;
    if (tile.length !== row * b.height) throw new Error(`redaction tile of ${tile.length} bytes for a ${b.width}x${b.height} box of ${pixel}-byte pixels`);
    for (let y = 0; y < b.height; y++) tile.copy(out, ((b.y + y) * img.width + b.x) * pixel, y * row, (y + 1) * row);
  }
  return encodePng({ ...img, data: out });
}
