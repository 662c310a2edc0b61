// Per-provider circuit breakers: a provider that keeps failing is left alone
// for a while (calls go to the next fallback or fail fast with 503), then one
// call probes it. Failures are counted per process; a circuit's opening and
// closing are announced (onChange) and applied from other processes (apply),
// so every process sharing the database leaves the provider alone together
// (core/sharedCircuits.ts).
import { PROVIDER_IDS, type ProviderId } from '../protocols/canonical.ts';
import { ProviderError } from '../providers/types.ts';

export type CircuitStateName = 'closed' | 'open' | 'half_open';

export interface CircuitSnapshot {
  provider: ProviderId;
  /** One of the provider's deployments (switchyard.yaml), when the circuit is that deployment's. */
  deployment?: string;
  state: CircuitStateName;
  consecutiveFailures: number;
  openedAt?: string;
  retryAt?: string;
}

/** A circuit opened (or opened again after a failed probe) or closed, as told between processes. */
export type CircuitChange =
  | { provider: ProviderId; deployment?: string; state: 'open'; origin: string; failures: number; openedAt: number }
  | { provider: ProviderId; deployment?: string; state: 'closed' };

export interface BreakerOptions {
  /** Consecutive failed calls that open the circuit. */
  failureThreshold: number;
  /** How long it stays open before one call probes the provider. */
  cooldownMs: number;
  now?: () => number;
}

interface Circuit {
  /** The base URL the failures were seen at: a provider moved elsewhere (new settings) starts afresh. */
  origin: string;
  failures: number;
  openedAt: number;
  /** A probe is out while half-open; other calls keep skipping the provider until it settles. */
  probing: boolean;
}

// The provider did not answer; a caller's bad request, an unsupported option or a cancel would fail the same anywhere.
const UNANSWERED: ReadonlySet<string> = new Set(['rate_limited', 'upstream_error', 'unreachable', 'timeout']);

/**
 * A failure the caller chose, though it reads as the provider's: the caller's
 * own deadline passed, or the provider rate-limited the caller's own key. It
 * is answered as what it is (a timeout, a 429) but says nothing of the
 * provider's health, so it never counts against its circuit: otherwise one
 * caller could open a provider's circuit for every other.
 */
export class CallerCausedError extends ProviderError {}

export function callerCaused(err: ProviderError, message = err.message): CallerCausedError {
  const { status, retryAfterMs, upstreamBody, param } = err;
  return new CallerCausedError(err.provider, err.code, message, { status, retryAfterMs, upstreamBody, param, cause: err });
}

/** The target could not answer (another target might), whoever's doing that was. */
export function unanswered(err: unknown): boolean {
  return err instanceof ProviderError && UNANSWERED.has(err.code);
}

/** The provider's own failure (5xx, refused or reset connection, the operator's timeout, 429 on the operator's key): what a circuit counts. */
export function countsAgainstProvider(err: unknown): boolean {
  return unanswered(err) && !(err instanceof CallerCausedError);
}

/** A provider's own circuit is kept under its id, a deployment's under `<provider>/<deployment>`. */
function keyOf(provider: ProviderId, deployment: string | undefined): string {
  return deployment === undefined ? provider : `${provider}/${deployment}`;
}

export class CircuitBreakers {
  private readonly circuits = new Map<string, Circuit>();
  private readonly threshold: number;
  private readonly cooldownMs: number;
  private readonly now: () => number;
  /** Told of every opening and closing decided here (not of those applied from elsewhere). */
  onChange?: (change: CircuitChange) => void;

  constructor(opts: BreakerOptions) {
    this.threshold = opts.failureThreshold;
    this.cooldownMs = opts.cooldownMs;
    this.now = opts.now ?? Date.now;
  }

  /**
   * Whether a call may go to the provider now. Past the cooldown the first
   * caller is let through as the probe (and must report its outcome).
   */
  allow(provider: ProviderId, origin: string, deployment?: string): boolean {
    const c = this.circuits.get(keyOf(provider, deployment));
    if (!c || c.failures < this.threshold || c.origin !== origin) return true;
    if (c.probing || this.now() < c.openedAt + this.cooldownMs) return false;
    c.probing = true;
    return true;
  }

