// A provider that quotes the key it was sent ("Incorrect API key provided:
// <key>") must not hand that key on: not to the caller (native and /v1
// answers), not to the log, not to a stored task error or the queue status.
// The keys here have no shape the old pattern knew (a caller's key like
// Mistral's, the operator's short key) or a shape it did not know (pplx-).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { capturingLogger, createGatewayKey, startTestService, type TestService } from '../../test/support.ts';

const CALLER_KEY = 'AUDITmistralLIKEkey0123456789abcd';
const OPERATOR_KEY = 'short-op-key-1';
const PPLX_KEY = 'pplx-AUDITperplexityKEY0123456789';

let upstream: http.Server;
let upstreamUrl: string;
let service: TestService;
let key: string;
// What the upstream answers: 401 (a refused key) or 400 (a request it refuses, quoting the key all the same).
let refusal = 401;
const captured = capturingLogger('debug');

beforeAll(async () => {
  // Refuses every call, quoting the key it was sent as OpenAI does.
  upstream = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const sent = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      res.writeHead(refusal, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${sent}. You can find your API key at https://example.invalid`, type: 'invalid_request_error', code: 'invalid_api_key' } }));
    });
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  service = await startTestService(
    ['gateway'],
    {
      OPENAI_BASE_URL: `${upstreamUrl}/v1`,
      OPENAI_API_KEY: OPERATOR_KEY,
      MISTRAL_BASE_URL: `${upstreamUrl}/v1`,
      MISTRAL_API_KEY: undefined,
      PERPLEXITY_BASE_URL: upstreamUrl,
      PERPLEXITY_API_KEY: undefined,
    },
    { log: captured.log },
  );
  key = (await createGatewayKey(service.db, 'provider-secrets')).key;
});

afterAll(async () => {
  await service?.close();
  await new Promise((resolve) => upstream?.close(resolve));
});

function post(path: string, body: unknown, providerKey?: string): Promise<Response> {
  return fetch(`${service.gatewayUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', ...(providerKey ? { 'x-provider-key': providerKey } : {}) },
    body: JSON.stringify(body),
  });
}

async function ended(queueId: string): Promise<{ status: Record<string, any>; text: string }> {
  for (;;) {
    const text = await (await post('/api/llm/queue/status', { queueId })).text();
    const status = JSON.parse(text).data;
    if (!['queued', 'processing'].includes(status.status)) return { status, text };
    await new Promise((r) => setTimeout(r, 20));
  }
}

const CASES = [
  { name: "a caller's X-Provider-Key of no known shape", provider: 'mistral', model: 'mistral-small-latest', providerKey: CALLER_KEY, secret: CALLER_KEY },
  { name: "the operator's short OPENAI_API_KEY", provider: 'openai', model: 'gpt-4o-mini', providerKey: undefined, secret: OPERATOR_KEY },
  { name: "a caller's pplx- key", provider: 'perplexity', model: 'sonar', providerKey: PPLX_KEY, secret: PPLX_KEY },
];

describe('a provider refusing the key it was sent, and quoting it', () => {
  beforeAll(() => {
    refusal = 401;
  });
  for (const c of CASES) {
    test(`${c.name}: never in an answer, a log line, a stored task error or the queue status`, async () => {
      const before = captured.lines.length;
      const messages = [{ role: 'user', content: 'hi' }];

      // A refused caller's key is the caller's error (401 naming X-Provider-Key, without the provider's
      // words, which may quote it); a refused operator key is the provider's (502 with its words, key cut out).
      const callers = c.providerKey !== undefined;
      const chat = await post('/v1/chat/completions', { model: `${c.provider}/${c.model}`, messages }, c.providerKey);
      expect(chat.status).toBe(callers ? 401 : 502);
      const chatText = await chat.text();
      expect(chatText).toContain(callers ? 'X-Provider-Key' : 'Incorrect API key provided');
      expect(chatText).not.toContain(c.secret);

      const anthropic = await post('/v1/messages', { model: `${c.provider}/${c.model}`, max_tokens: 16, messages }, c.providerKey);
      expect(anthropic.status).toBe(callers ? 401 : 502);
      expect(await anthropic.text()).not.toContain(c.secret);

      const submitted = await post('/api/llm/complete', { provider: c.provider, model: c.model, messages }, c.providerKey);
      expect(submitted.status).toBe(200);
      const { queueId } = (await submitted.json()).data;
      const { status, text } = await ended(queueId);
      expect(status).toMatchObject({ status: 'error', errorCode: callers ? 'invalid_provider_key' : 'upstream_rejected' });
      expect(status.error).toContain(callers ? 'X-Provider-Key' : 'Incorrect API key provided');
      expect(text).not.toContain(c.secret);
      const row = await service.db('gateway_tasks').where({ id: queueId }).first();
      expect(JSON.stringify(row.error)).toContain(callers ? 'X-Provider-Key' : 'Incorrect API key provided');
      expect(JSON.stringify(row)).not.toContain(c.secret);
      const result = await (await post('/api/llm/queue/result', { queueId })).text();
      expect(result).not.toContain(c.secret);

      const logged = captured.lines.slice(before);
      if (!callers) expect(logged.some((l) => /upstream failure: .*Incorrect API key provided/.test(l.msg ?? ''))).toBe(true);
      expect(JSON.stringify(logged)).not.toContain(c.secret);
    });
  }
});

// The same words in a refusal that is not about the key (a 400): every case reaches the caller,
// the log and the task with the provider's words, and each key is cut out by its value.
describe('a provider refusing a request, quoting the key it was sent', () => {
  beforeAll(() => {
    refusal = 400;
  });
  for (const c of CASES) {
    test(`${c.name}: cut out of the answer, the log, the stored task error and the queue status`, async () => {
      const before = captured.lines.length;
      const messages = [{ role: 'user', content: 'hi' }];
      const chat = await post('/v1/chat/completions', { model: `${c.provider}/${c.model}`, messages }, c.providerKey);
      const chatText = await chat.text();
      expect(chat.status, chatText).toBeGreaterThanOrEqual(400);
      expect(chatText).toContain('Incorrect API key provided');
      expect(chatText).not.toContain(c.secret);

      const submitted = await post('/api/llm/complete', { provider: c.provider, model: c.model, messages }, c.providerKey);
      const { queueId } = (await submitted.json()).data;
      const { status, text } = await ended(queueId);
      expect(status.status).toBe('error');
      expect(status.error).toContain('Incorrect API key provided');
      expect(text).not.toContain(c.secret);
      const row = await service.db('gateway_tasks').where({ id: queueId }).first();
      expect(JSON.stringify(row)).not.toContain(c.secret);

      const logged = captured.lines.slice(before);
      expect(JSON.stringify(logged)).not.toContain(c.secret);
    });
  }
});
