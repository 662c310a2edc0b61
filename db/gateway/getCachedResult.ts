import type { Knex } from 'knex';

export async function getCachedResult(db: Knex, cacheKey: string): Promise<unknown | undefined> {
  const row = await db('gateway_cache').select('result').where({ cache_key: cacheKey }).andWhere('expires_at', '>', db.fn.now()).first();
  return row?.result;
}
