// Microsoft Entra ID tokens for Azure OpenAI by the client-credentials flow:
// the authority's metadata discovered and the token requested through
// openid-client, for the scope Azure OpenAI's data plane accepts. One token
// per application is shared by every call of the process. It is renewed
// shortly before it expires, by one request however many calls ask at once,
// so a burst of calls at expiry costs the identity provider one request.
import { createHash } from 'node:crypto';
import * as oidc from 'openid-client';
import { ProviderError, type CallContext } from '../types.ts';

export const TENANT_ENV = 'AZURE_OPENAI_TENANT_ID';
export const CLIENT_ID_ENV = 'AZURE_OPENAI_CLIENT_ID';
export const CLIENT_SECRET_ENV = 'AZURE_OPENAI_CLIENT_SECRET';
export const AUTHORITY_ENV = 'AZURE_OPENAI_AUTHORITY_HOST';

/** Microsoft's public cloud; sovereign clouds have their own host (login.microsoftonline.us, ...). */
export const DEFAULT_AUTHORITY = 'https://login.microsoftonline.com';
/** What Azure OpenAI asks a token to be issued for (Azure AI services' resource, every permission granted to the app). */
export const SCOPE = 'https://cognitiveservices.azure.com/.default';
/** A token is renewed this long before it expires (or at half its life, if that is sooner), so none expires on its way. */
export const RENEW_BEFORE_MS = 5 * 60_000;

/** What ProviderSettings.extra holds of the flow when all three variables are set. */
export function entraExtra(env: NodeJS.ProcessEnv): Record<string, string> {
  const tenantId = env[TENANT_ENV]?.trim();
  const clientId = env[CLIENT_ID_ENV]?.trim();
  const clientSecret = env[CLIENT_SECRET_ENV]?.trim();
  if (!tenantId || !clientId || !clientSecret) return {};
  return { tenantId, clientId, clientSecret, authorityHost: env[AUTHORITY_ENV]?.trim() || DEFAULT_AUTHORITY };
}

export interface EntraApp {
  authorityHost: string;
  tenantId: string;
  clientId: string;
  clientSecret: string;
}

export function entraAppOf(extra: Record<string, string>): EntraApp | undefined {
  const { authorityHost, tenantId, clientId, clientSecret } = extra;
  return authorityHost && tenantId && clientId && clientSecret ? { authorityHost, tenantId, clientId, clientSecret } : undefined;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** One application's tokens. `now` is injected so a test can move past an expiry without waiting for it. */
export class EntraTokens {
  private readonly app: EntraApp;
  private readonly now: () => number;
  private config: Promise<oidc.Configuration> | undefined;
  private cached: { token: string; renewAt: number } | undefined;
  private pending: Promise<string> | undefined;

  constructor(app: EntraApp, now: () => number = Date.now) {
    this.app = app;
    this.now = now;
  }

  /** A token valid for a while yet: the cached one, else the one being fetched, else a new one. */
  token(): Promise<string> {
    if (this.cached && this.now() < this.cached.renewAt) return Promise.resolve(this.cached.token);
    this.pending ??= this.fetch().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async fetch(): Promise<string> {
    const { clientId, tenantId } = this.app;
    const asked = this.now();
    let grant: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers;
    try {
      grant = await oidc.clientCredentialsGrant(await this.configuration(), { scope: SCOPE });
    } catch (err) {
      // The library's message names the endpoint and the OAuth error, never the secret.
      const reason = err instanceof Error ? err.message : String(err);
      const refused = err instanceof oidc.ResponseBodyError;
      throw new ProviderError(
        'azure',
        refused ? 'upstream_rejected' : 'unreachable',
        `azure: no Microsoft Entra ID token for client ${clientId} in tenant ${tenantId}: ${reason}${refused ? ` (check ${CLIENT_ID_ENV}, ${CLIENT_SECRET_ENV} and ${TENANT_ENV})` : ''}`,
        { ...(refused ? { status: (err as oidc.ResponseBodyError).status } : {}), cause: err },
      );
    }
    const lifeMs = (grant.expiresIn() ?? 3600) * 1000;
    this.cached = { token: grant.access_token, renewAt: asked + lifeMs - Math.min(RENEW_BEFORE_MS, lifeMs / 2) };
    return grant.access_token;
  }

  /** The authority's metadata, discovered once; a failed discovery is tried again by the next call. */
  private configuration(): Promise<oidc.Configuration> {
    if (!this.config) {
      const { authorityHost, tenantId, clientId, clientSecret } = this.app;
      const issuer = new URL(`${authorityHost.replace(/\/+$/, '')}/${encodeURIComponent(tenantId)}/v2.0`);
      // Plain HTTP only to this machine (a local identity provider): the secret never crosses a network in the clear.
      const options = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname) ? { execute: [oidc.allowInsecureRequests] } : undefined;
      const p = oidc.discovery(issuer, clientId, undefined, oidc.ClientSecretPost(clientSecret), options);
      p.catch(() => {
        if (this.config === p) this.config = undefined;
      });
      this.config = p;
    }
    return this.config;
  }
}

// Per application, so a changed secret or tenant gets tokens of its own; the secret is kept under its hash only.
const apps = new Map<string, EntraTokens>();

export function entraTokens(app: EntraApp): EntraTokens {
  const id = `${app.authorityHost}\n${app.tenantId}\n${app.clientId}\n${createHash('sha256').update(app.clientSecret).digest('hex')}`;
  let tokens = apps.get(id);
  if (!tokens) apps.set(id, (tokens = new EntraTokens(app)));
  return tokens;
}

/**
 * The call's context with a current token in place of a static one, when no
 * api key is set and the client-credentials flow is configured; else as it is.
 */
export async function withEntraToken<C extends CallContext>(ctx: C): Promise<C> {
  const { settings } = ctx;
  const app = settings.apiKey ? undefined : entraAppOf(settings.extra);
  if (!app) return ctx;
  const token = await entraTokens(app).token();
  return { ...ctx, settings: { ...settings, extra: { ...settings.extra, adToken: token } } };
}
