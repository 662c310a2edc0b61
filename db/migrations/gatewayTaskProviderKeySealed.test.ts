// The upgrade to sealed provider keys: a key stored in the clear before it
// cannot be sealed by the database, so no plaintext survives the migration
// (a waiting or running task with one ends as an error saying so).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Knex } from 'knex';
import { createGatewayKey, testDb } from '../../test/support.ts';
import { down, up } from './20261202100000_gateway_task_provider_key_sealed.ts';

let db: Knex;
beforeAll(async () => {
  db = await testDb();
});
afterAll(() => db.destroy());

test('plaintext keys are erased, their unfinished tasks end as provider_key_erased, finished ones are left as they were', async () => {
  await down(db);
  const { id: keyId } = await createGatewayKey(db, 'migration');
  const row = (status: string, providerKey: string | null) => ({ id: randomUUID(), key_id: keyId, kind: 'completion', provider: 'openai', status, request: '{}', byok: providerKey !== null, provider_key: providerKey });
  const queued = row('queued', 'sk-plain-queued-0123456789');
  const processing = row('processing', 'sk-plain-running-0123456789');
  const metered = row('queued', null);
  const completed = row('completed', null);
  await db('gateway_tasks').insert([queued, processing, metered, completed]);

  await up(db);
  const rows = await db('gateway_tasks').whereIn('id', [queued.id, processing.id, metered.id, completed.id]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  expect(JSON.stringify(rows)).not.toContain('sk-plain');
  for (const id of [queued.id, processing.id]) {
    expect(byId.get(id)).toMatchObject({ status: 'error', provider_key: null, error: { code: 'provider_key_erased' } });
    expect(byId.get(id)!.finished_at).toBeInstanceOf(Date);
  }
  expect(byId.get(metered.id)).toMatchObject({ status: 'queued', error: null });
  expect(byId.get(completed.id)).toMatchObject({ status: 'completed', error: null });
  const { rows: [column] } = await db.raw(`SELECT data_type FROM information_schema.columns WHERE table_name = 'gateway_tasks' AND column_name = 'provider_key'`);
  expect(column.data_type).toBe('bytea');
});
