// People on the analytics service: accounts (email and password), their
// sessions, invitations to sites and password resets. One account is one login
// for every site it is a member of; the role (owner, admin, viewer) is per site.
//
// A session is a random token in an HttpOnly cookie; PostgreSQL keeps only its
// SHA-256, so signing out (or a password reset) ends it on every process at
// once. Unsafe methods need the session's CSRF token, derived from the cookie's
// token, which a page of another origin can neither read nor compute.
// Invitation and reset links carry a random single-use token in the URL's
// fragment (never sent to a server, so never in an access log), stored hashed
// and expiring. Failed sign-ins are counted per account and per client address
// in fixed windows; past either limit, sign-in answers 429 before any
// password is checked.
import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { ApiError } from '../protocols/errors.ts';
import type { Mailer } from '../protocols/mail.ts';
import { DEFAULT_SCRYPT, decoyHash, hashPassword, MAX_PASSWORD, MIN_PASSWORD, verifyPassword, type ScryptCost } from './passwords.ts';
import { hashesMatch, type AnalyticsAuth } from './keys.ts';
import type { AccountRow, InvitationRow, MemberRole } from '../db/analytics/accountRows.ts';
import { insertAccount } from '../db/analytics/insertAccount.ts';
import { findAccountByEmail } from '../db/analytics/findAccountByEmail.ts';
import { setAccountPassword } from '../db/analytics/setAccountPassword.ts';
import { insertAccountSession } from '../db/analytics/insertAccountSession.ts';
import { findAccountSession } from '../db/analytics/findAccountSession.ts';
import { deleteAccountSession } from '../db/analytics/deleteAccountSession.ts';
import { insertInvitation } from '../db/analytics/insertInvitation.ts';
import { findInvitation } from '../db/analytics/findInvitation.ts';
import { takeInvitation } from '../db/analytics/takeInvitation.ts';
import { insertPasswordReset } from '../db/analytics/insertPasswordReset.ts';
import { takePasswordReset } from '../db/analytics/takePasswordReset.ts';
import { countSignInFailure } from '../db/analytics/countSignInFailure.ts';
import { getSignInFailures } from '../db/analytics/getSignInFailures.ts';
import { getProject } from '../db/analytics/getProject.ts';
import { insertSignIn } from '../db/analytics/insertSignIn.ts';
import { takeSignIn } from '../db/analytics/takeSignIn.ts';
import { findAccountBySubject } from '../db/analytics/findAccountBySubject.ts';
import { linkAccountSubject } from '../db/analytics/linkAccountSubject.ts';
import { hasPendingInvitation } from '../db/analytics/hasPendingInvitation.ts';
import { issuerUrl, OidcClient, type OidcClientSettings } from '../protocols/oidc.ts';

export type { MemberRole };
export const ROLES: readonly MemberRole[] = ['owner', 'admin', 'viewer'];
export const SESSION_COOKIE = 'switchyard_analytics';
export const SIGN_IN_COOKIE = 'switchyard_analytics_sign_in';
export const CALLBACK_PATH = '/v1/account/sign-in/oidc/callback';
/** How long the identity provider may take to send the browser back. */
const SIGN_IN_MS = 10 * 60_000;
const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface AccountSettings {
  /** `open`: anyone may sign up; `invite`: accounts come from invitations only. */
  signup: 'open' | 'invite';
  sessionMs: number;
  invitationMs: number;
  resetMs: number;
  /** The address links in mail point to; absent: the address the request came to. */
  publicUrl?: string;
  scrypt: ScryptCost;
  /** Failed sign-ins allowed per account and per client address in one window. */
  failuresPerAccount: number;
  failuresPerAddress: number;
  failureWindowMs: number;
  /** The identity provider people may sign in through (absent: passwords only). */
  oidc?: OidcClientSettings;
}

export class AccountSettingsError extends Error {}

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0 || n > max) throw new AccountSettingsError(`${name}=${raw} is not a number from 0 to ${max}`);
  return n;
}

