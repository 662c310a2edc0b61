import type { Knex } from 'knex';

/**
 * Counts one request in the key's fixed window and returns the count so far. One
 * UPSERT round trip, atomic across every service process sharing the database.
 */
export async function countRequestInWindow(db: Knex, keyId: string, windowStart: Date): Promise<number> {
  const { rows } = await db.raw(
    `INSERT INTO analytics_rate_windows AS w (key_id, window_start, count) VALUES (?, ?, 1)
     ON CONFLICT (key_id, window_start) DO UPDATE SET count = w.count + 1
     RETURNING count`,
    [keyId, windowStart],
  );
  return rows[0].count as number;
}
