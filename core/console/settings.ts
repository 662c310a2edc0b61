// The console's sign-in settings, read from the environment once when the
// gateway starts; a setting that cannot work is refused then, in one line.

export type ConsoleRole = 'admin' | 'member' | 'viewer';

/** Who is behind a console request: what an audit record names. */
export interface ConsolePrincipal {
  /** The identity provider's `sub`, or `key:<id>` for a key sign-in. */
  subject: string;
  email?: string;
  name?: string;
  via: 'oidc' | 'key';
  role: ConsoleRole;
}

export const CONSOLE_ROLES: readonly ConsoleRole[] = ['admin', 'member', 'viewer'];

export interface OidcSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scopes: string;
  /** The ID token claim (or userinfo claim) holding the user's groups. */
  roleClaim: string;
  /** Claim value -> the roles it grants; the highest granted role wins. */
  roles: Map<string, ConsoleRole>;
  /** The claim naming the user's team (a gateway team's name), if teams come from the identity provider. */
  teamClaim?: string;
}

export interface ConsoleSettings {
  /** Absent: no identity provider, the console signs in with an admin gateway key. */
  oidc?: OidcSettings;
  sessionMs: number;
  /** Where the identity provider sends the browser back; absent: the address the request came to. */
  publicUrl?: string;
}

export class ConsoleSettingsError extends Error {}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `role=value` pairs, comma-separated: `admin=platform-admins,member=engineering,viewer=finance`. */
export function parseRoleMap(text: string): Map<string, ConsoleRole> {
  const roles = new Map<string, ConsoleRole>();
  for (const raw of text.split(',')) {
    const entry = raw.trim();
    if (!entry) continue;
    const eq = entry.indexOf('=');
    const role = entry.slice(0, eq).trim() as ConsoleRole;
    const value = entry.slice(eq + 1).trim();
    if (eq < 1 || !value || !CONSOLE_ROLES.includes(role)) {
      throw new ConsoleSettingsError(`CONSOLE_OIDC_ROLES: "${entry}" is not role=value with a role of admin, member or viewer`);
    }
    const had = roles.get(value);
    // One claim value naming two roles grants the higher.
    if (!had || CONSOLE_ROLES.indexOf(role) < CONSOLE_ROLES.indexOf(had)) roles.set(value, role);
  }
  if (roles.size === 0) throw new ConsoleSettingsError('CONSOLE_OIDC_ROLES names no role');
  return roles;
}

export function consoleSettings(env: NodeJS.ProcessEnv): ConsoleSettings {
  const hours = env.CONSOLE_SESSION_HOURS ? Number(env.CONSOLE_SESSION_HOURS) : 12;
  if (!Number.isFinite(hours) || hours <= 0 || hours > 24 * 30) throw new ConsoleSettingsError(`CONSOLE_SESSION_HOURS=${env.CONSOLE_SESSION_HOURS} is not a number of hours from 0 to 720`);
  const settings: ConsoleSettings = { sessionMs: hours * 3600_000 };
  const publicUrl = env.CONSOLE_PUBLIC_URL?.trim();
  if (publicUrl) {
    if (!URL.canParse(publicUrl) || !/^https?:$/.test(new URL(publicUrl).protocol)) throw new ConsoleSettingsError(`CONSOLE_PUBLIC_URL=${publicUrl} is not an http(s) URL`);
    settings.publicUrl = publicUrl.replace(/\/+$/, '');
  }
  const issuer = env.CONSOLE_OIDC_ISSUER?.trim();
  if (!issuer) return settings;
  if (!URL.canParse(issuer)) throw new ConsoleSettingsError(`CONSOLE_OIDC_ISSUER=${issuer} is not a URL`);
  const url = new URL(issuer);
  // Plain http leaves tokens readable on the way: only for an identity provider on this machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) {
    throw new ConsoleSettingsError(`CONSOLE_OIDC_ISSUER=${issuer} must be https (plain http only on localhost)`);
  }
  const clientId = env.CONSOLE_OIDC_CLIENT_ID?.trim();
  const clientSecret = env.CONSOLE_OIDC_CLIENT_SECRET;
  if (!clientId || !clientSecret) throw new ConsoleSettingsError('CONSOLE_OIDC_ISSUER is set: CONSOLE_OIDC_CLIENT_ID and CONSOLE_OIDC_CLIENT_SECRET are needed too');
  settings.oidc = {
    issuer: url,
    clientId,
    clientSecret,
    scopes: env.CONSOLE_OIDC_SCOPES?.trim() || 'openid email profile',
    roleClaim: env.CONSOLE_OIDC_ROLE_CLAIM?.trim() || 'groups',
    roles: parseRoleMap(env.CONSOLE_OIDC_ROLES || 'admin=admin,member=member,viewer=viewer'),
    ...(env.CONSOLE_OIDC_TEAM_CLAIM?.trim() ? { teamClaim: env.CONSOLE_OIDC_TEAM_CLAIM.trim() } : {}),
  };
  return settings;
}

/** The highest role the claim's values grant (a string or a list of strings), or undefined when none. */
export function roleOf(claim: unknown, roles: Map<string, ConsoleRole>): ConsoleRole | undefined {
  const values = Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : [];
  let best: ConsoleRole | undefined;
  for (const value of values) {
    const role = typeof value === 'string' ? roles.get(value) : undefined;
    if (role && (!best || CONSOLE_ROLES.indexOf(role) < CONSOLE_ROLES.indexOf(best))) best = role;
  }
  return best;
}
