// Turns usage into document 1's cost object, from the catalogue's rates.
//
// All arithmetic is done in integers (doubles while they are exact, else
// BigInt) and rounded once, half up, to 1e-8 USD: summing float products of
// the rates as given leaves noise such as 0.016650000000000002
// in usage totals, and a hundred-millionth of a dollar is far below any price
// step yet keeps single-token calls on the cheapest models non-zero.

import type { ProviderId, Usage } from '../protocols/canonical.ts';
import { batchDiscountOf, findModel, isTokenPricing, type ImageQuality, type TokenPricing } from './catalogue.ts';

export interface CostObject {
  customerPrice: number;
  currency: 'USD';
  billing: 'metered' | 'byok';
  cached?: true;
}

/**
 * A cost object that may carry `unpriced: true`: the model is missing from the
 * catalogue, so the call was billed 0. It goes on the wire with the other
 * fields (the specs' Cost schemas say so), so a caller can see it too, and the
 * first such call per model is reported to onUnpriced's listener (the
 * runtime warns in the log) so an operator notices before the invoice.
 */
export type Cost = CostObject & { readonly unpriced?: true };

export interface CostOptions {
  /** The call ran on the caller's own provider key: the caller pays the provider, not us. */
  byok: boolean;
  /** The result was served from the gateway's completion cache. */
  cached?: boolean;
}

export interface MediaUnits {
  images?: number;
  seconds?: number;
  minutes?: number;
  characters?: number;
  generations?: number;
}

export interface UnitCostOptions {
  byok?: boolean;
  cached?: boolean;
  /** Image quality as requested; picks a quality price where the model has one. */
  quality?: ImageQuality;
}

// Rates have at most a handful of decimals; nano-dollars per unit hold them exactly.
const RATE_SCALE = 1_000_000_000n;
// Time quantities may be fractional seconds; milli-units keep them exact.
const QTY_SCALE = 1000n;
// customerPrice is in units of 1e-8 USD before the final division.
const PRICE_SCALE = 100_000_000n;

function scaled(value: number, scale: bigint): bigint {
  if (!Number.isFinite(value) || value <= 0) return 0n;
  return BigInt(Math.round(value * Number(scale)));
}

/** numerator / denominator USD, rounded half up to 1e-8 USD. */
function toUsd(numerator: bigint, denominator: bigint): number {
  const units = (numerator * PRICE_SCALE * 2n + denominator) / (denominator * 2n);
  // Dividing an exact integer by 1e8 yields the double nearest the decimal, so it prints cleanly.
  return Number(units) / Number(PRICE_SCALE);
}

function costObject(customerPrice: number, opts: { byok?: boolean; cached?: boolean }): Cost {
  return {
    customerPrice,
    currency: 'USD',
    billing: opts.byok ? 'byok' : 'metered',
    ...(opts.cached ? { cached: true as const } : {}),
  };
}

let unpricedListener: ((provider: string, model: string) => void) | undefined;
const reported = new Set<string>();

/** `listener` hears of each provider and model once, the first time a call to it is priced without a catalogue price. */
export function onUnpriced(listener: ((provider: string, model: string) => void) | undefined): void {
  unpricedListener = listener;
}

/** A metered call to a model the catalogue does not price: 0, marked, and reported once. */
function unpriced(provider: string, model: string, opts: { byok?: boolean; cached?: boolean }): Cost {
  const key = `${provider}\n${model}`;
  if (unpricedListener && !reported.has(key)) {
    reported.add(key);
    unpricedListener(provider, model);
  }
  return { ...costObject(0, opts), unpriced: true };
}

/**
 * True when the model was not in the catalogue, so the call was billed 0:
 * revenue lost until the catalogue catches up.
 */
export function isUnpriced(cost: Cost): boolean {
  return cost.unpriced === true;
}

/** Whether calls to this model would be priced at all (a completion model with token rates). */
export function isPriced(provider: ProviderId | string, model: string): boolean {
  const found = findModel(provider, model);
  return found !== undefined && isTokenPricing(found.pricing);
}

function tokenCount(n: number | undefined): bigint {
  return n !== undefined && Number.isFinite(n) && n > 0 ? BigInt(Math.floor(n)) : 0n;
}

