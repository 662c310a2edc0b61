// What every route does with a body before its handler sees it: the limit the
// spec states (413, before parsing, and a chunked body's answer still reaches
// the client), the media types it documents (415), no content coding (415),
// NUL and nesting depth (400), and 405 with Allow, each in the surface's own
// error shape.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { Writable } from 'node:stream';
import pino from 'pino';
import { createGatewayKey, databaseUrl, startTestService, type TestService } from './support.ts';
import { startService } from '../server/service.ts';
import { REPO_ROOT } from '../server/paths.ts';
import { MAX_JSON_DEPTH } from '../server/middleware/body.ts';

let service: TestService;
let key: string;
let analyticsKey: string;

beforeAll(async () => {
  service = await startTestService(['gateway', 'analytics'], { ANALYTICS_INVITE_CODES: 'body-invite', OPENAI_API_KEY: 'sk-unused', OPENAI_BASE_URL: 'http://127.0.0.1:9' });
  key = (await createGatewayKey(service.db)).key;
  const created = await fetch(`${service.analyticsUrl}/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inviteCode: 'body-invite', name: 'Bodies', domains: ['bodies.example'] }),
  });
  analyticsKey = ((await created.json()) as { apiKey: string }).apiKey;
});

afterAll(() => service?.close());

const completion = JSON.stringify({ provider: 'openai', messages: [{ role: 'user', content: 'hi' }] });

async function send(base: string, route: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(`${base}${route}`, { method: 'POST', ...init, headers: { authorization: `Bearer ${key}`, ...init.headers } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** A raw HTTP/1.1 request whose body is sent chunked, piece by piece, reading the answer while it sends. */
function sendChunked(base: string, route: string, headers: Record<string, string>, pieces: number, piece: Buffer) {
  return new Promise<{ status: number; body: any; sent: number; reset: boolean }>((resolve, reject) => {
    const url = new URL(route, base);
    const req = http.request(url, { method: 'POST', headers: { ...headers, 'transfer-encoding': 'chunked' } });
    let sent = 0;
    let answered = false;
    req.on('response', (res) => {
      answered = true;
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()), sent, reset: false }));
    });
    req.on('error', (err) => (answered ? undefined : reject(err)));
    const pump = () => {
      while (sent < pieces && !answered) {
        sent++;
        if (!req.write(piece)) return void req.once('drain', pump);
      }
      if (!answered) req.end();
    };
    pump();
  });
}

describe('the spec states every limit', () => {
  it('gives every request body an x-max-body-bytes and says it in words', () => {
    for (const name of ['gateway', 'compat', 'analytics']) {
      const doc = parse(readFileSync(path.join(REPO_ROOT, 'openapi', `${name}.yaml`), 'utf8'));
      for (const [route, item] of Object.entries<any>(doc.paths)) {
        for (const [method, op] of Object.entries<any>(item)) {
          if (!op?.requestBody) continue;
          const body = op.requestBody.$ref ? doc.components.requestBodies[op.requestBody.$ref.split('/').pop()] : op.requestBody;
          const limit = body['x-max-body-bytes'];
          expect(Number.isInteger(limit), `${name} ${method} ${route}`).toBe(true);
          expect(body.description, `${name} ${method} ${route}`).toContain(`(${limit} bytes)`);
        }
      }
    }
  });
});

describe('413: the limit, before parsing', () => {
  it('refuses a declared Content-Length past the limit without reading the body', async () => {
    // The queue operations take 16 KB.
    const res = await send(service.gatewayUrl!, '/api/llm/queue/status', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ queueId: 'x'.repeat(20_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'payload_too_large' });
    expect(res.body.message).toContain('16384 bytes');
  });

  it('answers a 100 MB chunked body on a 50 MB route with 413 that the client reads, without buffering it', async () => {
    const before = process.memoryUsage().rss;
    const piece = Buffer.alloc(1024 * 1024, 0x20);
    const res = await sendChunked(service.gatewayUrl!, '/api/llm/complete', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, 100, piece);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'payload_too_large' });
    expect(res.sent).toBeLessThan(100);
    // It used to grow by about 1.1 GB; at most the 50 MB limit is ever held.
    expect(process.memoryUsage().rss - before).toBeLessThan(300 * 1024 * 1024);
    // The service still answers.
    expect((await send(service.gatewayUrl!, '/api/llm/health', { method: 'GET' })).status).toBe(200);
  });

  it('logs the 413 it answered to an oversize chunked body (the access log used to say 404)', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
        done();
      },
    });
    const logged = await startService({
      db: service.db, databaseUrl: await databaseUrl(), services: ['gateway'], gatewayPort: 0, analyticsPort: 0, host: '127.0.0.1',
      env: { ...process.env, LOG_LEVEL: 'info' }, log: pino({ level: 'info' }, sink),
    });
    try {
      const piece = Buffer.alloc(1024 * 1024, 0x20);
      const res = await sendChunked(logged.gatewayUrl!, '/api/llm/complete', { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, 60, piece);
      expect(res.status).toBe(413);
      await expect.poll(() => lines.find((l) => l.msg === 'request' && l.path === '/api/llm/complete'), { timeout: 10_000 }).toMatchObject({ method: 'POST', status: 413 });
    } finally {
      await logged.stop(1_000);
    }
  });

  it('says so in the OpenAI and Anthropic shapes on /v1', async () => {
    const big = 'x'.repeat(33 * 1024 * 1024);
    const anthropic = await send(service.gatewayUrl!, '/v1/messages', { headers: { 'content-type': 'application/json' }, body: big });
    expect(anthropic.status).toBe(413);
    expect(anthropic.body).toMatchObject({ type: 'error', error: { type: 'request_too_large' } });
    const openai = await send(service.gatewayUrl!, '/v1/embeddings', { headers: { 'content-type': 'application/json' }, body: big });
    expect(openai.status).toBe(413);
    expect(openai.body.error).toMatchObject({ type: 'invalid_request_error', code: 'request_too_large' });
  });
});

describe('415: media types and content codings the operation does not document', () => {
  it.each([
    ['text/plain', completion],
    ['application/x-www-form-urlencoded', 'provider=openai'],
    ['application/xml', '<completion/>'],
    [undefined, completion],
  ])('refuses %s on /api/llm/complete (nothing is queued)', async (type, body) => {
    const res = await fetch(`${service.gatewayUrl}/api/llm/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, ...(type ? { 'content-type': type } : {}) },
      // A Blob with no type leaves Content-Type out.
      body: type ? body : new Blob([body]),
    });
    expect(res.status).toBe(415);
    expect(await res.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });
  });

  it('refuses a gzip body (a bomb is never inflated) and says which coding it takes', async () => {
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20));
    const res = await send(service.gatewayUrl!, '/api/llm/complete', { headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' }, body: bomb });
    expect(res.status).toBe(415);
    expect(res.headers.get('accept-encoding')).toBe('identity');
    expect(res.body).toMatchObject({ code: 'unsupported_media_type' });
  });

  it('answers in the OpenAI, Anthropic and analytics shapes', async () => {
    const openai = await send(service.gatewayUrl!, '/v1/chat/completions', { headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(openai.status).toBe(415);
    expect(openai.body.error).toMatchObject({ code: 'unsupported_media_type' });
    const anthropic = await send(service.gatewayUrl!, '/v1/messages', { headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(anthropic.status).toBe(415);
    expect(anthropic.body).toMatchObject({ type: 'error', error: { message: expect.stringMatching(/^unsupported_media_type: /) } });
    const analytics = await fetch(`${service.analyticsUrl}/v1/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${analyticsKey}`, 'content-type': 'application/xml' },
      body: '<event/>',
    });
    expect(analytics.status).toBe(415);
    expect(await analytics.json()).toEqual({ error: { code: 'unsupported_media_type', message: expect.any(String) } });
  });
});

