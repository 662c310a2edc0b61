import type { ApiContext } from '../../handlers/types.ts';
import { engineOf, statsQuery } from './_stats.ts';
import { breakdownReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const { property, limit } = ctx.state.op.request.query as { property: string; limit?: number };
  const { q, compare } = statsQuery(ctx);
  ctx.body = await breakdownReport(engineOf(ctx), q, compare, property, Number(limit ?? 100));
}
