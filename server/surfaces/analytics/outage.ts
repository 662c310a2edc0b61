import type { Middleware } from 'koa';
import { ApiError } from '../../../protocols/errors.ts';
import { isDatabaseOutage, outageError } from '../../../analytics/outage.ts';

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
