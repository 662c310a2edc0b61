// GET /metrics in Prometheus' text format, on each service's own port and
// behind a key: `Authorization: Bearer $METRICS_TOKEN`. With no METRICS_TOKEN
// set, only callers on this machine (loopback) are answered, so a fresh
// install exposes nothing to the network; a remote Prometheus needs the token.
import type { Middleware } from 'koa';
import { hashKey, hashesMatch } from '../../protocols/keys.ts';
import { registry } from '../../metrics/index.ts';
import { clusterMetrics } from '../cluster.ts';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

export interface MetricsOptions {
  env: NodeJS.ProcessEnv;
  /** Refreshes gauges read from elsewhere (queue depth, concurrency) before each scrape. */
  collect?: () => Promise<void>;
}

export function metricsRoute(opts: MetricsOptions): Middleware {
  const token = opts.env.METRICS_TOKEN?.trim();
  const tokenHash = token ? hashKey(token) : undefined;
  // A gauge that cannot be read (the database down) leaves its last value; the rest is still served.
  const own = async () => {
    await opts.collect?.().catch(() => {});
    return registry.getMetricsAsJSON();
  };
  // In a worker of `npm start`'s cluster: every worker of this service, aggregated by the primary.
  const all = clusterMetrics(own);
  const serve = async (ctx: Parameters<Middleware>[0]) => {
    if (tokenHash) {
      const presented = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1];
      if (!presented || !hashesMatch(hashKey(presented), tokenHash)) {
        ctx.status = 401;
        ctx.set('www-authenticate', 'Bearer realm="metrics"');
        ctx.body = { success: false, message: 'GET /metrics needs Authorization: Bearer <METRICS_TOKEN>', code: 'unauthorized' };
        return;
      }
    } else if (!LOOPBACK.test(ctx.req.socket.remoteAddress ?? '')) {
      ctx.status = 403;
      ctx.body = { success: false, message: 'GET /metrics answers only this machine unless METRICS_TOKEN is set', code: 'forbidden' };
      return;
    }
    if (all) {
      const { text, contentType } = await all();
      ctx.type = contentType;
      ctx.body = text;
      return;
    }
    await opts.collect?.().catch(() => {});
    ctx.type = registry.contentType;
    ctx.body = await registry.metrics();
  };
  // Not async: every other request passes through here, and gets no promise of its own.
  return (ctx, next) => (ctx.path !== '/metrics' || ctx.method !== 'GET' ? next() : serve(ctx));
}
