// Routing, authentication and validation of one surface's requests with the
// outcomes of openapi-backend's handleRequest (security before validation, the
// same 404/405/401/400/501 decisions) but not its per-request costs:
// handleRequest flattens the whole document with lodash and compiles a RegExp
// per path on every match, and parses the request four times. The document
// does not change after init, so operations and their patterns are built once.
import type { Context as OperationContext, OpenAPIBackend, Operation, ParsedRequest, Request } from 'openapi-backend';
import { ApiError } from '../protocols/errors.ts';
import { mediaTypeOf } from './middleware/body.ts';

/** A miss on a path that exists with other methods is 405 and says which (RFC 9110's Allow). */
export type Match = { operation: Operation } | { miss: 404 } | { miss: 405; allow: string };

// openapi-backend's router, compiled ahead: same pattern, same precedence.
function pathTemplateToPattern(template: string): RegExp {
  const escaped = template
    .replace(/\{[^}]+\}/g, '\0')
    .split('\0')
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${escaped}$`);
}

/**
 * (method, path) -> operation, as router.matchOperation(req, true) decides it:
 * an exact path and method first, else the templated paths with the most
 * literal characters first; a path that matches with another method is 405.
 */
export function operationMatcher(operations: Operation[]): (method: string, path: string) => Match {
  const exact = new Map<string, Operation>();
  for (const op of operations) {
    const key = `${op.method} ${op.path}`;
    if (!exact.has(key)) exact.set(key, op);
  }
  // Array.prototype.sort is stable, as lodash's orderBy is: ties keep document order.
  const ordered = operations
    .map((operation) => ({ operation, pattern: pathTemplateToPattern(operation.path), weight: operation.path.replace(/\{.*?\}/g, '').length }))
    .sort((a, b) => b.weight - a.weight);

  // The answer for each method and path seen, so a hot route is one lookup; cleared
  // when full (templated paths make the set of paths open-ended).
  const seen = new Map<string, Map<string, Match>>();
  let size = 0;
  const decide = (rawMethod: string, rawPath: string): Match => {
    let path = rawPath.trim();
    if (!path.startsWith('/')) path = `/${path}`;
    path = path.split('?')[0]!.trim();
    while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const method = rawMethod.trim().toLowerCase();
    const hit = exact.get(`${method} ${path}`) ?? (method === 'head' ? exact.get(`get ${path}`) : undefined);
    if (hit) return { operation: hit };
    const allowed = new Set<string>();
    for (const { operation, pattern } of ordered) {
      if (!pattern.test(path)) continue;
      // HEAD is GET without the body (RFC 9110 9.3.2); Koa leaves the body out.
      if (operation.method === method || (method === 'head' && operation.method === 'get')) return { operation };
      allowed.add(operation.method.toUpperCase());
    }
    if (!allowed.size) return { miss: 404 };
    if (allowed.has('GET')) allowed.add('HEAD');
    return { miss: 405, allow: [...allowed].sort().join(', ') };
  };
  return (rawMethod, rawPath) => {
    let paths = seen.get(rawMethod);
    const hit = paths?.get(rawPath);
    if (hit) return hit;
    const match = decide(rawMethod, rawPath);
    if (size >= 10_000) {
      seen.clear();
      size = 0;
      paths = undefined;
    }
    if (!paths) seen.set(rawMethod, (paths = new Map()));
    paths.set(rawPath, match);
    size++;
    return match;
  };
}

export type SecurityHandler = (c: OperationContext, ...args: any[]) => unknown;

/** A scheme's answer as a decision: a scheme that could not decide (its database unreachable) throws instead, which is the service's failure (503), never a caller's bad key (401). */
function granted(r: unknown): boolean {
  return Boolean(r) && !(typeof r === 'object' && (r as { error?: unknown }).error);
}

function isThenable(r: unknown): r is PromiseLike<unknown> {
  return typeof (r as { then?: unknown } | null)?.then === 'function';
}

/**
 * Whether some security requirement of the operation is met (every scheme of
 * one requirement object returns something truthy without throwing).
 * Requirements are tried in document order and each scheme's handler runs at
 * most once; an operation without requirements is open. Decided without a
 * promise while every scheme answers synchronously (a cached key): on the
 * /v1 hot path each promise and async frame is a microtask of its own.
 */
export function authorize(
  operation: Operation,
  handlers: Record<string, SecurityHandler>,
  context: OperationContext,
  ...args: unknown[]
): boolean | Promise<boolean> {
  const requirements = (operation.security ?? []) as Record<string, unknown>[];
  if (requirements.length === 0) return true;
  const answers: Answers = new Map();
  for (let i = 0; i < requirements.length; i++) {
    const schemes = Object.keys(requirements[i]!);
    let met = true;
    for (let j = 0; j < schemes.length; j++) {
      const passed = answerOf(answers, schemes[j]!, handlers, context, args);
      if (passed === true) continue;
      if (passed === false) {
        met = false;
        break;
      }
      return authorizeAsync(requirements, (scheme) => answerOf(answers, scheme, handlers, context, args));
    }
    if (met) return true;
  }
  return false;
}

/** Each scheme's answer for one request: no handler runs twice. */
type Answers = Map<string, boolean | Promise<boolean>>;

// A module function, not a closure made per request: a fresh closure on every
// /v1 call ran as baseline code in the profile, never optimised.
function answerOf(
  answers: Answers,
  scheme: string,
  handlers: Record<string, SecurityHandler>,
  context: OperationContext,
  args: unknown[],
): boolean | Promise<boolean> {
  let result = answers.get(scheme);
  if (result === undefined) {
    const handler = handlers[scheme];
    if (!handler) result = false;
    else {
      const answer = handler(context, ...args);
      result = isThenable(answer) ? Promise.resolve(answer).then(granted) : granted(answer);
    }
    answers.set(scheme, result);
  }
  return result;
}

/**
 * authorize() once a scheme answered with a promise: the same walk from the
 * start, awaiting each answer. Schemes already asked answer from the
 * request's answers, so none runs twice and the order is the document's.
 */
async function authorizeAsync(requirements: Record<string, unknown>[], passes: (scheme: string) => boolean | Promise<boolean>): Promise<boolean> {
  for (const requirement of requirements) {
    let met = true;
    for (const scheme of Object.keys(requirement)) {
      if (!(await passes(scheme))) {
        met = false;
        break;
      }
    }
    if (met) return true;
  }
  return false;
}

/**
 * What parseRequest needs to know about one operation, worked out once: path
 * parameter names and pattern (bath's, which openapi-backend uses), query
 * parameters declared as arrays, and whether the operation needs the library's
 * own parsing (query parameters with JSON content or explode: false).
 */
interface OperationShape {
  pathPattern?: RegExp;
  pathNames: string[];
  arrayQuery: Set<string>;
  /** Query parameters with content or explode: false: openapi-backend's parser handles those. */
  libraryQuery: boolean;
  /**
   * Declares a header parameter whose validation may coerce (a type other than
   * string), so it gets its own copy of the headers. Node's header values are
   * strings, which a string schema leaves as they are: copying the headers of
   * every /v1 call for X-Provider-Key or anthropic-version showed in the profile.
   */
  coercibleHeaders: boolean;
}

const shapes = new WeakMap<Operation, OperationShape>();

function shapeOf(operation: Operation): OperationShape {
  let shape = shapes.get(operation);
  if (shape) return shape;
  const parameters = (operation.parameters ?? []) as Array<Record<string, any>>;
  const query = parameters.filter((p) => !('$ref' in p) && p.in === 'query');
  const pathNames = [...operation.path.matchAll(/\{([A-Za-z0-9_-]+)\}/g)].map((m) => m[1]!);
  shape = {
    // bath-es5's toPathPattern, as openapi-backend's parseRequest compiles it on every call.
    pathPattern: pathNames.length ? new RegExp(`^${operation.path.replace(/\{[A-Za-z0-9_-]+\}/g, '([^\\/]*)')}$`) : undefined,
    pathNames,
    arrayQuery: new Set(query.filter((p) => p.schema?.type === 'array').map((p) => p.name as string)),
    libraryQuery: query.some((p) => p.content?.['application/json'] || p.explode === false),
    coercibleHeaders: parameters.some((p) => !('$ref' in p) && p.in === 'header' && !(p.schema && p.schema.type === 'string')),
  };
  shapes.set(operation, shape);
  return shape;
}

/**
 * A text body that the operation documents as serialised JSON: its media type's
 * schema is a string with `contentMediaType: application/json` (the analytics
 * beacon, posted as text/plain so that browsers send it without a preflight).
 * The returned reader checks the text against that string schema, parses it and
 * returns the JSON, which is then routed and validated as the operation's JSON
 * body. undefined for any other operation or media type. Built once per
 * operation and media type.
 */
export function jsonTextReader(api: OpenAPIBackend, operation: Operation, mediaType: string): ((text: string) => unknown) | undefined {
  let readers = jsonTextReaders.get(operation);
  if (!readers) jsonTextReaders.set(operation, (readers = new Map()));
  if (readers.has(mediaType)) return readers.get(mediaType);
  const schema = (operation.requestBody as any)?.content?.[mediaType]?.schema;
  let reader: ((text: string) => unknown) | undefined;
  if (schema && schema.type === 'string' && schema.contentMediaType === 'application/json') {
    const ajv = (api.validator as unknown as { getAjv(context: string): { compile(s: unknown): ((v: unknown) => boolean) & { errors?: any[] | null } } }).getAjv('requestBodyValidator');
    const check = ajv.compile(schema);
    // A string schema that only bounds the length (the usual case) holds for any text
    // no longer in UTF-16 units than the bound, as code points never outnumber them;
    // Ajv counts code points one by one, which costs more than the parse.
    const onlyMaxLength = Object.keys(schema).every((k) => ANNOTATIONS.has(k) || k === 'type' || k === 'maxLength');
    const maxLength: number = onlyMaxLength && typeof schema.maxLength === 'number' ? schema.maxLength : onlyMaxLength ? Infinity : -1;
    reader = (text) => {
      if (text.length > maxLength && !check(text)) {
        const e = check.errors?.[0];
        const message = (e?.message as string | undefined) ?? 'is invalid';
        throw new ApiError('invalid_request', `Invalid request: body ${message}`, { fields: [{ path: 'body', message }], param: 'body' });
      }
      try {
        return JSON.parse(text);
      } catch {
        throw new ApiError('invalid_request', 'Request body is not valid JSON', { code: 'invalid_json' });
      }
    };
  }
  readers.set(mediaType, reader);
  return reader;
}

const ANNOTATIONS = new Set(['title', 'description', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment', 'contentMediaType', 'contentSchema']);
const jsonTextReaders = new WeakMap<Operation, Map<string, ((text: string) => unknown) | undefined>>();

/**
 * Path parameters exactly as bath-es5 extracts them (decoded; a name bound to
 * two values is no match). A value that is not percent-encoded UTF-8 is the
 * client's error: 400 naming the parameter.
 */
function pathParams(shape: OperationShape, path: string): Record<string, string> {
  if (!shape.pathPattern) return {};
  const m = shape.pathPattern.exec(path);
  if (!m) return {};
  const params: Record<string, string> = {};
  for (let i = 0; i < shape.pathNames.length; i++) {
    const name = shape.pathNames[i]!;
    const value = decodePathSegment(m[i + 1]!, name);
    if (name in params && params[name] !== value) return {};
    params[name] = value;
  }
  return params;
}

function decodePathSegment(raw: string, name: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    const message = 'is not valid percent-encoded UTF-8';
    throw new ApiError('invalid_request', `Invalid request: path.${name} ${message}`, { fields: [{ path: `path.${name}`, message }], param: name });
  }
}

/** The request path as normalizeRequest leaves it: leading slash, no query string. */
function requestPath(raw: string): string {
  let path = raw?.trim() || '';
  if (!path.startsWith('/')) path = `/${path}`;
  const query = path.indexOf('?');
  return query < 0 ? path : path.slice(0, query);
}

/** normalizePath with apiRoot '/' and ignoreTrailingSlashes: what path parameters are read from. */
function matchedPath(path: string): string {
  path = path.trim();
  while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
  return path;
}

function isMultipart(contentType: unknown): boolean {
  return mediaTypeOf(typeof contentType === 'string' ? contentType : String(contentType ?? '')).startsWith('multipart/');
}

/** Whether parseRequest can do without openapi-backend's parser for this request. */
function simple(shape: OperationShape, req: Request): boolean {
  const headers = req.headers as Record<string, unknown>;
  return (
    !shape.libraryQuery &&
    headers.cookie === undefined &&
    (req.body === undefined || typeof req.body === 'object') &&
    typeof req.query === 'object' &&
    !isMultipart(headers['content-type'])
  );
}

const SIMPLE = Symbol('simple parse');

/**
 * openapi-backend's router.parseRequest(req, operation), without its per-call
 * costs (lodash over headers and query, a RegExp compiled per call) for the
 * common request: JSON or no body, no cookies, plain query parameters. Anything
 * else goes to the library. Node already lower-cases header names.
 */
export function parseRequest(api: OpenAPIBackend, req: Request, operation: Operation): ParsedRequest {
  const shape = shapeOf(operation);
  if (!simple(shape, req)) {
    try {
      return api.router.parseRequest(req, operation);
    } catch (err) {
      // bath decodes path parameters with decodeURIComponent too.
      if (err instanceof URIError) throw new ApiError('invalid_request', 'Invalid request: a path parameter is not valid percent-encoded UTF-8');
      throw err;
    }
  }
  const query: Record<string, unknown> = {};
  const given = req.query as Record<string, string | string[]>;
  for (const name in given) {
    const value = given[name]!;
    query[name] = Array.isArray(value) ? [...value] : value;
  }
  const path = requestPath(req.path);
  // Every field of the library's parse written out: a spread of `req` (then overwritten) cost a clone per call.
  const parsed: ParsedRequest = {
    body: req.body,
    method: req.method.trim().toLowerCase(),
    path,
    params: pathParams(shape, matchedPath(path)),
    // Copied only where header parameters are validated (and so may be coerced); otherwise nothing writes to them.
    headers: shape.coercibleHeaders ? { ...(req.headers as Record<string, string | string[]>) } : (req.headers as Record<string, string | string[]>),
    query,
    cookies: {},
    requestBody: req.body,
  };
  (parsed as unknown as Record<symbol, boolean>)[SIMPLE] = true;
  return parsed;
}

/**
 * Validates the request parsed for `operation`; on success the handler's view
 * of it carries the query as the validator coerced it (what handleRequest
 * leaves in context.request with coerceTypes). A request parseRequest handled
 * itself is checked by the operation's compiled Ajv validators directly, with
 * the parameters object validateRequest would build; any other goes through
 * validateRequest.
 */
export function validate(api: OpenAPIBackend, req: Request, context: OperationContext): boolean {
  const parsed = context.request as ParsedRequest & Record<symbol, boolean>;
  if (!parsed[SIMPLE]) return validateByLibrary(api, req, context);
  const operation = context.operation;
  const shape = shapeOf(operation);
  const validators = (api.validator.getRequestValidatorsForOperation(operation.operationId!) ?? []) as Array<
    ((data: unknown) => boolean) & { errors?: unknown[] | null }
  >;
  // validateRequest's own copies: coercion may change them, the handler sees the coerced query only.
  const query: Record<string, unknown> = {};
  for (const name in parsed.query) {
    const value = parsed.query[name];
    query[name] = typeof value === 'string' && shape.arrayQuery.has(name) ? [value] : value;
  }
  // Without header parameters the header schema has no properties, so nothing is coerced in place.
  const header = shape.coercibleHeaders ? { ...parsed.headers } : parsed.headers;
  const parameters: Record<string, unknown> = { path: { ...parsed.params }, query, header, cookie: {} };
  const rawType = (parsed.headers as Record<string, unknown>)['content-type'];
  const contentType = mediaTypeOf(String((Array.isArray(rawType) ? rawType[0] : rawType) || ''));
  if (typeof parsed.requestBody === 'object' || contentType === 'application/json') parameters.requestBody = parsed.requestBody;
  const errors: unknown[] = [];
  let coercedQuery: unknown = parsed.query;
  for (const check of validators) {
    check(parameters);
    if (check.errors) errors.push(...check.errors);
    else coercedQuery = parameters.query;
  }
  const valid = errors.length === 0;
  context.validation = { valid, errors: valid ? null : (errors as never) } as never;
  if (!valid) return false;
  if (coercedQuery !== parsed.query) context.request = { ...parsed, query: coercedQuery as never };
  return true;
}

function validateByLibrary(api: OpenAPIBackend, req: Request, context: OperationContext): boolean {
  const validation = api.validator.validateRequest(multipartStandIn(req, context), context.operation);
  context.validation = validation;
  if (validation.errors) return false;
  const coercedQuery = (validation.coerced as Request).query;
  if (coercedQuery !== req.query) context.request = { ...context.request, query: coercedQuery as never };
  return true;
}

/**
 * Multipart bodies stay on the socket for their handler to stream (and to
 * check size and type on the real bytes); the validator is shown each part the
 * spec requires as present, which is all that can be checked before reading.
 */
function multipartStandIn(req: Request, context: OperationContext): Request {
  const type = String((req.headers as Record<string, unknown>)['content-type'] ?? '');
  if (!/^multipart\/form-data/i.test(type)) return req;
  const schema = (context.operation.requestBody as any)?.content?.['multipart/form-data']?.schema;
  const required: string[] = schema?.required ?? [];
  return { ...req, body: Object.fromEntries(required.map((name) => [name, '(streamed to the handler)'])) };
}
