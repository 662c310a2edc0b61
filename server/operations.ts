// Routing, authentication and validation of one surface's requests with the
// outcomes of openapi-backend's handleRequest (security before validation, the
// same 404/405/401/400/501 decisions) but not its per-request costs:
// handleRequest flattens the whole document with lodash and compiles a RegExp
// per path on every match, and parses the request four times. The document
// does not change after init, so operations and their patterns are built once.
import type { Context as OperationContext, OpenAPIBackend, Operation, Request } from 'openapi-backend';

export type Match = { operation: Operation } | { miss: 404 | 405 };

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

  return (rawMethod, rawPath) => {
    let path = rawPath.trim();
    if (!path.startsWith('/')) path = `/${path}`;
    path = path.split('?')[0]!.trim();
    while (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const method = rawMethod.trim().toLowerCase();
    const hit = exact.get(`${method} ${path}`);
    if (hit) return { operation: hit };
    let pathMatched = false;
    for (const { operation, pattern } of ordered) {
      if (!pattern.test(path)) continue;
      if (operation.method === method) return { operation };
      pathMatched = true;
    }
    return { miss: pathMatched ? 405 : 404 };
  };
}

export type SecurityHandler = (c: OperationContext, ...args: any[]) => unknown;

/**
 * Whether some security requirement of the operation is met (every scheme of
 * one requirement object returns something truthy without throwing).
 * Requirements are tried in document order and each scheme's handler runs at
 * most once; an operation without requirements is open.
 */
export async function authorize(
  operation: Operation,
  handlers: Record<string, SecurityHandler>,
  context: OperationContext,
  ...args: unknown[]
): Promise<boolean> {
  const requirements = (operation.security ?? []) as Record<string, unknown>[];
  if (requirements.length === 0) return true;
  const results = new Map<string, Promise<boolean>>();
  const passes = (scheme: string): Promise<boolean> => {
    let result = results.get(scheme);
    if (!result) {
      const handler = handlers[scheme];
      result = handler
        ? Promise.resolve()
            .then(() => handler(context, ...args))
            .then(
              (r) => Boolean(r) && !(typeof r === 'object' && (r as { error?: unknown }).error),
              () => false,
            )
        : Promise.resolve(false);
      results.set(scheme, result);
    }
    return result;
  };
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
 * Validates the request parsed for `operation`; on success the handler's view
 * of it carries the query as the validator coerced it (what handleRequest
 * leaves in context.request with coerceTypes).
 */
export function validate(api: OpenAPIBackend, req: Request, context: OperationContext): boolean {
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
