// Gateway keys: a key that verified once is recognised again without hashing
// or PostgreSQL, but only that exact key, and never past the cache's life or a clear().
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createGatewayKey, testDb } from '../test/support.ts';
import { createGatewayAuthenticator, GATEWAY_KEY_PREFIX, type GatewayAuthenticator } from './gatewayAuth.ts';
import type { ApiContext } from './types.ts';

let db: Knex;
let auth: GatewayAuthenticator;
const BOOTSTRAP = `${GATEWAY_KEY_PREFIX}${'b'.repeat(48)}`;

const ctx = (authorization?: string) => ({ headers: authorization ? { authorization: `Bearer ${authorization}` } : {} }) as unknown as ApiContext;

/** The same lookup part with a different secret. */
function sameLookupOtherSecret(key: string): string {
  const last = key.at(-1) === 'x' ? 'y' : 'x';
  return key.slice(0, -1) + last;
}

beforeAll(async () => {
  db = await testDb();
  auth = await createGatewayAuthenticator(db, BOOTSTRAP);
});

afterAll(() => db?.destroy());

describe('gateway key verification', () => {
  it('accepts a minted key, again from the cache, and refuses another secret behind the same lookup', async () => {
    const { key, id } = await createGatewayKey(db, 'auth-cache');
    expect(await auth.authenticate(ctx(key))).toMatchObject({ keyId: id });
    expect(await auth.authenticate(ctx(key))).toMatchObject({ keyId: id });
    expect(await auth.authenticate(ctx(sameLookupOtherSecret(key)))).toBeNull();
    expect(await auth.authenticate(ctx(key.slice(0, -1)))).toBeNull();
    expect(await auth.authenticate(ctx(key))).toMatchObject({ keyId: id });
  });

  it('forgets a revoked key after clear()', async () => {
    const { key, id } = await createGatewayKey(db, 'auth-revoke');
    expect(await auth.authenticate(ctx(key))).toMatchObject({ keyId: id });
    await db('gateway_keys').where({ id }).update({ revoked_at: db.fn.now() });
    // Still cached until the TTL or a clear() (a revoke in this process clears).
    expect(await auth.authenticate(ctx(key))).toMatchObject({ keyId: id });
    auth.clear();
    expect(await auth.authenticate(ctx(key))).toBeNull();
  });

  it('accepts the bootstrap key and nothing close to it', async () => {
    expect(await auth.authenticate(ctx(BOOTSTRAP))).toMatchObject({ keyName: 'bootstrap' });
    expect(await auth.authenticate(ctx(sameLookupOtherSecret(BOOTSTRAP)))).toBeNull();
    expect(await auth.authenticate(ctx())).toBeNull();
  });
});
