import { engineOf, statsQuery } from './_stats.ts';
import { utmReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetUtmData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetUtmData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await utmReport(engineOf(ctx), q, compare);
};

export default handler;
