import type { ApiContext } from '../../handlers/types.ts';
import { engineOf, statsQuery } from './_stats.ts';
import { dashboardReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const { limit } = ctx.state.op.request.query as { limit?: number };
  const { q, compare } = statsQuery(ctx);
  ctx.body = await dashboardReport(engineOf(ctx), q, compare, Number(limit ?? 10));
}
