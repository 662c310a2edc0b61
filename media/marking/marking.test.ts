// Marking read back by independent readers (exiftool from Debian's
// libimage-exiftool-perl, exifr, node-id3, wavefile), and the pixels or
// samples compared byte for byte with the original.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../test/systemPackages.ts';
import { execFile } from 'node:child_process';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import exifr from 'exifr';
import NodeID3 from 'node-id3';
import { WaveFile } from 'wavefile';
import { DIGITAL_SOURCE_TYPE, markFile } from './index.ts';
import { pngChunk } from '../../providers/testing/mediaFake.ts';

const run = promisify(execFile);

async function exiftool(path: string): Promise<Record<string, unknown>> {
  const { stdout } = await run('exiftool', ['-j', '-n', '-G1', '-a', path]);
  return JSON.parse(stdout)[0];
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'marking-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function png(extra: Buffer[] = []): Buffer {
  const w = 16;
  const h = 12;
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(h * (1 + w * 3));
  for (let y = 0; y < h; y++) for (let x = 0; x < w * 3; x++) rows[y * (1 + w * 3) + 1 + x] = (x * 7 + y * 13) & 0xff;
  return Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), pngChunk('IHDR', ihdr), ...extra, pngChunk('IDAT', deflateSync(rows)), pngChunk('IEND', Buffer.alloc(0))]);
}

function pngChunks(bytes: Buffer): Array<{ type: string; data: Buffer }> {
  const out = [];
  for (let pos = 8; pos < bytes.length; ) {
    const length = bytes.readUInt32BE(pos);
    out.push({ type: bytes.toString('latin1', pos + 4, pos + 8), data: bytes.subarray(pos + 8, pos + 8 + length) });
    pos += 12 + length;
  }
  return out;
}

/** Silent MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz): 417 bytes each. */
function mp3Frames(count: number): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return Buffer.concat(Array(count).fill(frame));
}

function wav(): Buffer {
  const w = new WaveFile();
  const samples = Array.from({ length: 800 }, (_, i) => Math.round(Math.sin(i / 5) * 12000));
  w.fromScratch(1, 8000, '16', samples);
  return Buffer.from(w.toBuffer());
}

async function place(name: string, bytes: Buffer): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, bytes);
  return path;
}

describe('PNG', () => {
  it('adds XMP in iTXt that exiftool and exifr read, with the pixel data unchanged', async (ctx) => {
    needs(ctx, 'exiftool');
    const original = png();
    const path = await place('a.png', original);
    const outcome = await markFile(path, 'image/png', { creator: 'openai gpt-image-1' });
    expect(outcome).toMatchObject({ action: 'added', method: 'xmp-png-itxt' });
    const marked = await readFile(path);
    expect(outcome.size).toBe(marked.length);
    const tags = await exiftool(path);
    expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPE);
    expect(tags['XMP-xmp:CreatorTool']).toBe('openai gpt-image-1');
    expect(tags['ExifTool:Warning']).toBeUndefined();
    expect((await exifr.parse(marked, { xmp: true, iptc: false }))?.DigitalSourceType).toBe(DIGITAL_SOURCE_TYPE);
    const before = pngChunks(original).filter((c) => c.type !== 'iTXt');
    expect(pngChunks(marked).filter((c) => c.type !== 'iTXt')).toEqual(before);
  });

  it('leaves a file with a C2PA manifest (caBX) byte for byte', async () => {
    const original = png([pngChunk('caBX', Buffer.from('jumb....c2pa manifest store'))]);
    const path = await place('c2pa.png', original);
    expect(await markFile(path, 'image/png')).toMatchObject({ action: 'kept', reason: expect.stringMatching(/C2PA/) });
    expect((await readFile(path)).equals(original)).toBe(true);
  });

  it('leaves a provider-marked file byte for byte', async () => {
    const path = await place('p.png', png());
    await markFile(path, 'image/png');
    const once = await readFile(path);
    expect(await markFile(path, 'image/png')).toMatchObject({ action: 'kept', reason: expect.stringMatching(/already marked/) });
    expect((await readFile(path)).equals(once)).toBe(true);
  });
});

describe('JPEG', () => {
  it('adds XMP in APP1 that exiftool and exifr read, with the scan data unchanged', async (ctx) => {
    needs(ctx, 'exiftool');
    const path = join(dir, 'a.jpg');
    await copyFile(new URL('./fixtures/sample.jpg', import.meta.url), path);
    const original = await readFile(path);
    expect(await markFile(path, 'image/jpeg')).toMatchObject({ action: 'added', method: 'xmp-jpeg-app1' });
    const marked = await readFile(path);
    const tags = await exiftool(path);
    expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPE);
    expect(tags['ExifTool:Warning']).toBeUndefined();
    expect((await exifr.parse(marked, { xmp: true }))?.DigitalSourceType).toBe(DIGITAL_SOURCE_TYPE);
    const sos = (b: Buffer) => b.subarray(b.indexOf(Buffer.from([0xff, 0xda])));
    expect(sos(marked).equals(sos(original))).toBe(true);
    // Still starts with SOI and the JFIF segment before ours.
    expect(marked.subarray(0, 2).equals(Buffer.from([0xff, 0xd8]))).toBe(true);
    expect(marked.indexOf('JFIF')).toBeLessThan(marked.indexOf('http://ns.adobe.com/xap/1.0/'));
  });

  it('leaves a JPEG with a C2PA manifest (APP11) byte for byte', async () => {
    const original = await readFile(new URL('./fixtures/sample.jpg', import.meta.url));
    const app11 = Buffer.concat([Buffer.from([0xff, 0xeb, 0, 22]), Buffer.from('JP\0\0\0\0\0\0jumbc2pa..', 'latin1')]);
    const withManifest = Buffer.concat([original.subarray(0, 2), app11, original.subarray(2)]);
    const path = await place('c2pa.jpg', withManifest);
    expect(await markFile(path, 'image/jpeg')).toMatchObject({ action: 'kept' });
    expect((await readFile(path)).equals(withManifest)).toBe(true);
  });
});

