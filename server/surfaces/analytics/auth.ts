import type { Middleware } from 'koa';
import { ApiError } from '../../../protocols/errors.ts';
import type { ApiContext, AppState } from '../../../handlers/types.ts';
import { findKey, type AnalyticsAuth } from '../../../analytics/keys.ts';
import { noteLookupFailure } from './outage.ts';

function bearer(ctx: ApiContext): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  return m ? m[1]! : null;
}

const memo = new WeakMap<object, Promise<AnalyticsAuth | null>>();

/**
 * Both security schemes resolve any valid key once per request; whether a read key
 * may do what it asks is decided after routing (requireLiveKey), so a read key on
 * a write operation answers 403 read_only_key rather than 401.
 */
export function authenticateKey(ctx: ApiContext): Promise<AnalyticsAuth | null> {
  let p = memo.get(ctx);
  if (!p) {
    // The router reads a failed lookup as "no key"; the failure is kept so that an
    // outage answers 503 rather than 401 (./outage.ts).
    p = findKey(ctx.state.deps.db, bearer(ctx)).catch((err) => {
      noteLookupFailure(ctx, err);
      throw err;
    });
    memo.set(ctx, p);
  }
  return p;
}

/** Keys for the liveKey and readKey schemes: a shared link's token is not one of them. */
export async function authenticateApiKey(ctx: ApiContext): Promise<AnalyticsAuth | null> {
  const auth = await authenticateKey(ctx);
  return auth && auth.kind !== 'share' ? auth : null;
}

/** The shareLink scheme: only a shared link's token. */
export async function authenticateShareLink(ctx: ApiContext): Promise<AnalyticsAuth | null> {
  const auth = await authenticateKey(ctx);
  return auth?.kind === 'share' ? auth : null;
}

export const requireLiveKey: Middleware<AppState> = async (ctx, next) => {
  const auth = ctx.state.auth as AnalyticsAuth | undefined;
  const security = (ctx.state.op.operation.security ?? []) as Record<string, unknown>[];
  const readAllowed = security.length === 0 || security.some((s) => 'readKey' in s);
  if (auth?.kind === 'read' && !readAllowed) {
    throw new ApiError('forbidden', 'This operation needs the live key; the read-only key cannot write.', { code: 'read_only_key' });
  }
  await next();
};
