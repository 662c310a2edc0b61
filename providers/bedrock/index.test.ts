import { describe, expect, test } from 'vitest';
import type { CanonicalRequest } from '../../protocols/canonical.ts';
import { findModel } from '../../pricing/catalogue.ts';
import { providerSettings } from '../settings.ts';
import { collect, streamed } from '../testing/adapter.ts';
import type { Fake } from '../testing/fake.ts';
import { ProviderError, type CallContext } from '../types.ts';
import { encodeEvent } from './aws.ts';
import { FAKE_SECRET_ACCESS_KEY, FAKE_SESSION_TOKEN, startFake } from './fake.ts';
import provider from './index.ts';

const adapter = provider.createAdapter();

/** A context for the fake with credentials given as an operator's environment would. */
function context(fake: Fake, env: Record<string, string> = {}): CallContext {
  const settings = providerSettings('bedrock', {
    BEDROCK_BASE_URL: fake.url,
    AWS_ACCESS_KEY_ID: 'AKIAFAKEEXAMPLE0001',
    AWS_SECRET_ACCESS_KEY: FAKE_SECRET_ACCESS_KEY,
    AWS_REGION: 'us-east-1',
    ...env,
  });
  return { settings, signal: new AbortController().signal, timeoutMs: 5_000, retry: { attempts: 3, initialBackoffMs: 1, maxBackoffMs: 50 } };
}

async function run<T>(body: (fake: Fake) => Promise<T>): Promise<T> {
  const fake = await startFake();
  try {
    return await body(fake);
  } finally {
    await fake.close();
  }
}

const req = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
  provider: 'bedrock',
  model: 'amazon.nova-lite-v1:0',
  messages: [{ role: 'user', content: 'hi' }],
  ...over,
});

async function failure(p: Promise<unknown>): Promise<ProviderError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

describe('bedrock signing', () => {
  test.concurrent('requests are SigV4-signed for the bedrock service in the configured region; the model id is encoded in the path', () =>
    run(async (fake) => {
      const result = await adapter.complete(req(), context(fake, { BEDROCK_REGION: 'eu-central-1', AWS_REGION: 'us-west-2' }));
      expect(result.content).toBe('echo: hi');
      const sent = fake.requests[0]!;
      expect(sent.path).toBe('/model/amazon.nova-lite-v1%3A0/converse');
      expect(sent.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIAFAKEEXAMPLE0001\/\d{8}\/eu-central-1\/bedrock\/aws4_request, SignedHeaders=[^,]*host[^,]*, Signature=[0-9a-f]{64}$/);
      expect(sent.headers['x-amz-security-token']).toBeUndefined();
    }),
  );

  test.concurrent('a wrong secret fails the fake\'s signature check: 403 InvalidSignatureException, not retried', () =>
    run(async (fake) => {
      const err = await failure(adapter.complete(req(), context(fake, { AWS_SECRET_ACCESS_KEY: 'not-the-secret-at-all' })));
      expect(err.code).toBe('upstream_rejected');
      expect(err.status).toBe(403);
      expect(err.upstreamType).toBe('InvalidSignatureException');
      expect(err.message).toContain('InvalidSignatureException');
      expect(err.message).not.toContain('not-the-secret-at-all');
      expect(fake.requests).toHaveLength(1);
    }),
  );

  test.concurrent('temporary credentials send and sign their session token; without it they are refused', () =>
    run(async (fake) => {
      const temporary = { AWS_ACCESS_KEY_ID: 'ASIAFAKETEMPORARY001', AWS_SESSION_TOKEN: FAKE_SESSION_TOKEN };
      const result = await streamed(adapter, req(), context(fake, temporary));
      expect(result.content).toBe('echo: hi');
      expect(fake.requests[0]!.headers['x-amz-security-token']).toBe(FAKE_SESSION_TOKEN);
      expect(String(fake.requests[0]!.headers.authorization)).toMatch(/SignedHeaders=[^,]*x-amz-security-token/);
      const err = await failure(adapter.complete(req(), context(fake, { AWS_ACCESS_KEY_ID: 'ASIAFAKETEMPORARY001' })));
      expect(err.upstreamType).toBe('UnrecognizedClientException');
      expect(err.code).toBe('upstream_rejected');
    }),
  );

  test.concurrent("a caller's X-Provider-Key is ACCESS_KEY_ID:SECRET_ACCESS_KEY[:SESSION_TOKEN]", () =>
    run(async (fake) => {
      const ctx = context(fake, { AWS_SECRET_ACCESS_KEY: 'the-operator-secret-is-not-used' });
      ctx.settings.apiKey = `ASIACALLERKEY000001:${FAKE_SECRET_ACCESS_KEY}:${FAKE_SESSION_TOKEN}`;
      expect((await adapter.complete(req(), ctx)).content).toBe('echo: hi');
      expect(String(fake.requests[0]!.headers.authorization)).toContain('Credential=ASIACALLERKEY000001/');
      // A caller's bare key id is never signed with the operator's secret.
      const bare = context(fake);
      bare.settings.apiKey = 'AKIACALLERBAREKEY01';
      expect((await failure(adapter.complete(req(), bare))).code).toBe('missing_config');
      expect(fake.requests).toHaveLength(1);
    }),
  );

  test('missing credentials or a region that is not one are missing_config, before any call', async () => {
    const none = providerSettings('bedrock', {});
    const ctx: CallContext = { settings: { ...none, baseUrl: 'http://127.0.0.1:9' }, signal: new AbortController().signal };
    const err = await failure(adapter.complete(req(), ctx));
    expect(err.code).toBe('missing_config');
    expect(err.message).toContain('AWS_SECRET_ACCESS_KEY');
    const bad = providerSettings('bedrock', { AWS_ACCESS_KEY_ID: 'AKIA1', AWS_SECRET_ACCESS_KEY: 's', BEDROCK_REGION: 'evil.example.com/x' });
    expect(bad.baseUrl).toBe('https://bedrock-runtime.us-east-1.amazonaws.com');
    const refused = await failure(adapter.complete(req(), { settings: bad, signal: new AbortController().signal }));
    expect(refused.code).toBe('missing_config');
    expect(refused.message).toContain('is not an AWS region');
    expect(providerSettings('bedrock', { AWS_REGION: 'ap-southeast-2' }).baseUrl).toBe('https://bedrock-runtime.ap-southeast-2.amazonaws.com');
  });
});

