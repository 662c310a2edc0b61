// The /v1 media endpoints driven by the unmodified official openai client:
// images.generate, images.edit, audio.speech.create and
// audio.transcriptions.create, over the native media tasks (real PostgreSQL,
// queue, storage and marking), every provider on a loopback fake of its wire
// protocol and local-audio on the real offline runtime. Every answer is
// checked against openapi/compat.yaml (afterEach).
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { needs } from '../../test/systemPackages.ts';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { readFileSync } from 'node:fs';
import OpenAI, { toFile } from 'openai';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import { sampleMp3, samplePng, startElevenLabsFake, startGoogleMediaFake, startImagesFake, startXaiFake, type MediaFake } from '../../providers/testing/mediaFake.ts';
import { startLocalAudio, type LocalAudioServer } from '../../runtimes/local-audio/server.ts';
import { contractProblems, recordingFetch, type Exchange } from './_contract.ts';

let service: TestService;
let key: string;
let keyId: string;
let mediaDir: string;
let openai: MediaFake;
let google: MediaFake;
let xai: MediaFake;
let eleven: MediaFake;
let audio: LocalAudioServer;
let oai: OpenAI;
const log: Exchange[] = [];

beforeAll(async () => {
  [openai, google, xai, eleven, audio] = await Promise.all([startImagesFake(), startGoogleMediaFake(), startXaiFake(), startElevenLabsFake(), startLocalAudio()]);
  mediaDir = await mkdtemp(join(tmpdir(), 'v1-media-test-'));
  service = await startTestService(['gateway'], {
    MEDIA_DIR: mediaDir,
    OPENAI_BASE_URL: `${openai.url}/v1`,
    OPENAI_API_KEY: 'sk-test',
    GEMINI_BASE_URL: google.url,
    GEMINI_API_KEY: 'g-test',
    XAI_BASE_URL: `${xai.url}/v1`,
    XAI_API_KEY: 'xai-test',
    ELEVENLABS_BASE_URL: eleven.url,
    ELEVENLABS_API_KEY: 'el-test',
    LOCAL_AUDIO_BASE_URL: audio.url,
  });
  ({ key, id: keyId } = await createGatewayKey(service.db, 'v1-media'));
  oai = new OpenAI({ baseURL: `${service.gatewayUrl}/v1`, apiKey: key, maxRetries: 0, timeout: 60_000, fetch: recordingFetch(log) });
});

