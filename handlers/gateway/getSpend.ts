import type { Handler } from '../types.ts';
import { spendCsv, spendJson, spendReport, spendReportJson } from '../../core/spend.ts';
import { keyOf } from '../gatewayContext.ts';
import type { GetSpendData } from '../../generated/gateway/types.gen.ts';

const getSpend: Handler<GetSpendData> = async (ctx, { query = {} }) => {
  const { format, ...q } = query;
  if (format === 'csv' || (format === undefined && ctx.accepts('application/json', 'text/csv') === 'text/csv')) {
    const report = await spendReport(ctx.state.deps.db, keyOf(ctx), q);
    if (report.truncated) ctx.set('X-Spend-Truncated', 'true');
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = spendCsv(report);
    return;
  }
  ctx.type = 'application/json';
  ctx.body = spendJson(await spendReportJson(ctx.state.deps.db, keyOf(ctx), q));
};

export default getSpend;
