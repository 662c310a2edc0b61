// The same behaviour asked of every provider that completes text, each
// against its own loopback fake (providers/<id>/fake.ts). The rows come from
// the registry: a new provider is in this suite as soon as its descriptor says
// it serves chat, with what it claims (tools, JSON, cached tokens, embeddings).
import { describe, expect, test } from 'vitest';
import { ResultAccumulator, type CanonicalRequest, type OptionalChatOption, type ProviderId } from '../protocols/canonical.ts';
import { PROVIDERS as DESCRIPTORS, chatAdapterOf, embedderOf } from './registry.ts';
import { providerSettings } from './settings.ts';
import { FAKE_SECRET_ACCESS_KEY } from './bedrock/fake.ts';
import type { Fake } from './testing/fake.ts';
import { collect, contextFor } from './testing/adapter.ts';
import { ProviderError, type CallContext, type ChatAdapter } from './types.ts';

interface Capabilities {
  options?: readonly OptionalChatOption[];
  tools: boolean;
  json: boolean;
  streaming: boolean;
  embeddings: boolean;
  /** Reports prompt-cache reads in its usage. */
  cachedTokens: boolean;
}

interface Row {
  id: ProviderId;
  startFake: () => Promise<Fake>;
  model: string;
  caps: Capabilities;
  /** Provider settings extras the fake needs (vertex's project). */
  settingsExtra?: Record<string, string>;
  /** Attempts per call when not the default 3 (local runtimes fail fast). */
  attempts?: number;
}

// What the suite cannot read from a descriptor: settings a fake needs, and
// adapters that give up sooner than the default three attempts.
const SETTINGS_EXTRA: Partial<Record<ProviderId, Record<string, string>>> = {
  vertex: { project: 'conformance' },
  bedrock: { accessKeyId: 'sk-test', secretAccessKey: FAKE_SECRET_ACCESS_KEY },
};
const ATTEMPTS: Partial<Record<ProviderId, number>> = { ollama: 2 };

const PROVIDERS: Row[] = await Promise.all(
  DESCRIPTORS.filter((d) => d.capabilities.chat).map(async (d): Promise<Row> => {
    const { startFake } = (await import(`./${d.id}/fake.ts`)) as { startFake: () => Promise<Fake> };
    return {
      id: d.id,
      startFake,
      model: chatAdapterOf(d.id)!.defaultModel!,
      caps: { ...d.capabilities.chat!, streaming: true, embeddings: d.capabilities.embeddings === true },
      settingsExtra: SETTINGS_EXTRA[d.id],
      attempts: ATTEMPTS[d.id],
    };
  }),
);

test('every provider that serves chat is in the suite', () => {
  expect(PROVIDERS.map((p) => p.id)).toEqual([
    'gemini', 'vertex', 'openai', 'anthropic', 'xai', 'mistral', 'deepseek', 'perplexity', 'ollama', 'localai',
    'bedrock', 'groq', 'together', 'fireworks', 'cerebras', 'openrouter', 'compatible', 'cohere', 'azure',
  ]);
  expect(embedderOf('anthropic')).toBeUndefined();
});

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ProviderError);
  return err as ProviderError;
}

