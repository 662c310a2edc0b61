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
import { insertResponses } from '../db/gateway/insertResponses.ts';
import { purgeExpiredMedia, runGatewayCleanup } from './gatewayCleanup.ts';
import { MediaStore } from '../media/store.ts';

let db: Knex;

beforeAll(async () => {
  db = await testDb();
});

afterAll(() => db?.destroy());

it('deletes expired uploads with their files, expired cache entries and stored responses past retention, and keeps live ones', async () => {
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

  await insertResponses(db, [
    { id: 'resp_live', keyId, conversation: [], response: {}, ttlSeconds: 3600 },
    { id: 'resp_old', keyId, conversation: [], response: {}, ttlSeconds: 3600 },
  ]);
  await db('gateway_responses').where({ id: 'resp_old' }).update({ expires_at: db.raw(`now() - interval '1 second'`) });

  const removed = await runGatewayCleanup(db, new MediaStore({ root: await mkdtemp(path.join(os.tmpdir(), 'media-')), retentionMs: 3_600_000 }));

  expect(removed).toEqual({ uploads: 1, cacheEntries: 1, mediaTasks: 0, responses: 1 });
  expect((await db('gateway_responses').select('id')).map((r) => r.id)).toEqual(['resp_live']);
  expect(existsSync(expired)).toBe(false);
  expect(existsSync(live)).toBe(true);
  expect(await db('gateway_uploads').where({ path: live }).first()).toBeDefined();
  expect((await db('gateway_cache').select('cache_key')).map((r) => r.cache_key)).toEqual(['live-entry']);
});

it('purges media tasks past retention with their files, and orphaned directories, and keeps live ones', async () => {
  const { id: keyId } = await createGatewayKey(db);
  const store = new MediaStore({ root: await mkdtemp(path.join(os.tmpdir(), 'media-')), retentionMs: 24 * 3_600_000 });
  const task = async (status: string, finishedHoursAgo: number | null) => {
    const id = randomUUID();
    await db('gateway_tasks').insert({
      id,
      key_id: keyId,
      kind: 'video',
      provider: 'local-video',
      status,
      request: {},
      finished_at: finishedHoursAgo === null ? null : db.raw(`now() - interval '${finishedHoursAgo} hours'`),
    });
    await store.put(id, 'video-0', Buffer.from('0000001866747970', 'hex'));
    return id;
  };
  const expired = await task('completed', 25);
  const fresh = await task('completed', 1);
  const running = await task('processing', null);
  const failed = await task('error', 1);
  const orphan = randomUUID();
  await store.put(orphan, 'video-0', Buffer.from('x'));

  const purged = await purgeExpiredMedia(db, store, new Date(Date.now() + 2 * 3_600_000));

  expect(purged.tasks).toBe(1);
  expect(await db('gateway_tasks').where({ id: expired }).first()).toBeUndefined();
  const left = await store.taskIds();
  expect(left).toContain(fresh);
  expect(left).toContain(running);
  expect(left).not.toContain(expired);
  expect(left).not.toContain(failed);
  expect(left).not.toContain(orphan);
});