afterAll(async () => {
  await service?.close();
  await Promise.all([openai, google, xai, eleven].map((f) => f?.close()));
  await audio?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

beforeEach(() => {
  for (const f of [openai, google, xai, eleven]) f.requests.length = 0;
});

// ---- the contract: JSON answers against their schema, audio and text answers by status and media type ----

type Json = Record<string, any>;
const spec = parse(readFileSync(new URL('../../openapi/compat.yaml', import.meta.url), 'utf8')) as Json;

function mediaTypesOf(path: string, status: number): string[] {
  let r = spec.paths?.[path]?.post?.responses?.[String(status)];
  if (r?.$ref) r = r.$ref.replace(/^#\//, '').split('/').reduce((o: Json, k: string) => o?.[k], spec);
  return Object.keys(r?.content ?? {});
}

afterEach(async () => {
  const problems: string[] = [];
  for (const x of log.splice(0)) {
    // The client's own probe of fetch's FormData support (a data: URL) is no exchange with the gateway.
    if (!x.path.startsWith('/v1/')) continue;
    const text = await x.text;
    const type = x.contentType.split(';')[0]!.trim();
    if (type === 'application/json') problems.push(...contractProblems(x.path, x.status, x.contentType, text));
    else if (!mediaTypesOf(x.path, x.status).includes(type)) problems.push(`${x.path} ${x.status} answered ${type}, which the spec does not list`);
  }
  if (problems.length) throw new Error(`Contract violations:\n${problems.join('\n')}`);
});

// ---- helpers ----

async function usageOf(taskId: string) {
  return service.db('gateway_usage').where({ task_id: taskId }).first();
}

async function tasksOfKey(): Promise<number> {
  const [{ count }] = await service.db('gateway_tasks').where({ key_id: keyId }).count({ count: '*' });
  return Number(count);
}

/** Runs `call`, which must fail with an OpenAI APIError: nothing queued, nothing sent upstream. */
async function refused(call: () => Promise<unknown>, fakes: MediaFake[] = [openai, google, xai, eleven]): Promise<InstanceType<typeof OpenAI.APIError>> {
  const before = await tasksOfKey();
  const sentBefore = fakes.map((f) => f.requests.length);
  const err = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(OpenAI.APIError);
  expect(await tasksOfKey()).toBe(before);
  expect(fakes.map((f) => f.requests.length)).toEqual(sentBefore);
  return err as InstanceType<typeof OpenAI.APIError>;
}

const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'));

describe('images.generate', () => {
  it('runs the native image task: fields mapped upstream, PNGs marked, b64_json, cost and a usage row under images.generations', async () => {
    const { data, response } = await oai.images
      .generate({ model: 'openai/gpt-image-1', prompt: 'a lighthouse', n: 2, size: '1024x1024', quality: 'high' })
      .withResponse();
    expect(openai.requests).toHaveLength(1);
    expect(openai.requests[0]!.path).toBe('/v1/images/generations');
    expect(openai.requests[0]!.json).toEqual({ model: 'gpt-image-1', prompt: 'a lighthouse', n: 2, size: '1024x1024', quality: 'high' });
    expect(data.data).toHaveLength(2);
    for (const image of data.data!) {
      const png = Buffer.from(image.b64_json!, 'base64');
      expect(isPng(png)).toBe(true);
      // Marked as AI-made by the same code as the native operation.
      expect(png.includes(Buffer.from('trainedAlgorithmicMedia'))).toBe(true);
    }
    expect(data.output_format).toBe('png');
    const taskId = response.headers.get('x-switchyard-queue-id')!;
    const usage = await usageOf(taskId);
    expect(usage).toMatchObject({ kind: 'image', provider: 'openai', model: 'gpt-image-1', surface: 'images.generations', billing: 'metered' });
    const cost = (data as unknown as { cost: { customerPrice: number } }).cost;
    expect(cost.customerPrice).toBeGreaterThan(0);
    expect(Number(usage.cost)).toBe(cost.customerPrice);
    // The same task is readable on the native API.
    const native = await fetch(`${service.gatewayUrl}/api/llm/queue/result`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ queueId: taskId }),
    });
    expect(native.status).toBe(200);
    expect((await native.json()).data.result.images).toHaveLength(2);
  });

  it('refuses, in the OpenAI shape and before anything is queued: fields no provider gets, url answers, unknown levels, models of providers that make no images', async () => {
    const style = await refused(() => oai.images.generate({ model: 'openai/dall-e-3', prompt: 'x', style: 'vivid' }));
    expect([style.status, style.code, style.param]).toEqual([400, 'capability_not_supported', 'style']);
    const url = await refused(() => oai.images.generate({ model: 'openai/gpt-image-1', prompt: 'x', response_format: 'url' }));
    expect([url.status, url.param]).toEqual([400, 'response_format']);
    const low = await refused(() => oai.images.generate({ model: 'openai/gpt-image-1', prompt: 'x', quality: 'low' }));
    expect([low.status, low.code, low.param]).toEqual([400, 'capability_not_supported', 'quality']);
    const speaker = await refused(() => oai.images.generate({ model: 'elevenlabs/eleven_v3', prompt: 'x' }));
    expect([speaker.status, speaker.code, speaker.param]).toEqual([400, 'capability_not_supported', 'model']);
    const size = await refused(() => oai.images.generate({ model: 'gemini/gemini-2.5-flash-image', prompt: 'x', size: '1024x1024' }));
    expect([size.status, size.param]).toEqual([400, 'size']);
    const noModel = await refused(() => oai.images.generate({ prompt: 'x' } as never));
    expect([noModel.status, noModel.param]).toEqual([400, 'model']);
  });

  it('answers a provider failure during the task with the status the compat table gives, unbilled', async () => {
    openai.script(/images\/generations$/, { status: 400, body: { error: { message: 'Your prompt was rejected by the safety system', type: 'invalid_request_error' } } });
    const bad = await oai.images.generate({ model: 'openai/gpt-image-1', prompt: 'x' }).then(() => undefined, (e: unknown) => e as InstanceType<typeof OpenAI.APIError>);
    expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
    expect(bad!.message).toMatch(/safety system/);
    openai.script(/images\/generations$/, { status: 404, body: { error: { message: 'The model `gpt-image-9` does not exist' } } });
    const missing = await oai.images.generate({ model: 'openai/gpt-image-9', prompt: 'x' }).then(() => undefined, (e: unknown) => e as InstanceType<typeof OpenAI.APIError>);
    expect([missing?.status, missing?.code, missing?.param]).toEqual([404, 'model_not_found', 'model']);
    const failed = await service.db('gateway_tasks').where({ key_id: keyId, status: 'error' }).select('id');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    expect(await service.db('gateway_usage').whereIn('task_id', failed.map((t) => t.id)).first()).toBeUndefined();
  });

  it("answers the provider refusing the caller's own key (X-Provider-Key) as the caller's 401, naming the header", async () => {
    openai.script(/images\/generations$/, { status: 401, body: { error: { message: 'Incorrect API key provided: sk-own-***' } } });
    const own = new OpenAI({ baseURL: `${service.gatewayUrl}/v1`, apiKey: key, maxRetries: 0, defaultHeaders: { 'x-provider-key': 'sk-own-bad' }, fetch: recordingFetch(log) });
    const refused = await own.images.generate({ model: 'openai/gpt-image-1', prompt: 'x' }).then(() => undefined, (e: unknown) => e as InstanceType<typeof OpenAI.APIError>);
    expect(refused).toBeInstanceOf(OpenAI.AuthenticationError);
    expect(refused!.code).toBe('invalid_provider_key');
    expect(refused!.message).toMatch(/X-Provider-Key/);
  });

  it('cancels the task when the client goes away: the upstream call is dropped, nothing billed or kept', async () => {
    openai.script(/images\/generations$/, { hang: true });
    const abort = new AbortController();
    const call = oai.images.generate({ model: 'openai/gpt-image-1', prompt: 'forever' }, { signal: abort.signal }).catch((e: unknown) => e);
    while (!openai.requests.length) await new Promise((r) => setTimeout(r, 20));
    abort.abort();
    expect(await call).toBeInstanceOf(OpenAI.APIUserAbortError);
    const task = await service.db('gateway_tasks').where({ key_id: keyId }).orderBy('created_at', 'desc').first();
    expect(task.request.surface).toBe('images.generations');
    const deadline = Date.now() + 30_000;
    let status = task.status;
    while (status !== 'cancelled' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await service.db('gateway_tasks').where({ id: task.id }).first()).status;
    }
    expect(status).toBe('cancelled');
    expect(await usageOf(task.id)).toBeUndefined();
    expect(await readdir(mediaDir)).not.toContain(task.id);
  });
});

