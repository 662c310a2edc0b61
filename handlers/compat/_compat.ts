// What the four /v1 handlers share: the caller, a provider slot held for the
// whole call, provider failures in the compat error vocabulary, and the SSE
// plumbing. Nothing here knows a provider: every protocol goes through the
// canonical model (protocols/) and core/completion.ts.
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { ResultAccumulator, type CanonicalRequest, type Cost, type ProviderId, type StreamEvent } from '../../protocols/canonical.ts';
import type { ContentEvent, FinishEvent } from '../../protocols/compat.ts';
import {
  adapterFor,
  callContext,
  prepareCompletion,
  priceOf,
  type Caller,
  type PricedResult,
} from '../../core/completion.ts';
import { providerSettings } from '../../providers/settings.ts';
import { completionUsage, usageBatcher } from '../../core/usageBatch.ts';
import type { UsageRecord } from '../../db/gateway/insertUsage.ts';
import { ProviderError } from '../../providers/types.ts';
import { ApiError } from '../../protocols/errors.ts';
import type { GatewayAuth } from '../../core/gatewayAuth.ts';
import type { ApiContext } from '../types.ts';

export type Surface = 'chat.completions' | 'messages' | 'responses' | 'embeddings';
/** Whose error vocabulary the endpoint speaks: OpenAI's (chat, responses, embeddings) or Anthropic's (messages). */
export type ErrorDialect = 'openai' | 'anthropic';

export function requestBody(ctx: ApiContext): unknown {
  return ctx.state.op.request.requestBody;
}

export function callerOf(ctx: ApiContext, surface: Surface): Caller {
  const auth = ctx.state.auth as unknown as GatewayAuth;
  const providerKey = ctx.get('x-provider-key').trim() || undefined;
  return { keyId: auth.keyId, surface, ...(providerKey ? { providerKey } : {}) };
}

/** Aborts when the client goes away before the answer is complete, so the upstream call stops too. */
export function clientSignal(ctx: ApiContext): AbortSignal {
  const controller = new AbortController();
  const res = ctx.res;
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new ApiError('invalid_request', 'Client closed the connection', { code: 'client_closed' }));
  });
  return controller.signal;
}

/** A random id for calls whose upstream gives none up front (streams). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Waits for a slot of the provider's concurrency limit (the same limit queued
 * tasks obey) and holds it until `run` settles.
 */
export async function withSlot<T>(ctx: ApiContext, provider: ProviderId, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  const release = await ctx.state.deps.gateway!.slots.acquire(provider, signal);
  try {
    return await run();
  } finally {
    release();
  }
}

/**
 * Any failure as an ApiError with the status and code openapi/compat.yaml
 * documents (upstream 404 -> model_not_found, 429 -> upstream_rate_limited, ...).
 */
export function compatError(err: unknown, dialect: ErrorDialect): ApiError {
  if (err instanceof ApiError) {
    if (err.code === 'unsupported_provider') {
      return new ApiError('invalid_request', err.message, { code: 'capability_not_supported', param: 'model' });
    }
    return err;
  }
  if (!(err instanceof ProviderError)) {
    return new ApiError('internal', 'Internal error while calling the provider', { code: 'internal_error' });
  }
  const message = err.message;
  switch (err.code) {
    case 'missing_config':
      return new ApiError('unavailable', message, { code: 'provider_not_configured' });
    case 'unreachable':
      // A local runtime that is not running is a configuration matter; a hosted API that is unreachable is an upstream failure.
      return providerSettings(err.provider).local
        ? new ApiError('unavailable', message, { code: 'provider_not_configured' })
        : new ApiError('upstream', message, { code: 'upstream_error' });
    case 'timeout':
      return new ApiError('upstream', message, { code: 'upstream_timeout', status: 502 });
    case 'rate_limited': {
      const headers = err.retryAfterMs ? { 'retry-after': String(Math.ceil(err.retryAfterMs / 1000)) } : undefined;
      return new ApiError('rate_limited', message, { code: 'upstream_rate_limited', headers });
    }
    case 'upstream_error':
      if (err.status === 529 || (err.status === 503 && /overload/i.test(err.upstreamBody ?? ''))) {
        // Anthropic clients know 529 overloaded_error (and retry it); OpenAI clients get a plain 502.
        return dialect === 'anthropic'
          ? new ApiError('unavailable', message, { code: 'upstream_overloaded', status: 529 })
          : new ApiError('upstream', message, { code: 'upstream_overloaded' });
      }
      return new ApiError('upstream', message, { code: 'upstream_error' });
    case 'upstream_rejected':
      if (err.status === 404) return new ApiError('not_found', message, { code: 'model_not_found', param: 'model' });
      // The provider refusing the gateway's credentials is the operator's problem, not the caller's request.
      if (err.status === 401 || err.status === 403) return new ApiError('upstream', message, { code: 'upstream_error' });
      if (err.status === 413) return new ApiError('payload_too_large', message, { code: 'request_too_large' });
      return new ApiError('invalid_request', message, { code: 'invalid_request' });
    case 'unsupported_option':
      return new ApiError('invalid_request', message, { code: 'capability_not_supported' });
    case 'cancelled':
      return new ApiError('invalid_request', message, { code: 'client_closed' });
  }
}

