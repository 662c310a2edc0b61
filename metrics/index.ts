// Prometheus metrics of one service process (prom-client). Every metric is
// defined here, once, so the names and labels are in one place; the layers
// that observe something import the metric and update it. Served by
// server/metrics.ts on GET /metrics.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
// Process CPU, memory (RSS, heap), GC, handles, and nodejs_eventloop_lag_* (the event-loop lag).
// The lag is sampled every 100 ms (600 samples a minute, plenty for its
// percentiles): sampled every 20 ms it was 50 of an idle gateway's 60 wake-ups
// a second, 26 after (its main thread's voluntary context switches, 2026-11-28).
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 100 });

// Seconds; from 0.5 ms (the gateway's own work) to 2 minutes (a long completion).
const LATENCY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

export const httpRequests = new Counter({
  name: 'switchyard_http_requests_total',
  help: 'Requests answered, by service, operationId and HTTP status.',
  labelNames: ['service', 'operation', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'switchyard_http_request_duration_seconds',
  help: 'Time from the request arriving to the response ending (streams: to the last event), by service, operationId and HTTP status.',
  labelNames: ['service', 'operation', 'status'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [registry],
});

export const gatewayAdded = new Histogram({
  name: 'switchyard_gateway_added_seconds',
  help: 'Time the gateway added to a /v1 call: the whole call (streams: until the answer starts) minus the wait for the provider. Also sent as Server-Timing.',
  labelNames: ['operation'] as const,
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25],
  registers: [registry],
});

export const budgetAlerts = new Counter({
  name: 'switchyard_budget_alerts_total',
  help: 'Budgets whose spend crossed 50, 80 or 100% in their period, by scope (key, team, tag), period, mode and threshold; one per budget, threshold and period.',
  labelNames: ['scope', 'period', 'mode', 'threshold'] as const,
  registers: [registry],
});

export const upstreamRequests = new Counter({
  name: 'switchyard_upstream_requests_total',
  help: 'HTTP requests sent to providers (retries included), by provider.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const upstreamErrors = new Counter({
  name: 'switchyard_upstream_errors_total',
  help: 'Failed upstream requests, by provider and error code (rate_limited, upstream_error, unreachable, timeout, upstream_rejected).',
  labelNames: ['provider', 'code'] as const,
  registers: [registry],
});

export const upstreamRetries = new Counter({
  name: 'switchyard_upstream_retries_total',
  help: 'Upstream requests sent again after a failure (429, 5xx, connection error), by provider.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const routingFallbacks = new Counter({
  name: 'switchyard_routing_fallbacks_total',
  help: 'Calls handed from a failing (or circuit-open) target to the next, by the provider left.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const circuitOpen = new Gauge({
  name: 'switchyard_circuit_open',
  help: '1 while the provider\'s circuit breaker is open or half-open in this process, else 0.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const providerActive = new Gauge({
  name: 'switchyard_provider_active_requests',
  help: 'Calls in progress per provider (queued tasks of every process plus this process\'s /v1 calls), as GET /api/llm/concurrency.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const providerLimit = new Gauge({
  name: 'switchyard_provider_concurrency_limit',
  help: 'Per-provider concurrency limit shared by all processes.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const queueDepth = new Gauge({
  name: 'switchyard_queue_depth',
  help: 'Tasks waiting in the queue (all processes), by provider.',
  labelNames: ['provider'] as const,
  registers: [registry],
});

export const queueWait = new Histogram({
  name: 'switchyard_queue_wait_seconds',
  help: 'Time a task waited in the queue before a worker started it, by kind.',
  labelNames: ['kind'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300],
  registers: [registry],
});

export const ingestEvents = new Counter({
  name: 'switchyard_analytics_events_total',
  help: 'Analytics events accepted for writing (rate() gives the ingest rate).',
  registers: [registry],
});

export const ingestDropped = new Counter({
  name: 'switchyard_analytics_events_dropped_total',
  help: 'Accepted analytics events PostgreSQL refused to store (each logged); the rest of their batch is written.',
  registers: [registry],
});

export const ingestFlush = new Histogram({
  name: 'switchyard_analytics_flush_seconds',
  help: 'Time to write one batch of analytics events to PostgreSQL, by outcome.',
  labelNames: ['outcome'] as const,
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

export const databaseUnavailable = new Counter({
  name: 'switchyard_database_unavailable_total',
  help: 'Requests answered 503 because PostgreSQL could not be reached.',
  labelNames: ['service'] as const,
  registers: [registry],
});

/**
 * `metric.labels(...values)`, memoised per combination of values, for the
 * metrics every request updates: prom-client's labels() builds the label
 * object, validates it and binds fresh closures on each call (~2% of a /v1
 * request's CPU in the profile). The children stay bound to their metric, so
 * a reset or a scrape sees what they counted. Bounded: label values here come
 * from finite sets (operationIds, statuses, provider ids), the cap only
 * guards against a mistake.
 */
export function labelled<C>(metric: { labels(...values: string[]): C }): (...values: string[]) => C {
  const children = new Map<string, C>();
  return (...values) => {
    // Each value's length first, so that no two combinations share a key whatever the values hold.
    const key = values.length === 1 ? values[0]! : values.map((v) => `${v.length}:${v}`).join('');
    let child = children.get(key);
    if (!child) {
      if (children.size >= 10_000) children.clear();
      children.set(key, (child = metric.labels(...values)));
    }
    return child;
  };
}
