import type { Knex } from 'knex';

/** What every stats query is scoped to: one project, one window, the traffic toggles. */
export interface StatsScope {
  projectId: string;
  from: Date;
  to: Date;
  includeBots: boolean;
  includeInternal: boolean;
}

/** Sessions that started in the window, with bots and internal traffic filtered as asked. */
export function sessionsInScope(db: Knex, scope: StatsScope): Knex.QueryBuilder {
  const q = db('analytics_sessions')
    .where('project_id', scope.projectId)
    .where('started_at', '>=', scope.from)
    .where('started_at', '<=', scope.to);
  if (!scope.includeBots) q.where('is_bot', false);
  if (!scope.includeInternal) q.where('is_internal', false);
  return q;
}
