import { ApiError } from '../../server/errors.ts';
import type { ApiContext, AppState } from '../../server/types.ts';
import { firstError, validateCollectPayload } from '../../analytics/contract.ts';
import { eventFromBeacon, type CollectPayload } from '../../analytics/ingest.ts';
import { dashboardOrigin, projectPolicy } from '../../analytics/policies.ts';
import { ingestBuffer } from './_shared.ts';

function payloadOf(body: unknown): CollectPayload {
  let value = body;
  if (typeof body === 'string') {
    try {
      value = JSON.parse(body);
    } catch {
      throw new ApiError('invalid_request', 'Body must be a JSON object.', { code: 'bad_request' });
    }
  }
  if (!validateCollectPayload(value)) {
    throw new ApiError('invalid_request', `Invalid event: ${firstError(validateCollectPayload)}`, { code: 'bad_request' });
  }
  return value as CollectPayload;
}

export default async function handler(ctx: ApiContext) {
  const payload = payloadOf(ctx.state.op.request.requestBody);
  const db = ctx.state.deps.db;
  const policy = await projectPolicy(db, payload.projectId);
  if (!policy) throw new ApiError('not_found', 'Project not found.', { code: 'not_found' });
  (ctx.state as AppState & { corsProjectId?: string }).corsProjectId = payload.projectId;
  const event = await eventFromBeacon(db, payload, policy, {
    ip: ctx.ip,
    userAgent: ctx.get('user-agent'),
    origin: ctx.get('origin') || null,
    dashboardOrigin: dashboardOrigin(ctx.state.deps.env),
  });
  if (!(await ingestBuffer(ctx).offer(event, policy.dailyEventCap))) {
    throw new ApiError('rate_limited', `The project's daily event cap of ${policy.dailyEventCap} events is reached.`, { code: 'daily_cap_exceeded' });
  }
  ctx.status = 202;
  ctx.body = { accepted: true };
}
