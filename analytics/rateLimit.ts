import type { Knex } from 'knex';
import { ApiError } from '../protocols/errors.ts';
import { countRequestInWindow } from '../db/analytics/countRequestInWindow.ts';

export const RATE_LIMIT = 120;
export const RATE_WINDOW_MS = 60_000;

/** The limiter's clock: a test sets it to a known point of a window rather than waiting for the next minute. */
export const rateClock = { now: () => Date.now() };

/**
 * Counts one request against the key's fixed 60-second window, counted in
 * PostgreSQL so every process shares it; past the limit it throws 429 with Retry-After.
 */
export async function chargeRequest(db: Knex, keyId: string, now = rateClock.now()): Promise<void> {
  const windowStart = now - (now % RATE_WINDOW_MS);
  const count = await countRequestInWindow(db, keyId, new Date(windowStart));
  if (count > RATE_LIMIT) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000));
    throw new ApiError('rate_limited', `Rate limit of ${RATE_LIMIT} requests per minute exceeded; retry in ${retryAfter} seconds.`, {
      code: 'rate_limited',
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
}
