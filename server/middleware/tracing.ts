import type { Middleware } from 'koa';
import type { AppState } from '../../handlers/types.ts';
import { extractContext, recordRequest, SpanKind, SpanStatusCode, startSpan, tracingSuppressed, withActive, type Span } from '../../metrics/telemetry.ts';

type Traced = Parameters<Middleware<AppState>>[0];

/**
 * One SERVER span per request, continuing the caller's W3C traceparent; the
 * handler runs with it active, so upstream calls, queue waits, engine work and
 * database writes are its children. Its trace id is answered in x-trace-id and
 * written in the access log line. Installed only while exporting.
 */
export function traceRequests(service: string): Middleware<AppState> {
  return (ctx, next) => {
    // The start-up warm-up's own listener serves its calls untraced (server/warmUp.ts).
    if (tracingSuppressed()) return next();
    const parent = extractContext(ctx.headers);
    const span = startSpan(ctx.method, { kind: SpanKind.SERVER, attributes: { 'http.request.method': ctx.method, 'url.path': ctx.path, 'switchyard.service': service } }, parent)!;
    const traceId = span.spanContext().traceId;
    ctx.state.traceId = traceId;
    ctx.set('x-trace-id', traceId);
    ctx.res.once('close', () => ended(ctx, span, service));
    return withActive(span, next, parent);
  };
}

function ended(ctx: Traced, span: Span, service: string): void {
  const status = ctx.res.headersSent ? ctx.res.statusCode : ctx.status;
  const operation = ctx.state.op?.operation;
  const route = operation?.path;
  if (route) span.updateName(`${ctx.method} ${route}`);
  span.setAttribute('http.response.status_code', status);
  span.setAttribute('switchyard.request_id', ctx.state.requestId);
  if (route) span.setAttribute('http.route', route);
  if (operation?.operationId) span.setAttribute('switchyard.operation_id', operation.operationId);
  const keyId = (ctx.state.auth as { keyId?: string } | undefined)?.keyId;
  if (keyId) span.setAttribute('switchyard.key.id', keyId);
  if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  if (!ctx.res.writableFinished) span.setAttribute('switchyard.client_gone', true);
  span.end();
  recordRequest((performance.now() - ctx.state.startedAt) / 1000, {
    'http.request.method': ctx.method,
    'http.response.status_code': status,
    'http.route': route ?? 'other',
    'switchyard.service': service,
  });
}
