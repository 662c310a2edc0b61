// Images in: the format from the bytes (never from a name), a cheap check at
// submit that the file is whole, and decoding to upright pixels (EXIF
// orientation applied) in the worker. sharp decodes PNG, JPEG, TIFF and WebP;
// its prebuilt libvips has no HEVC decoder, so HEIC goes through heic-decode
// (libheif compiled to WebAssembly).
import { createRequire } from 'node:module';
import type { Metadata, Sharp } from 'sharp';
import { sharp } from '../sharp.ts';

export type ImageFormat = 'png' | 'jpeg' | 'heic' | 'tiff' | 'webp';

/** Larger images are refused: decoding 100 MP already takes 400 MB per worker. */
export const MAX_PIXELS = 100_000_000;

/** A request error about the image, with the API's code; the core turns it into a 400. */
export class ImageInputError extends Error {
  readonly code: 'unsupported_image_format' | 'invalid_image' | 'image_too_large';
  readonly detail: string;
  constructor(code: ImageInputError['code'], message: string, detail: string) {
    super(message);
    this.name = 'ImageInputError';
    this.code = code;
    this.detail = detail;
  }
}

const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

export function sniffImage(b: Uint8Array): ImageFormat | undefined {
  if (b.length >= 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 && b[4] === 0x0d && b[5] === 0x0a && b[6] === 0x1a && b[7] === 0x0a) return 'png';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length >= 4 && ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a))) return 'tiff';
  if (b.length >= 12 && ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') return 'webp';
  if (b.length >= 12 && ascii(b, 4, 4) === 'ftyp') {
    const size = readU32(b, 0);
    const brands = [ascii(b, 8, 4)];
    for (let at = 16; at + 4 <= Math.min(size, b.length); at += 4) brands.push(ascii(b, at, 4));
    // AVIF shares the container; only HEVC-coded HEIF is HEIC.
    if (brands[0] !== 'avif' && brands.some((x) => HEIF_BRANDS.has(x))) return 'heic';
  }
  return undefined;
}

function ascii(b: Uint8Array, at: number, n: number): string {
  return String.fromCharCode(...b.subarray(at, at + n));
}

