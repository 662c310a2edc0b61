// The console's sign-in and sessions. Sign-in is OpenID Connect (authorization
// code with PKCE, discovery and ID-token validation by openid-client), or an
// admin gateway key when no identity provider is configured. A session is a
// random token in an HttpOnly cookie; PostgreSQL keeps only its hash, so a
// sign-out (or an expiry) ends it on every process at once. Unsafe methods
// must carry the session's CSRF token, derived from the cookie's token, which
// a page of another origin can neither read nor compute.
import { OidcClient } from '../../protocols/oidc.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiError } from '../../protocols/errors.ts';
import { hexHashesMatch } from '../../protocols/keys.ts';
import { insertConsoleSession } from '../../db/gateway/insertConsoleSession.ts';
import { findConsoleSession } from '../../db/gateway/findConsoleSession.ts';
import { deleteConsoleSession } from '../../db/gateway/deleteConsoleSession.ts';
import { insertConsoleSignIn } from '../../db/gateway/insertConsoleSignIn.ts';
import { takeConsoleSignIn } from '../../db/gateway/takeConsoleSignIn.ts';
import { ensureConsoleUserKey } from '../../db/gateway/ensureConsoleUserKey.ts';
import { findTeamByName } from '../../db/gateway/findTeamByName.ts';
import type { GatewayAuth } from '../gatewayAuth.ts';
import type { RoutingPolicy } from '../../protocols/routing.ts';
import { roleOf, type ConsolePrincipal, type ConsoleSettings, type OidcSettings } from './settings.ts';
import { TrafficRecorder } from './traffic.ts';

export type { ConsolePrincipal };

export const SESSION_COOKIE = 'switchyard_console';
export const SIGN_IN_COOKIE = 'switchyard_console_sign_in';
export const CALLBACK_PATH = '/api/console/sign-in/oidc/callback';
/** How long the identity provider may take to send the browser back. */
const SIGN_IN_MS = 10 * 60_000;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);


export interface SignedIn {
  token: string;
  expiresAt: Date;
  principal: ConsolePrincipal;
}

export interface ConsoleRequest {
  method: string;
  /** The session cookie's value. */
  token?: string;
  /** The X-CSRF-Token header. */
  csrf?: string;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const newToken = () => randomBytes(32).toString('base64url');

/** The CSRF token of a session: a hash of its cookie's token under a label of its own. */
export function csrfTokenOf(token: string): string {
  return createHash('sha256').update(`switchyard console csrf\n${token}`).digest('base64url');
}

export class ConsoleService {
  private oidcClient?: OidcClient;

  private readonly db: Knex;
  readonly settings: ConsoleSettings;
  private readonly now: () => number;
  /** The Overview's counts of this process's /v1 calls. */
  readonly traffic: TrafficRecorder;

  /** `now` is the clock sessions and sign-ins expire by (a test's own). */
  constructor(db: Knex, settings: ConsoleSettings, now: () => number = Date.now) {
    this.db = db;
    this.settings = settings;
    this.now = now;
    this.traffic = new TrafficRecorder(db);
  }

  get methods(): Array<'oidc' | 'key'> {
    return this.settings.oidc ? ['oidc'] : ['key'];
  }

  /** The redirect URI registered with the identity provider, for a request that came to `origin`. */
  callbackUrl(origin: string): string {
    return `${this.settings.publicUrl ?? origin}${CALLBACK_PATH}`;
  }

  private oidcSettings(): OidcSettings {
    const settings = this.settings.oidc;
    if (!settings) throw new ApiError('not_found', 'No identity provider is configured (CONSOLE_OIDC_ISSUER); sign in with an admin gateway key', { code: 'oidc_not_configured' });
    return settings;
  }

  /** The identity provider's client (protocols/oidc.ts): discovery once, the code flow with PKCE, the ID token's checks. */
  private client(): OidcClient {
    this.oidcClient ??= new OidcClient(this.oidcSettings());
    return this.oidcClient;
  }

  /** Starts a sign-in: the identity provider's authorization URL, and the state the browser keeps in its sign-in cookie. */
  async beginSignIn(origin: string): Promise<{ url: string; state: string }> {
    const pending = await this.client().begin(this.callbackUrl(origin));
    await insertConsoleSignIn(this.db, sha256(pending.state), { codeVerifier: pending.codeVerifier, nonce: pending.nonce, expiresAt: new Date(this.now() + SIGN_IN_MS) });
    return { url: pending.url, state: pending.state };
  }

