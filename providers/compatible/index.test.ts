// Two OpenAI-compatible servers configured at once, each by name, base URL,
// key and (for one) a model list; a call reaches the server its model names.
import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { completionCost } from '../../pricing/cost.ts';
import { providerSettings } from '../settings.ts';
import { streamed } from '../testing/adapter.ts';
import type { Fake } from '../testing/fake.ts';
import { ProviderError, type CallContext } from '../types.ts';
import provider from './index.ts';
import { startFake } from './fake.ts';

const adapter = provider.createAdapter();
const req = (model: string): CanonicalRequest => ({ provider: 'compatible', model, messages: [{ role: 'user', content: 'hi' }] });

async function withServers(run: (vllm: Fake, lmstudio: Fake, ctx: (env?: Record<string, string>) => CallContext) => Promise<void>) {
  const [vllm, lmstudio] = await Promise.all([startFake(['meta-llama/Llama-3.1-8B-Instruct']), startFake(['qwen2.5-7b-instruct', 'nomic-embed'])]);
  const servers = JSON.stringify([
    { name: 'vllm', baseUrl: vllm.url, apiKey: 'vllm-secret', models: ['meta-llama/Llama-3.1-8B-Instruct'] },
    { name: 'lmstudio', baseUrl: `${lmstudio.url}/` },
  ]);
  const ctx = (env: Record<string, string> = { OPENAI_COMPATIBLE_SERVERS: servers }) => ({
    settings: providerSettings('compatible', env),
    signal: new AbortController().signal,
    timeoutMs: 5_000,
  });
  try {
    await run(vllm, lmstudio, ctx);
  } finally {
    await Promise.all([vllm.close(), lmstudio.close()]);
  }
}

const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as ProviderError);

describe('compatible: OpenAI-compatible servers named by the operator', () => {
  test('each call goes to the server its model names, with that server\'s key and the model as the server knows it', () =>
    withServers(async (vllm, lmstudio, ctx) => {
      const a = await adapter.complete(req('vllm/meta-llama/Llama-3.1-8B-Instruct'), ctx());
      const b = await streamed(adapter, req('lmstudio/qwen2.5-7b-instruct'), ctx());
      expect(a).toMatchObject({ content: 'echo: hi', model: 'vllm/meta-llama/Llama-3.1-8B-Instruct', provider: 'compatible' });
      expect(b).toMatchObject({ content: 'echo: hi', model: 'lmstudio/qwen2.5-7b-instruct' });
      expect(vllm.requests).toHaveLength(1);
      expect(vllm.requests[0]!.body.model).toBe('meta-llama/Llama-3.1-8B-Instruct');
      expect(vllm.requests[0]!.headers.authorization).toBe('Bearer vllm-secret');
      expect(lmstudio.requests).toHaveLength(1);
      expect(lmstudio.requests[0]!.path).toBe('/v1/chat/completions');
      expect(lmstudio.requests[0]!.body.model).toBe('qwen2.5-7b-instruct');
      expect(lmstudio.requests[0]!.headers.authorization).toBeUndefined();
      // The operator's servers cost nothing, and say so: not an unpriced model.
      const cost = completionCost('compatible', a.model, a.usage, { byok: false });
      expect(cost.customerPrice).toBe(0);
      expect(cost.unpriced).toBeUndefined();
    }),
  );

  test('embeddings reach the named server', () =>
    withServers(async (_vllm, lmstudio, ctx) => {
      const result = await adapter.embed({ provider: 'compatible', model: 'lmstudio/nomic-embed', input: ['x', 'yy'] }, ctx());
      expect(result.embeddings).toHaveLength(2);
      expect(result.model).toBe('lmstudio/nomic-embed');
      expect(lmstudio.requests[0]!.body.model).toBe('nomic-embed');
    }),
  );

  test('the model list is each server\'s own (or the one the operator gave), as <server>/<model>, beside the default server', () =>
    withServers(async (vllm, lmstudio, ctx) => {
      const deflt = await startFake(['tiny']);
      try {
        const env = { OPENAI_COMPATIBLE_SERVERS: JSON.stringify([{ name: 'vllm', baseUrl: vllm.url, models: ['m1'] }, { name: 'lmstudio', baseUrl: lmstudio.url }]), OPENAI_COMPATIBLE_BASE_URL: deflt.url };
        const ids = (await adapter.listModels!(ctx(env))).map((m) => m.id);
        expect(ids).toEqual(['vllm/m1', 'lmstudio/qwen2.5-7b-instruct', 'lmstudio/nomic-embed', 'default/tiny']);
        expect(vllm.requests).toHaveLength(0);
      } finally {
        await deflt.close();
      }
    }),
  );

  test('a server nobody configured, or a model id naming none, fails naming the variable, before any call', () =>
    withServers(async (vllm, lmstudio, ctx) => {
      for (const model of ['tgi/some-model', 'vllm']) {
        const err = await failure(adapter.complete(req(model), ctx()));
        expect(err).toBeInstanceOf(ProviderError);
        expect(err!.code).toBe('missing_config');
        expect(err!.message).toContain('OPENAI_COMPATIBLE_SERVERS');
        expect(err!.message).toContain('vllm, lmstudio, default');
      }
      expect(vllm.requests.length + lmstudio.requests.length).toBe(0);
    }),
  );

  test("a model outside a server's list answers like an unknown model (404), before any call", () =>
    withServers(async (vllm, _lmstudio, ctx) => {
      const err = await failure(adapter.complete(req('vllm/gpt-4o'), ctx()));
      expect(err).toMatchObject({ code: 'upstream_rejected', status: 404 });
      expect(err!.message).toContain('meta-llama/Llama-3.1-8B-Instruct');
      expect(vllm.requests).toHaveLength(0);
    }),
  );

  test.each([
    ['not JSON', '[{name:', /is not JSON/],
    ['an unknown field', '[{"name":"a","baseUrl":"http://127.0.0.1:1/v1","key":"k"}]', /key/],
    ['a name with a slash', '[{"name":"a/b","baseUrl":"http://127.0.0.1:1/v1"}]', /\/0\/name/],
    ['one name twice', '[{"name":"a","baseUrl":"http://127.0.0.1:1/v1"},{"name":"a","baseUrl":"http://127.0.0.1:2/v1"}]', /names the server a twice/],
  ])('a configuration that is %s fails naming the variable', async (_what, raw, why) => {
    const settings = providerSettings('compatible', { OPENAI_COMPATIBLE_SERVERS: raw });
    const err = await failure(adapter.complete(req('a/m'), { settings, signal: new AbortController().signal }));
    expect(err).toMatchObject({ code: 'missing_config' });
    expect(err!.message).toContain('OPENAI_COMPATIBLE_SERVERS');
    expect(err!.message).toMatch(why);
  });
});