/** prepareCompletion (model default, configured provider, adapter validation) with compat error codes. */
export function prepare(request: CanonicalRequest, caller: Caller, dialect: ErrorDialect): CanonicalRequest {
  try {
    return prepareCompletion(request, caller.providerKey);
  } catch (err) {
    throw compatError(err, dialect);
  }
}

/**
 * Records usage once the answer is on its way: the write is grouped with other
 * calls' (core/usageBatch.ts) and kept off the caller's latency path. The
 * record is the one completeOnce/completeStreaming write; a failure is logged
 * with the request id. Only the logger and the id are kept until the write,
 * not the request's context.
 */
export function recordLater(ctx: ApiContext, record: UsageRecord): void {
  const { log } = ctx.state.deps;
  const reqId = ctx.state.requestId;
  usageBatcher(ctx.state.deps.db)
    .addLater(record)
    .catch((err) => log.error({ reqId, err, provider: record.provider, model: record.model, surface: record.surface }, 'could not record usage'));
}

/**
 * One non-streamed completion inside a provider slot, priced like completeOnce
 * (core/completion.ts); usage is recorded once the answer is on its way.
 */
export async function runOnce(ctx: ApiContext, request: CanonicalRequest, caller: Caller, dialect: ErrorDialect): Promise<PricedResult> {
  const prepared = prepare(request, caller, dialect);
  const signal = clientSignal(ctx);
  let priced: PricedResult;
  try {
    priced = await withSlot(ctx, prepared.provider, signal, async () => {
      const result = await adapterFor(prepared.provider).complete(prepared, callContext(prepared.provider, caller, signal));
      return { ...result, cost: priceOf(result, caller) };
    });
  } catch (err) {
    throw compatError(err, dialect);
  }
  recordLater(ctx, completionUsage(priced, caller));
  return priced;
}

/** One protocol's stream grammar over canonical events (the protocols/ encoders, plus its in-band error). */
export interface StreamWriter {
  push(event: ContentEvent): string;
  finish(event: FinishEvent, cost: Cost): string;
  error(err: ApiError): string;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

/**
 * Streams one completion. Nothing is written until the provider's first event
 * arrives, so a call the provider refuses still answers a real HTTP error
 * status; after that, failures go in-band in the protocol's own grammar.
 * `open` builds the writer once the upstream request id (if any) is known.
 */
export async function runStream(
  ctx: ApiContext,
  request: CanonicalRequest,
  caller: Caller,
  dialect: ErrorDialect,
  open: (upstreamId: string | undefined) => StreamWriter,
): Promise<void> {
  const prepared = prepare(request, caller, dialect);
  const signal = clientSignal(ctx);
  let release: (() => void) | undefined;
  let events: AsyncIterator<StreamEvent> | undefined;
  let first: IteratorResult<StreamEvent>;
  try {
    release = await ctx.state.deps.gateway!.slots.acquire(prepared.provider, signal);
    events = adapterFor(prepared.provider).stream(prepared, callContext(prepared.provider, caller, signal))[Symbol.asyncIterator]();
    first = await events.next();
  } catch (err) {
    release?.();
    throw compatError(err, dialect);
  }

  const res = ctx.res;
  ctx.respond = false;
  ctx.status = 200;
  res.writeHead(200, SSE_HEADERS);
  // Node corks the socket at a response's first write of a tick and uncorks
  // on the next, so the events of one upstream read already leave in one write.
  const write = (text: string) => {
    if (text && !res.destroyed && !res.writableEnded) res.write(text);
  };

  const firstEvent = first.done ? undefined : first.value;
  const upstreamId = firstEvent?.type === 'meta' ? firstEvent.requestId : undefined;
  const writer = open(upstreamId);
  // Folds the stream exactly as completeStreaming does, so the priced result and usage agree with the queue's.
  const acc = new ResultAccumulator(prepared.provider, prepared.model, upstreamId ?? `req_${newId()}`);
  let finish: FinishEvent | undefined;
  const handle = (event: StreamEvent) => {
    acc.push(event);
    if (event.type === 'finish') finish = event;
    else write(writer.push(event));
  };
  let priced: PricedResult | undefined;
  try {
    if (firstEvent) handle(firstEvent);
    sendNow(res);
    if (!first.done) for (let next = await events.next(); !next.done; next = await events.next()) handle(next.value);
    const result = acc.result();
    priced = { ...result, cost: priceOf(result, caller) };
    write(writer.finish(finish ?? { type: 'finish', finishReason: result.finishReason, usage: result.usage }, priced.cost));
  } catch (err) {
    const apiErr = compatError(err, dialect);
    if (apiErr.status >= 500) ctx.state.log.warn({ err }, 'stream failed after it started');
    write(writer.error(apiErr));
    await events.return?.().catch(() => {});
  } finally {
    release();
    finishResponse(res);
  }
  if (priced) recordLater(ctx, completionUsage(priced, caller));
}

/**
 * Puts what was written so far on the wire at once. Node corks a response's
 * socket at its first write of a tick and uncorks on the next, so without this
 * the first event would wait while the rest of the same upstream read (often
 * the whole answer) is converted: time to first byte would be time to last.
 */
function sendNow(res: ServerResponse): void {
  if (!res.headersSent) res.flushHeaders();
  const socket = res.socket;
  if (socket?.writableCorked) socket.uncork();
}

function finishResponse(res: ServerResponse): void {
  if (!res.writableEnded && !res.destroyed) res.end();
}
