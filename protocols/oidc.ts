// Signing people in through an OpenID Connect identity provider: discovery,
// the authorization code flow with PKCE, and the ID token's checks (signature,
// issuer, audience, expiry, nonce), all by openid-client. The caller keeps the
// pending sign-in (verifier and nonce, found by the state) wherever it likes
// and decides what the verified claims mean.
import * as oidc from 'openid-client';
import { ApiError } from './errors.ts';

export interface OidcClientSettings {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  scopes: string;
}

export interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  url: string;
}

export class OidcClient {
  private discovered?: Promise<oidc.Configuration>;
  readonly settings: OidcClientSettings;

  constructor(settings: OidcClientSettings) {
    this.settings = settings;
  }

  /** The identity provider's metadata, discovered once; a failed discovery is tried again by the next sign-in. */
  private configuration(): Promise<oidc.Configuration> {
    const s = this.settings;
    if (!this.discovered) {
      const options = s.issuer.protocol === 'http:' ? { execute: [oidc.allowInsecureRequests] } : undefined;
      const p = oidc.discovery(s.issuer, s.clientId, undefined, oidc.ClientSecretBasic(s.clientSecret), options);
      p.catch(() => {
        if (this.discovered === p) this.discovered = undefined;
      });
      this.discovered = p;
    }
    return this.discovered.catch((err) => {
      throw new ApiError('unavailable', `The identity provider at ${s.issuer.href} could not be reached`, { code: 'identity_provider_unavailable', cause: err });
    });
  }

  /** A new sign-in: the authorization URL to send the browser to, and what the callback needs back. */
  async begin(redirectUri: string): Promise<PendingSignIn> {
    const config = await this.configuration();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: this.settings.scopes,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { state, nonce, codeVerifier, url: url.href };
  }

  /**
   * The verified claims of a completed sign-in (the ID token's, completed from
   * userinfo for the `wanted` claims it leaves out). `callbackUrl` is the
   * redirect URI with the query the identity provider sent back.
   */
  async finish(callbackUrl: URL, pending: { state: string; nonce: string; codeVerifier: string }, wanted: string[] = []): Promise<Record<string, unknown>> {
    const config = await this.configuration();
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: pending.codeVerifier, expectedState: pending.state, expectedNonce: pending.nonce, idTokenExpected: true });
    } catch (err) {
      throw new ApiError('unauthorized', 'The identity provider\'s answer did not verify; sign in again', { code: 'sign_in_failed', cause: err });
    }
    let claims: Record<string, unknown> = { ...tokens.claims()! };
    if (wanted.some((c) => claims[c] === undefined) && tokens.access_token) {
      const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub as string).catch(() => undefined);
      if (info) claims = { ...info, ...claims };
    }
    return claims;
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An issuer URL as a setting may name it: https, plain http only on this machine; null when it cannot work (with why). */
export function issuerUrl(text: string): URL | string {
  if (!URL.canParse(text)) return 'is not a URL';
  const url = new URL(text);
  // Plain http leaves tokens readable on the way: only for an identity provider on this machine.
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname))) return 'must be https (plain http only on localhost)';
  return url;
}
