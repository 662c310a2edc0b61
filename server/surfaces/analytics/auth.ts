import type { Middleware } from 'koa';
import { ApiError } from '../../../protocols/errors.ts';
import type { ApiContext, AppState } from '../../../handlers/types.ts';
import { findKey, hashKey, type AnalyticsAuth } from '../../../analytics/keys.ts';
import { SESSION_COOKIE, type AnalyticsAccounts, type SessionAuth } from '../../../analytics/accounts.ts';
import { hiddenSectionReached, withoutHidden } from '../../../analytics/sections.ts';
import { findMembership } from '../../../db/analytics/findMembership.ts';
import { findShareUnlock } from '../../../db/analytics/findShareUnlock.ts';
import { getHiddenSections } from '../../../db/analytics/getHiddenSections.ts';
import { noteLookupFailure } from './outage.ts';


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function bearer(ctx: ApiContext): string | null {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'));
  return m ? m[1]! : null;
}

const memo = new WeakMap<object, Promise<AnalyticsAuth | null>>();

/**
 * Both security schemes resolve any valid key once per request; whether a read key
 * may do what it asks is decided after routing (authorize), so a read key on
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

const sessions = new WeakMap<object, Promise<SessionAuth | null>>();

/**
 * The session scheme: the account behind the cookie, and its role on the site
 * the X-Site header names. A request with an Authorization header is a key's
 * request, whatever cookie the client also sends.
 */
export function authenticateSession(ctx: ApiContext): Promise<SessionAuth | null> {
  let p = sessions.get(ctx);
  if (!p) {
    p = (async () => {
      const accounts = ctx.state.deps.analyticsAccounts as AnalyticsAccounts | undefined;
      if (!accounts || ctx.get('authorization')) return null;
      const session = await accounts.authenticate({ method: ctx.method, token: ctx.cookies.get(SESSION_COOKIE) || undefined, csrf: ctx.get('x-csrf-token') || undefined });
      if (!session) return null;
      const auth: SessionAuth = {
        kind: 'session', keyId: session.accountId, accountId: session.accountId, email: session.email, name: session.name,
        sessionExpiresAt: session.expiresAt, projectId: '', hiddenSections: [],
      };
      const site = ctx.get('x-site');
      if (site && UUID.test(site)) {
        auth.projectId = site;
        const member = await findMembership(ctx.state.deps.db, site, session.accountId);
        if (member) {
          auth.role = member.role;
          auth.hiddenSections = member.hidden_sections;
        }
      }
      return auth;
    })();
    sessions.set(ctx, p);
  }
  return p;
}

/**
 * The session scheme as the router asks it: a cookie that opens no session (expired,
 * signed out, forged) answers 401 rather than letting the request go on as anonymous,
 * so a stale cookie says so where anonymous callers are welcome too (createProject,
 * acceptInvitation); so does an Authorization header whose key opens nothing. No credential
 * at all stays anonymous.
 */
export async function authenticateSessionScheme(ctx: ApiContext): Promise<SessionAuth | null> {
  const auth = await authenticateSession(ctx);
  if (auth || !ctx.state.deps.analyticsAccounts) return auth;
  // A request with an Authorization header is a key's request: a key that opens nothing is as stale as such a cookie.
  if (ctx.get('authorization')) {
    if (await authenticateKey(ctx)) return null;
    throw new ApiError('unauthorized', 'Missing or invalid API key', { code: 'unauthorized' });
  }
  if (!ctx.cookies.get(SESSION_COOKIE)) return null;
  throw new ApiError('unauthorized', 'The session cookie opens no session (expired or signed out); sign in again, or send no cookie.', { code: 'unauthorized' });
}

/**
 * Keys for the liveKey and readKey schemes (a shared link's token is not one of
 * them), or a person's session: its role decides after routing (authorize), so
 * every operation open to the keys is open to sessions without naming them.
 */
export async function authenticateApiKey(ctx: ApiContext): Promise<AnalyticsAuth | null> {
  const auth = await authenticateKey(ctx);
  if (auth) return auth.kind !== 'share' ? auth : null;
  return authenticateSession(ctx);
}

/** The shareLink scheme: only a shared link's token. */
export async function authenticateShareLink(ctx: ApiContext): Promise<AnalyticsAuth | null> {
  const auth = await authenticateKey(ctx);
  return auth?.kind === 'share' ? auth : null;
}

