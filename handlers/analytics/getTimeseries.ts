import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { getTimeseries } from '../../db/analytics/getTimeseries.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  const interval = scope.window === '24h' ? 'hour' : 'day';
  const points = await getTimeseries(ctx.state.deps.db, scope, interval);
  ctx.body = { window: scope.window, from: scope.from.toISOString(), to: scope.to.toISOString(), interval, points };
}
