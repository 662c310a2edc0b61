import type { Middleware } from 'koa';
import type { AppState } from '../../../handlers/types.ts';
import type { AnalyticsAuth } from '../../../analytics/keys.ts';
import { chargeRequest } from '../../../analytics/rateLimit.ts';

/** Every authenticated request counts against its key's per-minute limit. */
export const rateLimit: Middleware<AppState> = async (ctx, next) => {
  const auth = ctx.state.auth as AnalyticsAuth | undefined;
  if (auth) await chargeRequest(ctx.state.deps.db, auth.keyId);
  await next();
};
