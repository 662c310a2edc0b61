import { engineOf, statsQuery } from './_stats.ts';
import { sourcesReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetSourcesData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetSourcesData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await sourcesReport(engineOf(ctx), q, compare);
};

export default handler;
