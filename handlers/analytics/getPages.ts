import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { listPages } from '../../db/analytics/listPages.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  ctx.body = { window: scope.window, results: await listPages(ctx.state.deps.db, scope) };
}
