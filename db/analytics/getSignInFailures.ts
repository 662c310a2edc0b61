import type { Knex } from 'knex';

/** Failed attempts so far in the window, per subject (absent: none). */
export async function getSignInFailures(db: Knex, subjects: string[], windowStart: Date): Promise<Map<string, number>> {
  const rows = await db('analytics_sign_in_failures').select('subject', 'count').whereIn('subject', subjects).where({ window_start: windowStart });
  return new Map(rows.map((r: { subject: string; count: number }) => [r.subject, r.count]));
}
