import type { Handler } from '../types.ts';
import { spendCsv, spendReport } from '../../core/spend.ts';
import { keyOf } from '../gatewayContext.ts';
import { ok } from './_context.ts';
import type { GetSpendData } from '../../generated/gateway/types.gen.ts';

const getSpend: Handler<GetSpendData> = async (ctx, { query = {} }) => {
  const { format, ...q } = query;
  const report = await spendReport(ctx.state.deps.db, keyOf(ctx), q);
  if (format === 'csv' || (format === undefined && ctx.accepts('application/json', 'text/csv') === 'text/csv')) {
    if (report.truncated) ctx.set('X-Spend-Truncated', 'true');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = spendCsv(report);
    return;
  }
  ok(ctx, report);
};

export default getSpend;
