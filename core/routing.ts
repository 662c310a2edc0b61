// Routing of one completion: its targets (the request's own provider and
// model, then its fallbacks) in order or drawn by weight, each behind its
// provider's circuit breaker, each retried by the transport under the call's
// retry policy, all inside the call's total deadline. The queue worker and the
// /v1 endpoints both run completions through here.
import { ApiError } from '../protocols/errors.ts';
import type { CanonicalRequest, ProviderId, StreamEvent } from '../protocols/canonical.ts';
import type { RoutingAttempt, RoutingPolicy } from '../protocols/routing.ts';
import { ProviderError, type RetryPolicy, type UpstreamObserver } from '../providers/types.ts';
import { callerCaused, CallerCausedError, circuits, unanswered } from './circuitBreaker.ts';
import { deploymentCall, ownKeyFailure } from './providerCall.ts';
import { deploymentSlots, deploymentsOf, noDeploymentServes } from './deployments.ts';
import { DEFAULT_TIMEOUT_MS } from '../providers/transport/http.ts';
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
import { ModelCall, slotWait } from './modelSpans.ts';
import { isWarmUp, warmUpCircuits } from './warmUp.ts';

/** `deployment`: which of the provider's deployments (switchyard.yaml) answered, when it has them. */
export type RoutedResult = PricedResult & { attempts?: RoutingAttempt[]; deployment?: string };

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
// request or key refused, a cancel) would fail the same way on every target.
function fallsThrough(err: unknown): boolean {
  return unanswered(err) || (err instanceof ApiError && err.code === 'circuit_open');
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

/** Starts one target's call; what it resolves to commits the call to that target (a completion's answer, a stream's first item). */
type Start<T> = (p: PreparedCompletion, payer: Caller, signal: AbortSignal, tuning: CallTuning) => Promise<T>;

/** One call's run through its targets. */
class RouteRun {
  readonly attempts: RoutingAttempt[] = [];
  readonly signal: AbortSignal;
  /** The caller's own signal (client gone, task cancelled), without the total deadline. */
  private readonly callerSignal: AbortSignal;
  private readonly totalMs: number | undefined;
  private readonly retry: RetryPolicy | undefined;
  private readonly firstByteMs: number | undefined;
  /** Attempts are reported only when routing was asked for or a fallback was used. */
  private readonly routed: boolean;
  private readonly breakers: ReturnType<typeof circuits>;
  /** The start-up warm-up's call (core/warmUp.ts): circuits of its own, no deployments. */
  private readonly warmUp: boolean;
  private readonly route: PreparedRoute;
  private readonly caller: Caller;
  private readonly hooks: RouteHooks;

  constructor(route: PreparedRoute, caller: Caller, signal: AbortSignal, hooks: RouteHooks) {
    this.route = route;
    this.caller = caller;
    this.hooks = hooks;
    this.callerSignal = signal;
    this.totalMs = route.policy?.timeout?.totalMs;
    this.signal = this.totalMs ? AbortSignal.any([signal, AbortSignal.timeout(this.totalMs)]) : signal;
    this.retry = retryOf(route.policy);
    this.firstByteMs = route.policy?.timeout?.firstByteMs;
    this.routed = route.policy !== undefined;
    this.warmUp = isWarmUp(caller);
    this.breakers = this.warmUp ? warmUpCircuits() : circuits();
  }

  /**
   * The one routing loop: each target in order behind its circuit, inside a
   * provider slot, until one starts answering. The target that does is
   * returned with its slot still held; a failure that another target might
   * not meet hands over to the next.
   */
  async commit<T>(start: Start<T>): Promise<Leg<T>> {
    const requested = this.route.targets[0]!.request.provider;
    let last: unknown;
    for (const p of orderTargets(this.route.targets, this.route.weights)) {
      const set = this.warmUp ? undefined : deploymentsOf(p.request.provider);
      if (!set) {
        const tried = await this.attempt(p, requested, start);
        if (tried instanceof Leg) return tried;
        if (tried !== SKIPPED) last = tried.err;
        continue;
      }
      // The provider's deployments are its targets, each behind its own circuit and slot, all
      // inside one slot of the provider's: taken first, so the deployments are ordered by
      // which has room once this call may run, not before it waited.
      let held: (() => void) | undefined;
      try {
        const slot = this.hooks.acquire?.(p.request.provider, this.signal);
        held = slot instanceof Promise ? await slotWait(p.request.provider, slot) : slot;
      } catch (caught) {
        const err = this.failed(p, caught);
        this.record(p, 'failed', 0, err);
        throw err;
      }
      let leg: Leg<T> | undefined;
      try {
        const members = set.order(p.request.model, deploymentSlots());
        if (!members.length) {
          last = this.failed(p, noDeploymentServes(p.request.provider, p.request.model));
          this.record(p, 'failed', 0, last);
          continue;
        }
        for (const m of members) {
          const call = p.call.callersKey ? deploymentCall(m.deployment.settings, p.call.settings.apiKey) : m.call;
          const tried = await this.attempt({ ...p, call, deployment: m.deployment.name }, requested, start, held);
          if (tried instanceof Leg) return (leg = tried);
          if (tried !== SKIPPED) last = tried.err;
        }
      } finally {
        // The leg holds it until the call ends.
        if (!leg) held?.();
      }
    }
    throw this.exhausted(last);
  }

  /**
   * One target (or one deployment of it, `held` being the provider's slot
   * already taken for it): its leg once it answers, else why not.
   */
  private async attempt<T>(p: PreparedCompletion, requested: ProviderId, start: Start<T>, held?: () => void): Promise<Leg<T> | Missed> {
    const { hooks, breakers } = this;
    const { provider } = p.request;
    if (!breakers.allow(provider, p.call.settings.baseUrl, p.deployment)) {
      ModelCall.skipped(p, this.caller, this.attempts.length);
      this.record(p, 'skipped', 0, new ApiError('unavailable', 'circuit open', { code: 'circuit_open' }));
      routingFallbacks.labels(provider).inc();
      return SKIPPED;
    }
    const { tuning, observer } = this.tuning();
    // What a failure gives back (this attempt's own slot), and what the leg holds (the provider's too).
    let own: (() => void) | undefined;
    let release: (() => void) | undefined;
    let span: ModelCall | undefined;
    try {
      if (p.deployment === undefined) {
        const slot = hooks.acquire?.(provider, this.signal);
        release = own = slot instanceof Promise ? await slotWait(provider, slot) : slot;
      } else {
        const slot = deploymentSlots().acquire(`${provider}/${p.deployment}`, this.signal);
        own = slot instanceof Promise ? await slotWait(provider, slot) : slot;
        release = held ? both(own, held) : own;
      }
      const started = performance.now();
      let value: T;
      span = ModelCall.start(p, this.caller, this.attempts.length);
      const payer = payerOf(this.caller, requested, provider);
      try {
        value = await (span ? span.run(() => start(p, payer, this.signal, tuning)) : start(p, payer, this.signal, tuning));
      } finally {
        if (hooks.trace) hooks.trace.upstreamMs += performance.now() - started;
      }
      this.trace(p);
      return new Leg(this, p, observer, release, value, span);
    } catch (caught) {
      own?.();
      const err = this.failed(p, caught);
      this.record(p, 'failed', observer?.tries ?? 1, err);
      span?.failed(err, observer?.tries ?? 1);
      if (!fallsThrough(err) || this.signal.aborted) throw err;
      routingFallbacks.labels(provider).inc();
      return new Missed(err);
    }
  }

  private tuning(): { tuning: CallTuning; observer: CountingObserver | undefined } {
    const observer = this.routed ? new CountingObserver() : undefined;
    const tuning: CallTuning = { observer: observer ?? upstreamObserver };
    if (this.retry) tuning.retry = this.retry;
    if (this.firstByteMs) tuning.timeoutMs = this.firstByteMs;
    return { tuning, observer };
  }

  /** A target's failure as the caller is answered, told to its circuit (which counts only the provider's own). */
  failed(p: PreparedCompletion, caught: unknown): unknown {
    const err = this.translate(caught, p);
    this.breakers.failed(p.request.provider, p.call.settings.baseUrl, err, p.deployment);
    return err;
  }

  succeeded(p: PreparedCompletion, tries: number): void {
    this.breakers.succeeded(p.request.provider, p.deployment);
    this.record(p, 'answered', tries);
  }

  /**
   * What a failure is: the total deadline passing reads as a timeout, not as
   * the caller's cancel; the caller's own deadlines and what the provider says
   * of the caller's own key are the caller's, never the provider's failure.
   */
  private translate(err: unknown, p: PreparedCompletion): unknown {
    if (this.signal.aborted) {
      if (!this.totalMs || this.callerSignal.aborted) return err;
      const message = `No target answered within routing.timeout.totalMs (${this.totalMs} ms)`;
      return new CallerCausedError(p.request.provider, 'timeout', message, { cause: err });
    }
    // A first-byte deadline shorter than the operator's own (PROVIDER_TIMEOUT_MS) is the caller's.
    if (err instanceof ProviderError && err.code === 'timeout' && this.firstByteMs && this.firstByteMs < (p.call.settings.timeoutMs ?? DEFAULT_TIMEOUT_MS)) {
      return callerCaused(err);
    }
    return ownKeyFailure(err, p.call);
  }

  private record(p: PreparedCompletion, outcome: RoutingAttempt['outcome'], tries: number, err?: unknown): void {
    const attempt: RoutingAttempt = { provider: p.request.provider, model: p.request.model, outcome, tries };
    if (p.deployment !== undefined) attempt.deployment = p.deployment;
    if (err !== undefined) attempt.errorCode = err instanceof ApiError ? err.code : err instanceof ProviderError ? err.code : 'internal_error';
    this.attempts.push(attempt);
  }

  /** Tells the surface which target answers (the attempt it is making is not recorded yet). */
  private trace(p: PreparedCompletion): void {
    const trace = this.hooks.trace;
    if (!trace) return;
    trace.targets = this.attempts.length + 1;
    if (this.routed || trace.targets > 1) trace.answeredBy = `${p.request.provider}/${p.request.model}`;
  }

  result(result: PricedResult, deployment: string | undefined): RoutedResult {
    const named: RoutedResult = deployment === undefined ? result : { ...result, deployment };
    return this.routed || this.attempts.length > 1 ? { ...named, attempts: this.attempts } : named;
  }

  /** All targets failed or were skipped: the last provider failure, or 503 when every circuit was open. */
  private exhausted(last: unknown): unknown {
    if (last !== undefined) return last;
    const open = this.attempts.map((a) => (a.deployment === undefined ? a.provider : `${a.provider}/${a.deployment}`)).join(', ');
    return new ApiError('unavailable', `Not calling ${open}: the circuit is open after repeated failures (see GET /api/llm/circuits)`, {
      code: 'circuit_open',
      headers: { 'retry-after': String(Math.ceil(circuitRetrySeconds(this.attempts))) },
    });
  }
}

/** The target a call committed to, holding its provider slot until the call ends. */
class Leg<T> {
  readonly release: (() => void) | undefined;
  readonly value: T;
  private readonly run: RouteRun;
  private readonly target: PreparedCompletion;
  private readonly observer: CountingObserver | undefined;
  /** The target's span while traces are exported. */
  readonly span: ModelCall | undefined;

  constructor(
    run: RouteRun,
    target: PreparedCompletion,
    observer: CountingObserver | undefined,
    release: (() => void) | undefined,
    value: T,
    span: ModelCall | undefined,
  ) {
    this.run = run;
    this.target = target;
    this.observer = observer;
    this.release = release;
    this.value = value;
    this.span = span;
  }

  answered(result: PricedResult): RoutedResult {
    this.run.succeeded(this.target, this.observer?.tries ?? 1);
    this.span?.answered(result, this.observer?.tries ?? 1);
    return this.run.result(result, this.target.deployment);
  }

  /** A failure after the call was committed: told to the circuit, and the caller's to handle (no other target is tried). */
  failed(caught: unknown): unknown {
    const err = this.run.failed(this.target, caught);
    this.span?.failed(err, this.observer?.tries ?? 1);
    return err;
  }
}

/** A call failed or skipped on a target is told apart from a leg that answers. */
class Missed {
  readonly err: unknown;
  constructor(err: unknown) {
    this.err = err;
  }
}

const SKIPPED = new Missed(undefined);

function both(first: () => void, second: () => void): () => void {
  return () => {
    first();
    second();
  };
}

function circuitRetrySeconds(attempts: RoutingAttempt[]): number {
  const breakers = circuits();
  const soonest = Math.min(...attempts.map((a) => Date.parse(breakers.state(a.provider, a.deployment).retryAt ?? '') || Date.now()));
  return Math.max(1, (soonest - Date.now()) / 1000);
}

/** One priced completion, through the call's targets until one answers. */
export async function completeRouted(route: PreparedRoute, caller: Caller, signal: AbortSignal, hooks: RouteHooks = {}): Promise<RoutedResult> {
  const leg = await new RouteRun(route, caller, signal, hooks).commit(completeOnce);
  leg.release?.();
  return leg.answered(leg.value);
}

type StreamItem = StreamEvent | { type: 'result'; result: RoutedResult };
type Upstream = AsyncGenerator<StreamEvent | { type: 'result'; result: PricedResult }>;

/** A target's stream, committed to once its first item has arrived. */
const streamTarget: Start<{ items: Upstream; first: IteratorResult<StreamEvent | { type: 'result'; result: PricedResult }> }> = async (
  p,
  payer,
  signal,
  tuning,
) => {
  const items = completeStreaming(p, payer, signal, tuning);
  return { items, first: await items.next() };
};

/**
 * Streams a completion through the call's targets: a target that fails
 * before its first event hands over to the next; once an event has been
 * yielded the call is committed to that target, and a later failure is thrown
 * to the caller (who has already sent part of the answer on).
 */
export async function* streamRouted(route: PreparedRoute, caller: Caller, signal: AbortSignal, hooks: RouteHooks = {}): AsyncGenerator<StreamItem> {
  const leg = await new RouteRun(route, caller, signal, hooks).commit(streamTarget);
  const { items, first } = leg.value;
  try {
    for (let next = first; !next.done; next = await items.next()) {
      const item = next.value;
      yield item.type === 'result' ? { type: 'result', result: leg.answered(item.result) } : item;
    }
  } catch (err) {
    throw leg.failed(err);
  } finally {
    leg.release?.();
    leg.span?.abandoned();
    // A caller that stopped reading ends the upstream stream too.
    await items.return(undefined);
  }
}
