// Gateway keys (gw_live_…), shared by the native and /v1 surfaces.
import type { Knex } from 'knex';
import { findGatewayKey } from '../db/gateway/findGatewayKey.ts';
import { insertGatewayKey } from '../db/gateway/insertGatewayKey.ts';
import { hashKey, hashKeyHex, hexHashesMatch, lookupOf, presentedKey } from '../protocols/keys.ts';
import type { IncomingHttpHeaders } from 'node:http';
import type { RoutingPolicy } from '../protocols/routing.ts';

export const GATEWAY_KEY_PREFIX = 'gw_live_';
const BOOTSTRAP_LOOKUP = 'bootstrap';
const CACHE_TTL_MS = 30_000;

export interface GatewayAuth {
  keyId: string;
  keyName: string;
  /** The key's default routing policy; a request's own `routing` members take precedence. */
  routing?: RoutingPolicy;
}

export interface GatewayAuthenticator {
  /** At once when no lookup is needed (no key, the bootstrap key, a cached key), else once PostgreSQL has answered. */
  authenticate(headers: IncomingHttpHeaders): GatewayAuth | null | Promise<GatewayAuth | null>;
  /** Forget cached keys (after a revoke). */
  clear(): void;
}

/**
 * Checks a presented key against the stored hashes. Verified keys are cached
 * briefly by their hash so the hot path does not query PostgreSQL per request;
 * a revoke takes effect within CACHE_TTL_MS in other processes.
 */
export async function createGatewayAuthenticator(db: Knex, bootstrapKey?: string): Promise<GatewayAuthenticator> {
  // Hashes are kept as hex: a key is verified on every call (see hashKeyHex).
  let bootstrap: { hash: string; auth: GatewayAuth } | undefined;
  if (bootstrapKey) {
    const hash = hashKey(bootstrapKey);
    const id = await insertGatewayKey(db, { lookup: BOOTSTRAP_LOOKUP, hash, name: 'bootstrap (GATEWAY_BOOTSTRAP_KEY)' });
    bootstrap = { hash: hash.toString('hex'), auth: { keyId: id, keyName: 'bootstrap' } };
  }
  const cache = new Map<string, { hash: string; auth: GatewayAuth; expires: number }>();
  // When a key drops out of the cache under load, every request carrying it
  // would look it up at once; they share one query instead.
  const lookups = new Map<string, ReturnType<typeof findGatewayKey>>();

  function findShared(lookup: string): ReturnType<typeof findGatewayKey> {
    let pending = lookups.get(lookup);
    if (!pending) {
      pending = findGatewayKey(db, lookup).finally(() => lookups.delete(lookup));
      lookups.set(lookup, pending);
    }
    return pending;
  }

  // Not async: a key the bootstrap or the cache answers for is decided without a promise (the /v1 hot path).
  function verify(key: string): GatewayAuth | null | Promise<GatewayAuth | null> {
    const hash = hashKeyHex(key);
    if (bootstrap && hexHashesMatch(hash, bootstrap.hash)) return bootstrap.auth;
    const lookup = lookupOf(key, GATEWAY_KEY_PREFIX);
    if (!lookup) return null;
    const cached = cache.get(lookup);
    if (cached && cached.expires > Date.now()) return hexHashesMatch(hash, cached.hash) ? cached.auth : null;
    return verifyStored(lookup, hash);
  }

  async function verifyStored(lookup: string, hash: string): Promise<GatewayAuth | null> {
    const row = await findShared(lookup);
    if (!row) return null;
    const stored = row.hash.toString('hex');
    if (!hexHashesMatch(hash, stored)) return null;
    const auth: GatewayAuth = row.routing ? { keyId: row.id, keyName: row.name, routing: row.routing as RoutingPolicy } : { keyId: row.id, keyName: row.name };
    cache.set(lookup, { hash: stored, auth, expires: Date.now() + CACHE_TTL_MS });
    return auth;
  }

  return {
    authenticate(headers) {
      const key = presentedKey(headers);
      return key ? verify(key) : null;
    },
    clear: () => cache.clear(),
  };
}
