import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Middleware } from 'koa';
import { ApiError } from '../../../protocols/errors.ts';
import type { AppState, Deps } from '../../../handlers/types.ts';
import { collectBeacon } from '../../../handlers/analytics/_shared.ts';
import { ingestBeacon } from '../../../analytics/collect.ts';
import { checkOrigin } from '../../../analytics/origins.ts';
import { isDatabaseOutage, outageError } from '../../../analytics/outage.ts';
import { dashboardOrigin, projectPolicy } from '../../../analytics/policies.ts';
import { beaconHeaders, type BeaconHeaders } from './beaconHeaders.ts';
import { mediaTypeOf } from '../../middleware/body.ts';
import { clientAddress, proxyTrust } from '../../clientAddress.ts';

// The spec's x-max-body-bytes for collectEvent.
const MAX_BODY = 32 * 1024;

function tooLarge(): ApiError {
  return new ApiError('payload_too_large', `Request body exceeds this operation's limit of ${MAX_BODY} bytes (32 KB)`);
}

const ACCEPTED = JSON.stringify({ accepted: true });
const ACCEPTED_HEADERS = ['content-type', 'application/json; charset=utf-8', 'content-length', String(Buffer.byteLength(ACCEPTED))];

interface RawContext {
  deps: Deps;
  render: (e: ApiError) => unknown;
  dashboard: string | null;
}

function accepted(res: ServerResponse, origin: string | null, cors: boolean): void {
  res.writeHead(202, origin === null ? ACCEPTED_HEADERS : cors
    ? [...ACCEPTED_HEADERS, 'vary', 'Origin', 'access-control-allow-origin', origin]
    : [...ACCEPTED_HEADERS, 'vary', 'Origin']);
  res.end(ACCEPTED);
}

async function failed(rc: RawContext, res: ServerResponse, origin: string | null, raw: unknown, projectId: unknown): Promise<void> {
  const down = !(raw instanceof ApiError) && isDatabaseOutage(raw);
  const err = raw instanceof ApiError ? raw : down ? outageError() : new ApiError('internal', 'Internal server error', { code: 'internal_error' });
  if (!(raw instanceof ApiError)) rc.deps.log[down ? 'warn' : 'error']({ err: raw }, 'analytics collect failed');
  const body = JSON.stringify(rc.render(err));
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...err.headers };
  if (origin) {
    headers.vary = 'Origin';
    const policy = typeof projectId === 'string' ? await projectPolicy(rc.deps.db, projectId).catch(() => null) : null;
    const trusted = checkOrigin(origin, { domains: policy?.domains ?? [], allowLocalOrigins: policy?.allowLocalOrigins ?? false, dashboardOrigin: rc.dashboard });
    if (trusted.trusted) headers['access-control-allow-origin'] = origin;
  }
  headers['content-length'] = String(Buffer.byteLength(body));
  res.writeHead(err.status, headers);
  res.end(body);
}

function answer(rc: RawContext, req: IncomingMessage, res: ServerResponse, headers: BeaconHeaders, text: string | null): void {
  const origin = headers.origin ?? null;
  let body: unknown = text;
  try {
    if (text === null) throw tooLarge();
    try {
      body = JSON.parse(text);
    } catch {
      // ingestBeacon reports it
    }
    const result = ingestBeacon(rc.deps, body, { ip: clientAddress(req.socket.remoteAddress, headers.forwardedFor, proxyTrust(rc.deps.env)), userAgent: headers.userAgent ?? '', origin }, rc.dashboard);
    if (result instanceof Promise) {
      result.then((r) => accepted(res, origin, r.cors), (err) => failed(rc, res, origin, err, (body as { projectId?: unknown } | null)?.projectId));
    } else {
      accepted(res, origin, result.cors);
    }
  } catch (err) {
    void failed(rc, res, origin, err, (body as { projectId?: unknown } | null)?.projectId);
  }
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
  const rc: RawContext = { deps, render, dashboard: dashboardOrigin(deps.env) };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    const q = url.indexOf('?');
    const path = q < 0 ? url : url.slice(0, q);
    if (path !== '/v1/collect' && path !== '/v1/collect/') return false;
    const headers = beaconHeaders(req);
    const type = headers.contentType ?? '';
    const semi = type.indexOf(';');
    const mime = (semi < 0 ? type : type.slice(0, semi)).trim().toLowerCase();
    if (mime !== 'text/plain' && mime !== 'application/json') return false;
    // A compressed body is the app's to refuse (415), as on every route.
    if (headers.contentEncoding !== undefined && headers.contentEncoding !== 'identity') return false;
    // Declared too large: refused before a byte is read (Node drains the rest).
    if (Number(headers.contentLength ?? 0) > MAX_BODY) {
      answer(rc, req, res, headers, null);
      return true;
    }
    // Beacons are small: usually one chunk, kept as it is. An oversized body is read
    // to its end (so the connection stays usable) and answered 400.
    let first: Buffer | undefined;
    let more: Buffer[] | undefined;
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        first = undefined;
        more = undefined;
      } else if (first === undefined) {
        first = chunk;
      } else {
        (more ??= [first]).push(chunk);
      }
    });
    req.on('end', () => {
      const text = size > MAX_BODY ? null : more ? Buffer.concat(more).toString('utf8') : first ? first.toString('utf8') : '';
      answer(rc, req, res, headers, text);
    });
    req.on('error', () => res.destroy());
    return true;
  };
}

/** Same fast path inside Koa, for apps that mount the surface without the raw hook. */
export const collectFastPath: Middleware<AppState> = async (ctx, next) => {
  if (ctx.method !== 'POST' || (ctx.path !== '/v1/collect' && ctx.path !== '/v1/collect/')) return next();
  const type = mediaTypeOf(ctx.get('content-type'));
  if (type !== 'text/plain' && type !== 'application/json') return next();
  if (ctx.get('content-encoding') && ctx.get('content-encoding') !== 'identity') return next();
  if (Number(ctx.get('content-length') || 0) > MAX_BODY) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // ingestBeacon reports it
  }
  await collectBeacon(ctx, body);
};
