import type { ApiContext } from '../../handlers/types.ts';
import { engineOf, statsQuery } from './_stats.ts';
import { overviewReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const { q, compare } = statsQuery(ctx);
  ctx.body = await overviewReport(engineOf(ctx), q, compare);
}
