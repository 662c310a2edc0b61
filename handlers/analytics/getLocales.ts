import type { ApiContext } from '../../server/types.ts';
import { engineOf, statsQuery } from '../../analytics/statsQuery.ts';
import { localesReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const { q, compare } = statsQuery(ctx);
  ctx.body = await localesReport(engineOf(ctx), q, compare);
}
