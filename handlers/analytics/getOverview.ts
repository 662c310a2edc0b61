import { describeSource } from '../../analytics/sources.ts';
import type { ApiContext } from '../../server/types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { getOverview } from '../../db/analytics/getOverview.ts';
import { listSources } from '../../db/analytics/listSources.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  const db = ctx.state.deps.db;
  const [overview, bySource] = await Promise.all([getOverview(db, scope), listSources(db, scope, 10)]);
  ctx.body = { window: scope.window, from: scope.from.toISOString(), to: scope.to.toISOString(), ...overview, bySource: bySource.map((r) => ({ ...describeSource(r.source), visitors: r.visitors })) };
}
