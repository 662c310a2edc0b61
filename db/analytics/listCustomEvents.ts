import type { Knex } from 'knex';
import type { StatsScope } from './scope.ts';

// Custom events are a small share of traffic; a partial index covers exactly them.
export async function listCustomEvents(db: Knex, scope: StatsScope, limit = 100) {
  const q = db('analytics_events')
    .select({ name: 'event_name' })
    .count({ events: '*' })
    .countDistinct({ visitors: 'session_id' })
    .where({ project_id: scope.projectId, event_type: 'event' })
    .where('created_at', '>=', scope.from)
    .where('created_at', '<=', scope.to)
    .whereNotNull('event_name')
    .groupBy('event_name')
    .orderBy([{ column: 'events', order: 'desc' }, { column: 'name' }])
    .limit(limit);
  if (!scope.includeBots) q.where('is_bot', false);
  if (!scope.includeInternal) q.where('is_internal', false);
  const rows: Record<string, any>[] = await q;
  return rows.map((r) => ({ name: r.name as string, events: Number(r.events), visitors: Number(r.visitors) }));
}
