// openapi-backend's router.matchOperation, remembered per method and path:
// the one extension point of the request pipeline (server/app.ts).
//
// Why: matchOperation flattens the whole document with lodash
// (router.getOperations) on every call, and for a templated path compiles a
// RegExp per path of the document. Through handleRequest (which also parses
// the request four times) a /v1 chat completion cost 1.93 ms of gateway CPU
// against 0.62 ms for the reference proxy in bursts of 10 (3.1x, 1.77x the
// features floor; `npm run bench -- overhead --floor`, 2026-11-27); the
// pipeline calls matchOperation and validateRequest once each instead, and
// answers a method and path it has seen from here.
//
// Relies on: once init() has run the document does not change, so the answer
// is a function of the method and the path alone. server/operationMatch.test.ts
// holds the remembered answers to the library's own for every operation of
// every spec, so a library whose matching depends on anything else fails it.
import type { OpenAPIBackend, Operation } from 'openapi-backend';

/** Paths remembered per surface before the memory starts over (templated paths make their number open-ended). */
export const REMEMBERED_PATHS = 10_000;

/** (method, path) -> the operation api.matchOperation answers, or undefined for none. */
export function operationMatcher(api: OpenAPIBackend): (method: string, path: string) => Operation | undefined {
  const seen = new Map<string, Operation | null>();
  return (method, path) => {
    const key = `${method} ${path}`;
    let operation = seen.get(key);
    if (operation === undefined) {
      operation = api.matchOperation({ method, path, headers: {} }) ?? null;
      if (seen.size >= REMEMBERED_PATHS) seen.clear();
      seen.set(key, operation);
    }
    return operation ?? undefined;
  };
}
