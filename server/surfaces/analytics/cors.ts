import type { Middleware } from 'koa';
import type { AppState } from '../../../handlers/types.ts';
import { checkOrigin } from '../../../analytics/origins.ts';
import { dashboardOrigin, projectPolicy, trustedByAnyProject } from '../../../analytics/policies.ts';
import type { AnalyticsAuth } from '../../../analytics/keys.ts';

const ALLOW_HEADERS = 'Authorization, Content-Type';
const EXPOSE_HEADERS = 'X-Next-Cursor, Retry-After';

/**
 * Adds Access-Control-Allow-Origin only for an origin the request's project trusts;
 * an untrusted origin never changes the status, it just gets no header.
 */
export const cors: Middleware<AppState> = async (ctx, next) => {
  const origin = ctx.get('origin');
  if (!origin) return next();
  ctx.vary('Origin');
  const { db, env } = ctx.app.context.deps as AppState['deps'];
  if (ctx.method === 'OPTIONS' && ctx.get('access-control-request-method')) {
    if (await trustedByAnyProject(db, origin, env)) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
      ctx.set('Access-Control-Allow-Headers', ALLOW_HEADERS);
      ctx.set('Access-Control-Max-Age', '600');
    }
    ctx.status = 204;
    return;
  }
  try {
    await next();
  } finally {
    const projectId = (ctx.state.auth as AnalyticsAuth | undefined)?.projectId ?? ((ctx.state as AppState & { corsProjectId?: string }).corsProjectId);
    const policy = projectId ? await projectPolicy(db, projectId).catch(() => null) : null;
    const trusted = checkOrigin(origin, {
      domains: policy?.domains ?? [],
      allowLocalOrigins: policy?.allowLocalOrigins ?? false,
      dashboardOrigin: dashboardOrigin(env),
    }).trusted;
    if (trusted) {
      ctx.set('Access-Control-Allow-Origin', origin);
      ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    }
  }
};
