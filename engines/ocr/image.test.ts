import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { ImageInputError, inspectImage, sniffImage, truncation } from './image.ts';
import { resolveLanguages, LanguageError } from './index.ts';
import { dataDirectory, installedLanguages, linkedCodes } from './languages.ts';

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(Buffer.alloc(64))), chunk('IEND', Buffer.alloc(0))]);
}

const png = () => sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } }).png().toBuffer();

describe('OCR image input', () => {
  it('recognises the five formats from their bytes, and nothing else', async () => {
    const base = sharp({ create: { width: 40, height: 30, channels: 3, background: '#fff' } });
    expect(sniffImage(await base.clone().png().toBuffer())).toBe('png');
    expect(sniffImage(await base.clone().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImage(await base.clone().webp().toBuffer())).toBe('webp');
    expect(sniffImage(await base.clone().tiff().toBuffer())).toBe('tiff');
    expect(sniffImage(readFileSync(new URL('./testing/fixtures/receipt.heic', import.meta.url)))).toBe('heic');
    // AVIF shares HEIF's container but is not HEIC.
    expect(sniffImage(await base.clone().avif().toBuffer())).toBeUndefined();
    expect(sniffImage(await base.clone().gif().toBuffer())).toBeUndefined();
    expect(sniffImage(Buffer.from('%PDF-1.7'))).toBeUndefined();
  });

  it('sees a cut-off file before decoding it', async () => {
    const jpeg = await sharp(await png()).jpeg().toBuffer();
    const heic = readFileSync(new URL('./testing/fixtures/receipt.heic', import.meta.url));
    const webp = await sharp(await png()).webp().toBuffer();
    for (const [format, bytes] of [['png', await png()], ['jpeg', jpeg], ['heic', heic], ['webp', webp]] as const) {
      expect(truncation(bytes, format), format).toBeUndefined();
      expect(truncation(bytes.subarray(0, bytes.length - 20), format), format).toMatch(/truncated/);
    }
  });

  it('reports the upright size and refuses what it cannot take with a code', async () => {
    const turned = await sharp(await png()).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await inspectImage(turned)).toEqual({ format: 'jpeg', width: 30, height: 40 });
    const code = (p: Promise<unknown>) => p.then(() => 'ok', (e: ImageInputError) => e.code);
    expect(await code(inspectImage(Buffer.from('plain text')))).toBe('unsupported_image_format');
    expect(await code(inspectImage((await png()).subarray(0, 50)))).toBe('invalid_image');
    // A well-formed PNG header claiming 12000 x 9000 pixels (only the header is read at submit).
    expect(await code(inspectImage(pngHeader(12000, 9000)))).toBe('image_too_large');
  });
});

describe('OCR languages', () => {
  it('installs the issue languages at both levels and links their data into one directory', () => {
    for (const level of ['fast', 'accurate'] as const) {
      expect(installedLanguages(level).map((l) => l.tag)).toEqual(expect.arrayContaining(['en', 'es', 'fr', 'de', 'it', 'pt', 'ca', 'zh-Hans']));
    }
    expect(linkedCodes(dataDirectory())).toEqual(expect.arrayContaining(['eng', 'chi_sim', 'osd']));
  });

  it('maps BCP 47 tags to the installed data, region ignored, and names an unknown one', () => {
    expect(resolveLanguages(['en-US', 'pt-BR', 'EN', 'zh-CN', 'zh-Hans'], 'fast')).toEqual(['eng', 'por', 'chi_sim']);
    expect(() => resolveLanguages(['en', 'xx'], 'fast')).toThrow(LanguageError);
    try {
      resolveLanguages(['en', 'zh-TW'], 'accurate');
    } catch (e) {
      expect((e as LanguageError).index).toBe(1);
      expect((e as Error).message).toMatch(/zh-TW is not an installed OCR language; installed: en, es/);
    }
  });
});
