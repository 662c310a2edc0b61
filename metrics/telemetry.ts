// OpenTelemetry traces and metrics, exported over OTLP/HTTP by the official
// SDK when OTEL_EXPORTER_OTLP_ENDPOINT (or the traces endpoint) is set.
// Unset, nothing is made: `active` stays undefined and every helper here
// returns at its first test, so a request pays one property read per site.
//
// The SDK is used without registering it globally: this module keeps its
// tracer, its propagator and its own AsyncLocalStorage for the active
// context, so two services in one process (the tests) share one exporter and
// nothing else in the process is changed by it.
import { AsyncLocalStorage } from 'node:async_hooks';
import {
  defaultTextMapGetter,
  defaultTextMapSetter,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Histogram,
  type Span,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';
import { isTracingSuppressed, parseKeyPairsIntoRecord, suppressTracing, W3CTraceContextPropagator } from '@opentelemetry/core';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { BasicTracerProvider } from '@opentelemetry/sdk-trace-base';
import type { MeterProvider } from '@opentelemetry/sdk-metrics';

export { SpanKind, SpanStatusCode, type Span, type Attributes };

interface Active {
  tracer: Tracer;
  traces: BasicTracerProvider;
  meters: MeterProvider;
  /** Services in this process using it; the last to stop shuts the exporters down. */
  users: number;
  requestDuration: Histogram;
  tokenUsage: Histogram;
  operationDuration: Histogram;
}

let active: Active | undefined;
const store = new AsyncLocalStorage<Context>();
const propagator = new W3CTraceContextPropagator();

/** Whether spans are being made (the endpoint is configured). */
export function tracing(): boolean {
  return active !== undefined;
}

function endpoints(env: NodeJS.ProcessEnv): { traces?: string; metrics?: string } {
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/+$/, '');
  return {
    traces: env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || (base ? `${base}/v1/traces` : undefined),
    metrics: env.OTEL_EXPORTER_OTLP_METRICS_ENDPOINT || (base ? `${base}/v1/metrics` : undefined),
  };
}

/** OTEL_EXPORTER_OTLP_HEADERS, then the signal's own headers over them. */
function headersOf(shared: string | undefined, own: string | undefined): Record<string, string> {
  return { ...parseKeyPairsIntoRecord(shared), ...parseKeyPairsIntoRecord(own) };
}

export interface Telemetry {
  /** Exports what is pending (tests, shutdown). */
  flush(): Promise<void>;
  /** Lets this service's use go; the last one flushes and shuts the exporters down. */
  stop(): Promise<void>;
}

/**
 * Starts exporting when an OTLP endpoint is configured; undefined (and
 * nothing made) otherwise. The endpoints and headers are read from `env`; the
 * other standard variables (OTEL_TRACES_SAMPLER and its argument, the
 * exporters' timeout and compression, the span limits) by the SDK itself from
 * the process environment, as it documents.
 */
export async function startTelemetry(env: NodeJS.ProcessEnv): Promise<Telemetry | undefined> {
  const urls = endpoints(env);
  if (!urls.traces && !urls.metrics) return undefined;
  // The SDK is loaded only by a process that exports.
  const [{ BasicTracerProvider, BatchSpanProcessor }, { MeterProvider, PeriodicExportingMetricReader }, { OTLPTraceExporter }, { OTLPMetricExporter }, { resourceFromAttributes }] =
    await Promise.all([
      import('@opentelemetry/sdk-trace-base'),
      import('@opentelemetry/sdk-metrics'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/exporter-metrics-otlp-http'),
      import('@opentelemetry/resources'),
    ]);
  if (!active) {
    const attributes: Attributes = { ...parseKeyPairsIntoRecord(env.OTEL_RESOURCE_ATTRIBUTES) };
    attributes[ATTR_SERVICE_NAME] = env.OTEL_SERVICE_NAME || (attributes[ATTR_SERVICE_NAME] as string | undefined) || 'switchyard';
    attributes[ATTR_SERVICE_VERSION] ??= '0.1.0';
    const resource = resourceFromAttributes(attributes);
    const spanProcessors = urls.traces ? [new BatchSpanProcessor(new OTLPTraceExporter({ url: urls.traces, headers: headersOf(env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_TRACES_HEADERS) }))] : [];
    const traces = new BasicTracerProvider({ resource, spanProcessors });
    const readers = urls.metrics
      ? [
          new PeriodicExportingMetricReader({
            exporter: new OTLPMetricExporter({ url: urls.metrics, headers: headersOf(env.OTEL_EXPORTER_OTLP_HEADERS, env.OTEL_EXPORTER_OTLP_METRICS_HEADERS) }),
            exportIntervalMillis: Number(env.OTEL_METRIC_EXPORT_INTERVAL) || 60_000,
          }),
        ]
      : [];
    const meters = new MeterProvider({ resource, readers });
    const meter = meters.getMeter('switchyard');
    active = {
      tracer: traces.getTracer('switchyard'),
      traces,
      meters,
      users: 0,
      requestDuration: meter.createHistogram('http.server.request.duration', { unit: 's', description: 'Duration of HTTP server requests' }),
      tokenUsage: meter.createHistogram('gen_ai.client.token.usage', { unit: '{token}', description: 'Tokens used per upstream call' }),
      operationDuration: meter.createHistogram('gen_ai.client.operation.duration', { unit: 's', description: 'Duration of upstream model calls' }),
    };
  }
  const mine = active;
  mine.users++;
  let stopped = false;
  const flush = async () => {
    await mine.traces.forceFlush();
    await mine.meters.forceFlush();
  };
  return {
    flush,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (--mine.users > 0) return flush();
      if (active === mine) active = undefined;
      await mine.traces.shutdown();
      await mine.meters.shutdown();
    },
  };
}