  succeeded(provider: ProviderId, deployment?: string): void {
    // The common case (never failed) costs one lookup.
    const key = keyOf(provider, deployment);
    const c = this.circuits.get(key);
    if (!c) return;
    this.circuits.delete(key);
    if (c.failures >= this.threshold) this.onChange?.(deployment === undefined ? { provider, state: 'closed' } : { provider, deployment, state: 'closed' });
  }

  /** A change decided by another process: taken as is, and not announced again. */
  apply(change: CircuitChange): void {
    const key = keyOf(change.provider, change.deployment);
    if (change.state === 'closed') {
      this.circuits.delete(key);
      return;
    }
    const c = this.circuits.get(key);
    // This process's own probe stays out until it settles.
    const probing = c?.origin === change.origin && c.probing;
    this.circuits.set(key, {
      origin: change.origin,
      failures: Math.max(change.failures, this.threshold),
      openedAt: change.openedAt,
      probing,
    });
  }

  /** Records a failed call; only the provider's own failures count. A call that ended otherwise releases its probe. */
  failed(provider: ProviderId, origin: string, err: unknown, deployment?: string): void {
    const key = keyOf(provider, deployment);
    const c = this.circuits.get(key);
    if (!countsAgainstProvider(err)) {
      if (c) c.probing = false;
      return;
    }
    if (!c || c.origin !== origin) {
      const opened = this.threshold <= 1;
      this.circuits.set(key, { origin, failures: 1, openedAt: opened ? this.now() : 0, probing: false });
      if (opened) this.onChange?.({ provider, ...named(deployment), state: 'open', origin, failures: 1, openedAt: this.now() });
      return;
    }
    c.failures += 1;
    c.probing = false;
    // Opening (or a failed probe) starts the cooldown afresh.
    if (c.failures >= this.threshold) {
      c.openedAt = this.now();
      this.onChange?.({ provider, ...named(deployment), state: 'open', origin, failures: c.failures, openedAt: c.openedAt });
    }
  }

  state(provider: ProviderId, deployment?: string): CircuitSnapshot {
    const c = this.circuits.get(keyOf(provider, deployment));
    if (!c || c.failures < this.threshold) return { provider, ...named(deployment), state: 'closed', consecutiveFailures: c?.failures ?? 0 };
    const retryAt = c.openedAt + this.cooldownMs;
    const state: CircuitStateName = c.probing || this.now() >= retryAt ? 'half_open' : 'open';
    return {
      provider,
      ...named(deployment),
      state,
      consecutiveFailures: c.failures,
      openedAt: new Date(c.openedAt).toISOString(),
      retryAt: new Date(retryAt).toISOString(),
    };
  }

  all(): CircuitSnapshot[] {
    return PROVIDER_IDS.map((id) => this.state(id));
  }

  /** The deployments' circuits that have seen failures (the others are closed). */
  deploymentCircuits(): CircuitSnapshot[] {
    const out: CircuitSnapshot[] = [];
    for (const key of this.circuits.keys()) {
      const cut = key.indexOf('/');
      if (cut > 0) out.push(this.state(key.slice(0, cut) as ProviderId, key.slice(cut + 1)));
    }
    return out;
  }
}

function named(deployment: string | undefined): { deployment?: string } {
  return deployment === undefined ? {} : { deployment };
}

function positiveInt(raw: string | undefined, fallback: number, name: string): number {
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return n;
}

let shared: CircuitBreakers | undefined;

/** This process's breakers, configured by CIRCUIT_FAILURE_THRESHOLD (5) and CIRCUIT_COOLDOWN_MS (30000). */
export function circuits(env: NodeJS.ProcessEnv = process.env): CircuitBreakers {
  shared ??= new CircuitBreakers({
    failureThreshold: positiveInt(env.CIRCUIT_FAILURE_THRESHOLD, 5, 'CIRCUIT_FAILURE_THRESHOLD'),
    cooldownMs: positiveInt(env.CIRCUIT_COOLDOWN_MS, 30_000, 'CIRCUIT_COOLDOWN_MS'),
  });
  return shared;
}

/** Tests start each case with fresh breakers. */
export function resetCircuits(): void {
  shared = undefined;
}
