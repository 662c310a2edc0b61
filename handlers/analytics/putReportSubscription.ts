import { ApiError } from '../../protocols/errors.ts';
import { projectIdOf } from './_stats.ts';
import { isTimeZone } from '../../analytics/query/period.ts';
import { MAX_SUBSCRIPTIONS, normaliseEmail, toSubscription } from '../../analytics/reportSubscriptions.ts';
import { putReportSubscription } from '../../db/analytics/putReportSubscription.ts';
import type { Handler } from '../types.ts';
import type { PutReportSubscriptionData } from '../../generated/analytics/types.gen.ts';

const handler: Handler<PutReportSubscriptionData> = async (ctx, { body }) => {
  const timeZone = body.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone)) throw new ApiError('invalid_request', `timeZone must be an IANA time zone such as Europe/Berlin; ${timeZone} is not one.`, { code: 'bad_request', param: 'timeZone' });
  const row = await putReportSubscription(ctx.state.deps.db, projectIdOf(ctx), {
    email: normaliseEmail(body.email),
    weekly: body.weekly ?? false,
    monthly: body.monthly ?? false,
    spikeVisitors: body.spikeVisitorsPerHour ?? null,
    timeZone,
    sendHour: body.hour ?? 8,
  }, MAX_SUBSCRIPTIONS);
  if (!row) throw new ApiError('conflict', `This project has ${MAX_SUBSCRIPTIONS} report subscriptions.`, { code: 'conflict' });
  ctx.status = row.created ? 201 : 200;
  ctx.body = toSubscription(row);
};

export default handler;
