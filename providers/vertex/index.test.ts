import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CanonicalRequest, StreamEvent } from '../../protocols/canonical.ts';
import { providerSettings } from '../settings.ts';
import type { Fake } from '../testing/fake.ts';
import type { CallContext } from '../types.ts';
import { startFake } from '../gemini/fake.ts';
import provider from './index.ts';

const vertex = provider.createAdapter();

let fake: Fake;
beforeAll(async () => {
  fake = await startFake();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
});

const BASE_ENV = { VERTEX_API_KEY: 'vertex-key', VERTEX_PROJECT: 'acme-eu' };

function ctx(env: Record<string, string | undefined> = {}): CallContext {
  return {
    settings: providerSettings('vertex', { ...BASE_ENV, VERTEX_BASE_URL: fake.url, ...env }),
    signal: new AbortController().signal,
  };
}

function request(extra: Partial<CanonicalRequest> = {}): CanonicalRequest {
  return { provider: 'vertex', model: 'gemini-2.5-flash', messages: [{ role: 'user', content: 'bonjour' }], ...extra };
}

describe('vertex', () => {
  it('defaults to the europe-west4 regional host', () => {
    const settings = providerSettings('vertex', BASE_ENV);
    expect(settings.baseUrl).toBe('https://europe-west4-aiplatform.googleapis.com');
    expect(settings.extra).toEqual({ project: 'acme-eu', location: 'europe-west4' });
  });

  it('calls the project- and region-scoped model URL with the Gemini payload and the key header', async () => {
    const result = await vertex.complete(
      request({ messages: [{ role: 'system', content: 'Réponds en français.' }, { role: 'user', content: 'bonjour' }] }),
      ctx(),
    );
    const [captured] = fake.requests;
    expect(captured!.path).toBe('/v1/projects/acme-eu/locations/europe-west4/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(captured!.headers['x-goog-api-key']).toBe('vertex-key');
    expect(captured!.headers.authorization).toBeUndefined();
    expect(captured!.body).toEqual({
      contents: [{ role: 'user', parts: [{ text: 'bonjour' }] }],
      systemInstruction: { parts: [{ text: 'Réponds en français.' }] },
    });
    expect(result).toMatchObject({ content: 'echo: bonjour', provider: 'vertex', finishReason: 'stop' });
  });

  it('follows VERTEX_LOCATION and sends OAuth access tokens as Bearer', async () => {
    await vertex.complete(request(), ctx({ VERTEX_LOCATION: 'europe-west1', VERTEX_API_KEY: 'ya29.a0-token' }));
    const [captured] = fake.requests;
    expect(captured!.path).toBe('/v1/projects/acme-eu/locations/europe-west1/publishers/google/models/gemini-2.5-flash:generateContent');
    expect(captured!.headers.authorization).toBe('Bearer ya29.a0-token');
    expect(captured!.headers['x-goog-api-key']).toBeUndefined();
  });

  it('names VERTEX_PROJECT when it is missing, without calling upstream', async () => {
    await expect(vertex.complete(request(), ctx({ VERTEX_PROJECT: undefined }))).rejects.toMatchObject({
      code: 'missing_config',
      provider: 'vertex',
      message: expect.stringContaining('VERTEX_PROJECT'),
    });
    await expect(vertex.complete(request(), ctx({ VERTEX_API_KEY: undefined, VERTEX_PROJECT: undefined }))).rejects.toMatchObject({
      code: 'missing_config',
      message: 'vertex is not configured: set VERTEX_API_KEY and VERTEX_PROJECT',
    });
    expect(fake.requests).toHaveLength(0);
  });

  it('streams over alt=sse with the same events as gemini', async () => {
    fake.script({ text: 'salut toi', cachedTokens: 1 });
    const events: StreamEvent[] = [];
    for await (const e of vertex.stream(request(), ctx())) events.push(e);
    expect(fake.requests[0]!.path).toBe(
      '/v1/projects/acme-eu/locations/europe-west4/publishers/google/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(events.map((e) => e.type)).toEqual(['meta', 'text', 'text', 'finish']);
    expect(events.at(-1)).toEqual({
      type: 'finish',
      finishReason: 'stop',
      usage: { inputTokens: 2, outputTokens: 3, totalTokens: 5, cachedTokens: 1 },
    });
  });

  it('shares the tool mapping: function results get their names back', async () => {
    fake.script({ toolCalls: [{ name: 'lookup', arguments: '{"q":"x"}' }] });
    const first = await vertex.complete(request({ tools: [{ type: 'function', function: { name: 'lookup' } }] }), ctx());
    await vertex.complete(
      request({
        messages: [
          { role: 'user', content: 'find x' },
          { role: 'assistant', content: null, toolCalls: first.toolCalls },
          { role: 'tool', toolCallId: first.toolCalls![0]!.id, content: 'found' },
        ],
      }),
      ctx(),
    );
    expect(fake.requests[1]!.body.contents[2]).toEqual({
      role: 'user',
      parts: [{ functionResponse: { name: 'lookup', response: { output: 'found' } } }],
    });
  });

  it('embeds with :predict instances and parameters.outputDimensionality, counting tokens from statistics', async () => {
    const result = await vertex.embed!({ provider: 'vertex', model: 'text-embedding-005', input: ['alpha', 'beta gamma'], dimensions: 16 }, ctx());
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.path).toBe('/v1/projects/acme-eu/locations/europe-west4/publishers/google/models/text-embedding-005:predict');
    expect(fake.requests[0]!.body).toEqual({
      instances: [{ content: 'alpha' }, { content: 'beta gamma' }],
      parameters: { outputDimensionality: 16 },
    });
    expect(result).toMatchObject({ model: 'text-embedding-005', provider: 'vertex', dimensions: 16, usage: { inputTokens: 5, totalTokens: 5 } });
    expect(result.embeddings).toHaveLength(2);
  });

  it('sends gemini-embedding models one instance per call, keeping input order', async () => {
    const input = ['one', 'two', 'three'];
    const result = await vertex.embed!({ provider: 'vertex', model: 'gemini-embedding-001', input }, ctx());
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests.every((r) => r.body.instances.length === 1 && r.body.parameters === undefined)).toBe(true);
    const single = await vertex.embed!({ provider: 'vertex', model: 'gemini-embedding-001', input: ['two'] }, ctx());
    expect(result.embeddings[1]).toEqual(single.embeddings[0]);
  });
});
