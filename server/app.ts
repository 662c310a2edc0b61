// Turns SurfaceDefinitions into one Koa app: each request is routed, authenticated
// and validated by its surface's OpenAPI document before its handler runs.
import Koa, { type Middleware } from 'koa';
import compose from 'koa-compose';
import { OpenAPIBackend, type Context as OperationContext, type Operation, type Request } from 'openapi-backend';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError, type FieldError } from '../protocols/errors.ts';
import { logFailure } from '../core/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { bodyRuleOf, mediaTypeOf, readBody } from './middleware/body.ts';
import { requestId } from './middleware/requestId.ts';
import { accessLog } from './middleware/accessLog.ts';
import { traceRequests } from './middleware/tracing.ts';
import { tracing } from '../metrics/telemetry.ts';
import { compress } from './middleware/compress.ts';
import type { SurfaceDefinition } from './surface.ts';
import type { ApiContext, AppState, Deps, OperationInput } from '../handlers/types.ts';
import { regExpEngine } from './patterns.ts';
import { cameOverHttps, clientAddressMiddleware, proxyTrust } from './clientAddress.ts';
import { loadDocument } from './document.ts';
import { operationMatcher } from './operationMatch.ts';
import { requestValidator } from './requestValidation.ts';

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

function fieldErrors(errors: readonly unknown[]): FieldError[] {
  return errors.map((e: any) => {
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

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The methods the router answers on a path (RFC 9110's Allow); HEAD wherever GET is, as Koa answers it. */
function allowedMethods(api: OpenAPIBackend, path: string): string {
  const allowed = new Set(METHODS.filter((method) => api.matchOperation({ method, path, headers: {} })).map((m) => m.toUpperCase()));
  if (allowed.has('GET')) allowed.add('HEAD');
  return [...allowed].sort().join(', ');
}

/**
 * Who called, by the operation's security requirements: tried in the
 * document's order, each scheme's authenticator run at most once, the first
 * requirement whose every scheme answers is met (openapi-backend's rule).
 * null for an operation open to all, undefined when no requirement is met.
 * A scheme that throws (its database unreachable) fails the request (503),
 * never as a caller's bad key (401).
 */
async function authenticate(def: SurfaceDefinition, operation: Operation, ctx: ApiContext): Promise<Record<string, unknown> | null | undefined> {
  const requirements = (operation.security ?? []) as Record<string, unknown>[];
  if (requirements.length === 0) return null;
  const answers = new Map<string, Record<string, unknown> | null>();
  for (const requirement of requirements) {
    let first: Record<string, unknown> | null = null;
    let met = true;
    for (const scheme of Object.keys(requirement)) {
      if (!answers.has(scheme)) answers.set(scheme, (await def.authenticate[scheme]?.(ctx, operation)) ?? null);
      const answer = answers.get(scheme)!;
      if (!answer) {
        met = false;
        break;
      }
      first ??= answer;
    }
    if (met) return first;
  }
  return undefined;
}

/**
 * Multipart bodies stay on the socket for their handler to stream (and to
 * check size and type on the real bytes); the validator is shown each part the
 * spec requires as present, which is all that can be checked before reading.
 */
function multipartStandIn(operation: Operation, contentType: string | undefined): Record<string, string> | undefined {
  if (mediaTypeOf(contentType) !== 'multipart/form-data') return undefined;
  const schema = (operation.requestBody as { content?: Record<string, { schema?: { required?: string[] } }> } | undefined)?.content?.['multipart/form-data']?.schema;
  return Object.fromEntries((schema?.required ?? []).map((name) => [name, '(streamed to the handler)']));
}

/**
 * One surface's OpenAPI document as an openapi-backend instance, and the
 * request pipeline on it: the operation the router matches (404, or 405 with
 * Allow), the security requirements (401 before any other refusal and before a
 * byte of the body is read), the body read by its operation's rule (413, 415,
 * 400), validateRequest (400 naming the fields) and the operation's handler.
 * Each refusal is thrown as an ApiError, which the app renders in the
 * surface's shape. The steps are the library's public methods rather than
 * handleRequest, which parses each request four times and flattens the
 * document on every match (server/operationMatch.ts has the figure), and
 * validateRequest answers through server/requestValidation.ts.
 */
export async function mountSurface(def: SurfaceDefinition, prefixes: string[]): Promise<MountedSurface> {
  const api = new OpenAPIBackend({
    definition: await loadDocument(def.spec),
    validate: true,
    coerceTypes: true,
    strict: true,
    ajvOpts: { strict: false },
    customizeAjv: (_ajv, opts) => newAjv(opts as Record<string, unknown>) as never,
    ignoreTrailingSlashes: true,
    // Compiles each operation's validators on its first request instead of all
    // of them at start (seconds for the larger specs), and skips the library's
    // check of the document against the OpenAPI 3.0 meta-schema, which rejects
    // valid 3.1 (Redocly lints the specs in CI instead).
    quick: true,
  });
  await api.init();

  const match = operationMatcher(api);
  const validate = requestValidator(api);
  // Without middleware after authentication (every surface but analytics) the handler is called directly.
  const afterAuth = def.afterAuth?.length ? compose<ApiContext>(def.afterAuth as Middleware<AppState>[] as never) : undefined;
  const readOptions = { refuseNul: def.refuseNul ?? true };

  const handle = async (ctx: ApiContext): Promise<void> => {
    const req: Request = {
      // HEAD is GET without the body (RFC 9110 9.3.2); Koa leaves the body out.
      method: ctx.method === 'HEAD' ? 'GET' : ctx.method,
      path: ctx.path,
      query: ctx.query as Record<string, string | string[]>,
      headers: ctx.headers as Record<string, string | string[]>,
    };
    const operation = match(req.method, req.path);
    if (!operation) {
      const allow = allowedMethods(api, req.path);
      if (!allow) throw new ApiError('not_found', 'No such endpoint', { code: 'not_found' });
      throw new ApiError('invalid_request', `Method ${ctx.method} is not allowed on ${ctx.path}`, { status: 405, code: 'method_not_allowed', headers: { allow } });
    }
    // Security first: 401 before any other refusal, and before a byte of the body is read.
    const auth = await authenticate(def, operation, ctx);
    if (auth === undefined) throw new ApiError('unauthorized', 'Missing or invalid API key', { code: 'unauthorized' });
    if (auth) ctx.state.auth = auth;
    // A search of the raw URL: no parse unless a NUL may be there.
    if (ctx.req.url!.includes('%00')) {
      refuseNulIn('query', operation, req.query as Record<string, unknown>);
      refuseNulIn('path', operation, api.router.parseRequest(req, operation).params);
    }
    req.body = (await readBody(ctx, bodyRuleOf(operation), readOptions)) ?? multipartStandIn(operation, ctx.get('content-type'));
    // What the body was read as, for middleware that runs after a refusal (e.g. CORS).
    (ctx.request as { body?: unknown }).body = req.body;
    const validation = validate(req, operation);
    if (validation.errors) {
      const fields = readableFields(fieldErrors(validation.errors));
      const first = fields[0];
      throw new ApiError('invalid_request', first ? `Invalid request: ${first.path} ${first.message}` : 'Invalid request', {
        fields,
        param: first?.path.replace(/^(body|query|path|header)\./, ''),
      });
    }
    const handler = operation.operationId ? def.handlers[operation.operationId] : undefined;
    if (!handler) throw new ApiError('not_implemented', `${operation.operationId} is not implemented yet`, { code: 'not_implemented' });
    // With coerceTypes the validator hands back the query and path parameters as their schemas type them.
    const { query, params } = validation.coerced as Request & { params: Record<string, unknown> };
    const request = { method: req.method, path: req.path, headers: req.headers, query, params, cookies: {}, body: req.body, requestBody: req.body };
    ctx.state.op = { api, operation, request, validation } as unknown as OperationContext;
    const input = { body: req.body, path: params, query } as OperationInput;
    return afterAuth ? afterAuth(ctx, () => handler(ctx, input) as Promise<void>) : handler(ctx, input);
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
export async function compileValidators(surfaces: MountedSurface[], first: readonly string[] = [], opts: { onlyFirst?: boolean } = {}): Promise<number> {
  const jobs: Array<{ api: OpenAPIBackend; operationId: string }> = [];
  for (const { api } of surfaces) {
    for (const op of api.getOperations()) {
      if (op.operationId && (!opts.onlyFirst || first.includes(op.operationId))) jobs.push({ api, operationId: op.operationId });
    }
  }
  const rank = (id: string) => (first.includes(id) ? first.indexOf(id) : first.length);
  jobs.sort((a, b) => rank(a.operationId) - rank(b.operationId));
  for (const { api, operationId } of jobs) {
    await new Promise<void>((resolve) => setImmediate(resolve));
    api.validator.getRequestValidatorsForOperation(operationId);
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
  ctx.state.errorCode = err.code;
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
  // TRUSTED_PROXIES is read (and a bad entry refused) when the app is made.
  const trust = proxyTrust(opts.deps.env);
  app.silent = true;
  app.context.deps = opts.deps;
  const fallback = opts.surfaces[opts.surfaces.length - 1]!;

  // ctx.ip believes X-Forwarded-For only as far as TRUSTED_PROXIES allows.
  app.use(clientAddressMiddleware(trust));
  app.use(requestId(opts.deps));
  app.use(accessLog(opts.service ?? 'gateway'));
  // Only while traces are exported: otherwise no middleware at all.
  if (tracing()) app.use(traceRequests(opts.service ?? 'gateway'));
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
    // Cookies are marked Secure by it.
    ctx.state.secure = cameOverHttps('encrypted' in ctx.req.socket, ctx.req.socket.remoteAddress, ctx.get('x-forwarded-proto') || undefined, trust);
    return surface.handle(ctx as ApiContext);
  });
  return app;
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
