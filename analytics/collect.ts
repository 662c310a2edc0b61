import type { Middleware } from 'koa';
import { ApiError } from '../server/errors.ts';
import type { ApiContext, AppState } from '../server/types.ts';
import { firstError, validateCollectPayload } from './contract.ts';
import { eventFromBeacon, type CollectPayload } from './ingest.ts';
import { dashboardOrigin, projectPolicy } from './policies.ts';
import type { IngestBuffer } from './ingestBuffer.ts';

const MAX_BODY = 32 * 1024;

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

/** POST /v1/collect: one beacon, validated against the contract's CollectPayload. */
export async function collect(ctx: ApiContext, body: unknown): Promise<void> {
  const payload = payloadOf(body);
  const { db, env } = ctx.state.deps;
  const policy = await projectPolicy(db, payload.projectId);
  if (!policy) throw new ApiError('not_found', 'Project not found.', { code: 'not_found' });
  (ctx.state as AppState & { corsProjectId?: string }).corsProjectId = payload.projectId;
  const event = await eventFromBeacon(db, payload, policy, {
    ip: ctx.ip,
    userAgent: ctx.get('user-agent'),
    origin: ctx.get('origin') || null,
    dashboardOrigin: dashboardOrigin(env),
  });
  if (!(await (ctx.state.deps.analyticsIngest as IngestBuffer).offer(event, policy.dailyEventCap))) {
    throw new ApiError('rate_limited', `The project's daily event cap of ${policy.dailyEventCap} events is reached.`, { code: 'daily_cap_exceeded' });
  }
  ctx.status = 202;
  ctx.body = { accepted: true };
}

/**
 * The ingest path is the one hot route: it is answered here, before the generic
 * OpenAPI router, which would cost more per beacon than the whole ingest does.
 * The body is still checked against the contract's own CollectPayload schema, and
 * CORS, request ids, logging and error rendering still apply.
 */
export const collectFastPath: Middleware<AppState> = async (ctx, next) => {
  if (ctx.method !== 'POST' || (ctx.path !== '/v1/collect' && ctx.path !== '/v1/collect/')) return next();
  const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
  if (type !== 'text/plain' && type !== 'application/json') return next();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new ApiError('payload_too_large', `Request body exceeds ${MAX_BODY} bytes`);
    chunks.push(chunk as Buffer);
  }
  await collect(ctx as ApiContext, Buffer.concat(chunks).toString('utf8'));
};
