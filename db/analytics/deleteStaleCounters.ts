import type { Knex } from 'knex';

/** Rate windows, day counters and salts that can no longer matter. */
export async function deleteStaleCounters(db: Knex, today: string): Promise<void> {
  await db('analytics_rate_windows').where('window_start', '<', db.raw(`now() - interval '1 hour'`)).delete();
  await db('analytics_daily_counts').where('day', '<', db.raw(`?::date - 1`, [today])).delete();
  // Yesterday's salt goes too: from now on, yesterday's session ids cannot be linked to anyone.
  await db('analytics_salts').where('day', '<', today).delete();
}
