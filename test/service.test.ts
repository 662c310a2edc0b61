// What an operator relies on: the API reference and specs are served, and a
// graceful stop lets in-flight requests finish.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, startTestService, type TestService } from './support.ts';

let service: TestService;
let fake: Fake;

beforeAll(async () => {
  fake = await startFake();
  service = await startTestService(['gateway', 'analytics'], { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-test' });
});

afterAll(async () => {
  await fake?.close();
});

it('serves the specs and an API reference page on each port', async () => {
  for (const [base, name] of [
    [service.gatewayUrl, 'gateway'],
    [service.gatewayUrl, 'compat'],
    [service.analyticsUrl, 'analytics'],
  ] as const) {
    const spec = await fetch(`${base}/openapi/${name}.yaml`);
    expect(spec.status).toBe(200);
    expect(await spec.text()).toMatch(/^openapi: 3\.1/m);
  }
  const docs = await fetch(`${service.gatewayUrl}/docs`);
  expect(docs.status).toBe(200);
  expect(await docs.text()).toContain('/openapi/gateway.yaml');
  const asset = await fetch(`${service.gatewayUrl}/docs/assets/swagger-ui-bundle.js`);
  expect(asset.status).toBe(200);
});

it('compiles every request validator in the background while requests are answered', async () => {
  const { parse } = await import('yaml');
  const { readFileSync } = await import('node:fs');
  const operations = ['gateway', 'compat', 'analytics'].reduce((n, name) => {
    const doc = parse(readFileSync(new URL(`../openapi/${name}.yaml`, import.meta.url), 'utf8'));
    return n + Object.values(doc.paths as Record<string, Record<string, unknown>>).reduce((m, item) => m + Object.keys(item).filter((k) => k !== 'parameters').length, 0);
  }, 0);
  let done = false;
  const compiling = service.compileValidators().then((n) => {
    done = true;
    return n;
  });
  const health = await fetch(`${service.gatewayUrl}/api/llm/health`);
  expect(health.status).toBe(200);
  expect(done).toBe(false);
  expect(await compiling).toBe(operations);
  // Compiling some 180 validators is seconds of CPU on a quiet machine; the
  // deadline only bounds a hang on a shared one.
}, 120_000);

it('finishes an in-flight request before stopping', async () => {
  const { key } = await createGatewayKey(service.db);
  fake.script({ text: 'slow but complete answer', chunkDelayMs: 100 });
  const inFlight = fetch(`${service.gatewayUrl}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', stream: true, messages: [{ role: 'user', content: 'x' }] }),
  });
  await new Promise((r) => setTimeout(r, 150));
  const stopping = service.close();
  const res = await inFlight;
  expect(res.status).toBe(200);
  const text = await res.text();
  expect(text).toContain('data: [DONE]');
  await stopping;
  await expect(fetch(`${service.gatewayUrl}/api/llm/health`)).rejects.toThrow();
});
