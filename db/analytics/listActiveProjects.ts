import type { Knex } from 'knex';

/** Projects with a session seen since `since`, most recently active first. */
export async function listActiveProjects(db: Knex, since: Date, limit: number): Promise<string[]> {
  const rows = await db('analytics_segments').select('project_id').max({ seen: 'last_seen_at' })
    .where('last_seen_at', '>=', since).groupBy('project_id').orderBy('seen', 'desc').limit(limit);
  return (rows as unknown as { project_id: string }[]).map((r) => r.project_id);
}
