import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { MediaStore, MediaTooLarge } from './store.ts';
import { streamJsonWithFiles } from './resultJson.ts';
import { checkDeclared, MimeMismatch, sniff } from './sniff.ts';

const root = await mkdtemp(join(tmpdir(), 'media-store-'));
afterAll(() => rm(root, { recursive: true, force: true }));
const store = new MediaStore({ root, retentionMs: 1000 });

describe('sniff', () => {
  it.each([
    ['89504e470d0a1a0a0000000d49484452', 'image/png'],
    ['ffd8ffe000104a464946', 'image/jpeg'],
    ['524946462400000057415645666d7420', 'audio/wav'],
    ['52494646240000005745425056503820', 'image/webp'],
    ['494433040000000000', 'audio/mpeg'],
    ['fffb9064000000', 'audio/mpeg'],
    ['000000186674797069736f6d', 'video/mp4'],
    ['0000001c667479704d344120', 'audio/mp4'],
    ['1a45dfa3', 'video/webm'],
    ['4f67675300', 'audio/ogg'],
    ['664c614300', 'audio/flac'],
  ])('%s is %s', (hex, mime) => expect(sniff(Buffer.from(hex, 'hex'))?.mimeType).toBe(mime));

  it('accepts synonyms and refuses a declaration the bytes contradict', () => {
    const wav = Buffer.from('524946462400000057415645666d7420', 'hex');
    expect(checkDeclared('audio/x-wav', wav).mimeType).toBe('audio/wav');
    expect(() => checkDeclared('audio/mpeg', wav)).toThrow(MimeMismatch);
    expect(() => checkDeclared('audio/mpeg', Buffer.from('hello world'))).toThrow(/not a recognised media format/);
  });
});

describe('MediaStore', () => {
  it('streams a source to disk under the sniffed type and reads it back', async () => {
    const id = randomUUID();
    const body = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(300_000)]);
    async function* chunks() {
      for (let i = 0; i < body.length; i += 65_536) yield body.subarray(i, i + 65_536);
    }
    const file = await store.put(id, 'image-0', chunks());
    expect(file).toEqual({ name: 'image-0.png', mimeType: 'image/png', size: body.length });
    expect(await readdir(join(root, id))).toEqual(['image-0.png']);
    const back: Buffer[] = [];
    for await (const c of store.open(id, file.name)) back.push(c as Buffer);
    expect(Buffer.concat(back).equals(body)).toBe(true);
    await store.purge(id);
    expect(await store.taskIds()).not.toContain(id);
  });

  it('stops a source past its cap and leaves no partial file', async () => {
    const id = randomUUID();
    await expect(store.put(id, 'video-0', randomBytes(2000), { maxBytes: 1000 })).rejects.toBeInstanceOf(MediaTooLarge);
    expect(await readdir(join(root, id))).toEqual([]);
  });

  it('leaves no partial file however early the source is refused (the file may not be open yet)', async () => {
    const left: string[] = [];
    for (let i = 0; i < 300; i++) {
      const id = randomUUID();
      await expect(store.put(id, 'video-0', randomBytes(2000), { maxBytes: 1000 })).rejects.toBeInstanceOf(MediaTooLarge);
      left.push(...(await readdir(join(root, id))));
    }
    expect(left).toEqual([]);
  });

  it('refuses names that would leave the task directory', () => {
    expect(() => store.path(randomUUID(), '../x.png')).toThrow();
    expect(() => store.path('../../etc', 'x.png')).toThrow();
  });
});

describe('streamJsonWithFiles', () => {
  it('writes the same JSON as base64 in memory would, with the length known up front', async () => {
    const id = randomUUID();
    const sizes = [0, 1, 2, 3, 196_609, 500_000];
    const files = await Promise.all(sizes.map((n, i) => store.put(id, `f-${i}`, randomBytes(n), { mimeType: 'application/octet-stream' })));
    const value = { videos: files.map((f) => ({ data: { $file: f.name, size: f.size }, mimeType: f.mimeType })), model: 'm', note: 'a "quoted" \u0000 text' };
    const { length, stream } = streamJsonWithFiles(value, (name) => store.path(id, name));
    const parts: Buffer[] = [];
    for await (const c of stream) parts.push(c as Buffer);
    const text = Buffer.concat(parts);
    expect(text.length).toBe(length);
    const parsed = JSON.parse(text.toString());
    const { readFile } = await import('node:fs/promises');
    for (const [i, f] of files.entries()) expect(parsed.videos[i].data).toBe((await readFile(store.path(id, f.name))).toString('base64'));
    expect(parsed.note).toBe(value.note);
  });
});
