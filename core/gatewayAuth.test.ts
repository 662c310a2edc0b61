import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Knex } from 'knex';
import { createGatewayKey, testDb } from '../test/support.ts';
import { createGatewayAuthenticator } from './gatewayAuth.ts';

let db: Knex;
let key: string;
let id: string;
const lookups: string[] = [];

beforeAll(async () => {
  db = await testDb();
  ({ key, id } = await createGatewayKey(db, 'auth'));
  db.on('query', (q: { sql: string }) => {
    if (q.sql.includes('gateway_keys') && q.sql.startsWith('select')) lookups.push(q.sql);
  });
});
afterAll(() => db.destroy());

describe('gateway key verification', () => {
  test('concurrent requests with a key not yet cached share one lookup', async () => {
    const auth = await createGatewayAuthenticator(db);
    lookups.length = 0;
    const results = await Promise.all(Array.from({ length: 20 }, () => auth.authenticate({ authorization: `Bearer ${key}` })));
    expect(results.every((r) => r?.keyId === id)).toBe(true);
    expect(lookups).toHaveLength(1);
    // Cached now: no query at all.
    await auth.authenticate({ authorization: `Bearer ${key}` });
    expect(lookups).toHaveLength(1);
  });

  test('a shared lookup still checks each presented secret on its own', async () => {
    const auth = await createGatewayAuthenticator(db);
    const forged = key.slice(0, -4) + (key.endsWith('AAAA') ? 'BBBB' : 'AAAA');
    const [good, bad] = await Promise.all([auth.authenticate({ authorization: `Bearer ${key}` }), auth.authenticate({ 'x-api-key': forged })]);
    expect(good?.keyId).toBe(id);
    expect(bad).toBeNull();
  });

  test('a lookup under way when a key changes is not cached: the next request asks PostgreSQL again', async () => {
    const auth = await createGatewayAuthenticator(db);
    lookups.length = 0;
    const pending = auth.authenticate({ authorization: `Bearer ${key}` });
    auth.clear();
    expect((await pending)?.keyId).toBe(id);
    await auth.authenticate({ authorization: `Bearer ${key}` });
    expect(lookups).toHaveLength(2);
  });

  test('the bootstrap key is answered by its row: revoked there, refused here', async () => {
    const bootstrap = `boot-${'q'.repeat(40)}`;
    const auth = await createGatewayAuthenticator(db, bootstrap);
    expect(await auth.authenticate({ authorization: `Bearer ${bootstrap}` })).toMatchObject({ keyName: expect.stringContaining('bootstrap') });
    await db('gateway_keys').where({ lookup: 'bootstrap' }).update({ revoked_at: db.fn.now() });
    auth.clear();
    expect(await auth.authenticate({ authorization: `Bearer ${bootstrap}` })).toBeNull();
    // A new authenticator (a restart) with the same value does not re-enable it.
    const restarted = await createGatewayAuthenticator(db, bootstrap);
    expect(await restarted.authenticate({ authorization: `Bearer ${bootstrap}` })).toBeNull();
  });
});
