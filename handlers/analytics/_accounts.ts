// What the account, member and invitation operations share: the service, the
// request's origin, the session cookie and the session's body.
import type { ApiContext } from '../types.ts';
import { csrfTokenOf, SESSION_COOKIE, type AnalyticsAccounts, type SignedIn } from '../../analytics/accounts.ts';
import type { Actor } from '../../analytics/members.ts';
import type { AnalyticsAuth } from '../../analytics/keys.ts';
import { listAccountSites } from '../../db/analytics/listAccountSites.ts';
import type { MemberRow } from '../../db/analytics/listMembers.ts';
import type { InvitationRow } from '../../db/analytics/accountRows.ts';

export function accountsOf(ctx: ApiContext): AnalyticsAccounts {
  return ctx.state.deps.analyticsAccounts as AnalyticsAccounts;
}

/** The origin the browser used: https only as server/clientAddress.ts decided it. */
export function originOf(ctx: ApiContext): string {
  return `${ctx.state.secure ? 'https' : 'http'}://${ctx.get('host')}`;
}

/** A cookie of the service: HttpOnly, SameSite=Lax (the identity provider's redirect back is a top-level navigation), Secure over https. */
export function setCookie(ctx: ApiContext, name: string, value: string, maxAgeMs: number): void {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`];
  if (ctx.state.secure) parts.push('Secure');
  ctx.append('Set-Cookie', parts.join('; '));
  ctx.set('Cache-Control', 'no-store');
}

export function setSessionCookie(ctx: ApiContext, value: string, maxAgeMs: number): void {
  setCookie(ctx, SESSION_COOKIE, value, maxAgeMs);
}

export async function sessionBody(ctx: ApiContext, token: string, account: { id: string; email: string; name: string | null }, expiresAt: Date) {
  const sites = await listAccountSites(ctx.state.deps.db, account.id);
  return {
    account: { id: account.id, email: account.email, name: account.name },
    csrfToken: csrfTokenOf(token),
    expiresAt: expiresAt.toISOString(),
    sites: sites.map((s) => ({ id: s.id, name: s.name, role: s.role, hiddenSections: s.hidden_sections })),
  };
}

/** Signs the browser in: the cookie, and the session's body. */
export async function signedIn(ctx: ApiContext, s: SignedIn) {
  setSessionCookie(ctx, s.token, s.expiresAt.getTime() - Date.now());
  return sessionBody(ctx, s.token, s.account, s.expiresAt);
}

/** Who acts on a member operation: the live key, or a person by their role on the site. */
export function actorOf(ctx: ApiContext): Actor {
  const auth = ctx.state.auth as AnalyticsAuth & { role?: Actor['role']; accountId?: string };
  return auth.kind === 'session' ? { role: auth.role!, accountId: auth.accountId! } : { role: 'key', accountId: null };
}

export function clientAddress(ctx: ApiContext): string {
  return ctx.ip || 'unknown';
}

export function toMember(m: MemberRow) {
  return { accountId: m.account_id, email: m.email, name: m.name, role: m.role, createdAt: m.created_at.toISOString() };
}

export function toInvitation(i: InvitationRow) {
  return { id: i.id, email: i.email, role: i.role, createdAt: i.created_at.toISOString(), expiresAt: i.expires_at.toISOString() };
}
