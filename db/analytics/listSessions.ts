import type { Knex } from 'knex';

export interface SessionFilter {
  projectId: string;
  from: Date;
  includeBots: boolean;
  includeInternal: boolean;
  country?: string;
  regionCode?: string;
  limit: number;
  offset: number;
}

/** Sessions active in the window, most recent first; one extra row tells whether more exist. */
export async function listSessions(db: Knex, f: SessionFilter) {
  const q = db('analytics_sessions')
    .where('project_id', f.projectId)
    .where('last_seen_at', '>=', f.from)
    .orderBy([{ column: 'last_seen_at', order: 'desc' }, { column: 'id' }])
    .limit(f.limit + 1)
    .offset(f.offset);
  if (!f.includeBots) q.where('is_bot', false);
  if (!f.includeInternal) q.where('is_internal', false);
  if (f.country) q.where('country', f.country.toUpperCase());
  if (f.regionCode) q.where('region_code', f.regionCode.toUpperCase());
  const rows = await q;
  return { sessions: rows.slice(0, f.limit) as Record<string, any>[], hasMore: rows.length > f.limit };
}
