import type { Knex } from 'knex';
import type { FunnelRow } from './listFunnels.ts';

/** Saves a funnel unless the project has `limit` already; null then. */
export async function insertFunnel(db: Knex, projectId: string, f: { name: string; steps: unknown[] }, limit: number): Promise<FunnelRow | null> {
  const { rows } = await db.raw(
    `INSERT INTO analytics_funnels (project_id, name, steps)
     SELECT ?, ?, ?::jsonb WHERE (SELECT count(*) FROM analytics_funnels WHERE project_id = ?) < ?
     RETURNING id, name, steps, created_at`,
    [projectId, f.name, JSON.stringify(f.steps), projectId, limit],
  );
  return rows[0] ?? null;
}