describe('400: what PostgreSQL cannot store and what no request needs', () => {
  it('refuses NUL in a native string, naming the field', async () => {
    for (const [route, body] of [
      ['/api/llm/complete', { provider: 'openai', messages: [{ role: 'user', content: 'a\u0000b' }] }],
      ['/api/llm/embeddings', { provider: 'openai', input: ['ok', 'a\u0000b'] }],
    ] as const) {
      const res = await send(service.gatewayUrl!, route, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      expect(res.status, route).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'invalid_request' });
      expect(res.body.errors[0].path).toBe(route.endsWith('complete') ? 'body.messages.0.content' : 'body.input.1');
    }
  });

  it('keeps an escaped backslash followed by u0000, which is not a NUL', async () => {
    const res = await send(service.gatewayUrl!, '/api/llm/complete', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ provider: 'openai', messages: [{ role: 'user', content: 'C: \\u0000' }] }),
    });
    expect(res.status).toBe(200);
  });

  it('refuses NUL in a /v1 model, which usage records, and in a query value', async () => {
    const res = await send(service.gatewayUrl!, '/v1/chat/completions', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o\u0000x', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param: 'model' });
    const query = await send(service.gatewayUrl!, '/api/llm/models?provider=open%00ai', { method: 'GET' });
    expect(query.status).toBe(400);
    expect(query.body.errors).toEqual([{ path: 'query.provider', message: expect.stringContaining('NUL') }]);
  });

  it('refuses NUL in a path parameter before it reaches a query (it was a 500 from PostgreSQL)', async () => {
    const res = await send(service.gatewayUrl!, '/api/vision/models/custom-a%00b', { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ success: false, code: 'invalid_request', message: expect.stringContaining('path.modelId'), errors: [{ path: 'path.modelId', message: expect.stringContaining('NUL') }] });
  });

  it(`refuses JSON nested deeper than ${MAX_JSON_DEPTH} levels`, async () => {
    const deep = `{"provider":"openai","messages":[{"role":"user","content":"hi"}],"jsonSchema":${'['.repeat(5000)}${']'.repeat(5000)}}`;
    const res = await send(service.gatewayUrl!, '/api/llm/complete', { headers: { 'content-type': 'application/json' }, body: deep });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(`deeper than ${MAX_JSON_DEPTH} levels`);
  });

  it('refuses a path parameter that is not percent-encoded UTF-8', async () => {
    const res = await send(service.gatewayUrl!, '/api/vision/train/%ED%A0%80', { method: 'GET' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'invalid_request' });
  });
});

