import type { Knex } from 'knex';

/** Removes request log entries older than `before`, in slices so no one statement holds locks long; answers how many went. */
export async function deleteExpiredRequestLogs(db: Knex, before: Date): Promise<number> {
  let deleted = 0;
  for (;;) {
    const n = await db('gateway_request_log')
      .whereIn('id', db('gateway_request_log').select('id').where('created_at', '<', before).limit(5000))
      .delete();
    deleted += n;
    if (n < 5000) return deleted;
  }
}
