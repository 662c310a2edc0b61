import type { ApiContext } from '../types.ts';
import { statsScope } from '../../analytics/statsQuery.ts';
import { listCountries } from '../../db/analytics/listCountries.ts';

export default async function handler(ctx: ApiContext) {
  const scope = statsScope(ctx);
  ctx.body = { window: scope.window, results: await listCountries(ctx.state.deps.db, scope) };
}
