// Uploaded videos live one hour and cache entries their ttl; reads already
// ignore expired ones, and this removes them (and the files) for good.
import { rm } from 'node:fs/promises';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import { deleteExpiredUploads } from '../db/gateway/deleteExpiredUploads.ts';
import { deleteExpiredCache } from '../db/gateway/deleteExpiredCache.ts';

export const CLEANUP_JOB = 'gateway-cleanup';

export async function runGatewayCleanup(db: Knex): Promise<{ uploads: number; cacheEntries: number }> {
  const uploads = await deleteExpiredUploads(db);
  await Promise.all(uploads.map((u) => rm(u.path, { force: true })));
  const cacheEntries = await deleteExpiredCache(db);
  return { uploads: uploads.length, cacheEntries };
}

/** Every 15 minutes; pg-boss runs each occurrence once, whatever the number of replicas. */
export async function scheduleGatewayCleanup(boss: PgBoss, db: Knex): Promise<void> {
  await boss.createQueue(CLEANUP_JOB).catch(() => {});
  await boss.schedule(CLEANUP_JOB, '*/15 * * * *', {}, { tz: 'UTC' });
  await boss.work(CLEANUP_JOB, async () => {
    await runGatewayCleanup(db);
  });
}
