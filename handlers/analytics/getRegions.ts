import { engineOf, statsQuery } from './_stats.ts';
import { regionsReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetRegionsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetRegionsData> = async (ctx, { query }) => {
  const country = query.country;
  const { q, compare } = statsQuery(ctx, query, country ? [{ op: 'is', dimension: 'visit:country', values: [country.toUpperCase()], caseSensitive: true }] : []);
  ctx.body = await regionsReport(engineOf(ctx), q, compare);
};

export default handler;
