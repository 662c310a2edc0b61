import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { toApiError } from '../../core/errors.ts';
import { openaiErrorBody } from '../../protocols/errorShapes.ts';
import { MediaStore } from '../../media/store.ts';
import { providerSettings } from '../settings.ts';
import { collect } from '../testing/adapter.ts';
import type { Fake } from '../testing/fake.ts';
import { ProviderError, type CallContext, type MediaCallContext } from '../types.ts';
import provider from './index.ts';
import { FAKE_AD_TOKEN, FAKE_API_VERSION, startFake } from './fake.ts';

const adapter = provider.createAdapter();
const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'azure',
  model: 'gpt-4o-mini',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

// One resource for the file, with two deployments named by the operator.
let fake: Fake;
beforeAll(async () => {
  fake = await startFake({ deployments: ['chat-mini', 'embed-small', 'images'], key: 'azure-key-0123456789' });
});
afterAll(() => fake.close());

const DEPLOYMENTS = '{"gpt-4o-mini":"chat-mini","text-embedding-3-small":"embed-small","dall-e-3":"images"}';

function context(env: Record<string, string> = {}): CallContext {
  const settings = providerSettings('azure', { AZURE_OPENAI_ENDPOINT: fake.url, AZURE_OPENAI_API_KEY: 'azure-key-0123456789', AZURE_OPENAI_DEPLOYMENTS: DEPLOYMENTS, ...env });
  return { settings, signal: new AbortController().signal, timeoutMs: 5_000 };
}

