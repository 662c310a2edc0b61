import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { getDevices } from '../../db/analytics/getDevices.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  ctx.body = { window: scope.window, ...(await getDevices(ctx.state.deps.db, scope)) };
}
