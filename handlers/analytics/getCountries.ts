import { engineOf, statsQuery } from './_stats.ts';
import { countriesReport } from '../../analytics/reports.ts';
import type { Handler } from '../types.ts';
import type { GetCountriesData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<GetCountriesData> = async (ctx, { query }) => {
  const { q, compare } = statsQuery(ctx, query);
  ctx.body = await countriesReport(engineOf(ctx), q, compare);
};

export default handler;
