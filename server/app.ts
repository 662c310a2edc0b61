// Turns SurfaceDefinitions into one Koa app: each request is routed, authenticated
// and validated by its surface's OpenAPI document before its handler runs.
import Koa, { type Middleware } from 'koa';
import compose from 'koa-compose';
import { OpenAPIBackend, type Context as OperationContext, type Request } from 'openapi-backend';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import path from 'node:path';
import type { ServerResponse } from 'node:http';
import { ApiError, type FieldError } from '../protocols/errors.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { readBody } from './middleware/body.ts';
import { requestId } from './middleware/requestId.ts';
import { accessLog } from './middleware/accessLog.ts';
import type { SurfaceDefinition } from './surface.ts';
import type { ApiContext, AppState, Deps, OperationInput } from '../handlers/types.ts';
import { REPO_ROOT } from './paths.ts';
import { authorize, jsonTextReader, operationMatcher, parseRequest, validate, type SecurityHandler } from './operations.ts';

export interface MountedSurface {
  def: SurfaceDefinition;
  api: OpenAPIBackend;
  /** Path prefixes this surface answers on its port. */
  prefixes: string[];
  /** Routes, authenticates, validates and runs one request; failures are thrown as ApiError. */
  handle(ctx: ApiContext, body: unknown): Promise<void>;
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
  const ajv = new Ajv2020.default({ ...opts, strict: false, allErrors: true, discriminator: false });
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

/** The media type of a Content-Type header, lower-cased, without parameters. */
function mediaType(header: string | undefined): string {
  if (!header) return '';
  const semi = header.indexOf(';');
  return (semi < 0 ? header : header.slice(0, semi)).trim().toLowerCase();
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
    security[scheme] = async (_c: OperationContext, ctx: ApiContext) => {
      const auth = await authenticate(ctx);
      if (auth && !ctx.state.auth) ctx.state.auth = auth;
      return auth;
    };
  }
  const afterAuth = compose<ApiContext>((def.afterAuth ?? []) as Middleware<AppState>[] as never);

  await api.init();
  // openapi-backend rebuilds the operation list (lodash over the whole document) up to
  // three times per request; after init() the document is final, so build it once.
  const operations = api.router.getOperations();
  api.router.getOperations = () => operations;
  const match = operationMatcher(operations);

  const handle = async (ctx: ApiContext, body: unknown): Promise<void> => {
    // Koa parses the query string on first read; most API calls have none.
    const query = ctx.req.url!.includes('?') ? (ctx.query as Record<string, string | string[]>) : {};
    const req: Request = { method: ctx.method, path: ctx.path, query, headers: ctx.headers as never, body };
    const found = match(req.method, req.path);
    if ('miss' in found) {
      if (found.miss === 405) {
        throw new ApiError('invalid_request', `Method ${ctx.method} is not allowed on ${ctx.path}`, { status: 405, code: 'method_not_allowed' });
      }
      throw new ApiError('not_found', 'No such endpoint', { code: 'not_found' });
    }
    const { operation } = found;
    // A text body the operation documents as serialised JSON is routed and validated as that JSON.
    let refused: unknown;
    if (typeof body === 'string') {
      const read = jsonTextReader(api, operation, mediaType(ctx.req.headers['content-type']));
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
    // Security first: 401 before any other refusal.
    if (operation.security?.length && !(await authorize(operation, security, c, ctx))) {
      throw new ApiError('unauthorized', 'Missing or invalid API key', { code: 'unauthorized' });
    }
    if (refused) throw refused;
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
    return afterAuth(ctx, () => handler(ctx, input) as Promise<void>);
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
  jsonLimitBytes: number;
  /** Extra middleware for paths no spec describes (docs, the spec files, /metrics). */
  extra?: Middleware[];
  /** The service's name in the metrics (gateway, analytics). */
  service?: string;
}

function surfaceFor(surfaces: MountedSurface[], requestPath: string): MountedSurface {
  return surfaces.find((s) => s.prefixes.some((p) => requestPath.startsWith(p))) ?? surfaces[surfaces.length - 1]!;
}

export function createApp(opts: AppOptions): Koa<AppState> {
  const app = new Koa<AppState>();
  app.proxy = true;
  app.silent = true;
  app.context.deps = opts.deps;
  answerJsonDirectly(app.response);
  const fallback = opts.surfaces[opts.surfaces.length - 1]!;

  app.use(requestId(opts.deps));
  app.use(accessLog(opts.service ?? 'gateway'));
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (raw) {
      const surface = surfaceFor(opts.surfaces, ctx.path) ?? fallback;
      const err = toApiError(raw);
      if (err.code === 'database_unavailable') ctx.state.log.warn({ err: (raw as Error).message }, 'database unavailable');
      else if (err.status >= 500 && err.kind !== 'not_implemented') ctx.state.log.error({ err: raw }, 'request failed');
      // A handler that already started streaming cannot change its status any more.
      if (ctx.headerSent || !ctx.writable) return;
      ctx.status = err.status;
      for (const [name, value] of Object.entries(err.headers ?? {})) ctx.set(name, value);
      ctx.body = surface.def.renderError(err, ctx as ApiContext);
    }
  });
  for (const extra of opts.extra ?? []) app.use(extra);
  for (const surface of opts.surfaces) for (const mw of surface.def.before ?? []) {
    // With one surface every request is its own: no wrapper (and no promise of its own) per request.
    app.use(opts.surfaces.length === 1 ? mw : (ctx, next) => (surfaceFor(opts.surfaces, ctx.path) === surface ? mw(ctx, next) : next()));
  }
  app.use(async (ctx) => {
    const surface = surfaceFor(opts.surfaces, ctx.path);
    ctx.state.deps = opts.deps;
    const body = await readBody(ctx, opts.jsonLimitBytes);
    return surface.handle(ctx as ApiContext, body);
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
  return new ApiError('internal', 'Internal server error', { code: 'internal_error' });
}