describe('images.edit', () => {
  it('sends uploaded images as image[] parts and the mask as mask, and answers the edited images', async () => {
    const { data, response } = await oai.images
      .edit({
        model: 'openai/gpt-image-1',
        prompt: 'put them on one table',
        image: [await toFile(samplePng(3), 'a.png', { type: 'image/png' }), await toFile(samplePng(4), 'b.png')],
        mask: await toFile(samplePng(5), 'mask.png', { type: 'image/png' }),
        n: 1,
        size: '1024x1024',
      })
      .withResponse();
    expect(data.data).toHaveLength(1);
    expect(isPng(Buffer.from(data.data![0]!.b64_json!, 'base64'))).toBe(true);
    const upstream = openai.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/images/edits');
    const parts = upstream.parts!;
    expect(parts.filter((p) => p.name === 'image[]').map((p) => p.contentType)).toEqual(['image/png', 'image/png']);
    expect(parts.find((p) => p.name === 'mask')?.contentType).toBe('image/png');
    expect(Object.fromEntries(parts.filter((p) => p.value !== undefined).map((p) => [p.name, p.value]))).toMatchObject({ model: 'gpt-image-1', prompt: 'put them on one table', n: '1', size: '1024x1024' });
    // The uploaded bytes reach the provider unchanged.
    expect(upstream.raw.includes(samplePng(4))).toBe(true);
    const usage = await usageOf(response.headers.get('x-switchyard-queue-id')!);
    expect(usage).toMatchObject({ kind: 'image', surface: 'images.edits' });
  });

  it('takes one image under the plain name too', async () => {
    const data = await oai.images.edit({ model: 'openai/gpt-image-1', prompt: 'brighter', image: await toFile(samplePng(6), 'one.png') });
    expect(data.data).toHaveLength(1);
    expect(openai.requests.at(-1)!.parts!.filter((p) => p.name === 'image[]')).toHaveLength(1);
  });

  it('refuses a mask where the provider takes none, too many images, files that are not images, a non-PNG mask and JSON bodies', async () => {
    const png = () => toFile(samplePng(8), 'x.png');
    const mask = await refused(async () => oai.images.edit({ model: 'gemini/gemini-2.5-flash-image', prompt: 'x', image: [await png()], mask: await png() }));
    expect([mask.status, mask.code, mask.param]).toEqual([400, 'capability_not_supported', 'mask']);
    const many = await refused(async () => oai.images.edit({ model: 'xai/grok-2-image', prompt: 'x', image: await Promise.all([png(), png(), png(), png()]) }));
    expect([many.status, many.param]).toEqual([400, 'image']);
    const text = await refused(async () => oai.images.edit({ model: 'openai/gpt-image-1', prompt: 'x', image: await toFile(Buffer.from('not an image at all'), 'x.png', { type: 'image/png' }) }));
    expect([text.status, text.param]).toEqual([400, 'image']);
    const jpegMask = await refused(async () =>
      oai.images.edit({ model: 'openai/gpt-image-1', prompt: 'x', image: await png(), mask: await toFile(Buffer.from('ffd8ffe000104a46494600', 'hex'), 'm.jpg') }),
    );
    expect([jpegMask.status, jpegMask.param]).toEqual([400, 'mask']);
    const noImage = await refused(() => oai.images.edit({ model: 'openai/gpt-image-1', prompt: 'x' } as never));
    expect([noImage.status, noImage.param]).toEqual([400, 'image']);
    const json = await fetch(`${service.gatewayUrl}/v1/images/edits`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-image-1', prompt: 'x' }),
    });
    const jsonBody = await json.json();
    expect([json.status, jsonBody]).toEqual([415, expect.anything()]);
    expect(jsonBody.error).toMatchObject({ type: 'invalid_request_error' });
  });
});