export function accountSettings(env: NodeJS.ProcessEnv): AccountSettings {
  const signup = env.ANALYTICS_SIGNUP?.trim() || 'invite';
  if (signup !== 'open' && signup !== 'invite') throw new AccountSettingsError(`ANALYTICS_SIGNUP=${signup} is not open or invite`);
  const logN = positive(env, 'ANALYTICS_SCRYPT_LOG_N', DEFAULT_SCRYPT.logN, 20);
  // Below 14 only a test's own service should go: the floor is there so a test suite need not spend its minutes hashing.
  if (!Number.isInteger(logN) || logN < 10) throw new AccountSettingsError(`ANALYTICS_SCRYPT_LOG_N=${logN} is not a whole number from 10 to 20`);
  const publicUrl = env.ANALYTICS_PUBLIC_URL?.trim();
  if (publicUrl && (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol))) throw new AccountSettingsError(`ANALYTICS_PUBLIC_URL=${publicUrl} is not an http(s) URL`);
  return {
    signup,
    sessionMs: positive(env, 'ANALYTICS_SESSION_HOURS', 12, 24 * 30) * 3600_000,
    invitationMs: positive(env, 'ANALYTICS_INVITATION_DAYS', 7, 90) * 86400_000,
    resetMs: 3600_000,
    ...(publicUrl ? { publicUrl: publicUrl.replace(/\/+$/, '') } : {}),
    scrypt: { ...DEFAULT_SCRYPT, logN },
    failuresPerAccount: positive(env, 'ANALYTICS_SIGN_IN_FAILURES_PER_ACCOUNT', 5, 1000),
    failuresPerAddress: positive(env, 'ANALYTICS_SIGN_IN_FAILURES_PER_ADDRESS', 20, 100_000),
    failureWindowMs: 15 * 60_000,
    ...oidcSettings(env),
  };
}

/**
 * ANALYTICS_OIDC_ISSUER, _CLIENT_ID, _CLIENT_SECRET (and _SCOPES); unset, the
 * console's CONSOLE_OIDC_* (one identity provider for the deployment, with
 * this service's callback registered beside the console's).
 */
function oidcSettings(env: NodeJS.ProcessEnv): { oidc?: OidcClientSettings } {
  const prefix = env.ANALYTICS_OIDC_ISSUER?.trim() ? 'ANALYTICS_OIDC_' : env.CONSOLE_OIDC_ISSUER?.trim() ? 'CONSOLE_OIDC_' : null;
  if (!prefix) return {};
  const issuer = issuerUrl(env[`${prefix}ISSUER`]!.trim());
  if (typeof issuer === 'string') throw new AccountSettingsError(`${prefix}ISSUER=${env[`${prefix}ISSUER`]} ${issuer}`);
  const clientId = env[`${prefix}CLIENT_ID`]?.trim();
  const clientSecret = env[`${prefix}CLIENT_SECRET`];
  if (!clientId || !clientSecret) throw new AccountSettingsError(`${prefix}ISSUER is set: ${prefix}CLIENT_ID and ${prefix}CLIENT_SECRET are needed too`);
  return { oidc: { issuer, clientId, clientSecret, scopes: env[`${prefix}SCOPES`]?.trim() || 'openid email profile' } };
}

export interface SignedIn {
  token: string;
  account: { id: string; email: string; name: string | null };
  expiresAt: Date;
}

/** A person's session on the analytics surface: ctx.state.auth, beside the keys' AnalyticsAuth. */
export interface SessionAuth extends AnalyticsAuth {
  kind: 'session';
  accountId: string;
  email: string;
  name: string | null;
  sessionExpiresAt: Date;
  /** The role on the X-Site site (absent: no site named, or no member of it). */
  role?: MemberRole;
  hiddenSections: string[];
}

/**
 * The sections hidden from a request that sees the site as a viewer does (a viewer's
 * session or a shared link, which authorize() filled in), or null for anyone who
 * sees everything (keys, owners, admins).
 */
export function viewerSections(auth: AnalyticsAuth | undefined): string[] | null {
  if (auth?.kind === 'share') return (auth.hiddenSections as string[] | undefined) ?? [];
  if (auth?.kind === 'session' && (auth as SessionAuth).role === 'viewer') return (auth as SessionAuth).hiddenSections;
  return null;
}

export interface AccountSession {
  accountId: string;
  email: string;
  name: string | null;
  expiresAt: Date;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest();
const newToken = () => randomBytes(32).toString('base64url');

/** The CSRF token of a session: a hash of its cookie's token under a label of its own. */
export function csrfTokenOf(token: string): string {
  return createHash('sha256').update(`switchyard analytics csrf\n${token}`).digest('base64url');
}

export function normalEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e) || e.length > 254) throw new ApiError('invalid_request', `${email} is not an email address`, { code: 'bad_request' });
  return e;
}

