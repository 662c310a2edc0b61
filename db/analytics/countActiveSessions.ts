import type { Knex } from 'knex';

/** Realtime: humans only, last five minutes, no toggles. */
export async function countActiveSessions(db: Knex, projectId: string): Promise<number> {
  const [row] = await db('analytics_sessions')
    .count({ n: '*' })
    .where('project_id', projectId)
    .where('last_seen_at', '>=', db.raw(`now() - interval '5 minutes'`))
    .where({ is_bot: false, is_internal: false });
  return Number(row!.n);
}
