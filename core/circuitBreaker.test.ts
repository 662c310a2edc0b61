import { describe, expect, it } from 'vitest';
import { callerCaused, CircuitBreakers, countsAgainstProvider } from './circuitBreaker.ts';
import { ProviderError } from '../providers/types.ts';
import { ApiError } from '../protocols/errors.ts';
import { orderTargets } from './routing.ts';
import { ownKeyFailure, type ProviderCall } from './providerCall.ts';

const ORIGIN = 'http://127.0.0.1:1/v1';
const fail = (code: 'upstream_error' | 'upstream_rejected' | 'cancelled' = 'upstream_error') => new ProviderError('openai', code, 'boom');

describe('circuit breaker', () => {
  function breakers() {
    let now = 1_000_000;
    const b = new CircuitBreakers({ failureThreshold: 3, cooldownMs: 30_000, now: () => now });
    return { b, advance: (ms: number) => (now += ms) };
  }

  it('opens after the threshold of consecutive provider failures, then lets one probe through after the cooldown', () => {
    const { b, advance } = breakers();
    for (let i = 0; i < 2; i++) b.failed('openai', ORIGIN, fail());
    expect(b.allow('openai', ORIGIN)).toBe(true);
    expect(b.state('openai')).toMatchObject({ state: 'closed', consecutiveFailures: 2 });
    b.failed('openai', ORIGIN, fail());
    expect(b.state('openai')).toMatchObject({ state: 'open', consecutiveFailures: 3 });
    expect(b.allow('openai', ORIGIN)).toBe(false);
    advance(29_999);
    expect(b.allow('openai', ORIGIN)).toBe(false);
    advance(1);
    // One probe; everyone else keeps skipping until it settles.
    expect(b.allow('openai', ORIGIN)).toBe(true);
    expect(b.state('openai').state).toBe('half_open');
    expect(b.allow('openai', ORIGIN)).toBe(false);
    // The probe failed: open again for a whole cooldown.
    b.failed('openai', ORIGIN, fail());
    expect(b.state('openai').state).toBe('open');
    expect(b.allow('openai', ORIGIN)).toBe(false);
    advance(30_000);
    expect(b.allow('openai', ORIGIN)).toBe(true);
    b.succeeded('openai');
    expect(b.state('openai')).toEqual({ provider: 'openai', state: 'closed', consecutiveFailures: 0 });
    expect(b.allow('openai', ORIGIN)).toBe(true);
  });

  it("does not count the caller's own mistakes or cancels, and a success resets the count", () => {
    const { b } = breakers();
    for (let i = 0; i < 5; i++) b.failed('openai', ORIGIN, fail('upstream_rejected'));
    for (let i = 0; i < 5; i++) b.failed('openai', ORIGIN, fail('cancelled'));
    expect(b.state('openai').consecutiveFailures).toBe(0);
    b.failed('openai', ORIGIN, fail());
    b.failed('openai', ORIGIN, fail());
    b.succeeded('openai');
    b.failed('openai', ORIGIN, fail());
    expect(b.state('openai')).toMatchObject({ state: 'closed', consecutiveFailures: 1 });
  });

  it('a probe that ends without a verdict (a cancel) frees the next caller to probe', () => {
    const { b, advance } = breakers();
    for (let i = 0; i < 3; i++) b.failed('openai', ORIGIN, fail());
    advance(30_000);
    expect(b.allow('openai', ORIGIN)).toBe(true);
    b.failed('openai', ORIGIN, fail('cancelled'));
    expect(b.allow('openai', ORIGIN)).toBe(true);
  });

  it('a provider moved to another base URL starts with a closed circuit', () => {
    const { b } = breakers();
    for (let i = 0; i < 3; i++) b.failed('openai', ORIGIN, fail());
    expect(b.allow('openai', ORIGIN)).toBe(false);
    expect(b.allow('openai', 'http://127.0.0.1:2/v1')).toBe(true);
    b.failed('openai', 'http://127.0.0.1:2/v1', fail());
    expect(b.state('openai')).toMatchObject({ state: 'closed', consecutiveFailures: 1 });
  });
});

