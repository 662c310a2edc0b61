// A loopback OTLP/HTTP collector for tests: it decodes what the official
// exporters send (OTLP's JSON encoding) and keeps the spans and metric names.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ExportedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  startNs: bigint;
  endNs: bigint;
  status: { code?: number };
  attributes: Record<string, unknown>;
}

/** One OTLP attribute value as a plain value. */
function valueOf(v: Record<string, any>): unknown {
  if ('stringValue' in v) return v.stringValue;
  if ('intValue' in v) return Number(v.intValue);
  if ('doubleValue' in v) return v.doubleValue;
  if ('boolValue' in v) return v.boolValue;
  if ('arrayValue' in v) return (v.arrayValue.values ?? []).map(valueOf);
  return undefined;
}

function attributesOf(list: Array<{ key: string; value: Record<string, any> }> = []): Record<string, unknown> {
  return Object.fromEntries(list.map((a) => [a.key, valueOf(a.value)]));
}

/** A loopback OTLP/HTTP collector keeping every span and metric name it receives. */
export async function startCollector() {
  const spans: ExportedSpan[] = [];
  const metricNames = new Set<string>();
  const contentTypes = new Set<string>();
  const tokens = new Set<string>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      contentTypes.add(String(req.headers['content-type']));
      tokens.add(String(req.headers['x-collector-token']));
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (req.url === '/v1/traces') {
        for (const rs of body.resourceSpans ?? []) {
          const service = String(attributesOf(rs.resource?.attributes)['service.name']);
          for (const ss of rs.scopeSpans ?? []) {
            for (const s of ss.spans ?? []) {
              spans.push({
                service,
                traceId: s.traceId,
                spanId: s.spanId,
                parentSpanId: s.parentSpanId ?? '',
                name: s.name,
                kind: s.kind,
                startNs: BigInt(s.startTimeUnixNano),
                endNs: BigInt(s.endTimeUnixNano),
                status: s.status ?? {},
                attributes: attributesOf(s.attributes),
              });
            }
          }
        }
      } else if (req.url === '/v1/metrics') {
        for (const rm of body.resourceMetrics ?? []) for (const sm of rm.scopeMetrics ?? []) for (const m of sm.metrics ?? []) metricNames.add(m.name);
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    metricNames,
    contentTypes,
    tokens,
    /** Resolves once `ready` holds of the spans received (the exporter sends in batches). */
    async until<T>(ready: (spans: ExportedSpan[]) => T | undefined, ms = 15_000): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = ready(spans);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`the collector did not receive the expected spans; it has: ${spans.map((s) => s.name).join(', ')}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

