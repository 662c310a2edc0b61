// Traces over OTLP/HTTP, end to end: the services export through the official
// SDK to a loopback collector, which decodes what arrives (OTLP's JSON
// encoding, as the SDK's HTTP exporter sends it) and the tests read the span
// trees: a /v1 call with a retry and a fallback, a streamed call, and a queued
// task run by a second gateway process on the same database.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { capturingLogger, createGatewayKey, databaseUrl, startTestService, type TestService } from './support.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { startFake as startOpenAI } from '../providers/openai/fake.ts';
import { startFake as startAnthropic } from '../providers/anthropic/fake.ts';
import { resetCircuits } from '../core/circuitBreaker.ts';
import { REPO_ROOT } from '../server/paths.ts';
import { startCollector, type ExportedSpan } from './otlpCollector.ts';

let collector: Awaited<ReturnType<typeof startCollector>>;
let service: TestService;
let worker: ChildProcess | undefined;
let openai: Fake;
let anthropic: Fake;
let key: string;
let keyId: string;
const captured = capturingLogger('info');

const otelEnv = () => ({
  OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
  OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-token=t0ken',
  OTEL_BSP_SCHEDULE_DELAY: '20',
  OTEL_METRIC_EXPORT_INTERVAL: '200',
});

beforeAll(async () => {
  collector = await startCollector();
  [openai, anthropic] = await Promise.all([startOpenAI(), startAnthropic()]);
  const providers = { OPENAI_BASE_URL: openai.url, OPENAI_API_KEY: 'sk-fake-openai', ANTHROPIC_BASE_URL: anthropic.url, ANTHROPIC_API_KEY: 'sk-ant-fake' };
  // This process only takes tasks; the worker process runs them.
  service = await startTestService(
    ['gateway'],
    { ...providers, ...otelEnv(), OTEL_SERVICE_NAME: 'gateway-api', GATEWAY_WORKERS: '0', GATEWAY_REQUEST_LOG: 'on' },
    { log: captured.log },
  );
  ({ key, id: keyId } = await createGatewayKey(service.db, 'traced'));
  worker = spawn(process.execPath, [path.join(REPO_ROOT, 'test/workerProcess.ts')], {
    env: { ...process.env, ...providers, ...otelEnv(), OTEL_SERVICE_NAME: 'gateway-worker', GATEWAY_WORKERS: '1', DATABASE_URL: await databaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(worker.stdout!, 'data');
});

afterAll(async () => {
  worker?.kill('SIGKILL');
  await service?.close();
  await Promise.all([openai?.close(), anthropic?.close(), collector?.close()]);
});

beforeEach(() => {
  resetCircuits();
  openai.requests.length = 0;
  anthropic.requests.length = 0;
});

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

function childrenOf(spans: ExportedSpan[], parent: ExportedSpan): ExportedSpan[] {
  return spans.filter((s) => s.traceId === parent.traceId && s.parentSpanId === parent.spanId).sort((a, b) => (a.startNs < b.startNs ? -1 : 1));
}

/** The W3C traceparent an upstream request carried, as [trace id, parent span id]. */
function traceparentOf(headers: Record<string, string | string[] | undefined>): [string, string] {
  const [, traceId, spanId] = String(headers.traceparent).split('-');
  return [traceId!, spanId!];
}

describe('a /v1 call', () => {
  it('continues the caller trace, with a span per target and per HTTP attempt (a retry, then a fallback), in the GenAI conventions', async () => {
    openai.script({ status: 500 }, { status: 503 });
    const res = await fetch(`${service.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
      body: JSON.stringify({
        model: 'openai/gpt-4o-mini',
        messages: [{ role: 'user', content: 'hello' }],
        routing: { retry: { attempts: 2, initialBackoffMs: 1 }, fallbacks: [{ model: 'anthropic/claude-sonnet-4-5' }] },
      }),
    });
    const answer = await res.json();
    expect(res.status, JSON.stringify(answer)).toBe(200);
    expect(res.headers.get('x-trace-id')).toBe(CALLER_TRACE);

    const server = await collector.until((spans) => spans.find((s) => s.traceId === CALLER_TRACE && s.kind === 2));
    expect(server.parentSpanId).toBe(CALLER_SPAN);
    expect(server.service).toBe('gateway-api');
    expect(server.name).toBe('POST /v1/chat/completions');
    expect(server.attributes).toMatchObject({ 'http.response.status_code': 200, 'switchyard.key.id': keyId, 'switchyard.operation_id': 'createChatCompletion' });

    // The usage write ends after the answer: wait for it too.
    const spans = await collector.until((all) => {
      const mine = all.filter((s) => s.traceId === CALLER_TRACE);
      return mine.some((s) => s.name === 'INSERT gateway_usage') ? mine : undefined;
    });
    const targets = childrenOf(spans, server).filter((s) => s.attributes['gen_ai.operation.name'] === 'chat');
    expect(targets.map((t) => t.name)).toEqual(['chat gpt-4o-mini', 'chat claude-sonnet-4-5']);
    const [primary, fallback] = targets as [ExportedSpan, ExportedSpan];
    expect(primary.attributes).toMatchObject({
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'switchyard.routing.outcome': 'failed',
      'switchyard.routing.fallback': false,
      'switchyard.key.id': keyId,
    });
    expect(primary.status.code).toBe(2);
    expect(fallback.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.system': 'anthropic',
      'gen_ai.request.model': 'claude-sonnet-4-5',
      'gen_ai.response.model': expect.any(String),
      'gen_ai.usage.input_tokens': expect.any(Number),
      'gen_ai.usage.output_tokens': expect.any(Number),
      'gen_ai.response.finish_reasons': ['stop'],
      'switchyard.cost': expect.any(Number),
      'switchyard.routing.outcome': 'answered',
      'switchyard.routing.fallback': true,
      'switchyard.key.id': keyId,
    });
    // The key itself is in no attribute of any span.
    expect(JSON.stringify(spans.map((s) => s.attributes))).not.toContain(key);

    // Two HTTP attempts on the primary (the second a resend), one on the fallback; each went upstream carrying its own span as parent.
    const primaryAttempts = childrenOf(spans, primary);
    expect(primaryAttempts.map((a) => [a.name, a.attributes['http.response.status_code'], a.attributes['http.request.resend_count']])).toEqual([
      ['POST', 500, undefined],
      ['POST', 503, 1],
    ]);
    const fallbackAttempts = childrenOf(spans, fallback);
    expect(fallbackAttempts).toHaveLength(1);
    expect(openai.requests.map((r) => traceparentOf(r.headers))).toEqual(primaryAttempts.map((a) => [CALLER_TRACE, a.spanId]));
    expect(traceparentOf(anthropic.requests[0]!.headers)).toEqual([CALLER_TRACE, fallbackAttempts[0]!.spanId]);

    // The usage record's group-commit write is the call's child too.
    expect(childrenOf(spans, server).some((s) => s.name === 'INSERT gateway_usage' && s.attributes['db.system.name'] === 'postgresql')).toBe(true);
    // The exporter sent what the SDK encodes (OTLP JSON), with the configured headers.
    expect([...collector.contentTypes]).toEqual(['application/json']);
    expect([...collector.tokens]).toEqual(['t0ken']);

    // The access log line and the request log entry carry the trace id.
    expect(captured.lines.find((l) => l.msg === 'request' && l.path === '/v1/chat/completions')?.traceId).toBe(CALLER_TRACE);
    await service.deps.gateway!.requestLog.flush();
    for (let i = 0; i < 200 && !(await service.db('gateway_request_log').where({ trace_id: CALLER_TRACE }).first()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await service.db('gateway_request_log').where({ trace_id: CALLER_TRACE }).first()).toMatchObject({ key_id: keyId, status: 200, provider: 'anthropic' });
  });

  it('traces a streamed call until its last event, and starts a new trace without a caller traceparent', async () => {
    openai.script({ text: 'one two three', chunkDelayMs: 5 });
    const res = await fetch(`${service.gatewayUrl}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'openai/gpt-4o-mini', stream: true, stream_options: { include_usage: true }, messages: [{ role: 'user', content: 'hi' }] }),
    });
    const text = await res.text();
    expect(text).toContain('data: [DONE]');
    const traceId = res.headers.get('x-trace-id')!;
    expect(traceId).toMatch(/^[0-9a-f]{32}$/);
    expect(traceId).not.toBe(CALLER_TRACE);
    const spans = await collector.until((all) => {
      const mine = all.filter((s) => s.traceId === traceId);
      return mine.some((s) => s.kind === 2) && mine.some((s) => s.name === 'chat gpt-4o-mini') ? mine : undefined;
    });
    const server = spans.find((s) => s.kind === 2)!;
    expect(server.parentSpanId).toBe('');
    const [call] = childrenOf(spans, server).filter((s) => s.name === 'chat gpt-4o-mini');
    expect(call!.attributes).toMatchObject({ 'switchyard.routing.outcome': 'answered', 'gen_ai.usage.output_tokens': expect.any(Number), 'gen_ai.response.finish_reasons': ['stop'] });
    // The model span lasts until the stream's end, well after its HTTP attempt got its headers.
    const [attempt] = childrenOf(spans, call!);
    expect(attempt!.attributes['http.response.status_code']).toBe(200);
    expect(call!.endNs).toBeGreaterThan(attempt!.endNs);
    expect(traceparentOf(openai.requests[0]!.headers)).toEqual([traceId, attempt!.spanId]);
  });
});

