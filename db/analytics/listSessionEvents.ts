import type { Knex } from 'knex';

export async function listSessionEvents(db: Knex, projectId: string, sessionId: string, limit = 1000) {
  const rows = await db('analytics_events')
    .select('id', 'created_at', 'event_type', 'event_name', 'props', 'path', 'referrer_path', 'target_path')
    .where({ project_id: projectId, session_id: sessionId })
    .orderBy([{ column: 'created_at' }, { column: 'id' }])
    .limit(limit);
  return rows.map((r) => ({
    id: r.id as string,
    createdAt: (r.created_at as Date).toISOString(),
    eventType: r.event_type as string,
    eventName: r.event_name ?? null,
    props: r.props ?? null,
    path: r.path as string,
    referrerPath: r.referrer_path ?? null,
    targetPath: r.target_path ?? null,
  }));
}
