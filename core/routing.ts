// Routing of one completion: its targets (the request's own provider and
// model, then its fallbacks) in order or drawn by weight, each behind its
// provider's circuit breaker, each retried by the transport under the call's
// retry policy, all inside the call's total deadline. The queue worker and the
// /v1 endpoints both run completions through here.
import { ApiError } from '../protocols/errors.ts';
import type { CanonicalRequest, ProviderId, StreamEvent } from '../protocols/canonical.ts';
import type { RoutingAttempt, RoutingPolicy } from '../protocols/routing.ts';
import { ProviderError, type RetryPolicy, type UpstreamObserver } from '../providers/types.ts';
import { circuits, countsAgainstProvider } from './circuitBreaker.ts';
import {
  completeOnce,
  completeStreaming,
  prepareCompletion,
  resumeCompletion,
  type Caller,
  type CallTuning,
  type PreparedCompletion,
  type PricedResult,
} from './completion.ts';
import { upstreamObserver } from './upstreamObserver.ts';
import { routingFallbacks } from '../metrics/index.ts';

export type RoutedResult = PricedResult & { attempts?: RoutingAttempt[] };

/** A completion with every target prepared (and so validated) before anything runs. */
export interface PreparedRoute {
  targets: PreparedCompletion[];
  /** Weights of the targets, same order (loadbalance only). */
  weights?: number[];
  policy?: RoutingPolicy;
}

/** How a surface takes part: /v1 holds a provider slot around each target's call. */
export interface RouteHooks {
  /** A provider slot's release; at once when one is free. */
  acquire?(provider: ProviderId, signal: AbortSignal): (() => void) | Promise<() => void>;
  /** What the surface reports of the call (Server-Timing, which target answered). */
  trace?: RouteTrace;
}

export interface RouteTrace {
  /** Time spent waiting for providers (for streams, until the answer started). */
  upstreamMs: number;
  /** `<provider>/<model>` of the target that answered, once one has, when routing was asked for or a fallback was used. */
  answeredBy?: string;
  /** Targets tried so far, skipped ones included. */
  targets: number;
}

// Failures that say the target could not answer; anything else (the caller's
// request refused, a cancel) would fail the same way on every target.
function fallsThrough(err: unknown): boolean {
  return countsAgainstProvider(err) || (err instanceof ApiError && err.code === 'circuit_open');
}

function targetsOf(
  request: Omit<CanonicalRequest, 'model'> & { model?: string },
  caller: Pick<Caller, 'providerKey'>,
  policy: RoutingPolicy | undefined,
  primary: PreparedCompletion,
): PreparedRoute {
  const fallbacks = policy?.fallbacks ?? [];
  const targets = [primary];
  fallbacks.forEach((target, i) => {
    try {
      // A caller's own provider key belongs to the request's provider, not to its fallbacks.
      const own = target.provider === request.provider ? caller : {};
      targets.push(prepareCompletion({ ...request, provider: target.provider, model: target.model }, own));
    } catch (err) {
      if (err instanceof ApiError || err instanceof ProviderError) {
        const reason = err.message;
        throw new ApiError(err instanceof ApiError ? err.kind : 'invalid_request', `routing.fallbacks.${i} (${target.provider}): ${reason}`, {
          code: err instanceof ApiError ? err.code : 'unsupported_option',
          param: `routing.fallbacks.${i}`,
        });
      }
      throw err;
    }
  });
  const weights = policy?.strategy === 'loadbalance' ? [policy.weight ?? 1, ...fallbacks.map((f) => f.weight ?? 1)] : undefined;
  return { targets, weights, policy };
}

/** Prepares every target of a call now, so a bad fallback is refused before anything is queued or sent. */
export function prepareRoute(
  request: Omit<CanonicalRequest, 'model'> & { model?: string },
  caller: Pick<Caller, 'providerKey'>,
  policy?: RoutingPolicy,
): PreparedRoute {
  const primary = prepareCompletion(request, caller);
  return policy ? targetsOf(request, caller, policy, primary) : { targets: [primary] };
}

/** A stored (queued) call made ready again in the worker. */
export function resumeRoute(request: CanonicalRequest, caller: Pick<Caller, 'providerKey'>, policy?: RoutingPolicy): PreparedRoute {
  const primary = resumeCompletion(request, caller);
  return policy ? targetsOf(request, caller, policy, primary) : { targets: [primary] };
}