/** The requests this test made (the fake is shared): those after `from`. */
const since = (from: number) => fake.requests.slice(from);

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(() => undefined, (e: unknown) => e);
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('azure', () => {
  test('v1 API: the deployment goes as the body model under /openai/v1, with the api-key header and no api-version', async () => {
    const from = fake.requests.length;
    const result = await adapter.complete(req(), context());
    expect(result.content).toBe('echo: hi');
    const [sent] = since(from);
    expect(sent!.path).toBe('/openai/v1/chat/completions');
    expect(sent!.body.model).toBe('chat-mini');
    expect(sent!.headers['api-key']).toBe('azure-key-0123456789');
    expect(sent!.headers.authorization).toBeUndefined();
  });

  test('a dated api-version puts the deployment in the path and the version in the query, for chat and embeddings', async () => {
    const from = fake.requests.length;
    const ctx = context({ AZURE_OPENAI_API_VERSION: FAKE_API_VERSION });
    await adapter.complete(req(), ctx);
    const embedded = await adapter.embed!({ provider: 'azure', model: 'text-embedding-3-small', input: ['a', 'b'] }, ctx);
    expect(embedded.embeddings).toHaveLength(2);
    expect(since(from).map((r) => r.path)).toEqual([
      `/openai/deployments/chat-mini/chat/completions?api-version=${FAKE_API_VERSION}`,
      `/openai/deployments/embed-small/embeddings?api-version=${FAKE_API_VERSION}`,
    ]);
  });

  test('an endpoint written with /openai or /openai/v1 means the resource', async () => {
    const from = fake.requests.length;
    await adapter.complete(req(), context({ AZURE_OPENAI_ENDPOINT: `${fake.url}/openai/v1/` }));
    expect(since(from)[0]!.path).toBe('/openai/v1/chat/completions');
  });

  test('without an api key, the Entra ID token goes as a bearer; with neither, missing_config names both', async () => {
    const from = fake.requests.length;
    const ctx = context({ AZURE_OPENAI_API_KEY: '', AZURE_OPENAI_AD_TOKEN: FAKE_AD_TOKEN });
    expect((await adapter.complete(req(), ctx)).content).toBe('echo: hi');
    expect(since(from)[0]!.headers.authorization).toBe(`Bearer ${FAKE_AD_TOKEN}`);
    expect(since(from)[0]!.headers['api-key']).toBeUndefined();
    const err = await failure(adapter.complete(req(), context({ AZURE_OPENAI_API_KEY: '' })));
    expect(err.code).toBe('missing_config');
    expect(err.message).toMatch(/AZURE_OPENAI_API_KEY.*AZURE_OPENAI_AD_TOKEN/);
  });

  test('no endpoint is missing_config naming AZURE_OPENAI_ENDPOINT; a broken deployment map names its variable', async () => {
    const none = await failure(adapter.complete(req(), context({ AZURE_OPENAI_ENDPOINT: '' })));
    expect(none.code).toBe('missing_config');
    expect(none.message).toContain('AZURE_OPENAI_ENDPOINT');
    const broken = await failure(adapter.complete(req(), context({ AZURE_OPENAI_DEPLOYMENTS: '{"gpt-4o-mini":"has spaces"}' })));
    expect(broken.code).toBe('missing_config');
    expect(broken.message).toContain('AZURE_OPENAI_DEPLOYMENTS');
  });

  test('a wrong key is refused by the resource, and the key never appears in the error', async () => {
    const err = await failure(adapter.complete(req(), context({ AZURE_OPENAI_API_KEY: 'wrong-key-9876543210' })));
    expect(err.code).toBe('upstream_rejected');
    expect(err.status).toBe(401);
    expect(err.message).not.toContain('wrong-key-9876543210');
  });

  test('a model with no deployment of its name is a configuration fault upstream (not the caller naming an unknown model)', async () => {
    const err = await failure(adapter.complete(req({ model: 'gpt-4.1' }), context()));
    expect(err.status).toBe(404);
    expect(toApiError(err, 'openai').code).toBe('upstream_error');
  });

  test("the content filter's 400 is the canonical content_filter refusal, with the flagged categories, on chat and stream", async () => {
    const filtered = req({ messages: [{ role: 'user', content: 'something FORBIDDEN' }] });
    for (const call of [adapter.complete(filtered, context()), collect(adapter.stream(filtered, context()))]) {
      const err = await failure(call);
      expect(err.code).toBe('upstream_rejected');
      expect(err.upstreamType).toBe('content_filter');
      expect(err.message).toContain('violence');
      const api = toApiError(err, 'openai');
      expect(api.status).toBe(400);
      expect(openaiErrorBody(api)).toMatchObject({ error: { type: 'invalid_request_error', code: 'content_filter', param: 'messages' } });
      expect(toApiError(err, 'native').code).toBe('content_filter');
    }
  });

  test('a stream opening with prompt_filter_results and no choices, cut by the filter, finishes content_filter with its usage', async () => {
    const from = fake.requests.length;
    fake.script({ text: 'the start of an answer', finishReason: 'content_filter' });
    const events = await collect(adapter.stream(req(), context()));
    const text = events.filter((e) => e.type === 'text').map((e) => (e as { delta: string }).delta).join('');
    expect(text).toBe('the start of an answer');
    const finish = events.at(-1) as Extract<(typeof events)[number], { type: 'finish' }>;
    expect(finish).toMatchObject({ type: 'finish', finishReason: 'content_filter' });
    expect(finish.usage.inputTokens).toBeGreaterThan(0);
    expect(since(from)[0]!.body.stream_options).toEqual({ include_usage: true });
    // The first chunk's empty id and model are not taken for the call's.
    expect(events.find((e) => e.type === 'meta')).toMatchObject({ model: 'chat-mini' });
  });

  test('images are generated on the deployment and refused with references', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'azure-images-'));
    try {
      const from = fake.requests.length;
      const store = new MediaStore({ root: dir, retentionMs: 60_000 });
      const ctx: MediaCallContext = {
        ...context({ AZURE_OPENAI_API_VERSION: FAKE_API_VERSION }),
        taskId: randomUUID(),
        store,
        read: () => Promise.reject(new Error('no inputs')),
        progress: () => {},
        poll: { initialMs: 10, maxMs: 10, timeoutMs: 1_000 },
      };
      const image = { provider: 'azure', model: 'dall-e-3', prompt: 'a lighthouse', n: 2, references: [] } as never;
      provider.media.image!.prepare(image);
      const out = await provider.media.image!.generate(image, ctx);
      expect(out.files).toHaveLength(2);
      expect(out.files[0]!.mimeType).toBe('image/png');
      const [sent] = since(from);
      expect(sent!.path).toBe(`/openai/deployments/images/images/generations?api-version=${FAKE_API_VERSION}`);
      expect(sent!.body).toMatchObject({ model: 'images', prompt: 'a lighthouse', n: 2, response_format: 'b64_json' });
      expect(() => provider.media.image!.prepare({ ...(image as object), references: [{ file: 'x', mimeType: 'image/png', size: 1 }] } as never)).toThrow(/reference images/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
