import type { Middleware } from 'koa';
import { ApiError } from '../protocols/errors.ts';
import type { AppState } from '../handlers/types.ts';
import { countRequestInWindow } from '../db/analytics/countRequestInWindow.ts';
import type { AnalyticsAuth } from './auth.ts';

export const RATE_LIMIT = 120;
export const RATE_WINDOW_MS = 60_000;

/** The limiter's clock: a test sets it to a known point of a window rather than waiting for the next minute. */
export const rateClock = { now: () => Date.now() };

/** Fixed 60-second windows per key, counted in PostgreSQL so every process shares them. */
export const rateLimit: Middleware<AppState> = async (ctx, next) => {
  const auth = ctx.state.auth as AnalyticsAuth | undefined;
  if (!auth) return next();
  const now = rateClock.now();
  const windowStart = now - (now % RATE_WINDOW_MS);
  const count = await countRequestInWindow(ctx.state.deps.db, auth.keyId, new Date(windowStart));
  if (count > RATE_LIMIT) {
    const retryAfter = Math.max(1, Math.ceil((windowStart + RATE_WINDOW_MS - now) / 1000));
    throw new ApiError('rate_limited', `Rate limit of ${RATE_LIMIT} requests per minute exceeded; retry in ${retryAfter} seconds.`, {
      code: 'rate_limited',
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  await next();
};