describe('audio.speech.create', () => {
  it('speaks offline through local-audio: the WAV itself (marked), pcm at 24 kHz, cost in a header, usage under audio.speech', async () => {
    const res = await oai.audio.speech.create({ model: 'local-audio/tts-1', input: 'one two three', voice: 'alloy', response_format: 'wav' });
    expect(res.headers.get('content-type')).toBe('audio/wav');
    const wav = Buffer.from(await res.arrayBuffer());
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.includes(Buffer.from('trainedAlgorithmicMedia'))).toBe(true);
    expect(Number(res.headers.get('content-length'))).toBe(wav.length);
    const cost = JSON.parse(res.headers.get('x-switchyard-cost')!);
    expect(cost).toMatchObject({ currency: 'USD' });
    expect(await usageOf(res.headers.get('x-switchyard-queue-id')!)).toMatchObject({ kind: 'speech', provider: 'local-audio', surface: 'audio.speech' });

    const pcm = await oai.audio.speech.create({ model: 'local-audio/tts-1', input: 'one two three', voice: 'alloy', response_format: 'pcm' });
    expect(pcm.headers.get('content-type')).toBe('audio/pcm');
    const raw = Buffer.from(await pcm.arrayBuffer());
    expect(raw.toString('latin1', 0, 4)).not.toBe('RIFF');
    expect(raw.length % 2).toBe(0);
  });

  it('speaks with elevenlabs: voice, container and speed mapped to its wire format; the MP3 marked', async () => {
    const res = await oai.audio.speech.create({ model: 'elevenlabs/eleven_multilingual_v2', input: 'Your order has shipped.', voice: 'pNInz6obpgDQGcFmaJgB', response_format: 'mp3', speed: 1.1 });
    expect(res.headers.get('content-type')).toBe('audio/mpeg');
    const mp3 = Buffer.from(await res.arrayBuffer());
    expect(mp3.subarray(0, 3).toString('latin1')).toBe('ID3');
    const upstream = eleven.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/text-to-speech/pNInz6obpgDQGcFmaJgB?output_format=mp3_44100_128');
    expect(upstream.json).toMatchObject({ text: 'Your order has shipped.', model_id: 'eleven_multilingual_v2', voice_settings: { speed: 1.1 } });
    expect(await usageOf(res.headers.get('x-switchyard-queue-id')!)).toMatchObject({ provider: 'elevenlabs', surface: 'audio.speech' });
  });

  it('refuses what a provider cannot honour, naming the protocol field', async () => {
    const fast = await refused(() => oai.audio.speech.create({ model: 'elevenlabs/eleven_multilingual_v2', input: 'x', voice: 'alloy', speed: 2 }));
    expect([fast.status, fast.param]).toEqual([400, 'speed']);
    const aac = await refused(() => oai.audio.speech.create({ model: 'local-audio/tts-1', input: 'x', voice: 'alloy', response_format: 'aac' }));
    expect([aac.status, aac.code, aac.param]).toEqual([400, 'capability_not_supported', 'response_format']);
    const instructions = await refused(() => oai.audio.speech.create({ model: 'local-audio/tts-1', input: 'x', voice: 'alloy', instructions: 'cheerful' }));
    expect([instructions.status, instructions.code, instructions.param]).toEqual([400, 'capability_not_supported', 'instructions']);
    const painter = await refused(() => oai.audio.speech.create({ model: 'openai/gpt-image-1', input: 'x', voice: 'alloy' }));
    expect([painter.status, painter.code, painter.param]).toEqual([400, 'capability_not_supported', 'model']);
    const empty = await refused(() => oai.audio.speech.create({ model: 'local-audio/tts-1', input: '', voice: 'alloy' }));
    expect([empty.status, empty.param]).toEqual([400, 'input']);
  });
});

