import type { ApiContext } from '../types.ts';
import type { GetOverviewData } from '../../generated/analytics/types.gen.ts';
import { parseCompare, parsePeriod, type Compare, type PeriodName } from '../../analytics/query/period.ts';
import { parseFilters, type Filter } from '../../analytics/query/filters.ts';
import type { StatsQuery } from '../../analytics/query/stats.ts';
import type { SegmentStore } from '../../analytics/query/store.ts';
import type { Engine } from '../../analytics/reports.ts';

/** The contract's toggles: `true` or `1` switch on; anything else the spec allows is off. */
export function flag(value: unknown): boolean {
  return value === true || value === 'true' || value === '1' || value === 1;
}

export function projectIdOf(ctx: ApiContext): string {
  return (ctx.state.auth as { projectId: string }).projectId;
}

/** The query layer of this process: the database and the segment copies. */
export function engineOf(ctx: ApiContext): Engine {
  return { db: ctx.state.deps.db, store: ctx.state.deps.analyticsStore as SegmentStore };
}

/** The parameters every stats route shares; each route's generated query type has them. */
export type StatsParams = Pick<NonNullable<GetOverviewData['query']>, 'period' | 'window' | 'from' | 'to' | 'timezone' | 'compare' | 'filters' | 'includeBots' | 'includeInternal' | 'withImported'>;

export interface ParsedStats {
  q: StatsQuery;
  compare: Compare | null;
}

/** Period, time zone, comparison, filters and toggles of a stats request, scoped to the key's project. */
export function statsQuery(ctx: ApiContext, query: StatsParams | undefined, extraFilters: Filter[] = [], fallback: PeriodName = '7d'): ParsedStats {
  const q = query ?? {};
  const period = parsePeriod({ period: q.period, window: q.window, from: q.from, to: q.to, timezone: q.timezone }, Date.now(), fallback);
  return {
    q: {
      projectId: projectIdOf(ctx),
      period,
      includeBots: flag(q.includeBots),
      includeInternal: flag(q.includeInternal),
      filters: [...parseFilters(q.filters), ...extraFilters],
      withImported: flag(q.withImported),
    },
    compare: parseCompare(q.compare),
  };
}
