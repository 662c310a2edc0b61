// server/operationMatch.ts remembers openapi-backend's matchOperation per
// method and path. For every operation of every spec, with its templates
// filled, a trailing slash, every method, and paths it does not know, the
// remembered answer must be the library's fresh one, asked first and again.
import { beforeAll, describe, expect, it } from 'vitest';
import { OpenAPIBackend } from 'openapi-backend';
import { loadDocument } from './document.ts';
import { operationMatcher } from './operationMatch.ts';

const SPECS = ['openapi/gateway.yaml', 'openapi/compat.yaml', 'openapi/analytics.yaml'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];
const apis: Record<string, OpenAPIBackend> = {};

beforeAll(async () => {
  for (const spec of SPECS) apis[spec] = await new OpenAPIBackend({ definition: await loadDocument(spec), quick: true, ajvOpts: { strict: false } }).init();
}, 120_000);

describe('operationMatcher', () => {
  for (const spec of SPECS) {
    it(`answers as matchOperation on every path of ${spec}`, () => {
      const api = apis[spec]!;
      const match = operationMatcher(api);
      const paths = api.getOperations().flatMap((op) => [op.path.replace(/\{[^}]+\}/g, 'x1'), `${op.path.replace(/\{[^}]+\}/g, 'a%2Fb')}/`]);
      paths.push('/', '/nope', '/v1/nope/deeper');
      let matched = 0;
      for (let round = 0; round < 2; round++) {
        for (const path of paths) {
          for (const method of METHODS) {
            const expected = api.matchOperation({ method, path, headers: {} });
            expect(match(method, path)?.operationId, `${method} ${path}`).toBe(expected?.operationId);
            if (expected) matched++;
          }
        }
      }
      expect(matched).toBeGreaterThan(api.getOperations().length);
    });
  }

});
