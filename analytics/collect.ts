import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { ApiError } from '../server/errors.ts';
import type { ApiContext, AppState, Deps } from '../server/types.ts';
import { firstError, validateCollectPayload } from './contract.ts';
import { eventFromBeacon, type CollectPayload } from './ingest.ts';
import { checkOrigin } from './origins.ts';
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

export interface Client {
  ip: string;
  userAgent: string;
  origin: string | null;
}

/**
 * One beacon, validated against the contract's CollectPayload and the ingest
 * acceptance rules, queued for the next batch. Returns the project id (for CORS).
 */
export async function ingestBeacon(deps: Deps, body: unknown, client: Client): Promise<string> {
  const payload = payloadOf(body);
  const policy = await projectPolicy(deps.db, payload.projectId);
  if (!policy) throw new ApiError('not_found', 'Project not found.', { code: 'not_found' });
  const event = await eventFromBeacon(deps.db, payload, policy, { ...client, dashboardOrigin: dashboardOrigin(deps.env) });
  if (!(await (deps.analyticsIngest as IngestBuffer).offer(event, policy.dailyEventCap))) {
    throw new ApiError('rate_limited', `The project's daily event cap of ${policy.dailyEventCap} events is reached.`, { code: 'daily_cap_exceeded' });
  }
  return payload.projectId;
}

/** The Koa binding (POST /v1/collect through the router). */
export async function collect(ctx: ApiContext, body: unknown): Promise<void> {
  (ctx.state as AppState & { corsProjectId?: string }).corsProjectId = (body as { projectId?: string } | null)?.projectId;
  await ingestBeacon(ctx.state.deps, body, { ip: ctx.ip, userAgent: ctx.get('user-agent'), origin: ctx.get('origin') || null });
  ctx.status = 202;
  ctx.body = { accepted: true };
}

const ACCEPTED = JSON.stringify({ accepted: true });

function clientIp(req: IncomingMessage): string {
  // Same rule as the app (Koa with proxy on): the left-most X-Forwarded-For entry.
  const forwarded = req.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return first || req.socket.remoteAddress || '';
}

async function answer(deps: Deps, req: IncomingMessage, res: ServerResponse, render: (e: ApiError) => unknown): Promise<void> {
  const origin = typeof req.headers.origin === 'string' ? req.headers.origin : null;
  let projectId: string | undefined;
  let status = 202;
  let body = ACCEPTED;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > MAX_BODY) throw new ApiError('invalid_request', `Request body exceeds ${MAX_BODY} bytes`, { code: 'bad_request' });
      chunks.push(chunk as Buffer);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    try {
      projectId = (JSON.parse(text) as { projectId?: string })?.projectId;
    } catch {
      // payloadOf reports it
    }
    await ingestBeacon(deps, text, { ip: clientIp(req), userAgent: req.headers['user-agent'] ?? '', origin });
  } catch (raw) {
    const err = raw instanceof ApiError ? raw : new ApiError('internal', 'Internal server error', { code: 'internal_error' });
    if (!(raw instanceof ApiError)) deps.log.error({ err: raw }, 'analytics collect failed');
    status = err.status;
    body = JSON.stringify(render(err));
    Object.assign(headers, err.headers);
  }
  if (origin) {
    headers.vary = 'Origin';
    const policy = typeof projectId === 'string' ? await projectPolicy(deps.db, projectId).catch(() => null) : null;
    const trusted = checkOrigin(origin, { domains: policy?.domains ?? [], allowLocalOrigins: policy?.allowLocalOrigins ?? false, dashboardOrigin: dashboardOrigin(deps.env) });
    if (trusted.trusted) headers['access-control-allow-origin'] = origin;
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(status, headers);
  res.end(body);
}

/**
 * Ingest is the one hot route: browsers send a beacon per page view. It is
 * answered on the bare Node request, ahead of Koa and the OpenAPI router, whose
 * per-request cost is several times the whole ingest. The body is still checked
 * against the contract's own CollectPayload schema, the same acceptance rules and
 * CORS rule apply, and errors have the contract's shape. Other content types (and
 * preflights) go through the app as usual.
 */
export function collectRawHandler(deps: Deps, render: (e: ApiError) => unknown) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'POST') return false;
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/v1/collect' && path !== '/v1/collect/') return false;
    const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'text/plain' && type !== 'application/json') return false;
    void answer(deps, req, res, render);
    return true;
  };
}

/** Same fast path inside Koa, for apps that mount the surface without the raw hook. */
export const collectFastPath: Middleware<AppState> = async (ctx, next) => {
  if (ctx.method !== 'POST' || (ctx.path !== '/v1/collect' && ctx.path !== '/v1/collect/')) return next();
  const type = (ctx.get('content-type').split(';')[0] ?? '').trim().toLowerCase();
  if (type !== 'text/plain' && type !== 'application/json') return next();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new ApiError('invalid_request', `Request body exceeds ${MAX_BODY} bytes`, { code: 'bad_request' });
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  try {
    (ctx.state as AppState & { corsProjectId?: string }).corsProjectId = JSON.parse(text)?.projectId;
  } catch {
    // payloadOf reports it
  }
  await ingestBeacon(ctx.state.deps, text, { ip: ctx.ip, userAgent: ctx.get('user-agent'), origin: ctx.get('origin') || null });
  ctx.status = 202;
  ctx.body = { accepted: true };
};
