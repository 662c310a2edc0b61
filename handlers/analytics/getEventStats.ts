import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { listCustomEvents } from '../../db/analytics/listCustomEvents.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  ctx.body = { window: scope.window, results: await listCustomEvents(ctx.state.deps.db, scope) };
}
