// server/document.ts rewrites free-form object query parameters because
// openapi-backend also checks a query parameter of the object's own name
// against the whole object schema. The first test holds the library to that
// behaviour: when it fails, the library reads such parameters itself and the
// rewrite can go.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OpenAPIBackend, type Request } from 'openapi-backend';
import { loadDocument } from './document.ts';
import { REPO_ROOT } from './paths.ts';

const realtime = (query: Record<string, string>): Request => ({ method: 'GET', path: '/v1/stats/realtime', query, headers: {} });

async function backend(definition: string | object): Promise<OpenAPIBackend> {
  return new OpenAPIBackend({ definition: definition as never, quick: true, coerceTypes: true, ajvOpts: { strict: false } }).init();
}

describe('free-form object query parameters', () => {
  it('are checked by name as the whole object when openapi-backend reads the spec as written', async () => {
    const api = await backend(path.join(REPO_ROOT, 'openapi/analytics.yaml'));
    const result = api.validateRequest(realtime({ ignored: '1.5' }), 'getRealtime');
    expect(result.errors?.map((e) => [e.instancePath, e.message])).toEqual([['/query/ignored', 'must be object']]);
  });

  it('accept any query parameter, of any name, in the document the surfaces are given', async () => {
    const api = await backend(await loadDocument('openapi/analytics.yaml'));
    expect(api.validateRequest(realtime({ ignored: '1.5', window: '1y', anything: 'x' }), 'getRealtime').errors).toBeNull();
    // Declared parameters of other operations are still checked.
    expect(api.validateRequest({ method: 'GET', path: '/v1/stats/timeseries', query: { period: 'fortnight' }, headers: {} }, 'getTimeseries').errors).not.toBeNull();
  });
});
