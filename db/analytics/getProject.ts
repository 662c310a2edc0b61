import type { Knex } from 'knex';

export interface ProjectInfo {
  id: string;
  name: string;
  keyPrefix: string;
  domains: string[];
  retentionDays: number;
  dailyEventCap: number;
  createdAt: string;
  readKeyPrefix: string | null;
  allowLocalOrigins: boolean;
}

export async function getProject(db: Knex, projectId: string): Promise<ProjectInfo | null> {
  const row = await db('analytics_projects as p')
    .select(
      'p.*',
      db.raw(`(SELECT prefix FROM analytics_keys k WHERE k.project_id = p.id AND k.kind = 'live' AND k.revoked_at IS NULL ORDER BY created_at DESC LIMIT 1) AS live_prefix`),
      db.raw(`(SELECT prefix FROM analytics_keys k WHERE k.project_id = p.id AND k.kind = 'read' AND k.revoked_at IS NULL ORDER BY created_at DESC LIMIT 1) AS read_prefix`),
    )
    .where('p.id', projectId)
    .first();
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    keyPrefix: row.live_prefix,
    domains: row.domains,
    retentionDays: row.retention_days,
    dailyEventCap: row.daily_event_cap,
    createdAt: (row.created_at as Date).toISOString(),
    readKeyPrefix: row.read_prefix ?? null,
    allowLocalOrigins: row.allow_local_origins,
  };
}
