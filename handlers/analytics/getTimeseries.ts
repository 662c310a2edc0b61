import { engineOf, statsQuery } from './_stats.ts';
import { timeseriesReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetTimeseriesData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetTimeseriesData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await timeseriesReport(engineOf(ctx), q, compare);
};

export default handler;