function readU32(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

/**
 * Why the file is cut short, if it visibly is: PNG must end with IEND, JPEG
 * with EOI, WebP's RIFF size must fit, HEIF's top-level boxes must. Cheap
 * (no decoding), so it runs at submit; what it cannot see (TIFF, damaged
 * data inside a whole file) fails at decoding in the worker.
 */
export function truncation(b: Uint8Array, format: ImageFormat): string | undefined {
  switch (format) {
    case 'png':
      return ascii(b, b.length - 8, 4) === 'IEND' ? undefined : 'truncated PNG (no IEND chunk at the end)';
    case 'jpeg': {
      // Trailing bytes after EOI are common (padding, appended data); look at the tail.
      const tail = b.subarray(Math.max(0, b.length - 4096));
      for (let i = tail.length - 2; i >= 0; i--) if (tail[i] === 0xff && tail[i + 1] === 0xd9) return undefined;
      return 'truncated JPEG (no end-of-image marker)';
    }
    case 'webp': {
      const size = b[4]! | (b[5]! << 8) | (b[6]! << 16) | (b[7]! << 24);
      return size + 8 <= b.length ? undefined : 'truncated WebP (shorter than its RIFF header says)';
    }
    case 'heic': {
      let at = 0;
      while (at + 8 <= b.length) {
        let size = readU32(b, at);
        if (size === 1 && at + 16 <= b.length) size = Number(new DataView(b.buffer, b.byteOffset + at + 8, 8).getBigUint64(0));
        else if (size === 0) size = b.length - at;
        if (size < 8) return 'damaged HEIC (box of impossible size)';
        at += size;
      }
      return at === b.length ? undefined : 'truncated HEIC (its last box runs past the end)';
    }
    case 'tiff':
      return undefined;
  }
}

export interface ImageInfo {
  format: ImageFormat;
  /** Upright size: EXIF orientation applied. */
  width: number;
  height: number;
}

/** Format, upright size and a whole-file check, without decoding pixels (submit time). */
export async function inspectImage(bytes: Uint8Array): Promise<ImageInfo> {
  const format = sniffImage(bytes);
  if (!format) {
    throw new ImageInputError('unsupported_image_format', 'The image is not PNG, JPEG, HEIC, TIFF or WebP', 'unrecognised image format');
  }
  const cut = truncation(bytes, format);
  if (cut) throw new ImageInputError('invalid_image', `The image is not a complete ${format.toUpperCase()}: ${cut}`, cut);
  let meta: Metadata;
  try {
    meta = await sharp()(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new ImageInputError('invalid_image', `The ${format.toUpperCase()} image cannot be read: ${(err as Error).message}`, 'unreadable header');
  }
  const width = meta.autoOrient?.width ?? meta.width;
  const height = meta.autoOrient?.height ?? meta.height;
  if (!width || !height) throw new ImageInputError('invalid_image', 'The image has no size', 'no size');
  if (width * height > MAX_PIXELS) {
    throw new ImageInputError('image_too_large', `The image has ${((width * height) / 1e6).toFixed(1)} megapixels; the limit is ${MAX_PIXELS / 1e6}`, 'over 100 megapixels');
  }
  return { format, width, height };
}

/**
 * Decoded upright pixels, interleaved, at the depth and in the colour space
 * the file has: grey stays one channel, 16-bit stays 16-bit (host byte
 * order), so a redaction can hand back every pixel it did not cover as it was.
 */
export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  /** libvips' interpretation: `b-w`/`srgb` are 8 bits per sample, `grey16`/`rgb16` 16. */
  space: 'b-w' | 'srgb' | 'grey16' | 'rgb16';
}

export function bytesPerSample(r: Pick<Raster, 'space'>): 1 | 2 {
  return r.space === 'grey16' || r.space === 'rgb16' ? 2 : 1;
}

/** A sharp pipeline reading the raster; every raster read or written goes through here and `rasterOf`. */
export function fromRaster(r: Raster): Sharp {
  const wide = bytesPerSample(r) === 2;
  // sharp takes 16-bit raw input from a Uint16Array, 8-bit from a Buffer.
  const data = wide ? new Uint16Array(r.data.buffer, r.data.byteOffset, r.data.byteLength / 2) : r.data;
  return sharp()(data, { raw: { width: r.width, height: r.height, channels: r.channels } }).toColourspace(r.space);
}

/** Runs a pipeline to raw pixels in `space` (its depth follows from the space). */
export async function rasterOf(pipeline: Sharp, space: Raster['space']): Promise<Raster> {
  const { data, info } = await pipeline
    .toColourspace(space)
    .raw({ depth: bytesPerSample({ space }) === 2 ? 'ushort' : 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels, space };
}

/** The space a decoded file keeps: its own when grey or 16-bit, sRGB otherwise (CMYK, palettes and the rest). */
function spaceOf(meta: Metadata): Raster['space'] {
  const wide = meta.depth === 'ushort';
  if (meta.channels === 1 || meta.channels === 2) return wide ? 'grey16' : 'b-w';
  return wide && meta.space !== 'cmyk' ? 'rgb16' : 'srgb';
}

const requireCjs = createRequire(import.meta.url);
type HeicDecode = (o: { buffer: Uint8Array }) => Promise<{ width: number; height: number; data: Uint8ClampedArray }>;
let heicDecode: HeicDecode | undefined;

/** Decodes the whole image (worker side); any damage is an ImageInputError. */
export async function decodeUpright(bytes: Uint8Array, format: ImageFormat): Promise<Raster> {
  try {
    if (format === 'heic') {
      // HEIF's own rotation and mirroring (irot, imir) are applied by libheif; EXIF orientation does not apply to HEIF.
      heicDecode ??= requireCjs('heic-decode') as HeicDecode;
      const img = await heicDecode({ buffer: bytes });
      return { data: Buffer.from(img.data.buffer, img.data.byteOffset, img.data.byteLength), width: img.width, height: img.height, channels: 4, space: 'srgb' };
    }
    const input = sharp()(bytes, { failOn: 'truncated', limitInputPixels: MAX_PIXELS });
    return await rasterOf(input.clone().autoOrient(), spaceOf(await input.metadata()));
  } catch (err) {
    if (err instanceof ImageInputError) throw err;
    const reason = err instanceof Error ? err.message : String(err);
    throw new ImageInputError('invalid_image', `The ${format.toUpperCase()} image cannot be decoded: ${reason.split('\n')[0]}`, 'undecodable');
  }
}

/** An 8-bit greyscale copy, from which Tesseract reads. */
export async function greyscale(r: Raster): Promise<Raster> {
  if (r.space === 'b-w' && r.channels === 1) return r;
  return rasterOf(fromRaster(r).flatten({ background: '#ffffff' }).greyscale().extractChannel(0), 'b-w');
}

/** The raster as a lossless PNG of its own depth and colour space. */
export function encodePng(r: Raster): Promise<Buffer> {
  return fromRaster(r).png({ compressionLevel: 6 }).toBuffer();
}
