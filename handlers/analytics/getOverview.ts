import type { ApiContext } from '../../server/types.ts';
import { engineOf, statsQuery } from '../../analytics/statsQuery.ts';
import { overviewReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const { q, compare } = statsQuery(ctx);
  ctx.body = await overviewReport(engineOf(ctx), q, compare);
}
