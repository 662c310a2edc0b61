import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { getUtm } from '../../db/analytics/getUtm.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  ctx.body = { window: scope.window, ...(await getUtm(ctx.state.deps.db, scope)) };
}
