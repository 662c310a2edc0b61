// Turns SurfaceDefinitions into one Koa app: each request is routed, authenticated
// and validated by its surface's OpenAPI document before its handler runs.
import Koa, { type Middleware } from 'koa';
import compose from 'koa-compose';
import { OpenAPIBackend, type Context as OperationContext, type Operation, type Request } from 'openapi-backend';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import http from 'node:http';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, type FieldError } from '../protocols/errors.ts';
import { logFailure } from '../core/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { bodyRuleOf, mediaTypeOf, readBody } from './middleware/body.ts';
import { requestId } from './middleware/requestId.ts';
import { accessLog } from './middleware/accessLog.ts';
import { compress } from './middleware/compress.ts';
import type { SurfaceDefinition } from './surface.ts';
import type { ApiContext, AppState, Deps, OperationInput } from '../handlers/types.ts';
import { REPO_ROOT } from './paths.ts';
import { authorize, jsonTextReader, operationMatcher, parseRequest, validate, type SecurityHandler } from './operations.ts';
import { regExpEngine } from './patterns.ts';
import { proxyTrust, useClientAddress } from './clientAddress.ts';

export interface MountedSurface {
  def: SurfaceDefinition;
  api: OpenAPIBackend;
  /** Path prefixes this surface answers on its port. */
  prefixes: string[];
  /** Routes, authenticates, reads the body, validates and runs one request; failures are thrown as ApiError. */
  handle(ctx: ApiContext): Promise<void>;
}

// OpenAPI's own formats; ajv-formats knows the JSON Schema ones.
const OPENAPI_FORMATS: Record<string, RegExp | ((v: unknown) => boolean)> = {
  int32: (v) => Number.isInteger(v) && (v as number) >= -(2 ** 31) && (v as number) < 2 ** 31,
  int64: (v) => Number.isInteger(v),
  float: () => true,
  double: () => true,
  byte: /^[A-Za-z0-9+/]*={0,2}$/,
  binary: () => true,
  password: () => true,
};

function newAjv(opts: Record<string, unknown>) {
  // OpenAPI 3.1 schemas are JSON Schema 2020-12, which openapi-backend's default Ajv does not speak.
  const code = (opts.code ?? {}) as Record<string, unknown>;
  const ajv = new Ajv2020.default({ ...opts, code: { ...code, regExp: regExpEngine }, strict: false, allErrors: true, discriminator: false });
  addFormats.default(ajv);
  for (const [name, check] of Object.entries(OPENAPI_FORMATS)) {
    ajv.addFormat(name, check instanceof RegExp ? check : { validate: check as (v: any) => boolean, type: 'number' } as never);
  }
  ajv.addFormat('binary', true);
  ajv.addFormat('password', true);
  ajv.addFormat('byte', OPENAPI_FORMATS.byte as RegExp);
  return ajv;
}

