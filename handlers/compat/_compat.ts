// What the four /v1 handlers share: a provider slot held for the whole call,
// the one completion path of core/completion.ts, errors in the endpoint's
// dialect (core/errors.ts), usage recorded after answering, and the SSE
// plumbing. Nothing here knows a provider: every protocol goes through the
// canonical model (protocols/).
import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { CanonicalRequest, Cost, ProviderId, StreamEvent } from '../../protocols/canonical.ts';
import type { ContentEvent, FinishEvent } from '../../protocols/compat.ts';
import type { ApiError } from '../../protocols/errors.ts';
import { completeOnce, completeStreaming, prepareCompletion, type Caller, type PricedResult } from '../../core/completion.ts';
import { logFailure, toApiError, type ErrorDialect } from '../../core/errors.ts';
import { completionUsage, usageBatcher } from '../../core/usageBatch.ts';
import type { UsageRecord } from '../../db/gateway/insertUsage.ts';
import type { ApiContext } from '../types.ts';
import { clientSignal, runtimeOf } from '../gatewayContext.ts';

/** A random id for calls whose upstream gives none up front (streams). */
export function newId(): string {
  return randomBytes(12).toString('base64url');
}

/**
 * Waits for a slot of the provider's concurrency limit (the same limit queued
 * tasks obey) and holds it until `run` settles.
 */
export async function withSlot<T>(ctx: ApiContext, provider: ProviderId, signal: AbortSignal, run: () => Promise<T>): Promise<T> {
  const release = await runtimeOf(ctx).slots.acquire(provider, signal);
  try {
    return await run();
  } finally {
    release();
  }
}

/**
 * Records usage once the answer is on its way: the write is grouped with other
 * calls' (core/usageBatch.ts) and kept off the caller's latency path. A failure
 * is logged with the request id. Only the logger and the id are kept until the
 * write, not the request's context.
 */
export function recordLater(ctx: ApiContext, record: UsageRecord): void {
  const { log } = ctx.state.deps;
  const reqId = ctx.state.requestId;
  usageBatcher(ctx.state.deps.db)
    .addLater(record)
    // The whole record, so an operator can enter what was refused by hand.
    .catch((err) => log.error({ reqId, err, usage: record }, 'could not record usage'));
}

/** One non-streamed completion inside a provider slot; usage is recorded once the answer is on its way. */
export async function runOnce(ctx: ApiContext, request: CanonicalRequest, caller: Caller, dialect: ErrorDialect): Promise<PricedResult> {
  const signal = clientSignal(ctx);
  let priced: PricedResult;
  try {
    const prepared = prepareCompletion(request, caller);
    priced = await withSlot(ctx, request.provider, signal, () => completeOnce(prepared, caller, signal));
  } catch (err) {
    throw toApiError(err, dialect);
  }
  recordLater(ctx, completionUsage(priced, caller));
  return priced;
}

/** One protocol's stream grammar over canonical events (the protocols/ encoders, plus its in-band error). */
export interface StreamWriter {
  push(event: ContentEvent): string;
  /** May wait (a stored response is written before the client sees it end). */
  finish(event: FinishEvent, cost: Cost, result: PricedResult): string | Promise<string>;
  error(err: ApiError): string;
}

const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache',
  connection: 'keep-alive',
  'x-accel-buffering': 'no',
};

type StreamItem = StreamEvent | { type: 'result'; result: PricedResult };

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
  const signal = clientSignal(ctx);
  let release: (() => void) | undefined;
  let items: AsyncGenerator<StreamItem>;
  let first: IteratorResult<StreamItem>;
  try {
    const prepared = prepareCompletion(request, caller);
    release = await runtimeOf(ctx).slots.acquire(request.provider, signal);
    items = completeStreaming(prepared, caller, signal);
    first = await items.next();
  } catch (err) {
    release?.();
    throw toApiError(err, dialect);
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

  const firstItem = first.done ? undefined : first.value;
  const writer = open(firstItem?.type === 'meta' ? firstItem.requestId : undefined);
  let finish: FinishEvent | undefined;
  let priced: PricedResult | undefined;
  const handle = (item: StreamItem) => {
    if (item.type === 'result') priced = item.result;
    else if (item.type === 'finish') finish = item;
    else write(writer.push(item));
  };
  try {
    if (firstItem) handle(firstItem);
    sendNow(res);
    if (!first.done) for (let next = await items.next(); !next.done; next = await items.next()) handle(next.value);
    if (priced) write(await writer.finish(finish ?? { type: 'finish', finishReason: priced.finishReason, usage: priced.usage }, priced.cost, priced));
  } catch (err) {
    // A priced result means the upstream call finished (only the closing write failed): it is still billed.
    const apiErr = toApiError(err, dialect);
    logFailure(ctx.state.log, apiErr, { streamStarted: true });
    write(writer.error(apiErr));
    await items.return(undefined).catch(() => {});
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
