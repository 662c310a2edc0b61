import { engineOf, statsQuery } from './_stats.ts';
import { breakdownReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetBreakdownData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetBreakdownData> = async (ctx, { query }) => {
  const { property, limit } = query;
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await breakdownReport(engineOf(ctx), q, compare, property, Number(limit ?? 100));
};

export default handler;