/**
 * The cost object of one completion (or embedding) call.
 *
 * Decisions:
 * - byok: the caller's own key paid the provider, so customerPrice is 0 and
 *   billing is byok.
 * - Served from the completion cache: no provider call happened, so the
 *   caller pays nothing; customerPrice 0 and cached: true. billing still says
 *   whose key the request would have used, so usage reports stay consistent.
 * - Unknown model: 0, not the provider default's rates. Guessing could
 *   overcharge by two orders of magnitude (a default flash model versus an
 *   opus-class one) and nobody could tell from the bill; a 0 marked
 *   `unpriced: true` (and warned once in the log) costs only the operator.
 * - Usage follows canonical.ts: inputTokens includes cache reads and writes.
 *   Uncached input = inputTokens - cachedTokens - cacheCreationTokens, floored
 *   at 0 so an adapter that reports the parts outside the total never
 *   produces a credit. Reasoning tokens are already inside outputTokens.
 * - A provider without a cached or cache-write rate (null) bills those tokens
 *   at the input rate: it gave no discount, so neither do we.
 * - Long-context tiers: once inputTokens exceeds the threshold, every token
 *   of the call bills at the higher rates, as Gemini bills it.
 */
export function completionCost(provider: ProviderId | string, model: string, usage: Usage, opts: CostOptions): Cost {
  if (opts.byok || opts.cached) return costObject(0, opts);
  // A router bills each call at the rates of whichever upstream served it, and
  // says so: its figure is the call's true price, not the catalogue's guess.
  if (usage.upstreamCostUsd !== undefined && Number.isFinite(usage.upstreamCostUsd) && usage.upstreamCostUsd >= 0) {
    return costObject(Math.round(usage.upstreamCostUsd * 1e8) / 1e8, opts);
  }
  const found = findModel(provider, model);
  if (!found || !isTokenPricing(found.pricing)) return unpriced(provider, model, opts);
  return costObject(tokenPrice(found.pricing, usage), opts);
}

/**
 * A call the provider's own batch API ran: its catalogue price less the
 * provider's batch discount (catalogue batchDiscount), rounded again to 1e-8 USD.
 */
export function nativeBatchCost(provider: ProviderId, model: string, usage: Usage, opts: CostOptions): Cost {
  const full = completionCost(provider, model, usage, opts);
  const discount = batchDiscountOf(provider) ?? 0;
  if (!discount || full.customerPrice === 0) return full;
  return { ...full, customerPrice: Math.round(full.customerPrice * (1 - discount) * 1e8) / 1e8 };
}

/**
 * The USD price of `usage` at `pricing`'s rates, rounded once, half up, to
 * 1e-8 USD. Computed in doubles when that is exact: every operand is an
 * integer (tokens floored, rates in nano-dollars rounded, as in BigInt) and
 * the sum of products stays below 2^51, so every product, every partial sum
 * and the rounding below are exact; rounding is monotonic, so a true sum past
 * the bound never computes below it. That covers calls up to about $2.25;
 * BigInt takes the rest. Pricing every call in BigInt, as before, was ~1% of
 * a /v1 call's CPU (perf, bursts of 10).
 */
export function tokenPrice(pricing: TokenPricing, usage: Usage): number {
  const input = wholeTokens(usage.inputTokens);
  const cachedRead = wholeTokens(usage.cachedTokens);
  const cacheWrite = wholeTokens(usage.cacheCreationTokens);
  const output = wholeTokens(usage.outputTokens);
  if (input <= Number.MAX_SAFE_INTEGER && cachedRead <= Number.MAX_SAFE_INTEGER && cacheWrite <= Number.MAX_SAFE_INTEGER && output <= Number.MAX_SAFE_INTEGER) {
    const rates = ratesFor(pricing, input);
    const uncached = input - cachedRead - cacheWrite > 0 ? input - cachedRead - cacheWrite : 0;
    const total =
      uncached * nanoRate(rates.input) +
      cachedRead * nanoRate(rates.cachedInput ?? rates.input) +
      cacheWrite * nanoRate(rates.cacheWrite ?? rates.input) +
      output * nanoRate(rates.output);
    if (total < EXACT_BELOW) {
      // total / 1e15 USD in units of 1e-8 USD, half up: floor((2 total + 1e7) / 2e7), by remainder to stay exact.
      const twice = 2 * total + NANO_PER_PRICE_UNIT;
      return (twice - (twice % (2 * NANO_PER_PRICE_UNIT))) / (2 * NANO_PER_PRICE_UNIT) / PRICE_UNITS_PER_USD;
    }
  }
  return exactTokenPrice(pricing, usage);
}