describe('MP3', () => {
  it('prepends an ID3v2.4 tag that node-id3 and exiftool read, with the audio frames unchanged', async (ctx) => {
    needs(ctx, 'exiftool');
    const audio = mp3Frames(20);
    const path = await place('a.mp3', audio);
    expect(await markFile(path, 'audio/mpeg')).toMatchObject({ action: 'added', method: 'id3v2' });
    const marked = await readFile(path);
    const tags = NodeID3.read(marked);
    expect(tags.userDefinedText).toContainEqual({ description: 'DigitalSourceType', value: DIGITAL_SOURCE_TYPE });
    expect(marked.subarray(marked.length - audio.length).equals(audio)).toBe(true);
    const read = await exiftool(path);
    expect(read['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPE);
    expect(read['ID3v2_4:UserDefinedText']).toMatch(/DigitalSourceType/);
  });

  it('adds its frames to an existing ID3v2.3 tag and keeps the others', async () => {
    const tagged = NodeID3.write({ title: 'Jingle', artist: 'Someone' }, mp3Frames(5)) as Buffer;
    const path = await place('tagged.mp3', tagged);
    expect(await markFile(path, 'audio/mpeg')).toMatchObject({ action: 'added' });
    const tags = NodeID3.read(await readFile(path));
    expect(tags).toMatchObject({ title: 'Jingle', artist: 'Someone' });
    expect(tags.userDefinedText).toContainEqual({ description: 'DigitalSourceType', value: DIGITAL_SOURCE_TYPE });
  });

  it('leaves a provider-marked MP3 byte for byte', async () => {
    const tagged = NodeID3.write({ userDefinedText: [{ description: 'DigitalSourceType', value: DIGITAL_SOURCE_TYPE }] }, mp3Frames(3)) as Buffer;
    const path = await place('provider.mp3', tagged);
    expect(await markFile(path, 'audio/mpeg')).toMatchObject({ action: 'kept' });
    expect((await readFile(path)).equals(tagged)).toBe(true);
  });
});

describe('WAV', () => {
  it('inserts a _PMX chunk that wavefile and exiftool read, with the samples unchanged', async (ctx) => {
    needs(ctx, 'exiftool');
    const original = wav();
    const path = await place('a.wav', original);
    expect(await markFile(path, 'audio/wav')).toMatchObject({ action: 'added', method: 'xmp-riff-pmx' });
    const marked = await readFile(path);
    const before = new WaveFile(original);
    const after = new WaveFile(marked);
    expect(after.getSamples(false, Int16Array)).toEqual(before.getSamples(false, Int16Array));
    expect(String((after as unknown as { _PMX: { value: string } })._PMX.value)).toContain(DIGITAL_SOURCE_TYPE);
    expect(marked.readUInt32LE(4)).toBe(marked.length - 8);
    const tags = await exiftool(path);
    expect(tags['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPE);
    expect(tags['ExifTool:Warning']).toBeUndefined();
  });

  it('keeps the data chunk last in a streamed WAV whose sizes are placeholders', async () => {
    const original = wav();
    original.writeUInt32LE(0xffffffff, 4);
    const dataAt = original.indexOf('data');
    original.writeUInt32LE(0xffffffff, dataAt + 4);
    const path = await place('stream.wav', original);
    expect(await markFile(path, 'audio/wav')).toMatchObject({ action: 'added' });
    const marked = await readFile(path);
    expect(marked.readUInt32LE(4)).toBe(0xffffffff);
    const newDataAt = marked.indexOf('data');
    expect(marked.indexOf('_PMX')).toBeLessThan(newDataAt);
    expect(marked.subarray(newDataAt).equals(original.subarray(dataAt))).toBe(true);
  });
});

describe('MP4', () => {
  it('appends an XMP uuid box that exiftool reads, leaving every earlier byte in place', async (ctx) => {
    needs(ctx, 'exiftool');
    const box = (type: string, body: Buffer) => {
      const h = Buffer.alloc(8);
      h.writeUInt32BE(8 + body.length);
      h.write(type, 4, 'latin1');
      return Buffer.concat([h, body]);
    };
    const original = Buffer.concat([box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2mp41', 'latin1')), box('mdat', Buffer.alloc(4096, 1))]);
    const path = await place('a.mp4', original);
    expect(await markFile(path, 'video/mp4')).toMatchObject({ action: 'added', method: 'xmp-mp4-uuid' });
    const marked = await readFile(path);
    expect(marked.subarray(0, original.length).equals(original)).toBe(true);
    expect((await exiftool(path))['XMP-iptcExt:DigitalSourceType']).toBe(DIGITAL_SOURCE_TYPE);
  });
});

it('says why a format without an embedded marking is left alone', async () => {
  const path = await place('raw.pcm', Buffer.alloc(100));
  expect(await markFile(path, 'audio/pcm')).toMatchObject({ action: 'none', reason: expect.stringMatching(/audio\/pcm has no embedded marking/) });
});

