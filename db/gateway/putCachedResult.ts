import type { Knex } from 'knex';
import { storableJson } from '../jsonText.ts';

export async function putCachedResult(db: Knex, cacheKey: string, result: unknown, ttlSeconds: number): Promise<void> {
  await db('gateway_cache')
    .insert({ cache_key: cacheKey, result: storableJson(result), expires_at: db.raw(`now() + make_interval(secs => ?)`, [ttlSeconds]) })
    .onConflict('cache_key')
    .merge();
}
