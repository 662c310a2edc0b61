import { engineOf, statsQuery } from './_stats.ts';
import { pagesReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetPagesData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetPagesData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await pagesReport(engineOf(ctx), q, compare);
};

export default handler;
