// Video upload and its use: limits enforced while streaming, the fileId valid
// for its owner only, and the bytes reaching Gemini and Vertex inline. Also the
// live model listing of a local runtime.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startFake as startGemini } from '../../providers/gemini/fake.ts';
import { startFake as startOllama } from '../../providers/ollama/fake.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { MAX_VIDEO_BYTES } from './uploadVideo.ts';

let service: TestService;
let gemini: Fake;
let ollama: Fake;
let key: string;

async function upload(body: Blob, type: string, apiKey = key) {
  const form = new FormData();
  form.set('video', new Blob([body], { type }), 'clip');
  const res = await fetch(`${service.gatewayUrl}/api/llm/upload-video`, { method: 'POST', headers: { authorization: `Bearer ${apiKey}` }, body: form });
  return { status: res.status, body: (await res.json()) as any };
}

async function call(path: string, body: unknown) {
  const res = await fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function result(queueId: string) {
  for (let i = 0; i < 500; i++) {
    const r = await call('/api/llm/queue/result', { queueId });
    if (r.status !== 202) return r;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('task did not finish');
}

beforeAll(async () => {
  [gemini, ollama] = await Promise.all([startGemini(), startOllama()]);
  service = await startTestService(['gateway'], {
    GEMINI_BASE_URL: gemini.url,
    GEMINI_API_KEY: 'gm-test',
    VERTEX_BASE_URL: gemini.url,
    VERTEX_API_KEY: 'vx-test',
    VERTEX_PROJECT: 'acme-eu',
    VERTEX_LOCATION: 'europe-west4',
    OLLAMA_BASE_URL: ollama.url,
  });
  key = (await createGatewayKey(service.db)).key;
});

afterAll(async () => {
  await service?.close();
  await Promise.all([gemini?.close(), ollama?.close()]);
});

describe('upload-video', () => {
  it('stores a video for an hour and feeds it inline to gemini and vertex', async () => {
    const bytes = randomBytes(64 * 1024);
    const up = await upload(new Blob([bytes]), 'video/mp4');
    expect(up.status).toBe(200);
    expect(up.body.data).toMatchObject({ mimeType: 'video/mp4', sizeBytes: bytes.length });
    const expiresIn = Date.parse(up.body.data.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(59 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(60 * 60_000 + 5_000);

    for (const provider of ['gemini', 'vertex']) {
      const submitted = await call('/api/llm/complete', {
        provider,
        messages: [{ role: 'user', content: [{ type: 'text', text: 'describe' }, { type: 'video', fileId: up.body.data.fileId, mimeType: 'video/mp4' }] }],
      });
      expect(submitted.status).toBe(200);
      expect((await result(submitted.body.data.queueId)).status).toBe(200);
      const sent = gemini.requests.at(-1)!;
      const parts = sent.body.contents.flatMap((c: any) => c.parts);
      const video = parts.find((p: any) => p.inlineData);
      expect(video.inlineData.mimeType).toBe('video/mp4');
      expect(Buffer.from(video.inlineData.data, 'base64').equals(bytes)).toBe(true);
      if (provider === 'vertex') expect(sent.path).toContain('/projects/acme-eu/locations/europe-west4/');
    }
  });

  it('keeps a fileId private to the key that uploaded it', async () => {
    const up = await upload(new Blob([randomBytes(1024)]), 'video/webm');
    const other = (await createGatewayKey(service.db, 'other')).key;
    const res = await fetch(`${service.gatewayUrl}/api/llm/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'gemini', messages: [{ role: 'user', content: [{ type: 'video', fileId: up.body.data.fileId, mimeType: 'video/webm' }] }] }),
    });
    const queueId = ((await res.json()) as any).data.queueId;
    const final = await (async () => {
      for (let i = 0; i < 200; i++) {
        const r = await fetch(`${service.gatewayUrl}/api/llm/queue/result`, {
          method: 'POST',
          headers: { authorization: `Bearer ${other}`, 'content-type': 'application/json' },
          body: JSON.stringify({ queueId }),
        });
        if (r.status !== 202) return { status: r.status, body: (await r.json()) as any };
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('did not finish');
    })();
    expect(final.status).toBe(409);
    expect(final.body.message).toMatch(/unknown or expired/);
  });

  it('refuses a type that is not a video with 415', async () => {
    const res = await upload(new Blob(['hello']), 'text/plain');
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ success: false, code: 'unsupported_media_type' });
  });

  /** A multipart body with a video of exactly `size` bytes, streamed without content-length: the limit has to hold while streaming, not by trusting a header. */
  function streamedUpload(size: number) {
    const boundary = 'switchyardboundary';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="big.mp4"\r\nContent-Type: video/mp4\r\n\r\n`);
    const chunk = Buffer.alloc(1024 * 1024, 7);
    const body = Readable.from(
      (function* () {
        yield head;
        for (let sent = 0; sent < size; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, size - sent));
        yield Buffer.from(`\r\n--${boundary}--\r\n`);
      })(),
    );
    return request(`${service.gatewayUrl}/api/llm/upload-video`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
    }).catch((err) => ({ statusCode: 0, body: { json: async () => ({ err: String(err) }) } }));
  }

  const uploads = async () => Number((await service.db('gateway_uploads').count<{ count: string }[]>('* as count'))[0]!.count);

  it('takes a video of exactly 100 MB (104857600 bytes)', async () => {
    expect(MAX_VIDEO_BYTES).toBe(104_857_600);
    const res = await streamedUpload(MAX_VIDEO_BYTES);
    const body = (await res.body.json()) as any;
    expect(res.statusCode, JSON.stringify(body)).toBe(200);
    expect(body.data.sizeBytes).toBe(MAX_VIDEO_BYTES);
    const row = await service.db('gateway_uploads').where({ id: body.data.fileId }).first();
    expect(Number(row.size_bytes)).toBe(MAX_VIDEO_BYTES);
  }, 60_000);

  it('stops reading one byte past 100 MB with 413 and keeps nothing', async () => {
    const before = await uploads();
    const res = await streamedUpload(MAX_VIDEO_BYTES + 1);
    expect(res.statusCode).toBe(413);
    expect(await uploads()).toBe(before);
  }, 60_000);
});

describe('local model listing', () => {
  it('lists the models installed in ollama from its /api/tags', async () => {
    const res = await fetch(`${service.gatewayUrl}/api/llm/models?provider=ollama`, { headers: { authorization: `Bearer ${key}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as any;
    expect(body.data.provider).toBe('ollama');
    expect(body.data.models.length).toBeGreaterThan(0);
    expect(body.data.models[0]).toMatchObject({ inputCostPer1k: 0, outputCostPer1k: 0 });
    expect(ollama.requests.some((r) => r.path.endsWith('/api/tags'))).toBe(true);
  });
});