describe('bedrock models and regions', () => {
  test.concurrent('a cross-region inference profile of the region\'s geography is called; another geography\'s is refused before any call', () =>
    run(async (fake) => {
      const model = 'eu.anthropic.claude-sonnet-4-5-20250929-v1:0';
      const fromEu = await adapter.complete(req({ model }), context(fake, { AWS_REGION: 'eu-west-1' }));
      expect(fromEu.model).toBe(model);
      expect(fake.requests[0]!.path).toBe(`/model/${encodeURIComponent(model)}/converse`);
      const err = await failure(adapter.complete(req({ model }), context(fake, { AWS_REGION: 'us-east-1' })));
      expect(err.code).toBe('unsupported_option');
      expect(err.message).toContain('eu. profiles are called from eu regions');
      expect(fake.requests).toHaveLength(1);
      expect((await adapter.complete(req({ model: 'global.anthropic.claude-haiku-4-5-20251001-v1:0' }), context(fake, { AWS_REGION: 'ap-south-1' }))).content).toBe('echo: hi');
    }),
  );

  test('an inference profile costs what its model costs', () => {
    const base = findModel('bedrock', 'anthropic.claude-sonnet-4-5-20250929-v1:0');
    expect(base?.pricing).toMatchObject({ inputPer1M: 3, outputPer1M: 15 });
    for (const geo of ['us', 'eu', 'apac', 'global']) expect(findModel('bedrock', `${geo}.anthropic.claude-sonnet-4-5-20250929-v1:0`)).toBe(base);
    expect(findModel('bedrock', 'xx.anthropic.claude-sonnet-4-5-20250929-v1:0')).toBeUndefined();
  });

  test.concurrent('thinking goes to Anthropic models as their own field, with the budget on top; other families refuse it', () =>
    run(async (fake) => {
      const model = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
      const r = req({ model, maxTokens: 1000, thinkingMode: { enabled: true, budget: 2000 }, topK: 5 });
      for (const result of [await adapter.complete(r, context(fake)), await streamed(adapter, r, context(fake))]) {
        expect(result.reasoning).toBe('Considering the question.');
        expect(result.content).toBe('echo: hi');
      }
      expect(fake.requests[0]!.body.inferenceConfig.maxTokens).toBe(3000);
      expect(fake.requests[0]!.body.additionalModelRequestFields).toEqual({ top_k: 5, thinking: { type: 'enabled', budget_tokens: 2000 } });
      expect(() => adapter.validate(req({ thinkingMode: { enabled: true } }))).toThrow(/only Anthropic models/);
      expect(adapter.validate(req({ topK: 7 }))).toMatchObject({ additionalModelRequestFields: { inferenceConfig: { topK: 7 } } });
      expect(() => adapter.validate(req({ model: 'meta.llama3-3-70b-instruct-v1:0', topK: 7 }))).toThrow(/takes no top-k/);
    }),
  );

  test('Converse-only shapes: system blocks, cache points, tool results in a user turn, no fields Converse lacks', () => {
    const body = adapter.validate(
      req({
        promptCaching: true,
        stop: ['END'],
        tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object' } } }],
        messages: [
          { role: 'system', content: 'be brief' },
          { role: 'user', content: 'call f' },
          { role: 'assistant', content: null, toolCalls: [{ id: 'call.1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] },
          { role: 'tool', toolCallId: 'call.1', content: 'done' },
        ],
      }),
    ) as any;
    expect(body.system).toEqual([{ text: 'be brief' }, { cachePoint: { type: 'default' } }]);
    expect(body.messages[1].content[0]).toEqual({ toolUse: { toolUseId: 'call_1', name: 'f', input: { a: 1 } } });
    expect(body.messages[2].content).toEqual([{ toolResult: { toolUseId: 'call_1', content: [{ text: 'done' }] } }, { cachePoint: { type: 'default' } }]);
    expect(body.inferenceConfig).toEqual({ stopSequences: ['END'] });
    expect(Object.keys(body).sort()).toEqual(['inferenceConfig', 'messages', 'system', 'toolConfig']);
    expect(() => adapter.validate(req({ messages: [{ role: 'user', content: [{ type: 'image', url: 'https://example.com/a.png' }] }] }))).toThrow(/image URLs/);
  });
});

describe('bedrock errors', () => {
  const cases: Array<[type: string, status: number, code: string, attempts: number]> = [
    ['ThrottlingException', 429, 'rate_limited', 3],
    ['ModelNotReadyException', 429, 'rate_limited', 3],
    ['ServiceUnavailableException', 503, 'upstream_error', 3],
    ['InternalServerException', 500, 'upstream_error', 3],
    ['ValidationException', 400, 'upstream_rejected', 1],
    ['AccessDeniedException', 403, 'upstream_rejected', 1],
    ['ResourceNotFoundException', 404, 'upstream_rejected', 1],
    ['ModelTimeoutException', 408, 'timeout', 3],
    ['ModelErrorException', 424, 'upstream_error', 1],
    ['ServiceQuotaExceededException', 400, 'rate_limited', 1],
  ];
  test.concurrent.each(cases)('%s (HTTP %i) is %s', (type, status, code, attempts) =>
    run(async (fake) => {
      const step = { status, headers: { 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` }, body: { message: `the ${type} message` } };
      fake.script(step, step, step);
      const err = await failure(adapter.complete(req(), context(fake)));
      expect(err.code).toBe(code);
      expect(err.upstreamType).toBe(type);
      expect(err.message).toContain(`${type}: {"message":"the ${type} message"}`);
      expect(fake.requests).toHaveLength(attempts);
    }),
  );

  test.concurrent('an exception inside the event stream ends the stream with its canonical code', () =>
    run(async (fake) => {
      const frames = Buffer.concat([
        encodeEvent({ ':event-type': 'messageStart', ':content-type': 'application/json', ':message-type': 'event' }, { role: 'assistant' }),
        encodeEvent({ ':event-type': 'contentBlockDelta', ':content-type': 'application/json', ':message-type': 'event' }, { contentBlockIndex: 0, delta: { text: 'par' } }),
        encodeEvent({ ':exception-type': 'throttlingException', ':content-type': 'application/json', ':message-type': 'exception' }, { message: 'Too many tokens, please wait' }),
      ]);
      fake.script({ raw: frames, contentType: 'application/vnd.amazon.eventstream' });
      const events: string[] = [];
      const err = await failure(
        (async () => {
          for await (const e of adapter.stream(req(), context(fake))) events.push(e.type === 'text' ? e.delta : e.type);
        })(),
      );
      expect(events).toEqual(['par']);
      expect(err.code).toBe('rate_limited');
      expect(err.message).toContain('Too many tokens, please wait');
    }),
  );

  test.concurrent('a frame cut midway, or one whose checksum is wrong, is an upstream_error, not a hang or a partial answer', () =>
    run(async (fake) => {
      const frame = Buffer.from(encodeEvent({ ':event-type': 'contentBlockDelta', ':content-type': 'application/json', ':message-type': 'event' }, { contentBlockIndex: 0, delta: { text: 'hello' } }));
      fake.script({ raw: frame.subarray(0, frame.length - 6), contentType: 'application/vnd.amazon.eventstream' });
      expect((await failure(collect(adapter.stream(req(), context(fake))))).code).toBe('upstream_error');
      const corrupt = Buffer.from(frame);
      corrupt[corrupt.length - 8] ^= 0xff;
      fake.script({ raw: corrupt, contentType: 'application/vnd.amazon.eventstream' });
      const err = await failure(collect(adapter.stream(req(), context(fake))));
      expect(err.code).toBe('upstream_error');
      expect(err.message).toMatch(/checksum/i);
    }),
  );
});

describe('bedrock embeddings', () => {
  test.concurrent('Titan v2 embeds one text per InvokeModel call, in input order, with its dimensions', () =>
    run(async (fake) => {
      const input = ['one', 'two', 'three', 'four', 'five', 'six'];
      const result = await adapter.embed({ provider: 'bedrock', model: 'amazon.titan-embed-text-v2:0', input, dimensions: 256 }, context(fake));
      expect(result.embeddings).toHaveLength(6);
      expect(result.dimensions).toBe(256);
      expect(fake.requests).toHaveLength(6);
      const byText = new Map(fake.requests.map((r) => [r.body.inputText, r.path]));
      expect([...byText.keys()].sort()).toEqual([...input].sort());
      expect(fake.requests.every((r) => r.path === '/model/amazon.titan-embed-text-v2%3A0/invoke' && r.body.dimensions === 256)).toBe(true);
      // Order is the input's, whatever order the calls finished in.
      const single = await adapter.embed({ provider: 'bedrock', model: 'amazon.titan-embed-text-v2:0', input: ['four'], dimensions: 256 }, context(fake));
      expect(result.embeddings[3]).toEqual(single.embeddings[0]);
      expect(result.usage.inputTokens).toBe(input.reduce((n, t) => n + Math.ceil(t.length / 4), 0));
    }),
  );

  test.concurrent('Cohere embeds up to 96 texts a call; token counts come from the x-amzn-bedrock-input-token-count header', () =>
    run(async (fake) => {
      const input = Array.from({ length: 100 }, (_, i) => `text number ${i}`);
      const result = await adapter.embed({ provider: 'bedrock', model: 'cohere.embed-english-v3', input }, context(fake));
      expect(result.embeddings).toHaveLength(100);
      expect(fake.requests.map((r) => r.body.texts.length)).toEqual([96, 4]);
      expect(fake.requests[0]!.body).toMatchObject({ input_type: 'search_document', embedding_types: ['float'] });
      expect(result.usage.inputTokens).toBe(input.reduce((n, t) => n + Math.ceil(t.length / 4), 0));
      expect(result.dimensions).toBe(1024);
    }),
  );

  test.concurrent('other models and sizes a model does not have are refused before any call', () =>
    run(async (fake) => {
      const ctx = context(fake);
      expect((await failure(adapter.embed({ provider: 'bedrock', model: 'amazon.nova-lite-v1:0', input: ['x'] }, ctx))).code).toBe('unsupported_option');
      expect((await failure(adapter.embed({ provider: 'bedrock', model: 'cohere.embed-english-v3', input: ['x'], dimensions: 256 }, ctx))).param).toBe('dimensions');
      expect(fake.requests).toHaveLength(0);
    }),
  );
});
