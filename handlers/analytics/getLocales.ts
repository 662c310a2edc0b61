import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { listLocales } from '../../db/analytics/listLocales.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  ctx.body = { window: scope.window, results: await listLocales(ctx.state.deps.db, scope) };
}
