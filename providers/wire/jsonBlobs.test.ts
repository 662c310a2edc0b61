import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { parseJsonWithBlobs } from './jsonBlobs.ts';

async function* pieces(text: string, size: number): AsyncGenerator<Buffer> {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

describe('parseJsonWithBlobs', () => {
  it.each([1, 3, 7, 64, 100_000])('diverts media strings split into %i-byte chunks and parses the rest', async (size) => {
    const a = randomBytes(5000);
    const b = randomBytes(1);
    const doc = {
      created: 1,
      data: [{ b64_json: a.toString('base64'), revised_prompt: 'a "quoted" prompt: with colons, {braces}' }, { b64_json: b.toString('base64') }],
      candidates: [{ content: { parts: [{ text: 'data' }, { inlineData: { mimeType: 'image/png', data: a.toString('base64').replace(/\//g, '\\/') } }] } }],
      usage: { data: 3 },
    };
    const got: Buffer[][] = [];
    const parsed = await parseJsonWithBlobs(pieces(JSON.stringify(doc).replace(/\\\\\//g, '\\/'), size), ['b64_json', 'data'], async (i) => {
      got[i] = [];
      return { write: async (chunk) => void got[i]!.push(chunk) };
    });
    expect(parsed.data[0]).toEqual({ b64_json: { $blob: 0 }, revised_prompt: doc.data[0]!.revised_prompt });
    expect(parsed.candidates[0].content.parts[1].inlineData).toEqual({ mimeType: 'image/png', data: { $blob: 2 } });
    expect(parsed.candidates[0].content.parts[0]).toEqual({ text: 'data' });
    expect(parsed.usage).toEqual({ data: 3 });
    expect(Buffer.concat(got[0]!).equals(a)).toBe(true);
    expect(Buffer.concat(got[1]!).equals(b)).toBe(true);
    expect(Buffer.concat(got[2]!).equals(a)).toBe(true);
  });

  it('fails on a body cut inside a media string', async () => {
    await expect(parseJsonWithBlobs(pieces('{"b64_json":"AAAA', 4), ['b64_json'], async () => ({ write: async () => {} }))).rejects.toThrow(/ended inside/);
  });
});
