import { engineOf, statsQuery } from './_stats.ts';
import { overviewReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetOverviewData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetOverviewData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await overviewReport(engineOf(ctx), q, compare);
};

export default handler;
