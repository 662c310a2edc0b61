// The media operations end to end: real PostgreSQL and queue, real HTTP,
// every provider on a loopback fake of its wire protocol (local-audio on the
// real offline runtime), called through the generated SDK.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient, type Client } from '../../generated/gateway/client/index.ts';
import * as sdk from '../../generated/gateway/sdk.gen.ts';
import {
  answerImagesWith,
  sampleMp3,
  samplePng,
  startElevenLabsFake,
  startGoogleMediaFake,
  startImagesFake,
  startVideosFake,
  startXaiFake,
  type MediaFake,
} from '../../providers/testing/mediaFake.ts';
import { startLocalAudio, type LocalAudioServer } from '../../runtimes/local-audio/server.ts';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { readSse } from '../../test/sse.ts';
import { Agent, request } from 'undici';
import { runMediaTask } from '../../core/tasks/media.ts';
import type { TaskRow } from '../../db/gateway/getTask.ts';

let service: TestService;
let openai: MediaFake;
let localai: MediaFake;
let google: MediaFake;
let xai: MediaFake;
let videos: MediaFake;
let eleven: MediaFake;
let audio: LocalAudioServer;
let client: Client;
let key: string;
let keyId: string;
let mediaDir: string;
let refs: Server;
let refsUrl: string;

beforeAll(async () => {
  [openai, localai, google, xai, videos, eleven, audio] = await Promise.all([
    startImagesFake(),
    startImagesFake(),
    startGoogleMediaFake(),
    startXaiFake(),
    startVideosFake(),
    startElevenLabsFake(),
    startLocalAudio(),
  ]);
  // Reference images served from the loopback (allowed by GUARDED_FETCH_ALLOW_LOOPBACK below), slow and oversized ones too.
  refs = createServer((req, res) => {
    if (req.url === '/slow.png') {
      res.writeHead(200, { 'content-type': 'image/png' });
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('x')), 50);
      return;
    }
    if (req.url === '/huge.png') {
      res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(25 * 1024 * 1024) });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(samplePng(42));
  });
  await new Promise<void>((r) => refs.listen(0, '127.0.0.1', r));
  refsUrl = `http://127.0.0.1:${(refs.address() as AddressInfo).port}`;
  mediaDir = await mkdtemp(join(tmpdir(), 'media-test-'));
  service = await startTestService(['gateway'], {
    MEDIA_DIR: mediaDir,
    MEDIA_POLL_INITIAL_MS: '20',
    MEDIA_POLL_MAX_MS: '40',
    MEDIA_FETCH_TIMEOUT_MS: '400',
    GUARDED_FETCH_ALLOW_LOOPBACK: 'true',
    OPENAI_BASE_URL: `${openai.url}/v1`,
    OPENAI_API_KEY: 'sk-test',
    LOCALAI_BASE_URL: `${localai.url}/v1`,
    GEMINI_BASE_URL: google.url,
    GEMINI_API_KEY: 'g-test',
    VERTEX_BASE_URL: google.url,
    VERTEX_API_KEY: 'v-test',
    VERTEX_PROJECT: 'proj',
    XAI_BASE_URL: `${xai.url}/v1`,
    XAI_API_KEY: 'xai-test',
    LOCAL_VIDEO_BASE_URL: `${videos.url}/v1`,
    ELEVENLABS_BASE_URL: eleven.url,
    ELEVENLABS_API_KEY: 'el-test',
    LOCAL_AUDIO_BASE_URL: audio.url,
  });
  ({ key, id: keyId } = await createGatewayKey(service.db, 'media-test'));
  client = createClient({ baseUrl: service.gatewayUrl!, headers: { authorization: `Bearer ${key}` } });
});