/** Targets in the order they are tried: as given, or under loadbalance drawn by weight one after another. */
export function orderTargets<T>(targets: T[], weights: number[] | undefined, random: () => number = Math.random): T[] {
  if (!weights || targets.length < 2) return targets;
  const pool = targets.map((t, i) => ({ t, w: Math.max(0, weights[i] ?? 1) }));
  const out: T[] = [];
  while (pool.length) {
    const total = pool.reduce((sum, p) => sum + p.w, 0);
    let pick = 0;
    if (total > 0) {
      let r = random() * total;
      while (pick < pool.length - 1 && r >= pool[pick]!.w) r -= pool[pick++]!.w;
    }
    out.push(pool.splice(pick, 1)[0]!.t);
  }
  return out;
}

function retryOf(policy: RoutingPolicy | undefined): RetryPolicy | undefined {
  const r = policy?.retry;
  if (!r) return undefined;
  return { attempts: r.attempts ?? 3, initialBackoffMs: r.initialBackoffMs ?? 200, maxBackoffMs: r.maxBackoffMs ?? 20_000 };
}

/** Counts the upstream requests of one target (for `attempts`) and passes each event on to the metrics. */
class CountingObserver implements UpstreamObserver {
  tries = 0;
  sending(provider: ProviderId, attempt: number): void {
    this.tries++;
    upstreamObserver.sending(provider, attempt);
  }

  failed(provider: ProviderId, err: ProviderError, retrying: boolean): void {
    upstreamObserver.failed(provider, err, retrying);
  }
}

/** Who pays for an answer from `answered`: a caller's own provider key (byok) covers only the provider it was sent for. */
export function payerOf(caller: Caller, requested: ProviderId, answered: ProviderId): Caller {
  if (caller.providerKey === undefined || answered === requested) return caller;
  const { providerKey: _, ...rest } = caller;
  return rest;
}

/** One call's run through its targets. */
class RouteRun {
  readonly attempts: RoutingAttempt[] = [];
  readonly signal: AbortSignal;
  private readonly caller: AbortSignal;
  private readonly totalMs: number | undefined;
  private readonly retry: RetryPolicy | undefined;
  private readonly firstByteMs: number | undefined;
  /** Attempts are reported only when routing was asked for or a fallback was used. */
  private readonly routed: boolean;

  constructor(route: PreparedRoute, signal: AbortSignal) {
    this.caller = signal;
    this.totalMs = route.policy?.timeout?.totalMs;
    this.signal = this.totalMs ? AbortSignal.any([signal, AbortSignal.timeout(this.totalMs)]) : signal;
    this.retry = retryOf(route.policy);
    this.firstByteMs = route.policy?.timeout?.firstByteMs;
    this.routed = route.policy !== undefined;
  }

  tuning(): { tuning: CallTuning; observer: CountingObserver | undefined } {
    const observer = this.routed ? new CountingObserver() : undefined;
    const tuning: CallTuning = { observer: observer ?? upstreamObserver };
    if (this.retry) tuning.retry = this.retry;
    if (this.firstByteMs) tuning.timeoutMs = this.firstByteMs;
    return { tuning, observer };
  }

  /** The total deadline passing reads as a timeout, not as the caller's cancel. */
  translate(err: unknown, provider: ProviderId): unknown {
    if (this.totalMs && this.signal.aborted && !this.caller.aborted) {
      return new ProviderError(provider, 'timeout', `No target answered within routing.timeout.totalMs (${this.totalMs} ms)`, { cause: err });
    }
    return err;
  }

  record(p: PreparedCompletion, outcome: RoutingAttempt['outcome'], tries: number, err?: unknown): void {
    const attempt: RoutingAttempt = { provider: p.request.provider, model: p.request.model, outcome, tries };
    if (err !== undefined) attempt.errorCode = err instanceof ApiError ? err.code : err instanceof ProviderError ? err.code : 'internal_error';
    this.attempts.push(attempt);
  }

  /** Tells the surface which target answers (`pending`: one more attempt than recorded, for a stream that has just started). */
  trace(trace: RouteTrace | undefined, p: PreparedCompletion, pending = 0): void {
    if (!trace) return;
    trace.targets = this.attempts.length + pending;
    if (this.routed || trace.targets > 1) trace.answeredBy = `${p.request.provider}/${p.request.model}`;
  }

  result(result: PricedResult): RoutedResult {
    return this.routed || this.attempts.length > 1 ? { ...result, attempts: this.attempts } : result;
  }

