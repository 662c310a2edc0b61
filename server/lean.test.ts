// The lean dispatch (server/lean.ts) answers the hot /v1 calls without Koa;
// every answer it gives must be the one Koa gives. Two gateways on one
// database and the same fakes, one with the lean dispatch and one without,
// are sent the same requests: successes, refusals at every stage, streams.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturingLogger, createGatewayKey, startTestService, type TestService } from '../test/support.ts';
import { startFake as startOpenAI } from '../providers/openai/fake.ts';
import { startFake as startAnthropic } from '../providers/anthropic/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { httpRequests } from '../metrics/index.ts';

let openai: Fake;
let anthropic: Fake;
let lean: TestService;
let koa: TestService;
let leanLog: ReturnType<typeof capturingLogger>;
let koaLog: ReturnType<typeof capturingLogger>;
let key: string;

beforeAll(async () => {
  [openai, anthropic] = await Promise.all([startOpenAI(), startAnthropic()]);
  const env = { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: 'sk-fake', ANTHROPIC_BASE_URL: anthropic.url, ANTHROPIC_API_KEY: 'sk-ant-fake' };
  leanLog = capturingLogger('info');
  koaLog = capturingLogger('info');
  lean = await startTestService(['gateway'], env, { log: leanLog.log });
  koa = await startTestService(['gateway'], env, { log: koaLog.log, leanDispatch: false });
  ({ key } = await createGatewayKey(lean.db, 'lean'));
});

afterAll(async () => {
  await lean?.close();
  await koa?.close();
  await Promise.all([openai?.close(), anthropic?.close()]);
});

