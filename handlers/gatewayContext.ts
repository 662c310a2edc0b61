// What the native and /v1 handlers both need from a request: the key that
// called, the caller record usage is kept under, the gateway's runtime, and
// a signal for the client going away.
import type { GatewayRuntime } from '../core/runtime.ts';
import type { GatewayAuth } from '../core/gatewayAuth.ts';
import type { Caller } from '../core/providerCall.ts';
import { ApiError } from '../protocols/errors.ts';
import { abortCall, callerAbortController } from '../providers/transport/http.ts';
import type { ServerResponse } from 'node:http';
import type { ApiContext } from './types.ts';
import type { PreparedRoute } from '../core/routing.ts';
import type { CallEstimate, RateView, Ticket } from '../core/governance/governor.ts';
import { estimateCompletion, estimateMedia } from '../core/governance/estimate.ts';
import type { PreparedMedia } from '../core/media/prepare.ts';

/** The gateway key that authenticated this request. */
export function keyOf(ctx: ApiContext): GatewayAuth {
  return ctx.state.auth as unknown as GatewayAuth;
}

/** The caller: the key, where the call came in, and its own provider key when sent (X-Provider-Key, billed byok). */
export function callerOf(ctx: ApiContext, surface = 'native', labels: { service?: string; tag?: string } = {}): Caller {
  const providerKey = ctx.get('x-provider-key').trim();
  const key = keyOf(ctx);
  return {
    keyId: key.keyId,
    surface,
    keyTags: key.tags,
    ...(key.teamId ? { teamId: key.teamId } : {}),
    ...(providerKey ? { providerKey } : {}),
    ...(labels.service !== undefined ? { service: labels.service } : {}),
    ...(labels.tag !== undefined ? { tag: labels.tag } : {}),
  };
}

export function runtimeOf(ctx: ApiContext): GatewayRuntime {
  return ctx.state.deps.gateway!;
}

const CLIENT_GONE = Symbol('aborted when the client goes away');

type Watched = ServerResponse & { [CLIENT_GONE]?: AbortController };

/**
 * Aborts when the client goes away before the answer is complete, so the
 * upstream call stops too. One signal per response, however often asked; the
 * listener is one function for every response, not a closure per call.
 */
export function clientSignal(ctx: ApiContext): AbortSignal {
  const res = ctx.res as Watched;
  let controller = res[CLIENT_GONE];
  if (!controller) {
    res[CLIENT_GONE] = controller = callerAbortController();
    res.on('close', clientClosed);
  }
  return controller.signal;
}

function clientClosed(this: Watched): void {
  if (!this.writableFinished) abortCall(this[CLIENT_GONE]!, new ApiError('invalid_request', 'Client closed the connection', { code: 'client_closed' }));
}

/**
 * Refuses (403, 429) or admits a completion under the limits and budgets of
 * its key, team and tags, before anything goes upstream: null when none
 * applies; at once when this process's leases cover it.
 */
export function admitCompletion(ctx: ApiContext, route: PreparedRoute, caller: Caller): Ticket | null | Promise<Ticket | null> {
  return runtimeOf(ctx).governor.admit(keyOf(ctx), () =>
    estimateCompletion(
      route.targets.map((t) => t.request),
      caller,
    ),
  );
}

/**
 * The same for a call other than a completion (embeddings, media, an engine's
 * analysis): its allow-list, limits and budgets, from its estimate. A queued
 * task hands the ticket to its submit, which holds it on the task.
 */
export async function admitCall(ctx: ApiContext, estimate: () => CallEstimate): Promise<Ticket | null> {
  const admitted = runtimeOf(ctx).governor.admit(keyOf(ctx), estimate);
  return admitted instanceof Promise ? await admitted : admitted;
}

/** A prepared media task's admission: the units its request asks for, at their ceiling where it does not say. */
export function admitMedia(ctx: ApiContext, prepared: PreparedMedia, caller: Pick<Caller, 'providerKey'>): Promise<Ticket | null> {
  return admitCall(ctx, () => estimateMedia(prepared, caller));
}

/** OpenAI's rate-limit headers, from the tightest limit of each kind that applies (openapi/compat.yaml). */
export function setRateLimitHeaders(ctx: ApiContext, ticket: Ticket | null): void {
  if (!ticket) return;
  rateHeaders(ctx, 'requests', ticket.requests);
  rateHeaders(ctx, 'tokens', ticket.tokens);
}

function rateHeaders(ctx: ApiContext, kind: string, view: RateView | undefined): void {
  if (!view) return;
  ctx.set(`x-ratelimit-limit-${kind}`, String(view.limit));
  ctx.set(`x-ratelimit-remaining-${kind}`, String(view.remaining));
  ctx.set(`x-ratelimit-reset-${kind}`, duration(view.resetMs));
}

/** OpenAI's form: `6m0s`, `1.5s`, `20ms`. */
function duration(ms: number): string {
  if (ms < 1000) return `${Math.max(0, Math.ceil(ms))}ms`;
  const s = ms / 1000;
  if (s < 60) return `${Number(s.toFixed(3))}s`;
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  return `${h ? `${h}h` : ''}${m}m${Math.floor(s % 60)}s`;
}
