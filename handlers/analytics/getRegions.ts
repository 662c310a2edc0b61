import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { listRegions } from '../../db/analytics/listRegions.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  const country = (ctx.state.op.request.query as { country?: string }).country;
  ctx.body = { window: scope.window, results: await listRegions(ctx.state.deps.db, scope, country) };
}