function checkPassword(password: string): void {
  if (password.length < MIN_PASSWORD || password.length > MAX_PASSWORD) {
    throw new ApiError('invalid_request', `A password has ${MIN_PASSWORD} to ${MAX_PASSWORD} characters`, { code: 'weak_password' });
  }
}

/** The clock sessions, links and sign-in windows go by: a test sets it rather than waiting for an expiry or a window's end. */
export const accountClock = { now: () => Date.now() };

export class AnalyticsAccounts {
  private readonly db: Knex;
  readonly settings: AccountSettings;
  private readonly mailer: Mailer | null;
  private readonly now: () => number;
  private readonly oidc: OidcClient | null;

  /** `now` is the clock sessions, links and sign-in windows go by (a test's own). */
  constructor(db: Knex, settings: AccountSettings, mailer: Mailer | null, now: () => number = () => accountClock.now()) {
    this.db = db;
    this.settings = settings;
    this.mailer = mailer;
    this.now = now;
    this.oidc = settings.oidc ? new OidcClient(settings.oidc) : null;
  }

  get methods(): Array<'password' | 'oidc'> {
    return this.oidc ? ['password', 'oidc'] : ['password'];
  }

  private oidcOrFail(): OidcClient {
    if (!this.oidc) throw new ApiError('not_found', 'No identity provider is configured (ANALYTICS_OIDC_ISSUER or CONSOLE_OIDC_ISSUER); sign in with email and password', { code: 'oidc_not_configured' });
    return this.oidc;
  }

  /** The redirect URI registered with the identity provider, for a request that came to `origin`. */
  callbackUrl(origin: string): string {
    return `${this.linkBase(origin)}${CALLBACK_PATH}`;
  }

  /** Starts a sign-in through the identity provider: its URL, and the state the browser keeps in its sign-in cookie. */
  async beginOidc(origin: string): Promise<{ url: string; state: string }> {
    const pending = await this.oidcOrFail().begin(this.callbackUrl(origin));
    await insertSignIn(this.db, sha256(pending.state), { codeVerifier: pending.codeVerifier, nonce: pending.nonce, expiresAt: new Date(this.now() + SIGN_IN_MS) });
    return { url: pending.url, state: pending.state };
  }

  /**
   * Completes a sign-in from the identity provider's redirect. The state must
   * be the one this browser's cookie holds and is used once. The person's
   * account is the one already linked to the provider's subject; else the
   * account of their email, which the provider must say it verified (linked
   * now); else a new one, only while sign-up is open or an invitation to that
   * email is pending. Roles never come from the provider: they are the sites'.
   */
  async finishOidc(origin: string, search: string, cookieState: string | undefined): Promise<SignedIn> {
    const client = this.oidcOrFail();
    const params = new URLSearchParams(search);
    const state = params.get('state') ?? '';
    if (!cookieState || !state || !hashesMatch(sha256(state), sha256(cookieState))) {
      throw new ApiError('unauthorized', 'This sign-in was not started in this browser, or took too long; sign in again', { code: 'sign_in_expired' });
    }
    const pending = await takeSignIn(this.db, sha256(state), new Date(this.now()));
    if (!pending) throw new ApiError('unauthorized', 'This sign-in expired or was already used; sign in again', { code: 'sign_in_expired' });
    if (params.get('error')) throw new ApiError('forbidden', `The identity provider refused the sign-in: ${params.get('error')}`, { code: 'sign_in_refused' });
    const callback = new URL(this.callbackUrl(origin));
    callback.search = search;
    const claims = await client.finish(callback, { state, ...pending }, ['email', 'email_verified', 'name']);
    // Per issuer and subject: the same `sub` at another issuer is another person.
    const subject = `oidc:${sha256(`${client.settings.issuer.href}\n${String(claims.sub)}`).toString('base64url')}`;
    let account = await findAccountBySubject(this.db, subject);
    if (!account) {
      if (typeof claims.email !== 'string' || claims.email_verified !== true) {
        throw new ApiError('forbidden', 'The identity provider did not give a verified email, which is how an account is found', { code: 'email_not_verified' });
      }
      const email = normalEmail(claims.email);
      const create = this.settings.signup === 'open' || (await hasPendingInvitation(this.db, email, new Date(this.now())));
      account = await linkAccountSubject(this.db, email, subject, typeof claims.name === 'string' ? claims.name : null, create);
      if (!account) throw new ApiError('forbidden', `${email} has no account here (or it is linked to another identity); ask a site's owner for an invitation`, { code: 'no_account' });
    }
    return this.open(account);
  }

