// The warm-up's real /v1 calls (server/warmUp.ts): sent before ready, to the
// warm-up's own loopback upstream and never the operator's provider, leaving
// no usage row, traffic count, request-log entry or metric behind, under a key
// refused once the process is ready. One caller's call after ready is
// recorded everywhere, so that each "nothing" below is a sink that works.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Knex } from 'knex';
import { startService, type RunningService } from './service.ts';
import { freePort } from './database.ts';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { usageBatcher } from '../core/usageBatch.ts';
import { capturingLogger, createGatewayKey, databaseUrl, testDb } from '../test/support.ts';
import { startCollector } from '../test/otlpCollector.ts';

const CALLS = 48;

let db: Knex;
let operator: Fake;
let collector: Awaited<ReturnType<typeof startCollector>>;
// What the services log as errors: nothing, warm-up or not.
const logged = capturingLogger('error');

beforeAll(async () => {
  db = await testDb();
  collector = await startCollector();
  // Read by the SDK from the process environment: spans leave as soon as they end.
  process.env.OTEL_BSP_SCHEDULE_DELAY = '20';
  // The operator's provider: the warm-up must never reach it.
  operator = await startFake();
  process.env.OPENAI_BASE_URL = operator.url;
  process.env.OPENAI_API_KEY = 'sk-operator';
});

afterAll(async () => {
  await collector?.close();
  await operator?.close();
  await db?.destroy();
});

async function start(o: { port: number; listenWhen?: () => Promise<void>; calls?: number; env?: Record<string, string> }): Promise<RunningService> {
  return startService({
    db,
    databaseUrl: await databaseUrl(),
    services: ['gateway'],
    gatewayPort: o.port,
    analyticsPort: 0,
    host: '127.0.0.1',
    env: { ...process.env, GATEWAY_REQUEST_LOG: 'on', ...o.env },
    warmUpCalls: o.calls ?? CALLS,
    log: logged.log,
    warmUp: true,
    ...(o.listenWhen ? { listenWhen: o.listenWhen } : {}),
  });
}

/** Watches the warm-up's HTTP client: its key, and a readiness probe answered while its first call waits. */
function watchWarmUpClient(readyUrl: string) {
  const original = http.request;
  const seen = { keys: new Set<string>(), calls: 0, readyDuring: undefined as Promise<number> | undefined, strangerDuring: undefined as Promise<number> | undefined };
  vi.spyOn(http, 'request').mockImplementation(((...args: Parameters<typeof http.request>) => {
    const req = original(...args);
    const options = args[0] as http.RequestOptions;
    seen.calls++;
    seen.keys.add(String((options.headers as Record<string, string>).authorization));
    if (!seen.readyDuring) {
      // The first call goes out only once readiness has answered: the warm-up is under way meanwhile.
      const status = (res: Response) => res.arrayBuffer().then(() => res.status);
      seen.readyDuring = fetch(readyUrl).then(status, () => 0);
      // Anyone else on the warm-up's own listener, with a key of the right shape but not its own.
      seen.strangerDuring = fetch(`http://127.0.0.1:${options.port}/v1/models`, { headers: { authorization: `Bearer gw_live_${'0'.repeat(43)}` } }).then(status, () => 0);
      const both = Promise.all([seen.readyDuring, seen.strangerDuring]);
      const end = req.end.bind(req) as (body: string) => void;
      req.end = ((body: string) => {
        void both.finally(() => end(body));
        return req;
      }) as never;
    }
    return req;
  }) as never);
  return seen;
}

