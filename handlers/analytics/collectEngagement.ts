import { ingestEngagement, type EngagementPayload } from '../../analytics/engagement.ts';
import type { AppState, Handler } from '../types.ts';
import type { CollectEngagementData } from '../../generated/analytics/types.gen.ts';

// Read as JSON (text/plain or application/json) and validated as EngagementPayload before this runs.
const handler: Handler<CollectEngagementData> = async (ctx, { body }) => {
  const payload = body as EngagementPayload;
  (ctx.state as AppState & { corsProjectId?: string }).corsProjectId = payload.projectId;
  await ingestEngagement(ctx.state.deps, payload, { ip: ctx.ip, userAgent: ctx.get('user-agent'), origin: ctx.get('origin') || null });
  ctx.status = 202;
  ctx.body = { accepted: true };
};

export default handler;
