// Routing under upstream faults, end to end: the gateway against loopback
// fakes that answer 429 with Retry-After, 500/503, reset the connection, hang,
// break a stream off or send a malformed event. Each fault has its documented
// outcome (openapi/gateway.yaml Routing, openapi/compat.yaml errors); retries,
// fallbacks, the circuit breaker, timeouts, Server-Timing and /metrics are
// checked from the outside. No fixed sleeps: the fakes record when each request
// arrived, and the assertions read those times.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGatewayKey, startTestService, type TestService } from '../../test/support.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { startFake as startOpenAI } from '../../providers/openai/fake.ts';
import { startFake as startAnthropic } from '../../providers/anthropic/fake.ts';
import { resetCircuits } from '../../core/circuitBreaker.ts';
import { GATEWAY_KEY_PREFIX } from '../../core/gatewayAuth.ts';
import { insertGatewayKey } from '../../db/gateway/insertGatewayKey.ts';
import { mintKey } from '../../protocols/keys.ts';

let service: TestService;
let key: string;
let keyId: string;
let openai: Fake;
let anthropic: Fake;

beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startOpenAI(), startAnthropic()]);
  service = await startTestService(['gateway'], {
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-fake-openai',
    ANTHROPIC_BASE_URL: anthropic.url,
    ANTHROPIC_API_KEY: 'sk-ant-fake',
    CIRCUIT_FAILURE_THRESHOLD: '3',
    CIRCUIT_COOLDOWN_MS: '600000',
    METRICS_TOKEN: undefined,
  });
  ({ key, id: keyId } = await createGatewayKey(service.db, 'routing'));
});

afterAll(async () => {
  await service?.close();
  await Promise.all([openai?.close(), anthropic?.close()]);
});

beforeEach(() => {
  openai.requests.length = 0;
  anthropic.requests.length = 0;
  resetCircuits();
});

const PRIMARY = 'openai/gpt-4o-mini';
const FALLBACK = 'anthropic/claude-sonnet-4-5';

