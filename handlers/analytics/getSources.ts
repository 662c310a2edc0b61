import { describeSource } from '../../analytics/sources.ts';
import type { ApiContext } from '../../server/types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { listSources } from '../../db/analytics/listSources.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  ctx.body = { window: scope.window, results: (await listSources(ctx.state.deps.db, scope)).map((r) => ({ ...describeSource(r.source), visitors: r.visitors })) };
}
