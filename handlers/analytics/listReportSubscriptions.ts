import { projectIdOf } from './_stats.ts';
import { toSubscription } from '../../analytics/reportSubscriptions.ts';
import { listReportSubscriptions } from '../../db/analytics/listReportSubscriptions.ts';
import type { Handler } from '../types.ts';
import type { ListReportSubscriptionsData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<ListReportSubscriptionsData> = async (ctx) => {
  ctx.body = { subscriptions: (await listReportSubscriptions(ctx.state.deps.db, projectIdOf(ctx))).map(toSubscription) };
};

export default handler;