  /** Where links in mail point: ANALYTICS_PUBLIC_URL, else the origin the request came to. */
  linkBase(origin: string): string {
    return this.settings.publicUrl ?? origin;
  }

  private mailerOrFail(): Mailer {
    if (!this.mailer) throw new ApiError('unavailable', 'Mail is not configured on this service (SMTP_URL)', { code: 'mail_not_configured' });
    return this.mailer;
  }

  async signUp(email: string, password: string, name: string | null): Promise<SignedIn> {
    if (this.settings.signup !== 'open') throw new ApiError('forbidden', 'Sign-up is by invitation only on this service (ANALYTICS_SIGNUP=invite)', { code: 'signup_closed' });
    checkPassword(password);
    const account = await insertAccount(this.db, { email: normalEmail(email), name, passwordHash: await hashPassword(password, this.settings.scrypt) });
    if (!account) throw new ApiError('conflict', 'An account with this email exists; sign in, or reset its password', { code: 'account_exists' });
    return this.open(account);
  }

  private windowStart(): Date {
    const now = this.now();
    return new Date(now - (now % this.settings.failureWindowMs));
  }

  private retryAfter(): string {
    const now = this.now();
    return String(Math.max(1, Math.ceil((this.settings.failureWindowMs - (now % this.settings.failureWindowMs)) / 1000)));
  }

  /** Refuses (429) when a subject is past its limit of failures in this window. */
  async throttle(subjects: Array<[string, number]>): Promise<void> {
    const failures = await getSignInFailures(this.db, subjects.map(([s]) => s), this.windowStart());
    if (subjects.some(([s, limit]) => (failures.get(s) ?? 0) >= limit)) {
      throw new ApiError('rate_limited', 'Too many failed attempts; wait before trying again', { code: 'rate_limited', headers: { 'Retry-After': this.retryAfter() } });
    }
  }

  noteFailure(subjects: string[]): Promise<void> {
    return countSignInFailure(this.db, subjects, this.windowStart());
  }

  async signIn(email: string, password: string, address: string): Promise<SignedIn> {
    const normal = email.trim().toLowerCase();
    const subjects: Array<[string, number]> = [[`account:${normal}`, this.settings.failuresPerAccount], [`address:${address}`, this.settings.failuresPerAddress]];
    await this.throttle(subjects);
    const account = await findAccountByEmail(this.db, normal);
    // An unknown email costs a hash too: the answer's time does not tell which emails have accounts.
    const ok = await verifyPassword(password, account?.password_hash ?? (await decoyHash(this.settings.scrypt)));
    if (!account || !account.password_hash || !ok) {
      await this.noteFailure(subjects.map(([s]) => s));
      throw new ApiError('unauthorized', 'Wrong email or password', { code: 'invalid_credentials' });
    }
    return this.open(account);
  }

  private async open(account: Pick<AccountRow, 'id' | 'email' | 'name'>): Promise<SignedIn> {
    const token = newToken();
    const expiresAt = new Date(this.now() + this.settings.sessionMs);
    await insertAccountSession(this.db, sha256(token), account.id, expiresAt);
    return { token, expiresAt, account: { id: account.id, email: account.email, name: account.name } };
  }

  /**
   * The account behind a session cookie, or null without a live session. An
   * unsafe method without the session's CSRF token is refused (403): the rule
   * holds for every operation a session opens, whatever its handler does.
   */
  async authenticate(req: { method: string; token?: string; csrf?: string }): Promise<AccountSession | null> {
    if (!req.token) return null;
    const row = await findAccountSession(this.db, sha256(req.token), new Date(this.now()));
    if (!row) return null;
    if (UNSAFE.has(req.method) && (!req.csrf || !hashesMatch(sha256(req.csrf), sha256(csrfTokenOf(req.token))))) {
      throw new ApiError('forbidden', 'A session\'s unsafe request needs its X-CSRF-Token (from GET /v1/account)', { code: 'csrf_failed' });
    }
    return { accountId: row.account_id, email: row.email, name: row.name, expiresAt: row.expires_at };
  }

  /** Ends the session server-side: its cookie opens nothing any more, on any process. */
  signOut(token: string): Promise<void> {
    return deleteAccountSession(this.db, sha256(token));
  }

