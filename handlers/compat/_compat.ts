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
import type { Caller, PricedResult } from '../../core/completion.ts';
import { completeRouted, payerOf, prepareRoute, streamRouted, type RouteHooks, type RoutedResult } from '../../core/routing.ts';
import { gatewayAdded, labelled } from '../../metrics/index.ts';
import { hundredths, tenths } from '../../metrics/milliseconds.ts';
import { fromCompatRouting, mergeRouting, type RoutingPolicy } from '../../protocols/routing.ts';
import { logFailure, toApiError, type ErrorDialect } from '../../core/errors.ts';
import { completionUsage, usageBatcher } from '../../core/usageBatch.ts';
import type { UsageRecord } from '../../db/gateway/insertUsage.ts';
import type { ApiContext } from '../types.ts';
import type { GatewayRuntime } from '../../core/runtime.ts';
import { admitCompletion, clientSignal, keyOf, runtimeOf, setRateLimitHeaders } from '../gatewayContext.ts';
import type { Ticket } from '../../core/governance/governor.ts';
import type { Charge } from '../../db/gateway/settleAllowances.ts';

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
export function recordLater(ctx: ApiContext, record: UsageRecord, charges?: Charge[]): void {
  const { log } = ctx.state.deps;
  const reqId = ctx.state.requestId;
  const settled = charges?.length ? { ...record, charges } : record;
  // The whole record, so an operator can enter what was refused by hand.
  usageBatcher(ctx.state.deps.db).addLater(settled, (err) => log.error({ reqId, err, usage: record }, 'could not record usage'));
}

/** Records a priced completion with what it settles of its limits and budgets. */
function recordPriced(ctx: ApiContext, priced: PricedResult, payer: Caller, ticket: Ticket | null): void {
  recordLater(ctx, completionUsage(priced, payer), ticket?.settle(priced.cost.customerPrice, priced.usage.totalTokens));
}

/** The hooks of one /v1 call: a provider slot around each target's call, and the time spent waiting for providers. */
function hooksOf(ctx: ApiContext): Required<RouteHooks> {
  return new CallHooks(runtimeOf(ctx).slots);
}

// A class, not a closure made per call: that closure, called once per call, ran as baseline code (perf, /v1).
class CallHooks implements Required<RouteHooks> {
  readonly trace: Required<RouteHooks>['trace'] = { upstreamMs: 0, targets: 0 };
  private readonly slots: GatewayRuntime['slots'];
  constructor(slots: GatewayRuntime['slots']) {
    this.slots = slots;
  }

  acquire(provider: ProviderId, signal: AbortSignal): ReturnType<GatewayRuntime['slots']['acquire']> {
    return this.slots.acquire(provider, signal);
  }
}

const addedBy = labelled(gatewayAdded);

/**
 * Says which target answered (when routing chose one) and how long the
 * gateway itself took: Server-Timing `gateway` is the call's time so far minus
 * the wait for providers; the same figure feeds the gateway-added histogram.
 */
function announce(ctx: ApiContext, { trace }: Required<RouteHooks>, final: boolean): void {
  const elapsed = performance.now() - ctx.state.startedAt;
  const upstream = trace.upstreamMs;
  const added = Math.max(0, elapsed - upstream);
  addedBy(ctx.state.op.operation.operationId ?? 'unknown').observe(added / 1000);
  ctx.set('server-timing', `gateway;dur=${hundredths(added)}, upstream;dur=${tenths(upstream)}${final ? `, total;dur=${tenths(elapsed)}` : ''}`);
  if (trace.answeredBy) ctx.set('x-switchyard-target', `${trace.answeredBy}; targets=${trace.targets}`);
}

/** The body's `routing` extension (core/routing.ts), every target as `<provider>/<model>`. */
function routingOf(ctx: ApiContext): RoutingPolicy | undefined {
  const body = ctx.state.op.request.requestBody as { routing?: unknown } | undefined;
  const own = body?.routing === undefined ? undefined : fromCompatRouting(body.routing);
  return mergeRouting(own, keyOf(ctx).routing);
}

/** One non-streamed completion inside a provider slot; usage is recorded once the answer is on its way. */
export async function runOnce(ctx: ApiContext, request: CanonicalRequest, caller: Caller, dialect: ErrorDialect): Promise<PricedResult> {
  const signal = clientSignal(ctx);
  const hooks = hooksOf(ctx);
  let priced: RoutedResult;
  let ticket: Ticket | null = null;
  try {
    const route = prepareRoute(request, caller, routingOf(ctx));
    const admitted = admitCompletion(ctx, route, caller);
    ticket = admitted instanceof Promise ? await admitted : admitted;
    priced = await completeRouted(route, caller, signal, hooks);
  } catch (err) {
    // Nothing was spent: what the call reserved goes back.
    ticket?.settle(0, 0);
    throw toApiError(err, dialect);
  }
  announce(ctx, hooks, true);
  setRateLimitHeaders(ctx, ticket);
  recordPriced(ctx, priced, payerOf(caller, request.provider, priced.provider), ticket);
  ctx.state.completion = priced;
  ctx.state.upstreamMs = hooks.trace.upstreamMs;
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

type StreamItem = StreamEvent | { type: 'result'; result: RoutedResult };

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
  const hooks = hooksOf(ctx);
  let items: AsyncGenerator<StreamItem>;
  let first: IteratorResult<StreamItem>;
  let ticket: Ticket | null = null;
  try {
    const route = prepareRoute(request, caller, routingOf(ctx));
    const admitted = admitCompletion(ctx, route, caller);
    ticket = admitted instanceof Promise ? await admitted : admitted;
    // The routed stream holds the provider slot of the target it is reading from.
    items = streamRouted(route, caller, signal, hooks);
    first = await items.next();
  } catch (err) {
    ticket?.settle(0, 0);
    throw toApiError(err, dialect);
  }
  announce(ctx, hooks, false);
  setRateLimitHeaders(ctx, ticket);

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
    ctx.state.errorCode = apiErr.code;
    logFailure(ctx.state.log, apiErr, { streamStarted: true });
    write(writer.error(apiErr));
    await items.return(undefined).catch(() => {});
  } finally {
    finishResponse(res);
  }
  ctx.state.upstreamMs = hooks.trace.upstreamMs;
  // A stream settles from its final usage; one cut short before it has none, and gives its reservation back.
  if (priced) {
    ctx.state.completion = priced;
    recordPriced(ctx, priced, payerOf(caller, request.provider, priced.provider), ticket);
  } else ticket?.settle(0, 0);
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