function fieldErrors(c: OperationContext): FieldError[] {
  return (c.validation?.errors ?? []).map((e: any) => {
    const where = (e.instancePath as string).replace(/^\//, '').replace(/\//g, '.');
    const missing = e.keyword === 'required' ? e.params?.missingProperty : undefined;
    const location = [where, missing].filter(Boolean).join('.');
    let message = e.keyword === 'required' ? 'is required' : (e.message as string);
    if (e.keyword === 'enum') message += `: ${(e.params.allowedValues as unknown[]).join(', ')}`;
    if (e.keyword === 'additionalProperties') message += `: ${e.params.additionalProperty}`;
    return { path: location || '(root)', message };
  });
}

/** openapi-backend reports paths as requestBody.x / query.y; we say body.x / query.y. */
function readableFields(errors: FieldError[]): FieldError[] {
  return errors.map((e) => ({ ...e, path: e.path.replace(/^requestBody\.?/, 'body.').replace(/\.$/, '') }));
}

/**
 * A NUL in the value of a parameter the operation reads is never meant, and
 * PostgreSQL text cannot hold one: 400 naming the parameter. Parameters the
 * operation does not declare are left to the validator (or ignored, as it says).
 */
function refuseNulIn(where: 'query' | 'path', operation: Operation, values: Record<string, unknown>): void {
  type Param = { in?: string; name?: string; schema?: { type?: unknown; additionalProperties?: unknown } };
  // A free-form object parameter's own name is no key of the query (getRealtime ignores every parameter).
  const freeForm = (p: Param) => p.schema?.additionalProperties !== undefined && (p.schema.type === undefined || p.schema.type === 'object');
  for (const [name, value] of Object.entries(values)) {
    const declared = ((operation.parameters ?? []) as Param[]).some((p) => p.in === where && p.name === name && !freeForm(p));
    if (declared && (Array.isArray(value) ? value : [value]).some((v) => typeof v === 'string' && v.includes('\0'))) {
      const message = 'must not contain the NUL character (U+0000)';
      throw new ApiError('invalid_request', `Invalid request: ${where}.${name} ${message}`, { fields: [{ path: `${where}.${name}`, message }], param: name });
    }
  }
}

export async function mountSurface(def: SurfaceDefinition, prefixes: string[]): Promise<MountedSurface> {
  const api = new OpenAPIBackend({
    definition: path.join(REPO_ROOT, def.spec),
    validate: true,
    coerceTypes: true,
    strict: true,
    ajvOpts: { strict: false },
    customizeAjv: (_ajv, opts) => newAjv(opts as Record<string, unknown>) as never,
    ignoreTrailingSlashes: true,
    // Compiles each operation's validators on its first request instead of all
    // of them at start (seconds for the larger specs).
    quick: true,
  });
  // openapi-backend checks documents against the OpenAPI 3.0 meta-schema, which
  // rejects valid 3.1 (type arrays, contentSchema...); Redocly lints the specs in CI instead.
  (api as unknown as { validateDefinition: () => void }).validateDefinition = () => {};

  const security: Record<string, SecurityHandler> = {};
  for (const [scheme, authenticate] of Object.entries(def.authenticate)) {
    const keep = (ctx: ApiContext, auth: Record<string, unknown> | null) => {
      if (auth && !ctx.state.auth) ctx.state.auth = auth;
      return auth;
    };
    // A scheme that answers at once (a cached key) is kept without a promise.
    security[scheme] = (_c: OperationContext, ctx: ApiContext) => {
      const auth = authenticate(ctx);
      return auth instanceof Promise ? auth.then((found) => keep(ctx, found)) : keep(ctx, auth);
    };
  }
  // Without middleware after authentication (every surface but analytics) the handler is called directly.
  const afterAuth = def.afterAuth?.length ? compose<ApiContext>(def.afterAuth as Middleware<AppState>[] as never) : undefined;

  await api.init();
  // openapi-backend rebuilds the operation list (lodash over the whole document) up to
  // three times per request; after init() the document is final, so build it once.
  const operations = api.router.getOperations();
  api.router.getOperations = () => operations;
  // A free-form object parameter (form style, exploded: every query parameter is one of its
  // properties, as getRealtime and the dashboard page take them) names no parameter of its own,
  // yet openapi-backend checks a parameter of that name as the whole object. What remains of
  // its schema applies to the properties alone. The validators compile after this.
  for (const op of operations) {
    for (const p of (op.parameters ?? []) as Array<{ in?: string; style?: string; explode?: boolean; schema?: Record<string, unknown> }>) {
      if (p.in !== 'query' || p.schema?.type !== 'object' || p.explode === false || (p.style ?? 'form') !== 'form') continue;
      const { type: _type, ...properties } = p.schema;
      p.schema = properties;
    }
  }
  const match = operationMatcher(operations);

  const readOptions = { refuseNul: def.refuseNul ?? true };
  const handle = async (ctx: ApiContext): Promise<void> => {
    const found = match(ctx.method, ctx.path);
    if ('miss' in found) {
      if (found.miss === 405) {
        throw new ApiError('invalid_request', `Method ${ctx.method} is not allowed on ${ctx.path}`, {
          status: 405,
          code: 'method_not_allowed',
          headers: { allow: found.allow },
        });
      }
      throw new ApiError('not_found', 'No such endpoint', { code: 'not_found' });
    }
    const { operation } = found;
    // Security first: 401 before any other refusal, and before a byte of the body is read.
    // The schemes look at headers only, so they are shown the operation alone.
    if (operation.security?.length) {
      const allowed = authorize(operation, security, { api, operation } as OperationContext, ctx);
      if (allowed === false || (allowed !== true && !(await allowed))) {
        throw new ApiError('unauthorized', 'Missing or invalid API key', { code: 'unauthorized' });
      }
    }
    const body = await readBody(ctx, bodyRuleOf(operation), readOptions);
    // Koa parses the query string on first read; most API calls have none.
    const query = ctx.req.url!.includes('?') ? (ctx.query as Record<string, string | string[]>) : {};
    // A search of the raw URL: no parse on the hot path unless a NUL may be there.
    const nul = ctx.req.url!.includes('%00');
    if (nul) refuseNulIn('query', operation, query);
    const req: Request = { method: ctx.method, path: ctx.path, query, headers: ctx.headers as never, body };
    // A text body the operation documents as serialised JSON is routed and validated as that JSON.
    let refused: unknown;
    if (typeof body === 'string') {
      const read = jsonTextReader(api, operation, mediaTypeOf(ctx.req.headers['content-type']));
      if (read) {
        try {
          req.body = read(body);
        } catch (err) {
          refused = err;
        }
      }
    }
    // What the body was read as, for middleware that runs after a refusal (e.g. CORS).
    (ctx.request as { body?: unknown }).body = req.body;
    const c = { api, operation, request: parseRequest(api, req, operation) } as OperationContext;
    if (refused) throw refused;
    if (nul) refuseNulIn('path', operation, c.request.params);
    if (!validate(api, req, c)) {
      const fields = readableFields(fieldErrors(c));
      const first = fields[0];
      throw new ApiError('invalid_request', first ? `Invalid request: ${first.path} ${first.message}` : 'Invalid request', {
        fields,
        param: first?.path.replace(/^(body|query|path|header)\./, ''),
      });
    }
    const handler = operation.operationId ? def.handlers[operation.operationId] : undefined;
    if (!handler) throw new ApiError('not_implemented', `${operation.operationId} is not implemented yet`, { code: 'not_implemented' });
    ctx.state.op = c;
    const input = { body: c.request.requestBody, path: c.request.params, query: c.request.query } as OperationInput;
    return afterAuth ? afterAuth(ctx, () => handler(ctx, input) as Promise<void>) : (handler(ctx, input) as Promise<void>);
  };
  return { def, api, prefixes, handle };
}

/**
 * Compiles every operation's request validators ahead of its first request
 * (openapi-backend's quick mode compiles each on first use, which made the
 * first calls after a start take ~200 ms). The operations in `first` go first;
 * the event loop is yielded between operations, so requests are served while
 * the rest compile. Answers how many operations were compiled.
 */
export async function compileValidators(surfaces: MountedSurface[], first: readonly string[] = []): Promise<number> {
  const jobs: Array<{ api: OpenAPIBackend; operationId: string }> = [];
  for (const { api } of surfaces) {
    for (const op of api.router.getOperations()) if (op.operationId) jobs.push({ api, operationId: op.operationId });
  }
  const rank = (id: string) => (first.includes(id) ? first.indexOf(id) : first.length);
  jobs.sort((a, b) => rank(a.operationId) - rank(b.operationId));
  for (const { api, operationId } of jobs) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    (api.validator as unknown as { getRequestValidatorsForOperation(id: string): unknown }).getRequestValidatorsForOperation(operationId);
  }
  return jobs.length;
}

