// openapi-backend's validateRequest without its per-call preparation: the
// second extension point of the request pipeline (server/app.ts), beside
// server/operationMatch.ts.
//
// Why: validateRequest runs the operation's compiled Ajv validators inside a
// wrapper that re-parses the request on every call: lodash copies of the
// headers and a cloneDeep of the query, a URLSearchParams built and dropped,
// the path template compiled to a RegExp, a cookie parse and lodash scans of
// the operation's parameters. For a /v1 chat completion that was 19-37 µs a
// call against 2-3 µs here (same validators, same request, a micro-benchmark
// on a busy 2-core machine), and 11% of the gateway's main thread in the /v1
// profile. Measured on the same machine, runs alternated (2026-11-27; 3 and 2 rounds): CPU per
// request in bursts of 10 (`npm run bench -- overhead --floor --seconds 6
// --no-streaming`) went from 1.77-1.91x the features floor's to 1.51-1.63x,
// and with 10 connections (`npm run bench -- throughput`) from 0.90-1.03 to
// 0.69-0.84 ms a request. What depends only on the operation is worked out
// once per operation; the validators come from the library's public
// `api.validator.getRequestValidatorsForOperation`.
//
// Relies on: validateRequest's steps (DOCS.md: "the pre-compiled Ajv
// validation schema"): the validators are called in order on { path, query,
// header, cookie, requestBody }, the query and path parameters coerced in
// place, a lone query value wrapped in an array when its schema is an array.
// What this module does not reproduce is handed to the library itself:
// operations with cookie parameters, JSON-encoded or non-exploded query
// parameters, bodies that are not JSON objects or arrays, and queries not
// parsed into strings and lists of them. server/requestValidation.test.ts
// holds its answers to the library's for every operation of every spec
// (errors, coerced values), so a library that validates differently fails it.
import type { OpenAPIBackend, Operation, Request, ValidationResult } from 'openapi-backend';
import type { ValidateFunction } from 'ajv';

interface Plan {
  validators: ValidateFunction[];
  /** Names of query parameters whose schema is an array: a lone value is validated as a one-element array. */
  arrayQuery: ReadonlySet<string>;
  /** Whether the path has parameters (otherwise the library's are always {}). */
  templated: boolean;
  /** Whether the library's own validateRequest must answer for this operation. */
  delegate: boolean;
}

type Param = { in?: string; name?: string; schema?: { type?: unknown }; content?: Record<string, unknown>; explode?: boolean };

function planFor(api: OpenAPIBackend, operation: Operation): Plan {
  const parameters = (operation.parameters ?? []) as Param[];
  const arrayQuery = new Set<string>();
  for (const param of parameters) {
    // The library asks the first parameter of that name in the query.
    if (param.in !== 'query' || !param.name || parameters.find((p) => p.in === 'query' && p.name === param.name) !== param) continue;
    if (param.schema?.type === 'array') arrayQuery.add(param.name);
  }
  const delegate = parameters.some((p) => p.in === 'cookie' || (p.in === 'query' && (p.content?.['application/json'] !== undefined || p.explode === false)));
  return {
    validators: api.validator.getRequestValidatorsForOperation(operation.operationId!) ?? [],
    arrayQuery,
    templated: operation.path.includes('{'),
    delegate,
  };
}

/** Sets a key as lodash does when it copies (a key named __proto__ becomes an own property). */
function put(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, configurable: true, writable: true });
  else target[key] = value;
}

/** (request, operation) -> what api.validateRequest(request, operation) answers, for the operation's document. */
export function requestValidator(api: OpenAPIBackend): (req: Request, operation: Operation) => ValidationResult<Request> {
  const plans = new Map<string, Plan>();
  const EMPTY = {};
  return (req, operation) => {
    const id = operation.operationId;
    const body = req.body as unknown;
    // validateRequest throws for an operation without an id, parses string bodies as JSON, and reads a query given as a string.
    if (!id || (body !== undefined && typeof body !== 'object') || typeof req.query !== 'object' || req.query === null) return api.validateRequest(req, operation);
    let plan = plans.get(id);
    if (!plan) plans.set(id, (plan = planFor(api, operation)));
    if (plan.delegate) return api.validateRequest(req, operation);

    // The query is copied (arrays too): coercion writes into it, and the caller's stays as sent.
    const query: Record<string, unknown> = {};
    const rawQuery = req.query as Record<string, unknown>;
    for (const name of Object.keys(rawQuery)) {
      const value = rawQuery[name];
      // Values other than strings and lists (never from Koa's parser) are deep-copied by the library: left to it.
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return api.validateRequest(req, operation);
      put(query, name, Array.isArray(value) ? value.slice() : typeof value === 'string' && plan.arrayQuery.has(name) ? [value] : value);
    }
    const header: Record<string, unknown> = {};
    const rawHeaders = (req.headers ?? {}) as Record<string, unknown>;
    for (const name of Object.keys(rawHeaders)) put(header, name.toLowerCase(), rawHeaders[name]);
    const path = plan.templated ? api.router.parseRequest({ method: req.method, path: req.path, headers: EMPTY, query: EMPTY }, operation).params : {};
    // Without cookie parameters the cookie object is accepted whatever it holds. The library also sets
    // requestBody to undefined for a JSON Content-Type without a body, which Ajv reads as absent.
    const parameters: Record<string, unknown> = { path, query, header, cookie: {} };
    if (body !== undefined) parameters.requestBody = body;

    const errors: NonNullable<ValidationResult['errors']> = [];
    const coerced: Request & { params?: unknown } = { ...req };
    for (const validate of plan.validators) {
      validate(parameters);
      if (validate.errors) errors.push(...validate.errors);
      else if (api.validator.coerceTypes) {
        coerced.query = query as Request['query'];
        coerced.params = path;
      }
    }
    return errors.length ? { valid: false, errors, coerced } : { valid: true, errors: null, coerced };
  };
}
