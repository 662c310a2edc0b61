import { ingestBeacon } from '../../analytics/collect.ts';
import type { CollectPayload } from '../../analytics/ingest.ts';
import type { IngestBuffer } from '../../analytics/ingestBuffer.ts';
import type { ApiContext, AppState } from '../types.ts';

export function ingestBuffer(ctx: ApiContext): IngestBuffer {
  return ctx.state.deps.analyticsIngest as IngestBuffer;
}

/**
 * POST /v1/collect (collectEvent) ends here, its body validated as CollectPayload.
 * The project id is kept for CORS, which runs after the answer and may need it on
 * an error.
 */
export async function collectBeacon(ctx: ApiContext, body: CollectPayload): Promise<void> {
  (ctx.state as AppState & { corsProjectId?: string }).corsProjectId = body.projectId;
  await ingestBeacon(ctx.state.deps, body, { ip: ctx.ip, userAgent: ctx.get('user-agent'), origin: ctx.get('origin') || null });
  ctx.status = 202;
  ctx.body = { accepted: true };
}