describe('whose failure it is', () => {
  const call = (callersKey: boolean) => ({ callersKey }) as ProviderCall;
  const upstream = (code: 'rate_limited' | 'upstream_rejected' | 'upstream_error', status: number) =>
    new ProviderError('openai', code, `openai answered HTTP ${status}: key sk-own-abcdefgh`, { status, retryAfterMs: 30_000 });

  it("a caller's deadline reads as a timeout but never counts", () => {
    const b = new CircuitBreakers({ failureThreshold: 1, cooldownMs: 30_000 });
    const own = callerCaused(new ProviderError('openai', 'timeout', 'openai did not answer within 1 ms'));
    expect(own).toBeInstanceOf(ProviderError);
    expect(own.code).toBe('timeout');
    expect(countsAgainstProvider(own)).toBe(false);
    for (let i = 0; i < 5; i++) b.failed('openai', ORIGIN, own);
    expect(b.state('openai').state).toBe('closed');
    expect(countsAgainstProvider(new ProviderError('openai', 'timeout', 'PROVIDER_TIMEOUT_MS passed'))).toBe(true);
  });

  it("the provider refusing or rate-limiting the caller's own key is the caller's; the operator's key, the provider's", () => {
    const refused = ownKeyFailure(upstream('upstream_rejected', 401), call(true));
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'invalid_provider_key' });
    expect((refused as ApiError).message).toMatch(/X-Provider-Key/);
    expect((refused as ApiError).message).not.toMatch(/sk-own/);
    expect(ownKeyFailure(upstream('upstream_rejected', 403), call(true))).toMatchObject({ status: 403, code: 'provider_key_forbidden' });
    const limited = ownKeyFailure(upstream('rate_limited', 429), call(true));
    expect(limited).toMatchObject({ code: 'rate_limited', status: 429, retryAfterMs: 30_000 });
    expect(countsAgainstProvider(limited)).toBe(false);
    // A 5xx is the provider's whoever's key was sent; with the operator's key nothing changes.
    expect(countsAgainstProvider(ownKeyFailure(upstream('upstream_error', 500), call(true)))).toBe(true);
    expect(countsAgainstProvider(ownKeyFailure(upstream('rate_limited', 429), call(false)))).toBe(true);
    expect(ownKeyFailure(upstream('upstream_rejected', 401), call(false))).toBeInstanceOf(ProviderError);
  });
});

describe('load balancing order', () => {
  // A fixed sequence stands in for Math.random.
  const seq = (...values: number[]) => {
    let i = 0;
    return () => values[i++ % values.length]!;
  };

  it('keeps the given order without weights (fallback)', () => {
    expect(orderTargets(['a', 'b', 'c'], undefined, seq(0.99))).toEqual(['a', 'b', 'c']);
  });

  it('draws the first target by weight, then the rest in weighted order', () => {
    // weights 1, 3: total 4; 0.2*4 = 0.8 < 1 picks a; 0.3*4 = 1.2 picks b.
    expect(orderTargets(['a', 'b'], [1, 3], seq(0.2))).toEqual(['a', 'b']);
    expect(orderTargets(['a', 'b'], [1, 3], seq(0.3))).toEqual(['b', 'a']);
    // A weight of 0 is never drawn first while another has weight.
    expect(orderTargets(['a', 'b', 'c'], [0, 1, 1], seq(0))).toEqual(['b', 'c', 'a']);
  });

  it('spreads calls in proportion to the weights', () => {
    let state = 42;
    // A small LCG: deterministic, and uniform enough for a proportion check.
    const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const firsts = { a: 0, b: 0, c: 0 };
    for (let i = 0; i < 6000; i++) firsts[orderTargets(['a', 'b', 'c'] as const, [1, 2, 3], random)[0]!]++;
    expect(firsts.a / 6000).toBeCloseTo(1 / 6, 1);
    expect(firsts.b / 6000).toBeCloseTo(2 / 6, 1);
    expect(firsts.c / 6000).toBeCloseTo(3 / 6, 1);
  });
});
