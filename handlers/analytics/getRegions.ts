import type { ApiContext } from '../../handlers/types.ts';
import { engineOf, statsQuery } from './_stats.ts';
import { regionsReport } from '../../analytics/reports.ts';

export default async function handler(ctx: ApiContext) {
  const country = (ctx.state.op.request.query as { country?: string }).country;
  const { q, compare } = statsQuery(ctx, country ? [{ op: 'is', dimension: 'visit:country', values: [country.toUpperCase()], caseSensitive: true }] : []);
  ctx.body = await regionsReport(engineOf(ctx), q, compare);
}
