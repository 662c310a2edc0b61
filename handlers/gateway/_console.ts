// What the console's operations share: the service, the request's origin and its cookies.
import type { ApiContext } from '../types.ts';
import { ApiError } from '../../protocols/errors.ts';
import { csrfTokenOf, type ConsoleService, type SignedIn } from '../../core/console/service.ts';
import type { GatewayAuth } from '../../core/gatewayAuth.ts';
import type { TaskScope } from '../../db/gateway/listTasks.ts';

export function consoleOf(ctx: ApiContext): ConsoleService {
  return ctx.state.deps.console!;
}

/** The origin the browser used: https only as server/clientAddress.ts decided it; the Host header as sent (the identity provider accepts only a registered redirect URI). */
export function originOf(ctx: ApiContext): string {
  return `${ctx.state.secure ? 'https' : 'http'}://${ctx.get('host')}`;
}

/** A cookie of the console: HttpOnly, SameSite=Lax (the identity provider's redirect back is a top-level navigation), Secure over https. */
export function setCookie(ctx: ApiContext, name: string, value: string, maxAgeSeconds: number): void {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`];
  if (ctx.state.secure) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
}

export function sessionBody(token: string, auth: { principal: NonNullable<GatewayAuth['principal']>; teamId?: string }, expiresAt: Date) {
  const { principal } = auth;
  return {
    subject: principal.subject,
    ...(principal.email ? { email: principal.email } : {}),
    ...(principal.name ? { name: principal.name } : {}),
    role: principal.role,
    via: principal.via,
    ...(auth.teamId ? { teamId: auth.teamId } : {}),
    csrfToken: csrfTokenOf(token),
    expiresAt: expiresAt.toISOString(),
  };
}

export function signedInBody(signedIn: SignedIn, teamId?: string) {
  return sessionBody(signedIn.token, { principal: signedIn.principal, ...(teamId ? { teamId } : {}) }, signedIn.expiresAt);
}

/** The console principal of a request a session made; a bearer key's request has none. */
export function principalOf(ctx: ApiContext): GatewayAuth['principal'] {
  return (ctx.state.auth as unknown as GatewayAuth | undefined)?.principal;
}

export function needsSession(ctx: ApiContext): NonNullable<GatewayAuth['principal']> {
  const principal = principalOf(ctx);
  if (!principal) throw new ApiError('unauthorized', 'Missing or invalid console session', { code: 'unauthorized' });
  return principal;
}

/**
 * Whose tasks a request may see and cancel: a bearer key its own; a console
 * admin's or viewer's session every task; a member's session its team's (its
 * own without a team).
 */
export function taskScopeOf(ctx: ApiContext): TaskScope {
  const auth = ctx.state.auth as unknown as GatewayAuth;
  if (!auth.principal) return { keyId: auth.keyId };
  if (auth.principal.role !== 'member') return {};
  return auth.teamId ? { teamId: auth.teamId } : { keyId: auth.keyId };
}

/**
 * Whose keys a request may read through the admin key routes: an admin key
 * (a console admin's or viewer's session) every key, a member's console
 * session its team's (its own key without a team); a member's bearer key
 * none (403 `admin_only`, as for every admin route).
 */
export function keyReadScopeOf(ctx: ApiContext): TaskScope {
  const auth = ctx.state.auth as unknown as GatewayAuth;
  if (auth.role === 'admin') return {};
  if (auth.principal?.role === 'member') return taskScopeOf(ctx);
  throw new ApiError('forbidden', 'Only an admin key may do this', { code: 'admin_only' });
}
