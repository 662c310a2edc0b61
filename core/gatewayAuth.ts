// Gateway keys (gw_live_…), shared by the native and /v1 surfaces.
import type { Knex } from 'knex';
import { findGatewayKey } from '../db/gateway/findGatewayKey.ts';
import { BOOTSTRAP_LOOKUP, ensureBootstrapKey } from '../db/gateway/ensureBootstrapKey.ts';
import { hashKey, hashKeyHex, hexHashesMatch, lookupOf, presentedKey } from '../protocols/keys.ts';
import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import type { RoutingPolicy } from '../protocols/routing.ts';
import type { ConsolePrincipal } from './console/settings.ts';
import { ApiError } from '../protocols/errors.ts';
import { hasRules, policyOfRow, type Policy } from './governance/policy.ts';
import { randomBytes } from 'node:crypto';
import { WARM_UP_KEY_ID } from './warmUp.ts';

export const GATEWAY_KEY_PREFIX = 'gw_live_';
const CACHE_TTL_MS = 30_000;

export interface GatewayAuth {
  keyId: string;
  keyName: string;
  /** The key's default routing policy; a request's own `routing` members take precedence. */
  routing?: RoutingPolicy;
  /** An admin governs keys, teams and spend; a member only calls. */
  role: 'admin' | 'member';
  teamId?: string;
  /** Free labels spend is grouped and budgeted by; empty when none. */
  tags: readonly string[];
  /** When the key stops working (epoch ms); absent when it never expires. For a rotated secret, the end of its grace period if sooner. */
  expiresAt?: number;
  /**
   * The person behind a console session's request (absent for a bearer key):
   * whom an audit record names. The request acts through keyId.
   */
  principal?: ConsolePrincipal;
  /** The key's own allow-list, limits and budgets; absent when it has none. */
  policy?: Policy;
}

export interface GatewayAuthenticator {
  /** At once when no lookup is needed (no key, a cached key), else once PostgreSQL has answered. */
  authenticate(headers: IncomingHttpHeaders): GatewayAuth | null | Promise<GatewayAuth | null>;
  /** Forget cached keys: a key changed (a revoke, from any process; db trigger gateway_keys_changed announces it). */
  clear(): void;
  /**
   * A key for the start-up warm-up's calls (core/warmUp.ts): random, as strong
   * as a minted key, held only in this process's memory, compared like any
   * key, and refused from `end()` on. No stored key shares its id.
   */
  openWarmUp(): { key: string; end(): void };
}

/**
 * Checks a presented key against the stored hashes, the bootstrap key
 * included: its row decides, so a revoke refuses it like any other key.
 * Verified keys are cached briefly by their hash so the hot path does not
 * query PostgreSQL per request; clear() (on every key change announced by
 * PostgreSQL) ends that at once, CACHE_TTL_MS only bounds it when the
 * notification connection is down.
 */