  /** All targets failed or were skipped: the last provider failure, or 503 when every circuit was open. */
  exhausted(last: unknown): unknown {
    if (last !== undefined) return last;
    const open = this.attempts.map((a) => a.provider).join(', ');
    return new ApiError('unavailable', `Not calling ${open}: the circuit is open after repeated failures (see GET /api/llm/circuits)`, {
      code: 'circuit_open',
      headers: { 'retry-after': String(Math.ceil(circuitRetrySeconds(this.attempts))) },
    });
  }
}

function circuitRetrySeconds(attempts: RoutingAttempt[]): number {
  const breakers = circuits();
  const soonest = Math.min(...attempts.map((a) => Date.parse(breakers.state(a.provider).retryAt ?? '') || Date.now()));
  return Math.max(1, (soonest - Date.now()) / 1000);
}

/** One priced completion, through the call's targets until one answers. */
export async function completeRouted(route: PreparedRoute, caller: Caller, signal: AbortSignal, hooks: RouteHooks = {}): Promise<RoutedResult> {
  const run = new RouteRun(route, signal);
  const breakers = circuits();
  let last: unknown;
  for (const p of orderTargets(route.targets, route.weights)) {
    const { provider } = p.request;
    const origin = p.call.settings.baseUrl;
    if (!breakers.allow(provider, origin)) {
      run.record(p, 'skipped', 0, new ApiError('unavailable', 'circuit open', { code: 'circuit_open' }));
      routingFallbacks.labels(provider).inc();
      continue;
    }
    const { tuning, observer } = run.tuning();
    let release: (() => void) | undefined;
    try {
      const slot = hooks.acquire?.(provider, run.signal);
      release = slot instanceof Promise ? await slot : slot;
      const started = performance.now();
      try {
        const result = await completeOnce(p, payerOf(caller, route.targets[0]!.request.provider, provider), run.signal, tuning);
        breakers.succeeded(provider);
        run.record(p, 'answered', observer?.tries ?? 1);
        run.trace(hooks.trace, p);
        return run.result(result);
      } finally {
        if (hooks.trace) hooks.trace.upstreamMs += performance.now() - started;
      }
    } catch (caught) {
      const err = run.translate(caught, provider);
      breakers.failed(provider, origin, err);
      run.record(p, 'failed', observer?.tries ?? 1, err);
      if (!fallsThrough(err) || run.signal.aborted) throw err;
      last = err;
      routingFallbacks.labels(provider).inc();
    } finally {
      release?.();
    }
  }
  throw run.exhausted(last);
}

type StreamItem = StreamEvent | { type: 'result'; result: RoutedResult };

/**
 * Streams a completion through the call's targets: a target that fails
 * before its first event hands over to the next; once an event has been
 * yielded the call is committed to that target, and a later failure is thrown
 * to the caller (who has already sent part of the answer on).
 */
export async function* streamRouted(route: PreparedRoute, caller: Caller, signal: AbortSignal, hooks: RouteHooks = {}): AsyncGenerator<StreamItem> {
  const run = new RouteRun(route, signal);
  const breakers = circuits();
  let last: unknown;
  for (const p of orderTargets(route.targets, route.weights)) {
    const { provider } = p.request;
    const origin = p.call.settings.baseUrl;
    if (!breakers.allow(provider, origin)) {
      run.record(p, 'skipped', 0, new ApiError('unavailable', 'circuit open', { code: 'circuit_open' }));
      routingFallbacks.labels(provider).inc();
      continue;
    }
    const { tuning, observer } = run.tuning();
    let release: (() => void) | undefined;
    let committed = false;
    try {
      const slot = hooks.acquire?.(provider, run.signal);
      release = slot instanceof Promise ? await slot : slot;
      const started = performance.now();
      const items = completeStreaming(p, payerOf(caller, route.targets[0]!.request.provider, provider), run.signal, tuning);
      const first = await items.next();
      if (hooks.trace) hooks.trace.upstreamMs += performance.now() - started;
      committed = true;
      run.trace(hooks.trace, p, 1);
      for (let next = first; !next.done; next = await items.next()) {
        const item = next.value;
        if (item.type !== 'result') {
          yield item;
          continue;
        }
        breakers.succeeded(provider);
        run.record(p, 'answered', observer?.tries ?? 1);
        yield { type: 'result', result: run.result(item.result) };
      }
      return;
    } catch (caught) {
      const err = run.translate(caught, provider);
      breakers.failed(provider, origin, err);
      if (committed) throw err;
      run.record(p, 'failed', observer?.tries ?? 1, err);
      if (!fallsThrough(err) || run.signal.aborted) throw err;
      last = err;
      routingFallbacks.labels(provider).inc();
    } finally {
      release?.();
    }
  }
  throw run.exhausted(last);
}
