import type { Knex } from 'knex';

/** What every stats query is scoped to: one project, one window, the traffic toggles. */
export interface StatsScope {
  projectId: string;
  from: Date;
  to: Date;
  includeBots: boolean;
  includeInternal: boolean;
}

const HOUR = 3600_000;
const DAY = 86400_000;

/** Rollups count whole UTC hours: the window starts at the top of its first hour. */
export function firstHour(scope: StatsScope): Date {
  return new Date(Math.floor(scope.from.getTime() / HOUR) * HOUR);
}

/**
 * Splits the window into full UTC days (read from daily rollups) and the hours
 * at either edge (read from hourly ones).
 */
export function splitDays(scope: StatsScope) {
  const start = firstHour(scope).getTime();
  const firstFullDay = Math.ceil(start / DAY) * DAY;
  const lastDay = Math.floor(scope.to.getTime() / DAY) * DAY;
  if (lastDay <= firstFullDay) return { days: null, hours: [[new Date(start), scope.to]] as [Date, Date][] };
  return {
    days: [new Date(firstFullDay), new Date(lastDay - DAY)] as [Date, Date],
    hours: [[new Date(start), new Date(firstFullDay - 1)], [new Date(lastDay), scope.to]] as [Date, Date][],
  };
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

/** Rows of an hourly rollup in the window, filtered as asked. */
export function hoursInScope(db: Knex, table: string, scope: StatsScope): Knex.QueryBuilder {
  const q = db(table).where('project_id', scope.projectId).where('hour', '>=', firstHour(scope)).where('hour', '<=', scope.to);
  if (!scope.includeBots) q.where('is_bot', false);
  if (!scope.includeInternal) q.where('is_internal', false);
  return q;
}