  /** Mails a reset link when the email has an account; the answer is the same either way, so it tells no one which emails have accounts. */
  async requestReset(email: string, origin: string, address: string): Promise<void> {
    const mailer = this.mailerOrFail();
    const normal = normalEmail(email);
    // Each request may send a mail: the same limits as sign-in keep this from flooding a mailbox.
    const subjects: Array<[string, number]> = [[`reset:${normal}`, this.settings.failuresPerAccount], [`address:${address}`, this.settings.failuresPerAddress]];
    await this.throttle(subjects);
    await this.noteFailure(subjects.map(([s]) => s));
    const account = await findAccountByEmail(this.db, normal);
    if (!account) return;
    const token = newToken();
    await insertPasswordReset(this.db, sha256(token), account.id, new Date(this.now() + this.settings.resetMs));
    const link = `${this.linkBase(origin)}/dashboard#reset=${token}`;
    await mailer.send({
      to: account.email,
      subject: 'Reset your Switchyard Analytics password',
      text: `Someone (hopefully you) asked to reset the password of ${account.email}.\n\nSet a new password here (the link works once, for one hour):\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
    });
  }

  /** Sets a new password from a reset link (once) and signs the account out everywhere else. */
  async completeReset(token: string, password: string): Promise<void> {
    checkPassword(password);
    const accountId = await takePasswordReset(this.db, sha256(token), new Date(this.now()));
    if (!accountId) throw new ApiError('gone', 'This reset link is unknown, used or expired; ask for a new one', { code: 'link_expired' });
    await setAccountPassword(this.db, accountId, await hashPassword(password, this.settings.scrypt));
  }

  /** Invites an email to a site with a role, by mail with a single-use link. */
  async invite(projectId: string, email: string, role: MemberRole, invitedBy: string | null, origin: string): Promise<InvitationRow> {
    const mailer = this.mailerOrFail();
    const token = newToken();
    const project = await getProject(this.db, projectId);
    const inv = await insertInvitation(this.db, { projectId, email: normalEmail(email), role, tokenHash: sha256(token), invitedBy, expiresAt: new Date(this.now() + this.settings.invitationMs) });
    const link = `${this.linkBase(origin)}/dashboard#invite=${token}`;
    await mailer.send({
      to: inv.email,
      subject: `You are invited to ${project?.name ?? 'a site'} on Switchyard Analytics`,
      text: `You are invited to see the analytics of ${project?.name ?? 'a site'} as ${role}.\n\nAccept here (the link works once, until ${inv.expires_at.toISOString()}):\n${link}\n`,
    });
    return inv;
  }

  async invitation(token: string) {
    const inv = await findInvitation(this.db, sha256(token), new Date(this.now()));
    if (!inv) throw new ApiError('gone', 'This invitation is unknown, used, withdrawn or expired; ask for a new one', { code: 'link_expired' });
    return inv;
  }

  /**
   * Accepts an invitation. Signed in: the membership goes to the signed-in
   * account (holding the link proves the mailbox). Otherwise the account of
   * the invited email, created with `password` when it has none yet; an
   * existing account signs in first (409 `sign_in_first`), so the link alone
   * never opens an account that has a password.
   */
  async accept(token: string, session: AccountSession | null, password: string | undefined, name: string | null): Promise<{ projectId: string; role: MemberRole; signedIn?: SignedIn }> {
    const hash = sha256(token);
    const now = new Date(this.now());
    if (!session) {
      const pending = await findInvitation(this.db, hash, now);
      if (!pending) throw new ApiError('gone', 'This invitation is unknown, used, withdrawn or expired; ask for a new one', { code: 'link_expired' });
      if (pending.has_account) throw new ApiError('conflict', `${pending.email} has an account: sign in, then open the link again`, { code: 'sign_in_first' });
      if (password === undefined) throw new ApiError('invalid_request', 'A new account needs a password', { code: 'bad_request' });
      checkPassword(password);
    }
    const passwordHash = !session && password !== undefined ? await hashPassword(password, this.settings.scrypt) : null;
    let created: AccountRow | null = null;
    const taken = await takeInvitation(this.db, hash, now, async (inv, trx) => {
      if (session) return session.accountId;
      created = await insertAccount(trx, { email: inv.email, name, passwordHash });
      if (!created) throw new ApiError('conflict', `${inv.email} has an account: sign in, then open the link again`, { code: 'sign_in_first' });
      return created.id;
    });
    if (!taken) throw new ApiError('gone', 'This invitation is unknown, used, withdrawn or expired; ask for a new one', { code: 'link_expired' });
    const result: { projectId: string; role: MemberRole; signedIn?: SignedIn } = { projectId: taken.project_id, role: taken.role };
    if (created) result.signedIn = await this.open(created);
    return result;
  }
}