/**
 * What each credential may do, decided from the operation's security and
 * extensions, so that no handler repeats it: a read key only where the
 * operation lists readKey; a shared link only until it expires and, with a
 * password, once unlocked, and minus the sections the owner hid from viewers
 * (a shared link is a viewer); a session by its role on the X-Site site (owner and
 * admin as the live key; viewer as the read key, minus `x-viewer: false`
 * operations and the sections the owner hid; `x-owner-only` for owners).
 */
export const authorize: Middleware<AppState> = async (ctx, next) => {
  const auth = ctx.state.auth as AnalyticsAuth | undefined;
  const operation = ctx.state.op.operation as typeof ctx.state.op.operation & { 'x-viewer'?: boolean; 'x-owner-only'?: boolean };
  const security = (operation.security ?? []) as Record<string, unknown>[];
  const readAllowed = security.length === 0 || security.some((s) => 'readKey' in s);
  if (auth?.kind === 'read' && !readAllowed) {
    throw new ApiError('forbidden', 'This operation needs the live key; the read-only key cannot write.', { code: 'read_only_key' });
  }
  const hidden = auth?.kind === 'share'
    ? await checkShareLink(ctx, auth, operation.operationId)
    : auth?.kind === 'session' ? authorizeSession(ctx, auth as SessionAuth, security, readAllowed, operation) : [];
  await next();
  if (hidden.length) ctx.body = withoutHidden(operation.operationId ?? '', ctx.body, hidden);
};

/** The sections hidden from this shared link (those hidden from viewers); throws what it may not do. */
async function checkShareLink(ctx: ApiContext, auth: AnalyticsAuth, operationId: string | undefined): Promise<string[]> {
  if (auth.expiresAt && auth.expiresAt.getTime() <= Date.now()) {
    throw new ApiError('gone', 'This shared link has expired; ask its owner for a new one.', { code: 'share_link_expired' });
  }
  if (operationId === 'unlockSharedLink') return [];
  if (auth.passwordProtected) {
    const unlock = ctx.get('x-share-unlock');
    if (!unlock || !(await findShareUnlock(ctx.state.deps.db, hashKey(unlock), auth.keyId, new Date()))) {
      throw new ApiError('forbidden', 'This shared link asks for its password (POST /v1/shared-links/unlock).', { code: 'share_link_locked' });
    }
  }
  // Read per request, like a viewer's membership: an owner's change applies to links already handed out.
  const hidden = await getHiddenSections(ctx.state.deps.db, auth.projectId);
  auth.hiddenSections = hidden;
  const section = hiddenSectionReached(operationId ?? '', ctx.query as Record<string, unknown>, hidden);
  if (section) throw new ApiError('forbidden', `The site's owner hid the ${section} section from viewers and shared links.`, { code: 'section_hidden' });
  return hidden;
}

/** The sections hidden from this request's viewer (empty for anyone else); throws what the role may not do. */
function authorizeSession(ctx: ApiContext, auth: SessionAuth, security: Record<string, unknown>[], readAllowed: boolean, operation: { operationId?: string; 'x-viewer'?: boolean; 'x-owner-only'?: boolean }): string[] {
  const onSite = security.some((s) => 'liveKey' in s || 'readKey' in s);
  if (!onSite) return [];
  if (!auth.projectId) throw new ApiError('invalid_request', 'Name the site in the X-Site header (its id, from GET /v1/account).', { code: 'site_required' });
  if (!auth.role) throw new ApiError('forbidden', 'This account is no member of that site.', { code: 'not_a_member' });
  if (auth.role === 'viewer' && (!readAllowed || operation['x-viewer'] === false)) {
    throw new ApiError('forbidden', 'A viewer sees the dashboard and the stats; this needs an owner or an admin.', { code: 'viewer_role' });
  }
  if (operation['x-owner-only'] && auth.role !== 'owner') throw new ApiError('forbidden', 'Only an owner of the site may do this.', { code: 'owner_role' });
  if (auth.role !== 'viewer') return [];
  const section = hiddenSectionReached(operation.operationId ?? '', ctx.query as Record<string, unknown>, auth.hiddenSections);
  if (section) throw new ApiError('forbidden', `The site's owner hid the ${section} section from viewers.`, { code: 'section_hidden' });
  return auth.hiddenSections;
}
