import type { Knex } from 'knex';

/** Counts one failed attempt for each subject (an account, an address, a link) in its window; past windows are swept in the same statement. */
export async function countSignInFailure(db: Knex, subjects: string[], windowStart: Date): Promise<void> {
  if (!subjects.length) return;
  await db.raw(
    `WITH swept AS (DELETE FROM analytics_sign_in_failures WHERE window_start < ?)
     INSERT INTO analytics_sign_in_failures AS f (subject, window_start, count)
     SELECT s, ?, 1 FROM unnest(?::text[]) AS s
     ON CONFLICT (subject, window_start) DO UPDATE SET count = f.count + 1`,
    [windowStart, windowStart, subjects],
  );
}
