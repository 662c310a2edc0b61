import type { Middleware } from 'koa';
import { ApiError } from '../protocols/errors.ts';

// SQLSTATE classes and driver errors that mean "the database is not reachable or
// not accepting work right now", as opposed to a bad query or bad data.
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN']);
const SQLSTATE_DOWN = /^(08|53|57P)/; // connection exception, insufficient resources, operator intervention

export function isDatabaseOutage(err: unknown): boolean {
  for (let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NETWORK_CODES.has(code) || SQLSTATE_DOWN.test(code)) return true;
    const message = typeof e.message === 'string' ? e.message : '';
    if (/Timeout acquiring a connection|Connection terminated|connect ECONNREFUSED|the database system is (starting up|shutting down)/i.test(message)) return true;
  }
  return false;
}

export function outageError(): ApiError {
  return new ApiError('unavailable', 'The analytics database is unreachable right now; retry shortly.', {
    code: 'service_unavailable',
    headers: { 'Retry-After': '5' },
  });
}

/** The request's key lookup failed because the database is down (not because the key is wrong). */
const lookupFailures = new WeakMap<object, unknown>();
export function noteLookupFailure(ctx: object, err: unknown): void {
  lookupFailures.set(ctx, err);
}

/**
 * An outage must never look like a bad key or a bad invite: a 401 whose key lookup
 * could not reach the database, and any error the database's absence caused, become
 * 503 service_unavailable in the analytics error shape.
 */
export const outageAs503: Middleware = async (ctx, next) => {
  try {
    await next();
  } catch (err) {
    if (err instanceof ApiError && err.status === 401 && isDatabaseOutage(lookupFailures.get(ctx))) throw outageError();
    if (!(err instanceof ApiError) && isDatabaseOutage(err)) throw outageError();
    throw err;
  }
};