export interface AppOptions {
  deps: Deps;
  surfaces: MountedSurface[];
  /** Extra middleware for paths no spec describes (docs, the spec files, /metrics). */
  extra?: Middleware[];
  /** The service's name in the metrics (gateway, analytics). */
  service?: string;
}

function surfaceFor(surfaces: MountedSurface[], requestPath: string): MountedSurface {
  return surfaces.find((s) => s.prefixes.some((p) => requestPath.startsWith(p))) ?? surfaces[surfaces.length - 1]!;
}

/** The largest request line plus headers Node's parser takes (its --max-http-header-size). */
export const MAX_HEADER_BYTES = http.maxHeaderSize;

/**
 * What Node's HTTP parser refuses before Koa sees a request (a request line and
 * headers over MAX_HEADER_BYTES, a malformed request line) is answered as the
 * surface would answer it, in its own error shape, instead of Node's empty 431
 * or 400. The path is read from the start of the packet when it is there.
 */
/** The header lines of a raw request packet that arrived whole (lower-cased names), as far as the packet goes. */
function headersIn(packet: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const lines = packet.split('\r\n');
  // The last line may be cut off: only lines followed by another are whole.
  for (const line of lines.slice(1, -1)) {
    if (line === '') break;
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

export function clientErrorHandler(surfaces: MountedSurface[]) {
  return (err: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void => {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const tooLarge = err.code === 'HPE_HEADER_OVERFLOW';
    const timedOut = err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    const status = tooLarge ? 431 : timedOut ? 408 : 400;
    const error = tooLarge
      ? new ApiError('invalid_request', `The request line and headers exceed ${MAX_HEADER_BYTES} bytes; send long values in a body`, { status, code: 'headers_too_large' })
      : timedOut
        ? new ApiError('invalid_request', 'The request was not received in time', { status, code: 'request_timeout' })
        : new ApiError('invalid_request', 'Malformed HTTP request');
    const packet = err.rawPacket?.toString('latin1', 0, 65_536) ?? '';
    const requestPath = /^[A-Z]+ (\/[^ ?#]*)/.exec(packet)?.[1] ?? '/';
    // A surface may choose its shape by header (/v1/models by anthropic-version): it is shown the ones that arrived whole.
    const body = JSON.stringify(surfaceFor(surfaces, requestPath).def.renderError(error, { path: requestPath, headers: headersIn(packet) } as ApiContext));
    socket.end(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  };
}

/** A failed request logged and answered in its surface's error shape (when its answer has not started). */
export function answerFailure(surface: MountedSurface, ctx: ApiContext, raw: unknown): void {
  const err = toApiError(raw);
  if (err.code === 'database_unavailable') ctx.state.log.warn({ err: (raw as Error).message }, 'database unavailable');
  else logFailure(ctx.state.log, err.kind === 'internal' ? raw : err);
  // A handler that already started streaming cannot change its status any more.
  if (ctx.headerSent || !ctx.writable) return;
  ctx.status = err.status;
  for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
  ctx.body = surface.def.renderError(err, ctx);
}

export function createApp(opts: AppOptions): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = true;
  // ctx.ip believes X-Forwarded-For only as far as TRUSTED_PROXIES allows.
  useClientAddress(app, proxyTrust(opts.deps.env));
  app.silent = true;
  app.context.deps = opts.deps;
  answerJsonDirectly(app.response);
  const fallback = opts.surfaces[opts.surfaces.length - 1]!;

  app.use(requestId(opts.deps));
  app.use(accessLog(opts.service ?? 'gateway'));
  app.use(compress());
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      answerFailure(surfaceFor(opts.surfaces, ctx.path) ?? fallback, ctx as ApiContext, raw);
    }
  });
  for (const extra of opts.extra ?? []) app.use(extra);
  for (const surface of opts.surfaces) for (const mw of surface.def.before ?? []) {
    // With one surface every request is its own: no wrapper (and no promise of its own) per request.
    app.use(opts.surfaces.length === 1 ? mw : (ctx, next) => (surfaceFor(opts.surfaces, ctx.path) === surface ? mw(ctx, next) : next()));
  }
  // Not async: handle() is, and its promise is passed on as is.
  app.use((ctx) => {
    const surface = surfaceFor(opts.surfaces, ctx.path);
    ctx.state.deps = opts.deps;
    return surface.handle(ctx as ApiContext);
  });
  return app;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Every JSON answer (`ctx.body = object`) sets its type through Koa's `type`
 * setter, which resolves 'json' in the MIME tables and sets the header through
 * helpers that allocate arrays per call; Koa's respond() then sets the length
 * the same way. Together that was ~2% of a /v1 call's CPU (perf, bursts of
 * 10). `app.response` is the prototype of every ctx.response (Koa's documented
 * extension point): the same headers are set directly, and anything else
 * still goes through Koa's setters.
 */
function answerJsonDirectly(response: object): void {
  const koaResponse = Object.getPrototypeOf(response) as object;
  const type = Object.getOwnPropertyDescriptor(koaResponse, 'type')!;
  const length = Object.getOwnPropertyDescriptor(koaResponse, 'length')!;
  Object.defineProperty(response, 'type', {
    configurable: true,
    get: type.get,
    set(this: { res: ServerResponse }, value: string) {
      if (value !== 'json') type.set!.call(this, value);
      else if (!this.res.headersSent) this.res.setHeader('Content-Type', JSON_TYPE);
    },
  });
  Object.defineProperty(response, 'length', {
    configurable: true,
    get: length.get,
    set(this: { res: ServerResponse }, n: number) {
      if (typeof n !== 'number') length.set!.call(this, n);
      else if (!this.res.headersSent && !this.res.hasHeader('Transfer-Encoding')) this.res.setHeader('Content-Length', n);
    },
  });
}

function toApiError(raw: unknown): ApiError {
  if (raw instanceof ApiError) return raw;
  if (isDatabaseUnavailable(raw)) {
    return new ApiError('unavailable', 'The database is unavailable; try again shortly.', { code: 'database_unavailable', headers: { 'retry-after': '2' } });
  }
  const e = raw as { status?: number; expose?: boolean; message?: string; type?: string };
  if (e?.status === 413) return new ApiError('payload_too_large', e.message ?? 'Request body too large');
  if (e?.status === 415) return new ApiError('unsupported_media_type', e.message ?? 'Unsupported media type');
  if (e?.status === 400 && e.expose) return new ApiError('invalid_request', e.message ?? 'Bad request');
  // decodeURIComponent's error: what the client sent was not percent-encoded UTF-8.
  if (raw instanceof URIError) return new ApiError('invalid_request', 'The request URL is not valid percent-encoded UTF-8');
  return new ApiError('internal', 'Internal server error', { code: 'internal_error' });
}
