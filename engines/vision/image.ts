// Turning a caller's base64 image into pixels, and refusing what is not one:
// not an image, a truncated one, or one too large to hold in memory.
import type { Metadata } from 'sharp';
import { sharp } from '../sharp.ts';
import { EngineError } from '../workerPool.ts';
import { decodeBase64Image } from '../../media/base64.ts';

/** Default pixel limit: a 40-megapixel photo decodes to 120 MB of RGB, which is as much as one job should hold. */
export const DEFAULT_MAX_PIXELS = 40_000_000;

export interface Rgb {
  /** width * height * 3 bytes, row-major RGB, EXIF orientation applied. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** Bare base64 or a data:image/...;base64, URI, to bytes. */
export function imageBytes(input: string, field = 'image'): Buffer {
  const decoded = decodeBase64Image(input);
  if (decoded) return decoded;
  if (/^\s*data:[^,]*,/i.test(input) && !/^\s*data:[^,]*;base64,/i.test(input)) throw new EngineError(`${field}: a data URI must be base64-encoded`, 'invalid_image');
  throw new EngineError(`${field} is not valid base64`, 'invalid_image');
}

export interface ImageInfo {
  width: number;
  height: number;
  format: string;
}

/**
 * Reads the header, refuses images over the pixel limit before decoding them,
 * then decodes the whole image once so a truncated file is refused up front
 * rather than failing later in a queued task. sharp decodes on libuv's
 * thread pool, not on the event loop.
 */
export async function inspectImage(bytes: Uint8Array, maxPixels = DEFAULT_MAX_PIXELS, field = 'image'): Promise<ImageInfo> {
  let meta: Metadata;
  try {
    meta = await sharp()(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new EngineError(`${field} is not an image sharp can read (PNG, JPEG, WebP, GIF, TIFF, AVIF)`, 'invalid_image');
  }
  const { width, height } = orientedSize(meta);
  if (!width || !height) throw new EngineError(`${field} has no pixel size`, 'invalid_image');
  if (width * height > maxPixels) {
    throw new EngineError(
      `${field} is ${width}x${height} (${(width * height / 1e6).toFixed(1)} megapixels); the limit is ${(maxPixels / 1e6).toFixed(0)} megapixels (VISION_MAX_PIXELS)`,
      'image_too_large',
    );
  }
  try {
    await sharp()(bytes, { failOn: 'truncated', limitInputPixels: maxPixels }).stats();
  } catch (err) {
    throw new EngineError(`${field} could not be decoded (truncated or corrupt): ${(err as Error).message}`, 'invalid_image');
  }
  return { width, height, format: meta.format ?? 'unknown' };
}

function orientedSize(meta: Metadata): { width?: number; height?: number } {
  // EXIF orientations 5-8 swap the axes.
  const swap = (meta.orientation ?? 1) >= 5;
  return swap ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** Upright RGB pixels (alpha flattened onto white). */
export async function decodeRgb(bytes: Uint8Array, maxPixels = DEFAULT_MAX_PIXELS): Promise<Rgb> {
  try {
    const { data, info } = await sharp()(bytes, { failOn: 'truncated', limitInputPixels: maxPixels })
      .rotate()
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
  } catch (err) {
    throw new EngineError(`image could not be decoded: ${(err as Error).message}`, 'invalid_image');
  }
}

export async function encodePng(rgb: Rgb): Promise<Buffer> {
  return sharp()(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } }).png({ compressionLevel: 6 }).toBuffer();
}

/**
 * Scales to fit a size x size square and pads evenly with grey 114 (what
 * Ultralytics trains with), returning the square's RGB pixels.
 */
export async function letterboxRgb(rgb: Rgb, lb: { size: number; width: number; height: number; left: number; top: number }): Promise<Uint8Array> {
  const { data } = await sharp()(rgb.data, { raw: { width: rgb.width, height: rgb.height, channels: 3 } })
    .resize(lb.width, lb.height, { fit: 'fill', kernel: 'linear' })
    .extend({
      top: lb.top,
      left: lb.left,
      bottom: lb.size - lb.height - lb.top,
      right: lb.size - lb.width - lb.left,
      background: { r: 114, g: 114, b: 114 },
    })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}