  /**
   * Completes a sign-in from the identity provider's redirect. The state must
   * be the one this browser's cookie holds (no one can complete a sign-in into
   * another's browser) and is used once. openid-client checks the code
   * exchange, the ID token's signature, issuer, audience, expiry and nonce.
   */
  async finishSignIn(origin: string, search: string, cookieState: string | undefined): Promise<SignedIn> {
    const s = this.oidcSettings();
    const params = new URLSearchParams(search);
    const state = params.get('state') ?? '';
    if (!cookieState || !state || !hexHashesMatch(sha256(state).toString('hex'), sha256(cookieState).toString('hex'))) {
      throw new ApiError('unauthorized', 'This sign-in was not started in this browser, or took too long; sign in again', { code: 'sign_in_expired' });
    }
    const pending = await takeConsoleSignIn(this.db, sha256(state), new Date(this.now()));
    if (!pending) throw new ApiError('unauthorized', 'This sign-in expired or was already used; sign in again', { code: 'sign_in_expired' });
    if (params.get('error')) {
      throw new ApiError('forbidden', `The identity provider refused the sign-in: ${params.get('error')}`, { code: 'sign_in_refused' });
    }
    const current = new URL(this.callbackUrl(origin));
    current.search = search;
    // Providers that keep scope claims out of the ID token serve them from userinfo.
    const wanted = [s.roleClaim, 'email', 'name', ...(s.teamClaim ? [s.teamClaim] : [])];
    const claims = await this.client().finish(current, { state, nonce: pending.nonce, codeVerifier: pending.codeVerifier }, wanted);
    const role = roleOf(claims[s.roleClaim], s.roles);
    if (!role) {
      throw new ApiError('forbidden', `Signed in as ${String(claims.email ?? claims.sub)}, but no console role is granted by the ${s.roleClaim} claim (CONSOLE_OIDC_ROLES)`, { code: 'no_console_role' });
    }
    const teamName = s.teamClaim && typeof claims[s.teamClaim] === 'string' ? (claims[s.teamClaim] as string) : undefined;
    const teamId = teamName ? ((await findTeamByName(this.db, teamName)) ?? null) : null;
    const principal: ConsolePrincipal = {
      subject: String(claims.sub),
      via: 'oidc',
      role,
      ...(typeof claims.email === 'string' ? { email: claims.email } : {}),
      ...(typeof claims.name === 'string' ? { name: claims.name } : {}),
    };
    const label = principal.email ?? principal.name ?? principal.subject;
    // Per issuer and subject: the same `sub` at another issuer is another person.
    const lookup = `console:${sha256(`${s.issuer.href}\n${principal.subject}`).toString('base64url')}`;
    const keyId = await ensureConsoleUserKey(this.db, lookup, `console: ${label}`, teamId);
    if (!keyId) throw new ApiError('forbidden', `The console user ${label} was revoked`, { code: 'console_user_revoked' });
    return this.open(keyId, principal, teamId);
  }

  /** Signs in with a gateway key already verified by the gateway's authenticator: admin keys only, and only when no identity provider is configured. */
  async signInWithKey(auth: GatewayAuth | null): Promise<SignedIn> {
    if (this.settings.oidc) throw new ApiError('forbidden', 'The console signs in through the identity provider (CONSOLE_OIDC_ISSUER), not with keys', { code: 'oidc_required' });
    if (!auth || (auth.expiresAt !== undefined && auth.expiresAt <= this.now())) throw new ApiError('unauthorized', 'Missing or invalid API key', { code: 'unauthorized' });
    if (auth.role !== 'admin') throw new ApiError('forbidden', 'Only an admin gateway key signs in to the console', { code: 'admin_key_required' });
    return this.open(auth.keyId, { subject: `key:${auth.keyId}`, name: auth.keyName, via: 'key', role: 'admin' }, auth.teamId ?? null);
  }

  private async open(keyId: string, principal: ConsolePrincipal, teamId: string | null): Promise<SignedIn> {
    const token = newToken();
    const expiresAt = new Date(this.now() + this.settings.sessionMs);
    await insertConsoleSession(this.db, sha256(token), {
      key_id: keyId, role: principal.role, via: principal.via, subject: principal.subject,
      email: principal.email ?? null, name: principal.name ?? null, team_id: teamId, expires_at: expiresAt,
    });
    return { token, expiresAt, principal };
  }

  /**
   * The gateway auth of a console request, or null without a live session. An
   * unsafe method without the session's CSRF token is refused (403), and so is
   * a viewer's (unless `viewerMay`, which signing out needs): the rule holds
   * for every operation the session opens, whatever its handler does.
   * A viewer reads what an admin reads.
   */
  async authenticate(req: ConsoleRequest, viewerMay = false): Promise<(GatewayAuth & { principal: ConsolePrincipal; sessionExpiresAt: number }) | null> {
    if (!req.token) return null;
    const row = await findConsoleSession(this.db, sha256(req.token), new Date(this.now()));
    if (!row) return null;
    if (UNSAFE.has(req.method)) {
      if (!req.csrf || !hexHashesMatch(sha256(req.csrf).toString('hex'), sha256(csrfTokenOf(req.token)).toString('hex'))) {
        throw new ApiError('forbidden', 'A console session\'s unsafe request needs its X-CSRF-Token (from GET /api/console/session)', { code: 'csrf_failed' });
      }
      if (row.role === 'viewer' && !viewerMay) throw new ApiError('forbidden', 'A viewer\'s console session is read-only', { code: 'read_only_role' });
    }
    const principal: ConsolePrincipal = { subject: row.subject, via: row.via, role: row.role, ...(row.email ? { email: row.email } : {}), ...(row.name ? { name: row.name } : {}) };
    const auth: GatewayAuth & { principal: ConsolePrincipal; sessionExpiresAt: number } = {
      keyId: row.key_id,
      keyName: row.key_name,
      role: row.role === 'member' ? 'member' : 'admin',
      tags: row.key_tags,
      principal,
      sessionExpiresAt: row.expires_at.getTime(),
    };
    if (row.team_id) auth.teamId = row.team_id;
    if (row.key_routing) auth.routing = row.key_routing as RoutingPolicy;
    return auth;
  }

  /** Ends the session server-side: its cookie opens nothing any more, on any process. */
  async signOut(token: string): Promise<void> {
    await deleteConsoleSession(this.db, sha256(token));
  }
}