afterAll(async () => {
  await service?.close();
  await Promise.all([openai, localai, google, xai, videos, eleven].map((f) => f?.close()));
  await audio?.close();
  await new Promise<void>((r) => (refs ? refs.close(() => r()) : r()));
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

async function result(queueId: string, timeoutMs = 15_000): Promise<{ status: number; body: any; length: string | null }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${service.gatewayUrl}/api/llm/queue/result`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ queueId }),
    });
    if (res.status !== 202) return { status: res.status, body: await res.json(), length: res.headers.get('content-length') };
    await res.arrayBuffer();
    if (Date.now() > deadline) throw new Error(`task ${queueId} did not finish`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function completed(queueId: string, timeoutMs?: number) {
  const r = await result(queueId, timeoutMs);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.result;
}

function bytes(b64: string): Buffer {
  return Buffer.from(b64, 'base64');
}

async function usageRow(queueId: string) {
  return service.db('gateway_usage').where({ task_id: queueId }).first();
}

describe('images', () => {
  it('generates with openai: n, size, quality mapped; PNGs marked; priced per image by quality; usage recorded', async () => {
    const sent = await sdk.generateImage({ client, body: { provider: 'openai', model: 'gpt-image-1', prompt: 'a lighthouse', n: 2, size: '1024x1024', quality: 'hd', tag: 'landing' } });
    expect(sent.response!.status).toBe(200);
    const queueId = sent.data!.data.queueId;
    const r = await result(queueId);
    expect(r.status).toBe(200);
    expect(Number(r.length)).toBeGreaterThan(0);
    const res = r.body.data.result;
    expect(res).toMatchObject({ model: 'gpt-image-1', provider: 'openai', cost: { customerPrice: 0.334, currency: 'USD', billing: 'metered' } });
    expect(res.images).toHaveLength(2);
    for (const img of res.images) {
      const png = bytes(img.data);
      expect(img.mimeType).toBe('image/png');
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.includes(Buffer.from('trainedAlgorithmicMedia'))).toBe(true);
    }
    expect(res.metadata).toMatchObject({ aiContentMarking: true, aiContentMarkingDetails: [{ action: 'added', method: 'xmp-png-itxt' }, { action: 'added' }] });
    const body = openai.requests.at(-1)!.json;
    expect(body).toEqual({ model: 'gpt-image-1', prompt: 'a lighthouse', n: 2, size: '1024x1024', quality: 'high' });
    expect(openai.requests.at(-1)!.headers.authorization).toBe('Bearer sk-test');
    expect(await usageRow(queueId)).toMatchObject({ kind: 'image', provider: 'openai', model: 'gpt-image-1', tag: 'landing', billing: 'metered' });
    expect(Number((await usageRow(queueId)).cost)).toBe(0.334);
  });

  it('edits with openai references (URL, data URI, bare base64) as multipart image[] parts', async () => {
    const png = samplePng(7).toString('base64');
    const sent = await sdk.generateImage({
      client,
      body: { provider: 'openai', model: 'gpt-image-1', prompt: 'combine', referenceImages: [`${refsUrl}/ref.png`, `data:image/png;base64,${png}`, png] },
    });
    const res = await completed(sent.data!.data.queueId);
    expect(res.images).toHaveLength(1);
    const req = openai.requests.at(-1)!;
    expect(req.path).toBe('/v1/images/edits');
    expect(req.parts!.filter((p) => p.name === 'image[]').map((p) => p.contentType)).toEqual(['image/png', 'image/png', 'image/png']);
    expect(req.parts!.find((p) => p.name === 'prompt')!.value).toBe('combine');
    // Inputs are removed once the task is done; outputs stay for the result's lifetime.
    expect((await readdir(join(mediaDir, sent.data!.data.queueId))).every((f) => f.startsWith('image-'))).toBe(true);
  });

  it('maps gemini aspect ratio and references to generateContent, one call per image', async () => {
    const before = google.requests.length;
    const sent = await sdk.generateImage({ client, body: { provider: 'gemini', model: 'gemini-2.5-flash-image', prompt: 'a cat', n: 2, aspectRatio: '16:9', quality: 'hd', referenceImages: [samplePng(3).toString('base64')] } });
    const res = await completed(sent.data!.data.queueId);
    expect(res.images).toHaveLength(2);
    const calls = google.requests.slice(before);
    expect(calls).toHaveLength(2);
    expect(calls[0]!.path).toBe('/v1beta/models/gemini-2.5-flash-image:generateContent');
    expect(calls[0]!.headers['x-goog-api-key']).toBe('g-test');
    expect(calls[0]!.json.generationConfig).toEqual({ responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: '16:9', imageSize: '2K' } });
    expect(calls[0]!.json.contents[0].parts[1].inlineData.mimeType).toBe('image/png');
    expect(res.cost.customerPrice).toBe(0.078);
  });

  it('uses Imagen :predict on vertex with sampleCount', async () => {
    const sent = await sdk.generateImage({ client, body: { provider: 'vertex', model: 'imagen-4.0-generate-001', prompt: 'a boat', n: 3 } });
    const res = await completed(sent.data!.data.queueId);
    expect(res.images).toHaveLength(3);
    expect(google.requests.at(-1)!.path).toBe('/v1/projects/proj/locations/europe-west4/publishers/google/models/imagen-4.0-generate-001:predict');
    expect(google.requests.at(-1)!.json.parameters).toEqual({ sampleCount: 3 });
  });

  it('passes a provider C2PA-signed output through byte for byte', async () => {
    const signed = samplePng(5, [['caBX', Buffer.from('jumb c2pa manifest')]]);
    answerImagesWith(() => signed);
    try {
      const sent = await sdk.generateImage({ client, body: { provider: 'xai', model: 'grok-imagine-image', prompt: 'x', aspectRatio: '1:1' } });
      const res = await completed(sent.data!.data.queueId);
      expect(bytes(res.images[0].data).equals(signed)).toBe(true);
      expect(res.metadata).toMatchObject({ aiContentMarking: true, aiContentMarkingDetails: [{ action: 'kept', reason: expect.stringMatching(/C2PA/) }] });
      expect(xai.requests.at(-1)!.json).toMatchObject({ model: 'grok-imagine-image', response_format: 'b64_json', aspect_ratio: '1:1' });
    } finally {
      answerImagesWith(undefined);
    }
  });

  it('refuses too many reference images before any upstream call or fetch', async () => {
    const before = [xai.requests.length, localai.requests.length];
    const png = samplePng(1).toString('base64');
    const tooMany = await sdk.generateImage({ client, body: { provider: 'xai', model: 'grok-imagine-image', prompt: 'x', referenceImages: [png, png, png, `${refsUrl}/never-fetched.png`] } });
    expect(tooMany.response!.status).toBe(400);
    expect(tooMany.error).toMatchObject({ success: false, code: 'TOO_MANY_REFERENCE_IMAGES', message: 'xai accepts at most 3 reference images, got 4' });
    const none = await sdk.generateImage({ client, body: { provider: 'localai', model: 'stablediffusion', prompt: 'x', referenceImages: [png] } });
    expect(none.error).toMatchObject({ code: 'TOO_MANY_REFERENCE_IMAGES' });
    expect([xai.requests.length, localai.requests.length]).toEqual(before);
  });

  it('answers 400 for a private, oversized, slow or non-image reference, and for options a provider cannot honour', async () => {
    const cases: Array<[string, RegExp]> = [
      ['http://10.1.2.3/cat.png', /blocked_address/],
      ['http://169.254.169.254/latest/meta-data/', /blocked_address/],
      [`${refsUrl}/huge.png`, /too_large/],
      [`${refsUrl}/slow.png`, /timeout/],
      [`data:image/png;base64,${Buffer.from('not an image at all').toString('base64')}`, /not an image/],
      ['ftp://example.org/a.png', /neither an http/],
    ];
    const before = openai.requests.length;
    for (const [ref, why] of cases) {
      const res = await sdk.generateImage({ client, body: { provider: 'openai', model: 'gpt-image-1', prompt: 'x', referenceImages: [ref] } });
      expect(res.response!.status, ref).toBe(400);
      expect(res.error, ref).toMatchObject({ success: false, code: 'invalid_reference', message: expect.stringMatching(why) });
    }
    const jpegDeclared = await sdk.generateImage({ client, body: { provider: 'openai', model: 'gpt-image-1', prompt: 'x', referenceImages: [`data:image/jpeg;base64,${samplePng(1).toString('base64')}`] } });
    expect(jpegDeclared.error).toMatchObject({ code: 'mime_mismatch' });
    const aspect = await sdk.generateImage({ client, body: { provider: 'openai', model: 'gpt-image-1', prompt: 'x', aspectRatio: '16:9' } });
    expect(aspect.error).toMatchObject({ code: 'unsupported_option', message: expect.stringMatching(/openai does not support aspectRatio/) });
    const n = await sdk.generateImage({ client, body: { provider: 'openai', model: 'gpt-image-1', prompt: 'x', n: 11 } });
    expect(n.error).toMatchObject({ code: 'invalid_request' });
    const provider = await sdk.generateImage({ client, body: { provider: 'anthropic' as never, model: 'x', prompt: 'x' } });
    expect(provider.response!.status).toBe(400);
    expect(openai.requests.length).toBe(before);
    expect(await service.db('gateway_tasks').where({ key_id: keyId, status: 'error' }).count('* as n')).toEqual([{ n: '0' }]);
  });
});

describe('video', () => {
  it('runs Veo on gemini: submit once, poll with progress in status and SSE, download, mark, price per second', async () => {
    google.pollsBeforeDone = 2;
    const sent = await sdk.generateVideo({ client, body: { provider: 'gemini', model: 'veo-3.0-generate-001', prompt: 'a boat', durationSeconds: 8, resolution: '1080p', aspectRatio: '16:9', imageUrl: `${refsUrl}/frame.png` } });
    const queueId = sent.data!.data.queueId;
    const res = await completed(queueId);
    expect(res).toMatchObject({ model: 'veo-3.0-generate-001', provider: 'gemini', durationSeconds: 8, cost: { customerPrice: 3.2 } });
    const mp4 = bytes(res.videos[0].data);
    expect(mp4.toString('latin1', 4, 8)).toBe('ftyp');
    expect(res.metadata.aiContentMarkingDetails[0]).toMatchObject({ action: 'added', method: 'xmp-mp4-uuid' });
    const submit = google.requests.find((r) => r.path.endsWith(':predictLongRunning'))!;
    expect(submit.json.parameters).toEqual({ sampleCount: 1, durationSeconds: 8, aspectRatio: '16:9', resolution: '1080p' });
    expect(submit.json.instances[0].image.mimeType).toBe('image/png');
    expect(google.requests.filter((r) => r.path.endsWith(':predictLongRunning'))).toHaveLength(1);
    const status = await sdk.getQueueStatus({ client, body: { queueId } });
    expect(status.data!.data).toMatchObject({ status: 'completed', progress: { stage: 'completed', percent: 100 } });
    const task = await service.db('gateway_tasks').where({ id: queueId }).first();
    expect(task.checkpoint.job.id).toMatch(/^models\/veo-3.0-generate-001\/operations\/op\d+$/);
    const stream = await fetch(`${service.gatewayUrl}/api/llm/queue/stream`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ queueId }),
    });
    const events = await readSse(stream);
    expect(events[0]).toEqual({ event: 'start', data: { queueId } });
    expect(events.filter((e) => e.event === 'progress').map((e) => (e.data as { stage: string }).stage)).toEqual(
      expect.arrayContaining(['submitted', 'generating', 'downloading', 'marking', 'completed']),
    );
    expect(events.at(-1)).toEqual({ event: 'done', data: {} });
  });

  it('says done on the stream only once the result is readable; streams on one kept-alive connection leave no listener behind', async () => {
    // One connection for every call, so each stream's socket listener would pile up on it.
    const agent = new Agent({ connections: 1 });
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    const post = (path: string, body: unknown) =>
      request(`${service.gatewayUrl}${path}`, { method: 'POST', dispatcher: agent, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    try {
      for (let i = 0; i < 12; i++) {
        const sent = await post('/api/llm/generate-image', { provider: 'openai', model: 'gpt-image-1', prompt: `race ${i}` });
        const { queueId } = ((await sent.body.json()) as { data: { queueId: string } }).data;
        const stream = await post('/api/llm/queue/stream', { queueId });
        expect(await stream.body.text()).toMatch(/event: done\ndata: \{\}\n\n$/);
        const res = await post('/api/llm/queue/result', { queueId });
        expect(res.statusCode).toBe(200);
        await res.body.dump();
      }
    } finally {
      process.off('warning', onWarning);
      await agent.close();
    }
    expect(warnings).not.toContain('MaxListenersExceededWarning');
  });

  it('reads vertex operations with fetchPredictOperation and inline video bytes', async () => {
    google.pollsBeforeDone = 1;
    const sent = await sdk.generateVideo({ client, body: { provider: 'vertex', prompt: 'rain', numberOfVideos: 2, durationSeconds: 4 } });
    const res = await completed(sent.data!.data.queueId);
    expect(res.videos).toHaveLength(2);
    expect(res.cost.customerPrice).toBe(3.2); // 2 videos x 4 s x 0.40
    expect(google.requests.at(-1)!.path).toMatch(/\/models\/veo-3.0-generate-001:fetchPredictOperation$/);
  });

  it('ends an xai job whose failed status came inside an HTTP 200 in error, unbilled', async () => {
    xai.failJobs = true;
    try {
      const sent = await sdk.generateVideo({ client, body: { provider: 'xai', prompt: 'x', durationSeconds: 5, resolution: '720p' } });
      const r = await result(sent.data!.data.queueId);
      expect(r.status).toBe(409);
      expect(r.body).toMatchObject({ code: 'task_failed', message: expect.stringMatching(/failed: status failed: content moderation/) });
      expect(await usageRow(sent.data!.data.queueId)).toBeUndefined();
      expect(await readdir(mediaDir)).not.toContain(sent.data!.data.queueId);
    } finally {
      xai.failJobs = false;
    }
    const ok = await sdk.generateVideo({ client, body: { provider: 'xai', prompt: 'x', durationSeconds: 5 } });
    const res = await completed(ok.data!.data.queueId);
    expect(res).toMatchObject({ durationSeconds: 6, cost: { customerPrice: 0.3 } }); // the provider reported 6 s
    expect(xai.requests.find((r) => r.path === '/v1/videos/generations')!.json).toMatchObject({ model: 'grok-imagine-video', duration: 5, resolution: '720p' });
  });

  it('maps local-video sizes to the 64-pixel grid and reports its progress', async () => {
    const sent = await sdk.generateVideo({ client, body: { provider: 'local-video', prompt: 'x', aspectRatio: '16:9' } });
    await completed(sent.data!.data.queueId);
    const create = videos.requests.find((r) => r.path === '/v1/videos')!;
    expect(Object.fromEntries(create.parts!.map((p) => [p.name, p.value]))).toMatchObject({ size: '768x448', seconds: '4', model: 'ltx-video' });
    const tall = await sdk.generateVideo({ client, body: { provider: 'local-video', prompt: 'x', resolution: '500x900', durationSeconds: 2 } });
    await completed(tall.data!.data.queueId);
    expect(videos.requests.filter((r) => r.path === '/v1/videos').at(-1)!.parts!.find((p) => p.name === 'size')!.value).toBe('512x896');
  });

  it('refuses broken video rules at submission', async () => {
    const cases: Array<[Parameters<typeof sdk.generateVideo>[0]['body'], string, RegExp]> = [
      [{ provider: 'gemini', prompt: 'x', resolution: '1080p', durationSeconds: 6 }, 'unsupported_option', /1080p is only available with durationSeconds 8/],
      [{ provider: 'gemini', prompt: 'x', aspectRatio: '4:3' }, 'unsupported_option', /16:9 or 9:16/],
      [{ provider: 'gemini', prompt: 'x', durationSeconds: 5 }, 'unsupported_option', /4, 6, 8 seconds/],
      [{ provider: 'xai', prompt: 'x', resolution: '1080p' }, 'unsupported_option', /480p or 720p/],
      [{ provider: 'gemini', prompt: 'x', lastFrameUrl: 'x' }, 'unsupported_option', /only Veo 3.1 models interpolate/],
      [{ provider: 'gemini', model: 'veo-3.1-generate-preview', prompt: 'x', lastFrameUrl: 'x' }, 'unsupported_option', /lastFrameUrl needs imageUrl/],
      [{ provider: 'vertex', model: 'veo-2.0-generate-001', prompt: 'x', resolution: '1080p', durationSeconds: 8 }, 'unsupported_option', /Veo 2 makes 720p only/],
      [{ provider: 'xai', prompt: 'x', lastFrameUrl: 'x' }, 'unsupported_option', /lastFrameUrl/],
      [{ provider: 'local-video', prompt: 'x', numberOfVideos: 2 }, 'unsupported_option', /numberOfVideos/],
      [{ provider: 'gemini', prompt: 'x', durationSeconds: 61 }, 'invalid_request', /Invalid request: body/],
      [{ provider: 'gemini', prompt: 'x', numberOfVideos: 5 }, 'invalid_request', /Invalid request: body/],
      [{ provider: 'openai' as never, prompt: 'x' }, 'invalid_request', /Invalid request: body/],
    ];
    for (const [body, code, message] of cases) {
      const res = await sdk.generateVideo({ client, body });
      expect(res.response!.status, JSON.stringify(body)).toBe(400);
      expect(res.error, JSON.stringify(body)).toMatchObject({ code, message: expect.stringMatching(message) });
    }
  });

  it('resumes polling a stored job after a restart instead of submitting it again', async () => {
    videos.pollsBeforeDone = 1;
    // The job a worker submitted before it died.
    const created = await fetch(`${videos.url}/v1/videos`, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b' }, body: '--b--\r\n' });
    const jobId = ((await created.json()) as { id: string }).id;
    const submitsBefore = videos.requests.filter((r) => r.path === '/v1/videos').length;
    const id = crypto.randomUUID();
    const request = { request: { provider: 'local-video', model: 'ltx-video', prompt: 'x', durationSeconds: 4, numberOfVideos: 1, width: 768, height: 448 } };
    await service.db('gateway_tasks').insert({ id, key_id: keyId, kind: 'video', provider: 'local-video', model: 'ltx-video', status: 'processing', request, attempts: 2, checkpoint: { job: { id: jobId }, submittedAt: new Date().toISOString() } });
    const task = (await service.db('gateway_tasks').where({ id }).first()) as TaskRow;
    const runtime = service.deps.gateway!;
    await runMediaTask({ db: service.db, notifier: runtime.notifier, log: service.deps.log, env: service.deps.env }, task, new AbortController().signal, (outcome) => runtime.queue.finish(id, outcome));
    expect(videos.requests.filter((r) => r.path === '/v1/videos').length).toBe(submitsBefore);
    expect(videos.requests.some((r) => r.path === `/v1/videos/${jobId}/content`)).toBe(true);
    const res = await completed(id);
    expect(res.videos).toHaveLength(1);
    expect(await service.db('gateway_usage').where({ task_id: id }).count('* as n')).toEqual([{ n: '1' }]);
  });

  it('stops polling on cancel and drops the files', async () => {
    videos.pollsBeforeDone = 10_000;
    try {
      const sent = await sdk.generateVideo({ client, body: { provider: 'local-video', prompt: 'forever' } });
      const queueId = sent.data!.data.queueId;
      const polls = () => videos.requests.filter((r) => /^\/v1\/videos\/video_\d+$/.test(r.path)).length;
      const start = polls();
      while (polls() < start + 3) await new Promise((r) => setTimeout(r, 20));
      const cancelled = await sdk.cancelQueueTask({ client, body: { queueId } });
      expect(cancelled.data!.data.status).toBe('cancelled');
      await new Promise((r) => setTimeout(r, 150));
      const after = polls();
      await new Promise((r) => setTimeout(r, 300));
      expect(polls()).toBe(after);
      expect(await readdir(mediaDir)).not.toContain(queueId);
      expect(await usageRow(queueId)).toBeUndefined();
    } finally {
      videos.pollsBeforeDone = 1;
    }
  });
});

describe('speech, sound, music, dialogue', () => {
  it('speaks with elevenlabs and every documented option, marks the MP3, prices per character', async () => {
    const text = 'Welcome back! Your order has shipped.';
    const sent = await sdk.generateAudio({
      client,
      body: {
        provider: 'elevenlabs',
        model: 'eleven_multilingual_v2',
        text,
        voiceId: 'voice123',
        outputFormat: 'mp3_44100_192',
        voiceSettings: { stability: 0.5, similarityBoost: 0.75, style: 0.1, useSpeakerBoost: true },
        languageCode: 'en',
        applyTextNormalization: 'on',
        previousRequestIds: ['req_a', 'req_b'],
      },
    });
    const res = await completed(sent.data!.data.queueId);
    const req = eleven.requests.at(-1)!;
    expect(req.path).toBe('/v1/text-to-speech/voice123?output_format=mp3_44100_192');
    expect(req.headers['xi-api-key']).toBe('el-test');
    expect(req.json).toEqual({
      text,
      model_id: 'eleven_multilingual_v2',
      language_code: 'en',
      voice_settings: { stability: 0.5, similarity_boost: 0.75, style: 0.1, use_speaker_boost: true },
      previous_request_ids: ['req_a', 'req_b'],
      apply_text_normalization: 'on',
    });
    expect(res).toMatchObject({ mimeType: 'audio/mpeg', model: 'eleven_multilingual_v2', characterCount: text.length, requestId: expect.stringMatching(/^req_/) });
    expect(res.cost.customerPrice).toBe(0.0037); // 37 characters x 0.10 per 1,000
    const mp3 = bytes(res.audio);
    expect(mp3.toString('latin1', 0, 3)).toBe('ID3');
    expect(mp3.subarray(mp3.length - sampleMp3().length).equals(sampleMp3())).toBe(true);
    expect(res.metadata.aiContentMarkingDetails[0]).toMatchObject({ action: 'added', method: 'id3v2' });
  });

  it('makes sound effects and music with their options and prices', async () => {
    const fx = await sdk.generateSoundEffect({ client, body: { text: 'door creak', durationSeconds: 4.5, loop: true } });
    const fxRes = await completed(fx.data!.data.queueId);
    expect(eleven.requests.at(-1)!.json).toEqual({ text: 'door creak', model_id: 'eleven_text_to_sound_v2', duration_seconds: 4.5, prompt_influence: 0.3, loop: true });
    expect(fxRes).toMatchObject({ durationSeconds: 4.5, model: 'eleven_text_to_sound_v2', cost: { customerPrice: 0.12 } });
    const music = await sdk.generateMusic({ client, body: { prompt: 'lo-fi', durationMs: 30_000, forceInstrumental: true } });
    const musicRes = await completed(music.data!.data.queueId);
    expect(eleven.requests.at(-1)!.json).toEqual({ prompt: 'lo-fi', model_id: 'music_v1', music_length_ms: 30_000, force_instrumental: true });
    expect(musicRes).toMatchObject({ durationMs: 30_000, model: 'music_v1', cost: { customerPrice: 0.15 } });
    expect((await sdk.generateSoundEffect({ client, body: { text: 'x', durationSeconds: 31 } })).response!.status).toBe(400);
    expect((await sdk.generateMusic({ client, body: { prompt: 'x', durationMs: 2999 } })).response!.status).toBe(400);
  });

  it('makes dialogue within its limits', async () => {
    const inputs = [
      { text: 'Did you hear?', voiceId: 'a' },
      { text: 'We shipped it!', voiceId: 'b' },
      { text: 'Great.', voiceId: 'a' },
    ];
    const sent = await sdk.generateDialogue({ client, body: { inputs, seed: 4294967295, voiceSettings: { stability: 0.5 }, languageCode: 'en' } });
    const res = await completed(sent.data!.data.queueId);
    expect(res).toMatchObject({ model: 'eleven_v3', voiceIds: ['a', 'b'], mimeType: 'audio/mpeg' });
    expect(eleven.requests.at(-1)!.path).toBe('/v1/text-to-dialogue?output_format=mp3_44100_128');
    expect(eleven.requests.at(-1)!.json).toMatchObject({ inputs: [{ text: 'Did you hear?', voice_id: 'a' }, { voice_id: 'b' }, { voice_id: 'a' }], model_id: 'eleven_v3', seed: 4294967295, settings: { stability: 0.5 } });
    const elevenVoices = Array.from({ length: 11 }, (_, i) => ({ text: 'hi', voiceId: `v${i}` }));
    expect((await sdk.generateDialogue({ client, body: { inputs: elevenVoices } })).error).toMatchObject({ code: 'invalid_request', message: expect.stringMatching(/at most 10 distinct voiceIds/) });
    expect((await sdk.generateDialogue({ client, body: { inputs, seed: 4294967296 } })).response!.status).toBe(400);
    expect((await sdk.generateDialogue({ client, body: { inputs: [] } })).response!.status).toBe(400);
    expect((await sdk.generateDialogue({ client, body: { inputs, model: 'eleven_flash_v2_5' } })).error).toMatchObject({ code: 'unsupported_option', message: expect.stringMatching(/only one dialogue model/) });
  });

  it('speaks offline through local-audio (a WAV, marked in RIFF) and refuses elevenlabs-only options', async () => {
    const sent = await sdk.generateAudio({ client, body: { provider: 'local-audio', model: 'tts-1', text: 'one two three', voiceId: 'alloy' } });
    const res = await completed(sent.data!.data.queueId);
    expect(res).toMatchObject({ mimeType: 'audio/wav', characterCount: 13, cost: { customerPrice: 0 } });
    expect(res.metadata.aiContentMarkingDetails[0]).toMatchObject({ action: 'added', method: 'xmp-riff-pmx' });
    const refused = await sdk.generateAudio({ client, body: { provider: 'local-audio', text: 'x', outputFormat: 'mp3_44100_128' } });
    expect(refused.error).toMatchObject({ code: 'unsupported_option', message: expect.stringMatching(/local-audio does not support outputFormat/) });
  });
});

describe('transcription and voices', () => {
  const wav = (() => {
    const h = Buffer.alloc(44);
    h.write('RIFF', 0);
    h.writeUInt32LE(36 + 32000, 4);
    h.write('WAVEfmt ', 8);
    h.writeUInt32LE(16, 16);
    h.writeUInt16LE(1, 20);
    h.writeUInt16LE(1, 22);
    h.writeUInt32LE(16000, 24);
    h.writeUInt32LE(32000, 28);
    h.writeUInt16LE(2, 32);
    h.writeUInt16LE(16, 34);
    h.write('data', 36);
    h.writeUInt32LE(32000, 40);
    return Buffer.concat([h, Buffer.alloc(32000)]);
  })();

  it('transcribes with elevenlabs: diarization, speakers, character timestamps, audio events; billed per hour of audio', async () => {
    const sent = await sdk.transcribe({
      client,
      body: { provider: 'elevenlabs', audio: wav.toString('base64'), mimeType: 'audio/wav', language: 'en', diarize: true, numSpeakers: 2, timestampsGranularity: 'character', tagAudioEvents: true },
    });
    const res = await completed(sent.data!.data.queueId);
    const fields = Object.fromEntries(eleven.requests.at(-1)!.parts!.map((p) => [p.name, p.value ?? p.contentType]));
    expect(fields).toMatchObject({ model_id: 'scribe_v1', language_code: 'en', diarize: 'true', num_speakers: '2', timestamps_granularity: 'character', tag_audio_events: 'true', file: 'audio/wav' });
    expect(res).toMatchObject({ text: 'Hello there', language: 'en', model: 'scribe_v1', provider: 'elevenlabs', requestId: 'tr_123' });
    expect(res.words).toContainEqual({ text: '(laughter)', start: 0.5, end: 1.1, type: 'audio_event', speakerId: 'speaker_1' });
    expect(res.cost.customerPrice).toBe(0.00006111); // 1 s of audio at 0.22 per hour
  });

  it('refuses empty audio, a mimeType the bytes contradict and elevenlabs-only options on local-audio', async () => {
    const empty = await sdk.transcribe({ client, body: { provider: 'elevenlabs', audio: ' ', mimeType: 'audio/wav' } });
    expect(empty.error).toMatchObject({ code: 'empty_audio' });
    const mismatch = await sdk.transcribe({ client, body: { provider: 'elevenlabs', audio: wav.toString('base64'), mimeType: 'audio/mpeg' } });
    expect(mismatch.error).toMatchObject({ code: 'mime_mismatch', message: expect.stringMatching(/the bytes are audio\/wav, not the declared audio\/mpeg/) });
    const diarize = await sdk.transcribe({ client, body: { provider: 'local-audio', audio: wav.toString('base64'), mimeType: 'audio/wav', diarize: true } });
    expect(diarize.error).toMatchObject({ code: 'unsupported_option' });
    const speakers = await sdk.transcribe({ client, body: { provider: 'elevenlabs', audio: wav.toString('base64'), mimeType: 'audio/wav', numSpeakers: 33 } });
    expect(speakers.response!.status).toBe(400);
  });

  it('transcribes offline through local-audio', async () => {
    const spoken = await fetch(`${audio.url}/audio/speech`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input: 'one two three', voice: 'en-us' }) });
    const speech = Buffer.from(await spoken.arrayBuffer());
    const sent = await sdk.transcribe({ client, body: { provider: 'local-audio', audio: speech.toString('base64'), mimeType: 'audio/wav', language: 'en' } });
    // Moonshine (whisper-1 without a prompt) decodes on the CPU: a second when
    // quiet, far more on a shared machine; the wait only bounds a hang.
    const res = await completed(sent.data!.data.queueId, 90_000);
    expect(res).toMatchObject({ model: 'whisper-1', provider: 'local-audio', language: 'en', cost: { customerPrice: 0 } });
    expect(res.text.toLowerCase()).toMatch(/one|two|three/);
    // Moonshine has no word timings; none are invented.
    expect(res.words).toEqual([]);
  }, 120_000);

  it('lists voices from elevenlabs and from the local runtime', async () => {
    const el = await sdk.listVoices({ client, query: { provider: 'elevenlabs' } });
    expect(el.data!.data).toEqual({
      provider: 'elevenlabs',
      voices: [
        { voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', category: 'premade', preview_url: 'https://storage.example.org/rachel.mp3', labels: { accent: 'american', gender: 'female' } },
        { voice_id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', category: 'premade', preview_url: null, labels: { gender: 'male' } },
      ],
    });
    const local = await sdk.listVoices({ client, query: { provider: 'local-audio' } });
    expect(local.data!.data.voices).toContainEqual(expect.objectContaining({ voice_id: 'alloy', category: 'local', preview_url: null }));
  });
});

describe('discovery and usage', () => {
  it('reports the media capabilities that work', async () => {
    const caps = (await sdk.getCapabilities({ client })).data!.data as Record<string, any>;
    expect(caps.elevenlabs).toMatchObject({ textToSpeech: true, speechToText: true, soundEffects: true, musicGeneration: true, imageGeneration: false });
    expect(caps.elevenlabs).toMatchObject({ conversationalAgents: true });
    expect(caps.elevenlabs.models.flatMap((m: { capabilities: string[] }) => m.capabilities)).toContain('conversational-agent');
    expect(caps['local-audio']).toMatchObject({ textToSpeech: true, speechToText: true });
    expect(caps['local-video']).toMatchObject({ videoGeneration: true });
    expect(caps.xai).toMatchObject({ imageGeneration: true, videoGeneration: true });
    expect(caps.anthropic).toMatchObject({ imageGeneration: false, videoGeneration: false, textToSpeech: false, speechToText: false });
  });

  it('puts media costs into the usage history', async () => {
    const usage = (await sdk.getUsage({ client })).data!.data;
    expect(usage.providers.elevenlabs!.cost).toBeGreaterThan(0);
    expect(usage.providers.openai!.requests).toBeGreaterThanOrEqual(2);
  });
});
