// Gateway keys (gw_live_…), shared by the native and /v1 surfaces.
import type { Knex } from 'knex';
import { findGatewayKey } from '../db/gateway/findGatewayKey.ts';
import { insertGatewayKey } from '../db/gateway/insertGatewayKey.ts';
import { hashKey, hashesMatch, lookupOf, presentedKey } from './keys.ts';
import type { ApiContext } from './types.ts';

export const GATEWAY_KEY_PREFIX = 'gw_live_';
const BOOTSTRAP_LOOKUP = 'bootstrap';
const CACHE_TTL_MS = 30_000;

export interface GatewayAuth {
  keyId: string;
  keyName: string;
}

export interface GatewayAuthenticator {
  authenticate(ctx: ApiContext): Promise<GatewayAuth | null>;
  /** Forget cached keys (after a revoke). */
  clear(): void;
}

/**
 * Checks a presented key against the stored hashes. Verified keys are cached
 * briefly by their hash so the hot path does not query PostgreSQL per request;
 * a revoke takes effect within CACHE_TTL_MS in other processes.
 *
 * A key that verified within the TTL is recognised again by a constant-time
 * comparison of its bytes, without hashing it: a SHA-256 per request showed in
 * the /v1 profile. Those bytes stay in this process's memory for the TTL, as
 * the key itself does in every request that carries it.
 */
export async function createGatewayAuthenticator(db: Knex, bootstrapKey?: string): Promise<GatewayAuthenticator> {
  let bootstrap: { hash: Buffer; auth: GatewayAuth } | undefined;
  if (bootstrapKey) {
    const hash = hashKey(bootstrapKey);
    const id = await insertGatewayKey(db, { lookup: BOOTSTRAP_LOOKUP, hash, name: 'bootstrap (GATEWAY_BOOTSTRAP_KEY)' });
    bootstrap = { hash, auth: { keyId: id, keyName: 'bootstrap' } };
  }
  const cache = new Map<string, { hash: Buffer; auth: GatewayAuth; expires: number }>();
  // lookup part -> the exact key that verified, for the TTL.
  const recent = new Map<string, { key: Buffer; auth: GatewayAuth; expires: number }>();
  const bootstrapBytes = bootstrapKey ? Buffer.from(bootstrapKey) : undefined;

  async function verify(key: string): Promise<GatewayAuth | null> {
    const presented = Buffer.from(key);
    if (bootstrap && bootstrapBytes && hashesMatch(presented, bootstrapBytes)) return bootstrap.auth;
    const lookup = lookupOf(key, GATEWAY_KEY_PREFIX);
    const seen = lookup ? recent.get(lookup) : undefined;
    if (seen && seen.expires > Date.now() && hashesMatch(presented, seen.key)) return seen.auth;
    const auth = await verifyByHash(key);
    if (auth && lookup) recent.set(lookup, { key: presented, auth, expires: Date.now() + CACHE_TTL_MS });
    return auth;
  }

  async function verifyByHash(key: string): Promise<GatewayAuth | null> {
    const hash = hashKey(key);
    if (bootstrap && hashesMatch(hash, bootstrap.hash)) return bootstrap.auth;
    const lookup = lookupOf(key, GATEWAY_KEY_PREFIX);
    if (!lookup) return null;
    const cached = cache.get(lookup);
    if (cached && cached.expires > Date.now()) return hashesMatch(hash, cached.hash) ? cached.auth : null;
    const row = await findGatewayKey(db, lookup);
    if (!row || !hashesMatch(hash, row.hash)) return null;
    const auth = { keyId: row.id, keyName: row.name };
    cache.set(lookup, { hash: row.hash, auth, expires: Date.now() + CACHE_TTL_MS });
    return auth;
  }

  return {
    async authenticate(ctx) {
      const key = presentedKey(ctx.headers as never);
      return key ? verify(key) : null;
    },
    clear: () => {
      cache.clear();
      recent.clear();
    },
  };
}
