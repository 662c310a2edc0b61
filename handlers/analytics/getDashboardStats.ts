import { engineOf, statsQuery } from './_stats.ts';
import { dashboardReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetDashboardStatsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetDashboardStatsData> = async (ctx, { query }) => {
  const { limit } = query;
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await dashboardReport(engineOf(ctx), q, compare, Number(limit ?? 10));
};

export default handler;