export async function createGatewayAuthenticator(db: Knex, bootstrapKey?: string, log?: Logger, clock: () => number = Date.now): Promise<GatewayAuthenticator> {
  // Hashes are kept as hex: a key is verified on every call (see hashKeyHex).
  let bootstrapHash: string | undefined;
  if (bootstrapKey) {
    const hash = hashKey(bootstrapKey);
    const row = await ensureBootstrapKey(db, hash, 'bootstrap (GATEWAY_BOOTSTRAP_KEY)');
    bootstrapHash = hash.toString('hex');
    if (row.revokedAt) {
      log?.warn(
        { keyId: row.id, revokedAt: row.revokedAt },
        'GATEWAY_BOOTSTRAP_KEY was revoked and stays refused: set GATEWAY_BOOTSTRAP_KEY to a new value, or create a key with `npm run cli -- keys create` and unset GATEWAY_BOOTSTRAP_KEY',
      );
    }
  }
  const cache = new Map<string, { hash: string; auth: GatewayAuth; expires: number }>();
  // When a key drops out of the cache under load, every request carrying it
  // would look it up at once; they share one query instead.
  const lookups = new Map<string, ReturnType<typeof findGatewayKey>>();

  // Bumped by clear(): a lookup that began before a key changed may have read
  // the row as it was, so its answer is not cached (nor shared with later requests).
  let generation = 0;

  function findShared(lookup: string): ReturnType<typeof findGatewayKey> {
    let pending = lookups.get(lookup);
    if (!pending) {
      const p = findGatewayKey(db, lookup).finally(() => {
        if (lookups.get(lookup) === p) lookups.delete(lookup);
      });
      lookups.set(lookup, (pending = p));
    }
    return pending;
  }

  let warmUp: { hash: string; auth: GatewayAuth } | undefined;

  // Not async: a key the cache answers for is decided without a promise (the /v1 hot path).
  function verify(key: string): GatewayAuth | null | Promise<GatewayAuth | null> {
    const hash = hashKeyHex(key);
    if (warmUp !== undefined && hexHashesMatch(hash, warmUp.hash)) return warmUp.auth;
    const lookup = bootstrapHash && hexHashesMatch(hash, bootstrapHash) ? BOOTSTRAP_LOOKUP : lookupOf(key, GATEWAY_KEY_PREFIX);
    if (!lookup) return null;
    const cached = cache.get(lookup);
    if (cached && cached.expires > Date.now()) return hexHashesMatch(hash, cached.hash) ? unexpired(cached.auth) : null;
    return verifyStored(lookup, hash).then((auth) => auth && unexpired(auth));
  }

  /** A key past its expiry (or a rotated secret past its grace period) is known, but refused: 403, not 401. */
  function unexpired(auth: GatewayAuth): GatewayAuth {
    if (auth.expiresAt !== undefined && clock() >= auth.expiresAt) {
      throw new ApiError('forbidden', `The key ${auth.keyName} expired at ${new Date(auth.expiresAt).toISOString()}`, { code: 'key_expired' });
    }
    return auth;
  }

  async function verifyStored(lookup: string, hash: string): Promise<GatewayAuth | null> {
    const asOf = generation;
    const row = await findShared(lookup);
    if (!row) return null;
    // A key found by its previous lookup is the secret a rotation replaced, valid until its grace period ends.
    const previous = row.lookup !== lookup;
    const storedHash = previous ? row.previous_hash : row.hash;
    if (!storedHash) return null;
    const stored = storedHash.toString('hex');
    if (!hexHashesMatch(hash, stored)) return null;
    const auth: GatewayAuth = { keyId: row.id, keyName: row.name, role: row.role, tags: row.tags };
    if (row.routing) auth.routing = row.routing as RoutingPolicy;
    if (row.team_id) auth.teamId = row.team_id;
    const ends = [row.expires_at?.getTime(), previous ? (row.previous_valid_until?.getTime() ?? 0) : undefined].filter((t): t is number => t !== undefined);
    if (ends.length) auth.expiresAt = Math.min(...ends);
    const policy = policyOfRow(row);
    if (hasRules(policy) || policy.alertWebhookUrl) auth.policy = policy;
    if (asOf === generation) cache.set(lookup, { hash: stored, auth, expires: Date.now() + CACHE_TTL_MS });
    return auth;
  }

  return {
    authenticate(headers) {
      const key = presentedKey(headers);
      return key ? verify(key) : null;
    },
    clear() {
      generation++;
      cache.clear();
      lookups.clear();
    },
    openWarmUp() {
      const key = `${GATEWAY_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const opened = { hash: hashKeyHex(key), auth: { keyId: WARM_UP_KEY_ID, keyName: 'warm-up', role: 'member' as const, tags: [] } };
      warmUp = opened;
      return {
        key,
        end: () => {
          if (warmUp === opened) warmUp = undefined;
        },
      };
    },
  };
}