async function until(check: () => boolean, ms = 2_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const WEATHER_TOOL = {
  type: 'function' as const,
  function: { name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(PROVIDERS)('$id conformance', ({ id, startFake, model, caps, settingsExtra, attempts = 3 }) => {
  const adapter: ChatAdapter = chatAdapterOf(id)!;
  const request = (over: Partial<CanonicalRequest> = {}): CanonicalRequest => ({
    provider: id,
    model,
    messages: [{ role: 'user', content: 'hello there' }],
    ...over,
  });

  /** A fresh fake per test keeps tests independent and lets them run concurrently. */
  async function withFake<T>(run: (fake: Fake, ctx: CallContext) => Promise<T>, extra: Partial<CallContext> = {}): Promise<T> {
    const fake = await startFake();
    try {
      const ctx = contextFor(id, fake, extra);
      Object.assign(ctx.settings.extra, settingsExtra);
      return await run(fake, ctx);
    } finally {
      await fake.close();
    }
  }

  async function both(fake: Fake, ctx: CallContext, req: CanonicalRequest) {
    const result = await adapter.complete(req, ctx);
    const events = await collect(adapter.stream(req, ctx));
    const acc = new ResultAccumulator(id, req.model, 'minted');
    for (const e of events) acc.push(e);
    return { result, events, streamed: acc.result() };
  }

  const sameAnswer = (a: object, b: object) => {
    const strip = ({ requestId: _r, ...rest }: any) => rest;
    expect(strip(b)).toEqual(strip(a));
  };

  test.concurrent('plain text', () =>
    withFake(async (fake, ctx) => {
      const result = await adapter.complete(request(), ctx);
      expect(result.content).toBe('echo: hello there');
      expect(result.finishReason).toBe('stop');
      expect(result.provider).toBe(id);
      expect(result.requestId).toBeTruthy();
      expect(result.usage.inputTokens).toBeGreaterThan(0);
      expect(result.usage.outputTokens).toBeGreaterThan(0);
      expect(result.usage.totalTokens).toBe(result.usage.inputTokens + result.usage.outputTokens);
      expect(fake.requests).toHaveLength(1);
    }),
  );

  test.concurrent('system prompt reaches the upstream', () =>
    withFake(async (fake, ctx) => {
      const req = request({ messages: [{ role: 'system', content: 'Answer like a pirate.' }, { role: 'user', content: 'ahoy' }] });
      const result = await adapter.complete(req, ctx);
      expect(result.content).toBe('echo: ahoy');
      expect(JSON.stringify(fake.requests[0]!.body)).toContain('Answer like a pirate.');
    }),
  );

  test.concurrent('streamed text arrives in order and accumulates to the non-streamed result', () =>
    withFake(async (fake, ctx) => {
      const text = 'The quick brown fox jumps over the lazy dog.';
      fake.script({ text }, { text });
      const { result, events, streamed } = await both(fake, ctx, request());
      const texts = events.filter((e) => e.type === 'text');
      expect(texts.length).toBeGreaterThan(1);
      expect(events.at(-1)!.type).toBe('finish');
      expect(events.filter((e) => e.type === 'finish')).toHaveLength(1);
      expect(streamed.content).toBe(text);
      sameAnswer(result, streamed);
    }),
  );

  if (caps.tools) {
    test.concurrent('tool call, streamed and not', () =>
      withFake(async (fake, ctx) => {
        const call = { name: 'get_weather', arguments: '{"city":"Paris"}' };
        fake.script({ toolCalls: [call] }, { toolCalls: [call] });
        const req = request({ tools: [WEATHER_TOOL], toolChoice: 'auto' });
        const { result, events, streamed } = await both(fake, ctx, req);
        expect(result.finishReason).toBe('tool_calls');
        expect(result.content).toBe('');
        expect(result.toolCalls).toHaveLength(1);
        expect(result.toolCalls![0]!.function.name).toBe('get_weather');
        expect(JSON.parse(result.toolCalls![0]!.function.arguments)).toEqual({ city: 'Paris' });
        const start = events.findIndex((e) => e.type === 'tool_call_start');
        const args = events.findIndex((e) => e.type === 'tool_call_args');
        expect(start).toBeGreaterThanOrEqual(0);
        expect(args).toBeGreaterThan(start);
        expect(streamed.toolCalls![0]!.function.name).toBe('get_weather');
        expect(JSON.parse(streamed.toolCalls![0]!.function.arguments)).toEqual({ city: 'Paris' });
        expect(streamed.finishReason).toBe('tool_calls');
      }),
    );

    test.concurrent('tool result round trip', () =>
      withFake(async (fake, ctx) => {
        fake.script({ toolCalls: [{ name: 'get_weather', arguments: '{"city":"Paris"}' }] });
        const first = await adapter.complete(request({ tools: [WEATHER_TOOL] }), ctx);
        const call = first.toolCalls![0]!;
        const second = await adapter.complete(
          request({
            tools: [WEATHER_TOOL],
            messages: [
              { role: 'user', content: 'weather in Paris?' },
              { role: 'assistant', content: null, toolCalls: [call] },
              { role: 'tool', toolCallId: call.id, content: '22C and sunny' },
            ],
          }),
          ctx,
        );
        expect(second.content).toBe('tool said: 22C and sunny');
        expect(second.finishReason).toBe('stop');
      }),
    );

    test.concurrent('parallel tool calls', () =>
      withFake(async (fake, ctx) => {
        const calls = [
          { name: 'get_weather', arguments: '{"city":"Paris"}' },
          { name: 'get_weather', arguments: '{"city":"Rome"}' },
        ];
        fake.script({ toolCalls: calls }, { toolCalls: calls });
        const { result, streamed } = await both(fake, ctx, request({ tools: [WEATHER_TOOL] }));
        for (const r of [result, streamed]) {
          expect(r.toolCalls!.map((c) => JSON.parse(c.function.arguments).city)).toEqual(['Paris', 'Rome']);
          expect(new Set(r.toolCalls!.map((c) => c.id)).size).toBe(2);
        }
      }),
    );
  } else {
    test.concurrent('tools are refused before any upstream call', () =>
      withFake(async (fake, ctx) => {
        const err = await failure(adapter.complete(request({ tools: [WEATHER_TOOL] }), ctx));
        expect(err.code).toBe('unsupported_option');
        expect(() => adapter.validate(request({ tools: [WEATHER_TOOL] }))).toThrow(ProviderError);
        expect(fake.requests).toHaveLength(0);
      }),
    );
  }

  if (caps.json) {
    test.concurrent('JSON output', () =>
      withFake(async (fake, ctx) => {
        const { result, streamed } = await both(fake, ctx, request({ responseFormat: 'json' }));
        expect(JSON.parse(result.content)).toEqual({ answer: 'echo: hello there' });
        expect(JSON.parse(streamed.content)).toEqual({ answer: 'echo: hello there' });
        expect(result.finishReason).toBe('stop');
      }),
    );
  }

  test.concurrent('usage and cached tokens', () =>
    withFake(async (fake, ctx) => {
      const long = 'a stable prefix that the provider has cached. '.repeat(20);
      fake.script({ text: 'ok', cachedTokens: 64 }, { text: 'ok', cachedTokens: 64 });
      const { result, streamed } = await both(fake, ctx, request({ messages: [{ role: 'user', content: long }] }));
      expect(result.usage.cachedTokens).toBe(caps.cachedTokens ? 64 : 0);
      expect(result.usage.inputTokens).toBeGreaterThanOrEqual(result.usage.cachedTokens);
      expect(streamed.usage).toEqual(result.usage);
    }),
  );

  test.concurrent('upstream 400 is upstream_rejected with the body in the message', () =>
    withFake(async (fake, ctx) => {
      fake.script({ status: 400, body: { error: { message: 'model is on holiday' } } });
      const err = await failure(adapter.complete(request(), ctx));
      expect(err.code).toBe('upstream_rejected');
      expect(err.status).toBe(400);
      expect(err.message).toContain('model is on holiday');
      expect(fake.requests).toHaveLength(1);
    }),
  );

  test.concurrent('429 is retried after retry-after, then rate_limited', () =>
    withFake(async (fake, ctx) => {
      const limited = { status: 429, headers: { 'retry-after': '0.1' }, body: { error: { message: 'slow down' } } };
      fake.script(limited, limited, limited);
      const started = Date.now();
      const err = await failure(adapter.complete(request(), ctx));
      expect(err.code).toBe('rate_limited');
      expect(fake.requests).toHaveLength(attempts);
      expect(Date.now() - started).toBeGreaterThanOrEqual((attempts - 1) * 95);
    }),
  );

  test.concurrent('429 then success succeeds', () =>
    withFake(async (fake, ctx) => {
      fake.script({ status: 429, headers: { 'retry-after': '0.05' } });
      const result = await adapter.complete(request(), ctx);
      expect(result.content).toBe('echo: hello there');
      expect(fake.requests).toHaveLength(2);
    }),
  );

  test.concurrent('500 is retried', () =>
    withFake(async (fake, ctx) => {
      fake.script({ status: 500 });
      const events = await collect(adapter.stream(request(), ctx));
      expect(events.at(-1)!.type).toBe('finish');
      expect(fake.requests).toHaveLength(2);
    }),
  );

  test.concurrent('an upstream that never answers times out, and the request is not sent again', () =>
    withFake(
      async (fake, ctx) => {
        fake.script({ hang: true }, { hang: true }, { hang: true });
        const err = await failure(adapter.complete(request(), ctx));
        expect(err.code).toBe('timeout');
        // Once the call has failed it makes no other attempt (the one it made may
        // not even have reached the fake before its 100 ms ran out).
        expect(fake.requests.length).toBeLessThanOrEqual(1);
      },
      { timeoutMs: 100 },
    ),
  );

  test.concurrent('a stream that stops sending times out', () =>
    withFake(
      async (fake, ctx) => {
        fake.script({ text: 'word '.repeat(20), chunkDelayMs: 300 });
        const err = await failure(collect(adapter.stream(request(), ctx)));
        expect(err.code).toBe('timeout');
      },
      { timeoutMs: 100 },
    ),
  );

  test.concurrent('cancel aborts the upstream request', () =>
    withFake(async (fake, ctx) => {
      const controller = new AbortController();
      fake.script({ hang: true });
      const pending = failure(adapter.complete(request(), { ...ctx, signal: controller.signal }));
      await until(() => fake.requests.length === 1);
      controller.abort();
      expect((await pending).code).toBe('cancelled');
      await until(() => fake.requests[0]!.aborted);
    }),
  );

  test.concurrent('cancel mid-stream aborts the upstream stream', () =>
    withFake(async (fake, ctx) => {
      const controller = new AbortController();
      fake.script({ text: 'word '.repeat(200), chunkDelayMs: 10 });
      const run = async () => {
        for await (const e of adapter.stream(request(), { ...ctx, signal: controller.signal })) {
          if (e.type === 'text') controller.abort();
        }
      };
      expect((await failure(run())).code).toBe('cancelled');
      await until(() => fake.requests[0]!.aborted);
    }),
  );

  test.concurrent('an error event mid-stream becomes a ProviderError', () =>
    withFake(async (fake, ctx) => {
      fake.script({ text: 'partial answer', streamError: 'overloaded' });
      const err = await failure(collect(adapter.stream(request(), ctx)));
      expect(err.code).toBe('upstream_error');
      expect(err.message).toContain('overloaded');
    }),
  );

  test.concurrent('missing key or base URL is a clear missing_config/unreachable error', async () => {
    const settings = providerSettings(id, {});
    const ctx: CallContext = { settings: { ...settings, baseUrl: 'http://127.0.0.1:9' }, signal: new AbortController().signal, timeoutMs: 1_000 };
    const err = await failure(adapter.complete(request(), ctx));
    expect(err.code).toBe(settings.local ? 'unreachable' : 'missing_config');
    expect(err.message).toContain(settings.local ? '127.0.0.1:9' : settings.keyEnv!);
  });

  // The optional options its descriptor claims reach the upstream in its own
  // form (core/completion.ts refuses the others before any adapter runs).
  const OPTION_SAMPLES: Record<OptionalChatOption, [Partial<CanonicalRequest>, RegExp]> = {
    topK: [{ topK: 17 }, /"(top_?[kK]|k)":17/],
    logprobs: [{ logprobs: { top: 3 } }, /"(logprobs|responseLogprobs)":true/],
    n: [{ n: 2 }, /"(n|candidateCount)":2/],
    seed: [{ seed: 4242 }, /"(random_)?seed":4242/],
    verbosity: [{ verbosity: 'low' }, /"verbosity":"low"/],
    logitBias: [{ logitBias: { '12345': -7 } }, /"12345":-7/],
    providerPreferences: [{ providerPreferences: { order: ['anthropic'], allow_fallbacks: false } }, /"provider":\{"order":\["anthropic"\],"allow_fallbacks":false\}/],
  };
  for (const option of caps.options ?? []) {
    test.concurrent(`option ${option} reaches the upstream`, () =>
      withFake(async (fake, ctx) => {
        const [over, sent] = OPTION_SAMPLES[option];
        const result = await adapter.complete(request(over), ctx);
        expect(JSON.stringify(fake.requests[0]!.body)).toMatch(sent);
        if (option === 'logprobs') expect(result.logprobs!.map((t) => t.token).join('')).toBe(result.content);
        if (option === 'n') expect(result.choices).toHaveLength(1);
      }),
    );
  }

  if (caps.embeddings) {
    test.concurrent('embeddings', () =>
      withFake(async (fake, ctx) => {
        const result = await adapter.embed!({ provider: id, model: adapter.defaultEmbeddingModel!, input: ['one', 'two'] }, ctx);
        expect(result.embeddings).toHaveLength(2);
        expect(result.dimensions).toBe(result.embeddings[0]!.length);
        expect(result.embeddings[0]).not.toEqual(result.embeddings[1]);
        expect(result.usage.inputTokens).toBeGreaterThan(0);
        expect(fake.requests[0]!.body.encoding_format ?? 'float').toBe('float');
      }),
    );
  }
});