interface Sent {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

function call(base: string, req: Sent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const r = http.request(`${base}${req.path}`, { method: req.method ?? 'POST', headers: req.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

// What differs between any two answers: time, the request id minted per call (also Anthropic's request-id), timings, and ids the gateway or the fake mint.
const PER_CALL_HEADERS = new Set(['date', 'x-request-id', 'request-id', 'server-timing', 'keep-alive', 'connection']);

function comparable(a: Answer): { status: number; headers: Record<string, string>; body: string; timings?: string } {
  const headers = Object.fromEntries(Object.entries(a.headers).filter(([name]) => !PER_CALL_HEADERS.has(name)));
  const body = a.body
    .toString('utf8')
    .replace(/"(id|created|created_at)":("[^"]*"|\d+)/g, '"$1":"…"')
    .replace(/(msg|chatcmpl|resp)_[\w-]+/g, '$1_…');
  // Server-Timing carries durations: its names and their order must match, not the figures.
  const timings = a.headers['server-timing']?.replace(/[\d.]+/g, 'n');
  return { status: a.status, headers, body, ...(timings ? { timings } : {}) };
}

async function both(req: Sent) {
  const [viaLean, viaKoa] = [await call(lean.gatewayUrl!, req), await call(koa.gatewayUrl!, req)];
  return { viaLean, viaKoa };
}

const json = (body: unknown, extra: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...extra },
  body: JSON.stringify(body),
});
const chat = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Hello there.' }] };

describe('the lean /v1 dispatch answers as Koa does', () => {
  const cases: Array<[string, () => Sent]> = [
    ['a chat completion', () => ({ path: '/v1/chat/completions', ...json(chat) })],
    ['a streamed chat completion', () => ({ path: '/v1/chat/completions', ...json({ ...chat, stream: true, stream_options: { include_usage: true } }) })],
    ['a message (Anthropic protocol)', () => ({ path: '/v1/messages', ...json({ model: 'anthropic/claude-3-5-haiku-latest', max_tokens: 64, messages: chat.messages }) })],
    ['a streamed message', () => ({ path: '/v1/messages', ...json({ model: 'anthropic/claude-3-5-haiku-latest', max_tokens: 64, stream: true, messages: chat.messages }) })],
    ['a response that is not stored', () => ({ path: '/v1/responses', ...json({ model: 'openai/gpt-4o-mini', input: 'Hello there.', store: false }) })],
    ['an embedding', () => ({ path: '/v1/embeddings', ...json({ model: 'openai/text-embedding-3-small', input: 'Hello there.' }) })],
    ['the caller\'s own request id', () => ({ path: '/v1/chat/completions', ...json(chat, { 'x-request-id': 'caller-chosen-id' }) })],
    ['no key (401, OpenAI shape)', () => ({ path: '/v1/chat/completions', headers: { 'content-type': 'application/json' }, body: JSON.stringify(chat) })],
    ['no key on messages (401, Anthropic shape)', () => ({ path: '/v1/messages', headers: { 'content-type': 'application/json' }, body: '{}' })],
    ['a wrong key (401)', () => ({ path: '/v1/embeddings', ...json(chat, { authorization: 'Bearer gw_live_notarealkeynotarealkeynotarealkeynotarealkey' }) })],
    ['malformed JSON (400)', () => ({ path: '/v1/chat/completions', headers: json(chat).headers, body: '{"model":' })],
    ['a body the schema refuses (400 naming the field)', () => ({ path: '/v1/chat/completions', ...json({ model: 'openai/gpt-4o-mini' }) })],
    ['an empty body (400)', () => ({ path: '/v1/messages', headers: json(chat).headers, body: '' })],
    ['a media type not accepted (415)', () => ({ path: '/v1/chat/completions', headers: { ...json(chat).headers, 'content-type': 'text/plain' }, body: 'hi' })],
    ['a compressed body (415 with Accept-Encoding)', () => ({ path: '/v1/responses', headers: { ...json(chat).headers, 'content-encoding': 'gzip' }, body: 'x' })],
    ['a provider that is not configured (the handler\'s refusal)', () => ({ path: '/v1/chat/completions', ...json({ ...chat, model: 'mistral/mistral-small-latest' }) })],
    ['an option the provider does not take', () => ({ path: '/v1/messages', ...json({ model: 'openai/gpt-4o-mini', max_tokens: 16, top_k: 3, messages: chat.messages }) })],
    ['an upstream failure', () => ({ path: '/v1/chat/completions', ...json({ ...chat, messages: [{ role: 'user', content: 'fail with 400' }] }) })],
    ['a large answer to a caller that takes gzip', () => ({ path: '/v1/embeddings', ...json({ model: 'openai/text-embedding-3-small', input: Array(40).fill('hello') }, { 'accept-encoding': 'gzip' }) })],
  ];
  for (const [name, make] of cases) {
    it(name, async () => {
      const { viaLean, viaKoa } = await both(make());
      expect(comparable(viaLean)).toEqual(comparable(viaKoa));
      expect(viaLean.headers['x-request-id']).toBeTruthy();
    });
  }

  it('refuses a declared length over the limit before reading the body (413)', async () => {
    const head = { ...json(chat).headers, 'content-length': String(60 * 1024 * 1024) };
    const answers: Answer[] = [];
    for (const base of [lean.gatewayUrl!, koa.gatewayUrl!]) {
      answers.push(
        await new Promise<Answer>((resolve, reject) => {
          const r = http.request(`${base}/v1/chat/completions`, { method: 'POST', headers: head }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              resolve({ status: res.statusCode!, headers: res.headers as Record<string, string>, body: Buffer.concat(chunks) });
              r.destroy();
            });
          });
          r.on('error', (err) => (answers.length < 2 ? reject(err) : undefined));
          r.write('{"model":');
        }),
      );
    }
    expect(answers[0]!.status).toBe(413);
    expect(comparable(answers[0]!)).toEqual(comparable(answers[1]!));
  });

  it('leaves other methods and paths to Koa: 405 with Allow, HEAD, query strings', async () => {
    for (const req of [
      { path: '/v1/chat/completions', method: 'GET' },
      { path: '/v1/chat/completions', method: 'HEAD' },
      { path: '/v1/chat/completions?x=1', ...json(chat) },
      { path: '/v1/chat/completions/', ...json(chat) },
      { path: '/v1/models', method: 'GET', headers: { authorization: `Bearer ${key}` } },
    ]) {
      const { viaLean, viaKoa } = await both(req);
      expect(comparable(viaLean)).toEqual(comparable(viaKoa));
    }
  });

  it('writes the same access-log line and counts the request in the metrics', async () => {
    const counted = async () => (await httpRequests.get()).values.find((v) => v.labels.operation === 'createEmbedding' && v.labels.status === '200')?.value ?? 0;
    const before = await counted();
    leanLog.lines.length = 0;
    koaLog.lines.length = 0;
    const req = { path: '/v1/embeddings', ...json({ model: 'openai/text-embedding-3-small', input: 'Hello there.' }, { 'x-request-id': 'logged-id' }) };
    await both(req);
    // The line is written when the response closes.
    await expect.poll(() => leanLog.lines.length + koaLog.lines.length).toBeGreaterThanOrEqual(2);
    const line = (lines: Array<Record<string, any>>) => {
      const found = lines.find((l) => l.msg === 'request')!;
      return { ...found, time: undefined, ms: typeof found.ms };
    };
    expect(line(leanLog.lines)).toEqual(line(koaLog.lines));
    expect(line(leanLog.lines)).toMatchObject({ reqId: 'logged-id', method: 'POST', path: '/v1/embeddings', status: 200, ms: 'number' });
    // One for each gateway (they share this process's registry).
    expect((await counted()) - before).toBe(2);
  });
});