/** The context spans started now are children of. */
export function currentContext(): Context {
  return store.getStore() ?? ROOT_CONTEXT;
}

/** Runs `fn` with tracing suppressed (OpenTelemetry's own flag): no span started inside it is recorded or exported. */
export function untraced<T>(fn: () => T): T {
  return store.run(suppressTracing(currentContext()), fn);
}

/** Whether the current context suppresses tracing (inside `untraced`). */
export function tracingSuppressed(): boolean {
  return isTracingSuppressed(currentContext());
}

/** Runs `fn` with `span` as the active span (its children's parent), in `base` or the current context. */
export function withActive<T>(span: Span, fn: () => T, base: Context = currentContext()): T {
  return store.run(trace.setSpan(base, span), fn);
}

/** A copy of `headers` carrying `span` as the W3C traceparent (the upstream continues the trace from it). */
export function headersFor(span: Span, headers: Record<string, string>): Record<string, string> {
  const out = { ...headers };
  propagator.inject(trace.setSpan(currentContext(), span), out, defaultTextMapSetter);
  return out;
}

/** A span, child of the active one (or of `parent`); undefined when not tracing. */
export function startSpan(name: string, options?: SpanOptions, parent?: Context): Span | undefined {
  return active?.tracer.startSpan(name, options, parent ?? currentContext());
}

/** Ends a span as failed with the error's code. */
export function endFailed(span: Span | undefined, err: unknown, code?: string): void {
  if (!span) return;
  const message = err instanceof Error ? err.message : String(err);
  span.setStatus({ code: SpanStatusCode.ERROR, message });
  span.setAttribute('error.type', code ?? (err as { code?: string })?.code ?? (err instanceof Error ? err.name : 'error'));
  span.end();
}

/** Runs `fn` inside a child span ended when it settles (failed when it throws); just `fn` when not tracing. */
export async function inSpan<T>(name: string, attributes: Attributes, fn: () => Promise<T>): Promise<T> {
  const span = startSpan(name, { attributes });
  if (!span) return fn();
  try {
    const value = await withActive(span, fn);
    span.end();
    return value;
  } catch (err) {
    endFailed(span, err);
    throw err;
  }
}

/** The incoming W3C trace context of a request's headers (ROOT when none or not tracing). */
export function extractContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagator.extract(ROOT_CONTEXT, headers, defaultTextMapGetter);
}

/** Adds traceparent (and tracestate) of the active span to outgoing headers; nothing when not tracing. */
export function injectContext(headers: Record<string, string>, ctx: Context = currentContext()): void {
  if (active) propagator.inject(ctx, headers, defaultTextMapSetter);
}

/** The active span's traceparent, to store with work that runs later (a queued task); undefined when none. */
export function currentTraceParent(): string | undefined {
  if (!active) return undefined;
  const carrier: Record<string, string> = {};
  propagator.inject(currentContext(), carrier, defaultTextMapSetter);
  return carrier.traceparent;
}

/** The context a stored traceparent continues. */
export function contextOfTraceParent(traceParent: string | null | undefined): Context {
  return traceParent ? propagator.extract(ROOT_CONTEXT, { traceparent: traceParent }, defaultTextMapGetter) : ROOT_CONTEXT;
}

/** Records a finished server request in the OTLP metrics. */
export function recordRequest(seconds: number, attributes: Attributes): void {
  active?.requestDuration.record(seconds, attributes);
}

/** Records an upstream model call's duration and tokens in the OTLP metrics (GenAI conventions). */
export function recordModelCall(seconds: number, attributes: Attributes, tokens?: { input?: number; output?: number }): void {
  if (!active) return;
  active.operationDuration.record(seconds, attributes);
  if (tokens?.input !== undefined) active.tokenUsage.record(tokens.input, { ...attributes, 'gen_ai.token.type': 'input' });
  if (tokens?.output !== undefined) active.tokenUsage.record(tokens.output, { ...attributes, 'gen_ai.token.type': 'output' });
}
