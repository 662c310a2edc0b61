// server/operations.ts parses and validates the common request itself instead
// of through openapi-backend's parseRequest/validateRequest: for every
// operation of every spec, and requests that pass and fail, it must reach the
// library's decisions and hand the handler the same params, query and body.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Context as OperationContext, Operation, Request } from 'openapi-backend';
import { mountSurface, type MountedSurface } from './app.ts';
import { parseRequest, validate } from './operations.ts';

const SPECS = ['openapi/gateway.yaml', 'openapi/compat.yaml', 'openapi/analytics.yaml'] as const;
const mounted: Record<string, MountedSurface> = {};

beforeAll(async () => {
  for (const spec of SPECS) {
    mounted[spec] = await mountSurface(
      { name: 'gateway', spec, handlers: {}, authenticate: {}, renderError: () => ({}) },
      ['/'],
    );
  }
}, 60_000);

/** openapi-backend's own path: parseRequest, then validateRequest on the raw request. */
function byLibrary(surface: MountedSurface, req: Request, operation: Operation) {
  const request = surface.api.router.parseRequest(req, operation);
  const validation = surface.api.validator.validateRequest(req, operation);
  const query = validation.errors ? request.query : (validation.coerced as Request).query;
  return { valid: !validation.errors, errors: validation.errors ?? null, params: request.params, query, requestBody: request.requestBody };
}

function ours(surface: MountedSurface, req: Request, operation: Operation) {
  const c = { api: surface.api, operation, request: parseRequest(surface.api, req, operation) } as OperationContext;
  const valid = validate(surface.api, req, c);
  return { valid, errors: c.validation.errors ?? null, params: c.request.params, query: c.request.query, requestBody: c.request.requestBody };
}

function filled(path: string, value: string): string {
  return path.replace(/\{[^}]+\}/g, value);
}

const BODIES: unknown[] = [undefined, {}, { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, { provider: 'nope' }, []];
const QUERIES: Record<string, string | string[]>[] = [{}, { provider: 'openai' }, { limit: '5' }, { limit: 'x' }, { unknown: '1' }, { provider: ['openai', 'gemini'] }];

describe('parseRequest and validate agree with openapi-backend', () => {
  for (const spec of SPECS) {
    it(`on every operation of ${spec}`, () => {
      const surface = mounted[spec]!;
      let compared = 0;
      for (const operation of surface.api.router.getOperations()) {
        const type = Object.keys((operation.requestBody as { content?: object } | undefined)?.content ?? {})[0] ?? 'application/json';
        if (type.startsWith('multipart/')) continue;
        for (const value of ['abc', '12', 'a%20b']) {
          for (const query of QUERIES) {
            for (const body of BODIES) {
              const path = filled(operation.path, value);
              const req: Request = {
                method: operation.method.toUpperCase(),
                path: `${path}/`,
                query: structuredClone(query),
                headers: { 'content-type': type, host: 'localhost', 'x-request-id': 'r1' },
                body: structuredClone(body),
              };
              const expected = byLibrary(surface, { ...req, query: structuredClone(query), body: structuredClone(body) }, operation);
              const actual = ours(surface, req, operation);
              expect(actual, `${operation.operationId} ${JSON.stringify({ value, query, body })}`).toEqual(expected);
              compared++;
            }
          }
        }
      }
      expect(compared).toBeGreaterThan(100);
    });
  }

  it('leaves requests with cookies or a text body to the library', () => {
    const surface = mounted['openapi/analytics.yaml']!;
    const operation = surface.api.router.getOperations().find((o) => o.method === 'post' && o.path === '/v1/collect');
    expect(operation).toBeDefined();
    const req: Request = { method: 'POST', path: '/v1/collect', query: {}, headers: { 'content-type': 'text/plain', cookie: 'a=1' }, body: '{"n":"pageview"}' };
    const expected = byLibrary(surface, { ...req }, operation!);
    expect(ours(surface, req, operation!)).toEqual(expected);
  });

  it('checks string header parameters as the library does, on the headers as they came', () => {
    const surface = mounted['openapi/compat.yaml']!;
    const operation = surface.api.router.getOperations().find((o) => o.operationId === 'createChatCompletion')!;
    const body = { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] };
    for (const key of ['sk-own', '']) {
      const headers = { 'content-type': 'application/json', 'x-provider-key': key, 'anthropic-version': '2023-06-01' };
      const req: Request = { method: 'POST', path: '/v1/chat/completions', query: {}, headers, body };
      const expected = byLibrary(surface, { ...req, headers: { ...headers } }, operation);
      expect(expected.valid).toBe(key !== '');
      const c = { api: surface.api, operation, request: parseRequest(surface.api, req, operation) } as OperationContext;
      expect(validate(surface.api, req, c)).toBe(expected.valid);
      expect(c.validation.errors ?? null).toEqual(expected.errors);
      // Nothing coerces a string schema's value, so the handler reads the request's own headers.
      expect(c.request.headers).toBe(headers);
      expect(headers['x-provider-key']).toBe(key);
    }
  });
});
