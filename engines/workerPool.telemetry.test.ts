// Engine work is a span of the trace that asked for it, exported over OTLP.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WorkerPool } from './workerPool.ts';
import { inSpan, startTelemetry, type Telemetry } from '../metrics/telemetry.ts';
import { startCollector } from '../test/otlpCollector.ts';

let collector: Awaited<ReturnType<typeof startCollector>>;
let telemetry: Telemetry;
const pool = new WorkerPool({ name: 'echo', script: new URL('./testing/echoWorker.ts', import.meta.url), size: 1 });

beforeAll(async () => {
  collector = await startCollector();
  telemetry = (await startTelemetry({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${collector.url}/v1/traces`, OTEL_SERVICE_NAME: 'engines' }))!;
});

afterAll(async () => {
  await pool.close();
  await telemetry?.stop();
  await collector?.close();
});

it('runs a job as an engine span, child of the span that asked for it', async () => {
  await inSpan('caller', {}, () => pool.run('echo', 1));
  await expect(inSpan('caller failing', {}, () => pool.run('fail', {}))).rejects.toThrow();
  await telemetry.flush();
  const spans = await collector.until((all) => (all.length >= 4 ? all : undefined));
  const caller = spans.find((s) => s.name === 'caller')!;
  const engine = spans.find((s) => s.name === 'engine echo.echo')!;
  expect(engine).toMatchObject({ traceId: caller.traceId, parentSpanId: caller.spanId, service: 'engines', attributes: { 'switchyard.engine': 'echo', 'switchyard.engine.method': 'echo' } });
  const failed = spans.find((s) => s.name === 'engine echo.fail')!;
  expect(failed.parentSpanId).toBe(spans.find((s) => s.name === 'caller failing')!.spanId);
  expect(failed.status.code).toBe(2);
  expect(failed.attributes['error.type']).toBe('invalid_image');
});