describe('405 says what is allowed', () => {
  it.each([
    ['gateway', 'DELETE', '/api/llm/complete', 'POST'],
    ['gateway', 'POST', '/api/llm/models', 'GET, HEAD'],
    ['gateway', 'PATCH', '/api/convagents/templates/7', 'DELETE, GET, HEAD, PUT'],
    ['compat', 'GET', '/v1/chat/completions', 'POST'],
    ['analytics', 'PUT', '/v1/keys/read', 'DELETE, POST'],
  ])('%s %s %s: Allow %s', async (surface, method, route, allow) => {
    const base = surface === 'analytics' ? service.analyticsUrl! : service.gatewayUrl!;
    const res = await fetch(`${base}${route}`, { method, headers: { authorization: `Bearer ${surface === 'analytics' ? analyticsKey : key}` } });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe(allow);
    const body = (await res.json()) as any;
    const code = surface === 'gateway' ? body.code : surface === 'compat' ? body.error.code : body.error.code;
    expect(code).toBe('method_not_allowed');
  });

  it('answers HEAD wherever GET is answered', async () => {
    const res = await fetch(`${service.gatewayUrl}/api/llm/health`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });
});

describe('431: a request line and headers past 16 KB, in the surface\'s shape', () => {
  const long = 'q'.repeat(20_000);
  it.each([
    ['gateway', 'GET', `/api/llm/models?provider=${long}`, (b: any) => b.code],
    ['openai', 'POST', `/v1/chat/completions?x=${long}`, (b: any) => b.error.code],
    ['anthropic', 'POST', `/v1/messages?x=${long}`, (b: any) => b.type === 'error' && b.error.message.split(':')[0]],
    ['analytics', 'GET', `/v1/stats/realtime?domain=${long}`, (b: any) => b.error.code],
    // /v1/models chooses its shape by header: the handler of a refused request line used to read headers it was not given, and threw.
    ['models (openai)', 'GET', `/v1/models?after_id=${long}`, (b: any) => b.error.code],
    // anthropic-version arrives whole before the header that overflows.
    ['models (anthropic)', 'GET', '/v1/models', (b: any) => b.type === 'error' && b.error.message.split(':')[0], { 'anthropic-version': '2023-06-01', 'x-filler': long }],
  ] as Array<[string, string, string, (b: any) => unknown, Record<string, string>?]>)('%s', async (surface, method, route, codeOf, headers = {}) => {
    const base = surface === 'analytics' ? service.analyticsUrl! : service.gatewayUrl!;
    const res = await fetch(`${base}${route}`, { method, headers: { authorization: `Bearer ${surface === 'analytics' ? analyticsKey : key}`, ...headers } });
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(codeOf(await res.json())).toBe('headers_too_large');
    // The listener goes on serving.
    expect((await fetch(`${service.gatewayUrl}/api/llm/health`)).status).toBe(200);
  });
});

describe('uploads', () => {
  it('answers a multipart body that ends inside a file part with 400, on /v1 and the native upload (the part\'s stream error went unheard and took the process down)', async () => {
    const cut = (field: string, type: string) =>
      Buffer.concat([Buffer.from(`--cut\r\nContent-Disposition: form-data; name="${field}"; filename="x.bin"\r\nContent-Type: ${type}\r\n\r\n`), Buffer.alloc(64, 1)]);
    for (const [route, field, type] of [
      ['/v1/images/edits', 'image', 'image/png'],
      ['/v1/audio/transcriptions', 'file', 'audio/wav'],
      ['/api/llm/upload-video', 'video', 'video/mp4'],
      ['/api/llm/upload-video', 'other', 'video/mp4'],
    ]) {
      const res = await fetch(`${service.gatewayUrl}${route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'multipart/form-data; boundary=cut' },
        body: cut(field!, type!),
      });
      expect(res.status, `${route} ${field}`).toBe(400);
      const body = await res.json();
      expect(route.startsWith('/v1') ? body.error.code : body.code).toBe('invalid_request');
    }
    expect((await fetch(`${service.gatewayUrl}/api/llm/health`)).status).toBe(200);
  });

  it('refuses an empty video file', async () => {
    const form = new FormData();
    form.set('video', new Blob([], { type: 'video/mp4' }), 'empty.mp4');
    const res = await fetch(`${service.gatewayUrl}/api/llm/upload-video`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'invalid_request', errors: [{ path: 'body.video' }] });
  });
});