describe('a queued task', () => {
  it('joins the trace of the request that submitted it, run by another process', async () => {
    openai.script({ text: 'queued answer' });
    const res = await fetch(`${service.gatewayUrl}/api/llm/complete`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', traceparent: `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01` },
      body: JSON.stringify({ provider: 'openai', messages: [{ role: 'user', content: 'queued' }] }),
    });
    expect(res.status).toBe(200);
    const queueId = ((await res.json()) as any).data.queueId;
    const traceId = 'ab'.repeat(16);
    const spans = await collector.until((all) => {
      const mine = all.filter((s) => s.traceId === traceId);
      return mine.some((s) => s.kind === 2) && mine.some((s) => s.name === 'task completion') && mine.some((s) => s.name.startsWith('chat ')) ? mine : undefined;
    });
    const submit = spans.find((s) => s.kind === 2)!;
    expect(submit.service).toBe('gateway-api');
    const task = spans.find((s) => s.name === 'task completion')!;
    const wait = spans.find((s) => s.name === 'queue wait')!;
    // Both are children of the submitting request, exported by the worker process.
    expect([task.parentSpanId, wait.parentSpanId]).toEqual([submit.spanId, submit.spanId]);
    expect([task.service, wait.service]).toEqual(['gateway-worker', 'gateway-worker']);
    expect(task.attributes['switchyard.task.id']).toBe(queueId);
    expect(wait.endNs).toBeLessThanOrEqual(task.startNs + 5_000_000n);
    const [call] = childrenOf(spans, task);
    expect(call!.attributes).toMatchObject({ 'gen_ai.system': 'openai', 'switchyard.task.id': queueId, 'switchyard.routing.outcome': 'answered' });
    expect(traceparentOf(openai.requests[0]!.headers)[0]).toBe(traceId);
  });
});

it('exports the request and GenAI metrics over OTLP too', async () => {
  await collector.until(() => (collector.metricNames.has('http.server.request.duration') && collector.metricNames.has('gen_ai.client.token.usage') ? true : undefined));
});