describe('one process (listening, then warming up)', () => {
  let service: RunningService;
  let url: string;
  let seen: ReturnType<typeof watchWarmUpClient>;
  let operatorCallsAtReady: number;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    seen = watchWarmUpClient(`${url}/api/llm/ready`);
    service = await start({ port, env: { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces` } });
    vi.restoreAllMocks();
    operatorCallsAtReady = operator.requests.length;
  }, 60_000);

  afterAll(async () => {
    vi.restoreAllMocks();
    await service?.stop(1_000);
  });

  it('answers readiness 503 while the warm-up calls run, and 200 after', async () => {
    expect(await seen.readyDuring).toBe(503);
    expect((await fetch(`${url}/api/llm/ready`)).status).toBe(200);
  });

  it('answers only its own calls on the warm-up\'s listener', async () => {
    expect(await seen.strangerDuring).toBe(403);
  });

  it('sent its calls through its own HTTP client to its own upstream, none to the operator\'s provider', () => {
    const report = service.warmUpReport!;
    expect(report.sent).toBe(CALLS);
    expect(seen.calls).toBe(CALLS);
    expect(report.ok).toBe(CALLS);
    expect(report.upstream['/v1/chat/completions']).toBeGreaterThanOrEqual(CALLS / 2);
    expect(report.upstream['/v1/embeddings']).toBeGreaterThan(0);
    expect(operatorCallsAtReady).toBe(0);
  });

  it('refuses the warm-up key once ready', async () => {
    expect(seen.keys.size).toBe(1);
    const [authorization] = [...seen.keys];
    expect(authorization).toMatch(/^Bearer gw_live_[A-Za-z0-9_-]{43}$/);
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: authorization!, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(401);
  });

  it('left no usage, traffic, request-log entry, metric or span behind: a caller\'s one call is all there is', async () => {
    const { key } = await createGatewayKey(db, 'caller');
    const res = await fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    expect(operator.requests.length).toBe(1);
    // The close listeners (traffic, request log) run as the response ends: wait for what they hand on.
    await expect.poll(async () => {
      await usageBatcher(db).flush();
      await service.deps.console!.traffic.flush();
      await service.deps.gateway!.requestLog.flush();
      const [usage, traffic, logged] = await Promise.all([
        db('gateway_usage').count({ n: '*' }).first(),
        db('gateway_traffic').where({ scope: 'all' }).sum({ n: 'calls' }).first(),
        db('gateway_request_log').count({ n: '*' }).first(),
      ]);
      return [Number(usage!.n), Number(traffic!.n), Number(logged!.n)];
    }).toEqual([1, 1, 1]);
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^switchyard_http_requests_total\{service="gateway",operation="createChatCompletion",status="200"\} 1$/m);
    expect(metrics).toMatch(/^switchyard_upstream_requests_total\{provider="openai"\} 1$/m);
    expect(metrics).not.toMatch(/operation="(createEmbedding|createMessage|createResponse)"/);
    // A warm-up record that reached the usage writer would have been refused (its key id is no stored key's) and said so.
    expect(logged.lines.map((l) => l.msg)).toEqual([]);
    // Spans leave in the order they end: once the caller's model call has arrived, any of the warm-up's would have.
    const spans = await collector.until((all) => (all.some((s) => s.name.startsWith('chat ')) ? all : undefined));
    expect(spans.filter((s) => s.name.startsWith('chat ')).map((s) => s.attributes['switchyard.key.id'])).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    // Server spans of /v1: the warm-up key's refused call after ready, and the caller's.
    expect(spans.filter((s) => s.kind === 2 && String(s.attributes['url.path']).startsWith('/v1/')).map((s) => s.attributes['url.path'])).toEqual([
      '/v1/chat/completions',
      '/v1/chat/completions',
    ]);
  });
});

describe('a worker of the cluster (warm before listening)', () => {
  it('sends its warm-up calls before it listens', async () => {
    let atListen: number | undefined;
    const port = await freePort();
    const seen = watchWarmUpClient(`http://127.0.0.1:${port}/api/llm/ready`);
    const service = await start({ port, calls: 16, listenWhen: async () => void (atListen = seen.calls) });
    try {
      vi.restoreAllMocks();
      // Not listening yet: the probe's connection is refused.
      expect(await seen.readyDuring).toBe(0);
      expect(atListen).toBe(16);
      expect(service.warmUpReport!.ok).toBe(16);
      expect((await fetch(`http://127.0.0.1:${port}/api/llm/ready`)).status).toBe(200);
    } finally {
      vi.restoreAllMocks();
      await service.stop(1_000);
    }
  }, 60_000);
});
