import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { deleteReportSubscription } from '../../db/analytics/deleteReportSubscription.ts';
import type { Handler } from '../types.ts';
import type { DeleteReportSubscriptionData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<DeleteReportSubscriptionData> = async (ctx, { path }) => {
  if (!(await deleteReportSubscription(ctx.state.deps.db, projectIdOf(ctx), path.subscriptionId))) {
    throw new ApiError('not_found', 'Report subscription not found.', { code: 'not_found' });
  }
  ctx.status = 204;
};

export default handler;