// Sums of nano-dollars per 1M tokens below this are priced in doubles (see tokenPrice).
const EXACT_BELOW = 2 ** 51;
// The scales as doubles, converted once rather than on every call.
const NANO_PER_USD = Number(RATE_SCALE);
const PRICE_UNITS_PER_USD = Number(PRICE_SCALE);
// One customerPrice unit (1e-8 USD) in the sum's unit, nano-dollars per 1M tokens (1e-15 USD): 1e7.
const NANO_PER_PRICE_UNIT = Number((RATE_SCALE * 1_000_000n) / PRICE_SCALE);

/** A rate in nano-dollars, as scaled() makes it, as a double (at most ~1e12 for any real rate: exact). */
function nanoRate(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.round(value * NANO_PER_USD) : 0;
}

function wholeTokens(n: number | undefined): number {
  return n !== undefined && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

/** tokenPrice in BigInt throughout, for any size. */
function exactTokenPrice(pricing: TokenPricing, usage: Usage): number {
  const input = tokenCount(usage.inputTokens);
  const cachedRead = tokenCount(usage.cachedTokens);
  const cacheWrite = tokenCount(usage.cacheCreationTokens);
  const output = tokenCount(usage.outputTokens);
  const uncached = input - cachedRead - cacheWrite > 0n ? input - cachedRead - cacheWrite : 0n;

  const rates = ratesFor(pricing, input);
  const total =
    uncached * scaled(rates.input, RATE_SCALE) +
    cachedRead * scaled(rates.cachedInput ?? rates.input, RATE_SCALE) +
    cacheWrite * scaled(rates.cacheWrite ?? rates.input, RATE_SCALE) +
    output * scaled(rates.output, RATE_SCALE);
  return toUsd(total, RATE_SCALE * 1_000_000n);
}

function ratesFor(p: TokenPricing, inputTokens: bigint | number) {
  const long = p.longContext;
  if (long && inputTokens > long.thresholdTokens) {
    return { input: long.inputPer1M, output: long.outputPer1M, cachedInput: long.cachedInputPer1M, cacheWrite: p.cacheWritePer1M };
  }
  return { input: p.inputPer1M, output: p.outputPer1M, cachedInput: p.cachedInputPer1M, cacheWrite: p.cacheWritePer1M };
}

const SECONDS_PER: Record<'second' | 'minute' | 'hour', bigint> = { second: 1n, minute: 60n, hour: 3600n };

/**
 * The cost object of one media call priced per unit: images, seconds /
 * minutes / hours of media (given as seconds or minutes, converted to the
 * model's unit), 1,000 characters of speech input, or generations. Quantities
 * the model's unit does not use are ignored; a missing one counts as 0, so a
 * caller that forgets to pass it under-bills visibly rather than guessing.
 * byok, cached and unknown models follow completionCost.
 */
export function unitCost(provider: ProviderId | string, model: string, units: MediaUnits, opts: UnitCostOptions = {}): Cost {
  if (opts.byok || opts.cached) return costObject(0, opts);
  const found = findModel(provider, model);
  if (!found || isTokenPricing(found.pricing)) return unpriced(provider, model, opts);

  const p = found.pricing;
  const price = scaled((opts.quality && p.qualityPrices?.[opts.quality]) ?? p.unitPrice, RATE_SCALE);
  let quantity: bigint; // in milli-units of what is counted
  let divisor = 1n; // counted units per priced unit
  switch (p.unit) {
    case 'image':
      quantity = scaled(units.images ?? 0, QTY_SCALE);
      break;
    case 'generation':
      quantity = scaled(units.generations ?? 0, QTY_SCALE);
      break;
    case '1k-characters':
      quantity = scaled(units.characters ?? 0, QTY_SCALE);
      divisor = 1000n;
      break;
    case 'second':
    case 'minute':
    case 'hour': {
      const seconds = units.seconds ?? (units.minutes !== undefined ? units.minutes * 60 : 0);
      quantity = scaled(seconds, QTY_SCALE);
      divisor = SECONDS_PER[p.unit];
      break;
    }
  }
  return costObject(toUsd(price * quantity, RATE_SCALE * QTY_SCALE * divisor), opts);
}
