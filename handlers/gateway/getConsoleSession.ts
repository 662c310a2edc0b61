import type { Handler } from '../types.ts';
import type { GetConsoleSessionData } from '../../generated/gateway/types.gen.ts';
import type { GatewayAuth } from '../../core/gatewayAuth.ts';
import { SESSION_COOKIE } from '../../core/console/service.ts';
import { ok } from './_context.ts';
import { needsSession, sessionBody } from './_console.ts';

const getConsoleSession: Handler<GetConsoleSessionData> = async (ctx) => {
  const principal = needsSession(ctx);
  const auth = ctx.state.auth as unknown as GatewayAuth & { sessionExpiresAt: number };
  ctx.set('Cache-Control', 'no-store');
  ok(ctx, sessionBody(ctx.cookies.get(SESSION_COOKIE)!, { principal, ...(auth.teamId ? { teamId: auth.teamId } : {}) }, new Date(auth.sessionExpiresAt)));
};

export default getConsoleSession;