describe('audio.transcriptions.create', () => {
  const mp3 = () => toFile(sampleMp3(), 'speech.mp3', { type: 'audio/mpeg' });

  it('transcribes with elevenlabs in json, verbose_json (words) and text; billed by the audio length, usage under audio.transcriptions', async () => {
    const { data, response } = await oai.audio.transcriptions.create({ model: 'elevenlabs/scribe_v1', file: await mp3(), language: 'en' }).withResponse();
    expect(data.text).toBe('Hello there');
    // 40 MPEG frames of 26 ms.
    expect((data as unknown as { usage: { type: string; seconds: number } }).usage).toMatchObject({ type: 'duration' });
    const seconds = (data as unknown as { usage: { seconds: number } }).usage.seconds;
    expect(seconds).toBeCloseTo(1.04, 1);
    const upstream = eleven.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/speech-to-text');
    expect(upstream.parts!.find((p) => p.name === 'file')?.contentType).toBe('audio/mpeg');
    expect(upstream.parts!.find((p) => p.name === 'language_code')?.value).toBe('en');
    expect(await usageOf(response.headers.get('x-switchyard-queue-id')!)).toMatchObject({ kind: 'transcription', provider: 'elevenlabs', surface: 'audio.transcriptions' });

    const verbose = await oai.audio.transcriptions.create({ model: 'elevenlabs/scribe_v1', file: await mp3(), response_format: 'verbose_json', timestamp_granularities: ['word'] });
    expect(verbose).toMatchObject({ task: 'transcribe', text: 'Hello there', duration: seconds });
    expect(verbose.words).toEqual([
      { word: 'Hello', start: 0.12, end: 0.48 },
      { word: 'there', start: 1.1, end: 1.5 },
    ]);

    const text = await oai.audio.transcriptions.create({ model: 'elevenlabs/scribe_v1', file: await mp3(), response_format: 'text' });
    expect(text).toBe('Hello there');
  });

  it('refuses options no provider honours, audio that is not audio and a type the bytes contradict', async () => {
    const prompt = await refused(async () => oai.audio.transcriptions.create({ model: 'elevenlabs/scribe_v1', file: await mp3(), prompt: 'order numbers' }));
    expect([prompt.status, prompt.code, prompt.param]).toEqual([400, 'capability_not_supported', 'prompt']);
    const segments = await refused(async () => oai.audio.transcriptions.create({ model: 'elevenlabs/scribe_v1', file: await mp3(), response_format: 'verbose_json', timestamp_granularities: ['segment'] }));
    expect([segments.status, segments.param]).toEqual([400, 'timestamp_granularities']);
    const srt = await refused(async () => oai.audio.transcriptions.create({ model: 'elevenlabs/scribe_v1', file: await mp3(), response_format: 'srt' }));
    expect([srt.status, srt.param]).toEqual([400, 'response_format']);
    const png = await refused(async () => oai.audio.transcriptions.create({ model: 'elevenlabs/scribe_v1', file: await toFile(samplePng(1), 'x.png') }));
    expect([png.status, png.code, png.param]).toEqual([400, 'unsupported_audio', 'file']);
    const lie = await refused(async () => oai.audio.transcriptions.create({ model: 'elevenlabs/scribe_v1', file: await toFile(sampleMp3(), 'x.wav', { type: 'audio/wav' }) }));
    expect([lie.status, lie.code, lie.param]).toEqual([400, 'mime_mismatch', 'file']);
    const painter = await refused(async () => oai.audio.transcriptions.create({ model: 'openai/gpt-image-1', file: await mp3() }));
    expect([painter.status, painter.code, painter.param]).toEqual([400, 'capability_not_supported', 'model']);
  });

  it('hears back what local-audio said, restricted to the prompt’s words', async (ctx) => {
    needs(ctx, 'pocketsphinx');
    const spoken = await oai.audio.speech.create({ model: 'local-audio/tts-1', input: 'one two three', voice: 'alloy', response_format: 'wav' });
    const wav = Buffer.from(await spoken.arrayBuffer());
    const heard = await oai.audio.transcriptions.create({
      model: 'local-audio/whisper-1',
      file: await toFile(wav, 'speech.wav', { type: 'audio/wav' }),
      prompt: 'one two three four five',
      language: 'en',
    });
    const words = heard.text.toLowerCase().split(/\s+/).filter(Boolean);
    expect(words.filter((w) => ['one', 'two', 'three'].includes(w)).length).toBeGreaterThanOrEqual(2);
    expect(words.every((w) => ['one', 'two', 'three', 'four', 'five'].includes(w))).toBe(true);
  }, 120_000);
});
