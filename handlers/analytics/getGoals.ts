import type { ApiContext } from '../../server/types.ts';
import { engineOf, statsQuery } from '../../analytics/statsQuery.ts';
import { goalsReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const { q, compare } = statsQuery(ctx);
  ctx.body = await goalsReport(engineOf(ctx), q, compare);
}
