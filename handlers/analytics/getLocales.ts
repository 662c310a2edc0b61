import { engineOf, statsQuery } from './_stats.ts';
import { localesReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetLocalesData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetLocalesData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await localesReport(engineOf(ctx), q, compare);
};

export default handler;
