// Uploaded videos live one hour, cache entries their ttl, media tasks and
// their files MEDIA_RETENTION_HOURS, stored /v1 responses
// RESPONSES_RETENTION_DAYS; reads already ignore expired uploads, cache
// entries and responses, and this removes them (and the files) for good.
import { rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { scheduleRecurring } from './recurring.ts';
import { deleteExpiredUploads } from '../db/gateway/deleteExpiredUploads.ts';
import { deleteExpiredCache } from '../db/gateway/deleteExpiredCache.ts';
import { deleteExpiredMediaTasks } from '../db/gateway/deleteExpiredMediaTasks.ts';
import { deleteExpiredResponses } from '../db/gateway/deleteExpiredResponses.ts';
import { listTaskStates } from '../db/gateway/listTaskStates.ts';
import { mediaStore, type MediaStore } from '../media/store.ts';

export const CLEANUP_JOB = 'gateway-cleanup';

// A directory whose task is not (yet) visible is left this long: a submit writes its inputs before its task row commits.
const ORPHAN_GRACE_MS = 3_600_000;

/** Media tasks past retention go with their files; directories whose task is gone, or ended without a result, go too. */
export async function purgeExpiredMedia(db: Knex, store: MediaStore, now = new Date()): Promise<{ tasks: number; orphans: number }> {
  let tasks = 0;
  for (;;) {
    const ids = await deleteExpiredMediaTasks(db, new Date(now.getTime() - store.retentionMs));
    await Promise.all(ids.map((id) => store.purge(id)));
    tasks += ids.length;
    if (ids.length < 1000) break;
  }
  let orphans = 0;
  const dirs = await store.taskIds();
  const states = await listTaskStates(db, dirs);
  for (const id of dirs) {
    const state = states.get(id);
    if (state === 'queued' || state === 'processing' || state === 'completed') continue;
    const age = now.getTime() - (await stat(join(store.root, id)).catch(() => ({ mtimeMs: now.getTime() }))).mtimeMs;
    if (state === undefined && age < ORPHAN_GRACE_MS) continue;
    await store.purge(id);
    orphans++;
  }
  return { tasks, orphans };
}

export async function runGatewayCleanup(
  db: Knex,
  store: MediaStore = mediaStore(),
): Promise<{ uploads: number; cacheEntries: number; mediaTasks: number; responses: number }> {
  const uploads = await deleteExpiredUploads(db);
  await Promise.all(uploads.map((u) => rm(u.path, { force: true })));
  const cacheEntries = await deleteExpiredCache(db);
  const media = await purgeExpiredMedia(db, store);
  const responses = await deleteExpiredResponses(db);
  return { uploads: uploads.length, cacheEntries, mediaTasks: media.tasks, responses };
}

/** Every 15 minutes; pg-boss runs each occurrence once, whatever the number of replicas. */
export async function scheduleGatewayCleanup(boss: PgBoss, db: Knex): Promise<void> {
  await scheduleRecurring(boss, CLEANUP_JOB, '*/15 * * * *', () => runGatewayCleanup(db));
}
