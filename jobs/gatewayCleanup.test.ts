import { existsSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { testDb, createGatewayKey } from '../test/support.ts';
import { insertUpload } from '../db/gateway/insertUpload.ts';
import { putCachedResult } from '../db/gateway/putCachedResult.ts';
import { runGatewayCleanup } from './gatewayCleanup.ts';

let db: Knex;

beforeAll(async () => {
  db = await testDb();
});

afterAll(() => db?.destroy());

it('deletes expired uploads with their files and expired cache entries, and keeps live ones', async () => {
  const { id: keyId } = await createGatewayKey(db);
  const dir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-uploads-'));
  const upload = async (ttlSeconds: number) => {
    const id = randomUUID();
    const file = path.join(dir, id);
    await writeFile(file, 'video bytes');
    await insertUpload(db, { id, keyId, mimeType: 'video/mp4', sizeBytes: 11, path: file, ttlSeconds });
    return file;
  };
  const live = await upload(3600);
  const expired = await upload(3600);
  await db('gateway_uploads').where({ path: expired }).update({ expires_at: db.raw(`now() - interval '1 second'`) });
  await putCachedResult(db, 'live-entry', { content: 'x' }, 60);
  await putCachedResult(db, 'expired-entry', { content: 'y' }, 60);
  await db('gateway_cache').where({ cache_key: 'expired-entry' }).update({ expires_at: db.raw(`now() - interval '1 second'`) });

  const removed = await runGatewayCleanup(db);

  expect(removed).toEqual({ uploads: 1, cacheEntries: 1 });
  expect(existsSync(expired)).toBe(false);
  expect(existsSync(live)).toBe(true);
  expect(await db('gateway_uploads').where({ path: live }).first()).toBeDefined();
  expect((await db('gateway_cache').select('cache_key')).map((r) => r.cache_key)).toEqual(['live-entry']);
});