async function chat(body: Record<string, unknown>): Promise<Response> {
  return fetch(`${service.gatewayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: PRIMARY, messages: [{ role: 'user', content: 'hello' }], ...body }),
  });
}

/** The data payloads of an SSE answer, [DONE] excluded. */
async function events(res: Response): Promise<any[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter((l) => l.startsWith('data: ') && l !== 'data: [DONE]')
    .map((l) => JSON.parse(l.slice(6)));
}

async function metric(name: string, labels: string): Promise<number> {
  const text = await (await fetch(`${service.gatewayUrl}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && l.includes(labels));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('retries', () => {
  it('waits out a 429 Retry-After, then answers', async () => {
    const retriesBefore = await metric('switchyard_upstream_retries_total', 'provider="openai"');
    openai.script({ status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'slow down', type: 'rate_limit' } } });
    const res = await chat({});
    expect(res.status).toBe(200);
    expect((await res.json()).choices[0].message.content).toBe('echo: hello');
    expect(openai.requests).toHaveLength(2);
    // Retry-After: 1 means the second request came at least a second after the first (never sooner, however busy the machine).
    expect(openai.requests[1]!.receivedAt - openai.requests[0]!.receivedAt).toBeGreaterThanOrEqual(990);
    expect(await metric('switchyard_upstream_retries_total', 'provider="openai"')).toBe(retriesBefore + 1);
  });

  it('retries 500, 503 and a reset connection, and stops at routing.retry.attempts', async () => {
    openai.script({ status: 500 }, { status: 503 }, { reset: true });
    const res = await chat({ routing: { retry: { attempts: 3, initialBackoffMs: 1 } } });
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('upstream_error');
    expect(openai.requests).toHaveLength(3);

    openai.script({ status: 500 });
    const once = await chat({ routing: { retry: { attempts: 1 } } });
    expect(once.status).toBe(502);
    expect(openai.requests).toHaveLength(4);
  });

  it('does not wait for a Retry-After longer than maxBackoffMs: the 429 goes back with its Retry-After', async () => {
    openai.script({ status: 429, headers: { 'retry-after': '30' } });
    const res = await chat({ routing: { retry: { attempts: 3, maxBackoffMs: 1000 } } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('30');
    expect(openai.requests).toHaveLength(1);
  });

  it("does not retry the caller's own mistake (a 400)", async () => {
    openai.script({ status: 400, body: { error: { message: 'bad field', type: 'invalid_request_error' } } });
    const res = await chat({ routing: { fallbacks: [{ model: FALLBACK }] } });
    expect(res.status).toBe(400);
    expect(openai.requests).toHaveLength(1);
    expect(anthropic.requests).toHaveLength(0);
  });
});

describe('fallbacks', () => {
  it('hands a failing target to the next, says which answered, and records usage for the one that answered', async () => {
    openai.script({ status: 503 }, { status: 503 });
    const res = await chat({ routing: { retry: { attempts: 2, initialBackoffMs: 1 }, fallbacks: [{ model: FALLBACK }] }, service: undefined });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-switchyard-target')).toBe(`${FALLBACK}; targets=2`);
    const body = await res.json();
    // The body keeps the model the caller asked for; the header names the one that answered.
    expect(body.model).toBe(PRIMARY);
    expect(body.choices[0].message.content).toBe('echo: hello');
    expect(openai.requests).toHaveLength(2);
    expect(anthropic.requests).toHaveLength(1);
    await expect
      .poll(async () => (await service.db('gateway_usage').where({ key_id: keyId }).orderBy('created_at', 'desc').first())?.provider, { timeout: 10_000 })
      .toBe('anthropic');
  });

  it('falls back after a hang past timeout.firstByteMs (the hung request is aborted, not sent again)', async () => {
    openai.script({ hang: true });
    const res = await chat({ routing: { timeout: { firstByteMs: 300 }, fallbacks: [{ model: FALLBACK }] } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-switchyard-target')).toBe(`${FALLBACK}; targets=2`);
    expect(openai.requests).toHaveLength(1);
    await expect.poll(() => openai.requests[0]!.aborted, { timeout: 5_000 }).toBe(true);
  });

  it('fails with upstream_timeout when timeout.totalMs passes, whatever is still being tried', async () => {
    openai.script({ hang: true });
    const started = performance.now();
    const res = await chat({ routing: { timeout: { totalMs: 400 } } });
    expect(res.status).toBe(502);
    expect((await res.json()).error.code).toBe('upstream_timeout');
    expect(performance.now() - started).toBeGreaterThanOrEqual(390);
    await expect.poll(() => openai.requests[0]?.aborted, { timeout: 5_000 }).toBe(true);
  });

  it('streams from the fallback when the first target fails before its first byte', async () => {
    openai.script({ status: 500 });
    const res = await chat({ stream: true, routing: { retry: { attempts: 1 }, fallbacks: [{ model: FALLBACK }] } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-switchyard-target')).toBe(`${FALLBACK}; targets=2`);
    const chunks = await events(res);
    expect(chunks.map((c) => c.choices?.[0]?.delta?.content ?? '').join('')).toBe('echo: hello');
  });

  it('does not fall back once a stream has started: a stream that stops midway ends with an in-band error', async () => {
    const head = `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4o-mini', choices: [{ index: 0, delta: { role: 'assistant', content: 'par' }, finish_reason: null }] })}\n\n`;
    openai.script({ raw: head, cut: true });
    const res = await chat({ stream: true, routing: { fallbacks: [{ model: FALLBACK }] } });
    expect(res.status).toBe(200);
    const chunks = await events(res);
    expect(chunks.map((c) => c.choices?.[0]?.delta?.content ?? '').join('')).toBe('par');
    expect(chunks.at(-1).error.code).toBe('upstream_error');
    expect(anthropic.requests).toHaveLength(0);
  });

  it('a malformed event line is an upstream_error, never a 500', async () => {
    openai.script({ raw: 'data: {"id": "c1", "choices": [ this is not json\n\n' }, { raw: 'data: {not json\n\n' });
    const streamed = await chat({ stream: true, routing: { retry: { attempts: 1 } } });
    // Nothing had reached the caller yet, so the failure still has its own status.
    expect(streamed.status).toBe(502);
    expect((await streamed.json()).error.code).toBe('upstream_error');
    const fallback = await chat({ stream: true, routing: { retry: { attempts: 1 }, fallbacks: [{ model: FALLBACK }] } });
    expect(fallback.status).toBe(200);
    expect(fallback.headers.get('x-switchyard-target')).toBe(`${FALLBACK}; targets=2`);
  });

  it('refuses a fallback that cannot take the request before calling anything', async () => {
    const res = await chat({ routing: { fallbacks: [{ model: 'nosuch/model' }] } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe('unknown_provider');
    const unconfigured = await chat({ routing: { fallbacks: [{ model: 'mistral/mistral-small-latest' }] } });
    expect(unconfigured.status).toBe(503);
    expect((await unconfigured.json()).error.message).toMatch(/routing\.fallbacks\.0.*MISTRAL_API_KEY/);
    expect(openai.requests).toHaveLength(0);
  });
});

describe("a key's default policy", () => {
  it('applies to every call of the key, and a request\'s own members win', async () => {
    const minted = mintKey(GATEWAY_KEY_PREFIX);
    await insertGatewayKey(service.db, {
      lookup: minted.lookup,
      hash: minted.hash,
      name: 'with routing',
      routing: { retry: { attempts: 1 }, fallbacks: [{ provider: 'anthropic', model: 'claude-sonnet-4-5' }] },
    });
    const call = (body: Record<string, unknown>) =>
      fetch(`${service.gatewayUrl}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${minted.plaintext}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: PRIMARY, messages: [{ role: 'user', content: 'hello' }], ...body }),
      });
    openai.script({ status: 500 });
    const viaDefault = await call({});
    expect(viaDefault.status).toBe(200);
    expect(viaDefault.headers.get('x-switchyard-target')).toBe(`${FALLBACK}; targets=2`);
    expect(openai.requests).toHaveLength(1);
    // The request's own retry policy replaces the key's: two attempts, the second answers.
    openai.script({ status: 500 });
    const own = await call({ routing: { retry: { attempts: 2, initialBackoffMs: 1 } } });
    expect(own.status).toBe(200);
    expect(own.headers.get('x-switchyard-target')).toBe(`${PRIMARY}; targets=1`);
    expect(openai.requests).toHaveLength(3);
  });
});

describe('circuit breaker', () => {
  it('opens after repeated failures: calls skip the provider (to the fallback, or 503 circuit_open), and the state shows', async () => {
    for (let i = 0; i < 3; i++) {
      openai.script({ status: 500 });
      expect((await chat({ routing: { retry: { attempts: 1 } } })).status).toBe(502);
    }
    const circuits = await fetch(`${service.gatewayUrl}/api/llm/circuits`, { headers: { authorization: `Bearer ${key}` } });
    const state = (await circuits.json()).data.find((c: { provider: string }) => c.provider === 'openai');
    expect(state).toMatchObject({ state: 'open', consecutiveFailures: 3 });
    expect(Date.parse(state.retryAt) - Date.parse(state.openedAt)).toBe(600_000);

    const skipped = await chat({ routing: { fallbacks: [{ model: FALLBACK }] } });
    expect(skipped.status).toBe(200);
    expect(skipped.headers.get('x-switchyard-target')).toBe(`${FALLBACK}; targets=2`);
    const refused = await chat({});
    expect(refused.status).toBe(503);
    expect((await refused.json()).error.code).toBe('circuit_open');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(500);
    // Three failed calls reached openai; nothing after the circuit opened.
    expect(openai.requests).toHaveLength(3);
    expect(await metric('switchyard_circuit_open', 'provider="openai"')).toBe(1);
  });
});

describe('native queue', () => {
  it('a queued task falls back and its result lists every target tried', async () => {
    openai.script({ status: 503 });
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const submit = await fetch(`${service.gatewayUrl}/api/llm/complete`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        provider: 'openai',
        messages: [{ role: 'user', content: 'hello' }],
        routing: { retry: { attempts: 1 }, fallbacks: [{ provider: 'anthropic' }] },
      }),
    });
    expect(submit.status).toBe(200);
    const { queueId } = (await submit.json()).data;
    let result: any;
    await expect
      .poll(
        async () => {
          const r = await fetch(`${service.gatewayUrl}/api/llm/queue/result`, { method: 'POST', headers, body: JSON.stringify({ queueId }) });
          result = (await r.json()).data;
          return result.status;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe('completed');
    expect(result.result.provider).toBe('anthropic');
    expect(result.result.attempts).toEqual([
      { provider: 'openai', model: 'gpt-4o-mini', outcome: 'failed', tries: 1, errorCode: 'upstream_error' },
      { provider: 'anthropic', model: expect.any(String), outcome: 'answered', tries: 1 },
    ]);
  });
});

describe('metrics and Server-Timing', () => {
  it('a /v1 answer says how long the gateway itself took; /metrics counts requests by operation and status', async () => {
    const res = await chat({});
    expect(res.status).toBe(200);
    const timing = res.headers.get('server-timing')!;
    const parts = Object.fromEntries(timing.split(', ').map((p) => [p.split(';')[0], Number(p.split('dur=')[1])]));
    expect(parts.gateway).toBeGreaterThanOrEqual(0);
    expect(parts.upstream).toBeGreaterThan(0);
    expect(parts.total).toBeGreaterThanOrEqual(parts.upstream!);
    const text = await (await fetch(`${service.gatewayUrl}/metrics`)).text();
    expect(text).toMatch(/switchyard_http_requests_total\{service="gateway",operation="createChatCompletion",status="200"\} [1-9]/);
    expect(text).toMatch(/switchyard_gateway_added_seconds_count\{operation="createChatCompletion"\} [1-9]/);
    expect(text).toMatch(/nodejs_eventloop_lag_p99_seconds [0-9.]+/);
    expect(text).toMatch(/switchyard_provider_concurrency_limit\{provider="openai"\} \d+/);
    expect(text).toMatch(/switchyard_queue_depth\{provider="openai"\} 0/);
  });
});

describe('caller disconnect', () => {
  it('a caller leaving mid-stream aborts the upstream call', async () => {
    openai.script({ text: 'one two three four five six seven eight nine ten', chunkDelayMs: 200 });
    const controller = new AbortController();
    const res = await fetch(`${service.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: PRIMARY, messages: [{ role: 'user', content: 'count' }], stream: true }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    await reader.read();
    controller.abort();
    await expect.poll(() => openai.requests[0]?.aborted, { timeout: 10_000 }).toBe(true);
  });

  it('a caller leaving while a non-streamed answer is awaited aborts the upstream call, and nothing is retried', async () => {
    openai.script({ hang: true });
    const controller = new AbortController();
    const call = fetch(`${service.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: PRIMARY, messages: [{ role: 'user', content: 'wait' }] }),
      signal: controller.signal,
    }).catch((err: unknown) => err);
    await expect.poll(() => openai.requests.length, { timeout: 10_000 }).toBe(1);
    controller.abort();
    expect(await call).toBeInstanceOf(Error);
    await expect.poll(() => openai.requests[0]?.aborted, { timeout: 10_000 }).toBe(true);
    expect(openai.requests).toHaveLength(1);
  });
});

describe("the caller's own provider key (X-Provider-Key)", () => {
  const refused = { status: 401, body: { error: { message: 'Incorrect API key provided: sk-own-***', type: 'invalid_request_error', code: 'invalid_api_key' } } };
  const post = (pathName: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${service.gatewayUrl}${pathName}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'x-provider-key': 'sk-own-bad', ...headers },
      body: JSON.stringify(body),
    });

  it('refused by the provider answers 401 in each surface\'s shape, naming X-Provider-Key, and tries no fallback', async () => {
    const hello = [{ role: 'user', content: 'hello' }];
    const openaiShaped = [
      ['/v1/chat/completions', { model: PRIMARY, messages: hello, routing: { fallbacks: [{ model: FALLBACK }] } }],
      ['/v1/chat/completions', { model: PRIMARY, messages: hello, stream: true }],
      ['/v1/responses', { model: PRIMARY, input: 'hello' }],
      ['/v1/embeddings', { model: 'openai/text-embedding-3-small', input: 'hello' }],
    ] as const;
    for (const [pathName, body] of openaiShaped) {
      openai.script(refused);
      const res = await post(pathName, body);
      const answer = await res.json();
      expect(res.status, `${pathName} ${JSON.stringify(answer)}`).toBe(401);
      expect(answer.error).toMatchObject({ type: 'authentication_error', code: 'invalid_provider_key' });
      expect(answer.error.message).toMatch(/X-Provider-Key/);
      expect(answer.error.message).not.toMatch(/sk-own/);
    }
    expect(anthropic.requests).toHaveLength(0);

    anthropic.script(refused);
    const messages = await post('/v1/messages', { model: FALLBACK, max_tokens: 16, messages: hello }, { 'anthropic-version': '2023-06-01' });
    const answer = await messages.json();
    expect(messages.status, JSON.stringify(answer)).toBe(401);
    expect(answer).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    expect(answer.error.message).toMatch(/^invalid_provider_key: .*X-Provider-Key/);

    // The provider's 403 for the caller's key is the caller's too.
    openai.script({ status: 403, body: { error: { message: 'no access to model' } } });
    const forbidden = await post('/v1/chat/completions', { model: PRIMARY, messages: hello });
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).error).toMatchObject({ type: 'permission_error', code: 'provider_key_forbidden' });
  });

  it('refused on a queued native task: the task ends in error with invalid_provider_key', async () => {
    openai.script(refused);
    const submit = await post('/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: 'hello' }] });
    expect(submit.status).toBe(200);
    const { queueId } = (await submit.json()).data;
    let status: any;
    await expect
      .poll(
        async () => {
          status = (await (await post('/api/llm/queue/status', { queueId })).json()).data;
          return status.status;
        },
        { timeout: 20_000, interval: 100 },
      )
      .toBe('error');
    expect(status.errorCode).toBe('invalid_provider_key');
    expect(status.error).toMatch(/X-Provider-Key/);
  });

  it('refused or rate-limited, it never counts against the provider: the circuit stays closed for everyone', async () => {
    for (let i = 0; i < 3; i++) {
      openai.script(refused, { status: 429, headers: { 'retry-after': '30' } });
      expect((await post('/v1/chat/completions', { model: PRIMARY, messages: [{ role: 'user', content: 'hello' }] })).status).toBe(401);
      const limited = await post('/v1/chat/completions', { model: PRIMARY, messages: [{ role: 'user', content: 'hello' }], routing: { retry: { attempts: 1 } } });
      expect(limited.status).toBe(429);
    }
    const others = await chat({});
    expect(others.status).toBe(200);
  });
});

describe("the caller's own deadlines", () => {
  it('never count against the provider: a hang past totalMs or firstByteMs leaves the circuit closed for everyone', async () => {
    for (let i = 0; i < 3; i++) {
      openai.script({ hang: true }, { hang: true });
      expect((await chat({ routing: { timeout: { totalMs: 50 } } })).status).toBe(502);
      expect((await chat({ routing: { timeout: { firstByteMs: 50 } } })).status).toBe(502);
    }
    const circuits = await fetch(`${service.gatewayUrl}/api/llm/circuits`, { headers: { authorization: `Bearer ${key}` } });
    expect((await circuits.json()).data.find((c: { provider: string }) => c.provider === 'openai')).toMatchObject({ state: 'closed', consecutiveFailures: 0 });
    expect((await chat({})).status).toBe(200);
  });
});
