// For every operation of the three specs: send its own example request to the
// running service and check that the answer (status, required headers, body,
// and for event streams every event) is one the spec declares. Operations
// still answering 501 must be listed in not-implemented.json, and only those,
// so the list can only shrink as work lands.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Spec, type Operation, type SpecName } from './spec.ts';
import { sendExample } from './harness.ts';
import { startTestService, type TestService } from '../test/support.ts';
import { readSse } from '../test/sse.ts';
import { startFake as startOpenAI } from '../providers/openai/fake.ts';
import { startFake as startAnthropic } from '../providers/anthropic/fake.ts';
import { startFake as startGemini } from '../providers/gemini/fake.ts';
import { startFake as startOllama } from '../providers/ollama/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';

const BOOTSTRAP_KEY = 'gw_live_contracttestsbootstrapkey0123456789abcdef';
const NOT_IMPLEMENTED: string[] = JSON.parse(readFileSync(path.join(import.meta.dirname, 'not-implemented.json'), 'utf8'));

const specs = (['gateway', 'compat', 'analytics'] as SpecName[]).map((name) => new Spec(name));
let service: TestService;
let fakes: Fake[] = [];
let analyticsKey = 'an_live_missing';
const answered501 = new Set<string>();

function baseUrlOf(spec: SpecName): string {
  return spec === 'analytics' ? service.analyticsUrl! : service.gatewayUrl!;
}

function send(spec: Spec, op: Operation): Promise<Response> {
  return sendExample(spec, op, baseUrlOf(spec.name), { gatewayKey: BOOTSTRAP_KEY, analyticsKey });
}

function check(valid: boolean, errors: unknown, what: string) {
  expect(valid, `${what}: ${JSON.stringify(errors)?.slice(0, 800)}`).toBe(true);
}

beforeAll(async () => {
  const [openai, anthropic, gemini, ollama] = await Promise.all([startOpenAI(), startAnthropic(), startGemini(), startOllama()]);
  fakes = [openai, anthropic, gemini, ollama];
  const analytics = specs.find((s) => s.name === 'analytics')!;
  const createProject = analytics.operations().find((o) => o.operationId === 'createProject')!;
  const invite = (analytics.exampleRequest(createProject).body as { inviteCode: string }).inviteCode;
  service = await startTestService(['gateway', 'analytics'], {
    GATEWAY_BOOTSTRAP_KEY: BOOTSTRAP_KEY,
    ANALYTICS_INVITE_CODES: invite,
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-test',
    ANTHROPIC_BASE_URL: anthropic.url,
    ANTHROPIC_API_KEY: 'sk-ant-test',
    GEMINI_BASE_URL: gemini.url,
    GEMINI_API_KEY: 'gm-test',
    VERTEX_BASE_URL: gemini.url,
    VERTEX_API_KEY: 'vx-test',
    VERTEX_PROJECT: 'contract',
    OLLAMA_BASE_URL: ollama.url,
  });
  // Analytics operations need a project and its live key: the provisioning example makes one.
  const res = await send(analytics, createProject);
  if (res.status === 201) analyticsKey = ((await res.json()) as { apiKey: string }).apiKey;
}, 60_000);

afterAll(async () => {
  await service?.close();
  await Promise.all(fakes.map((f) => f.close()));
});

for (const spec of specs) {
  describe(`${spec.name} spec`, () => {
    for (const op of spec.operations()) {
      it(`${op.operationId}: ${op.method.toUpperCase()} ${op.path}`, async () => {
        const res = await send(spec, op);
        const declared = spec.declaredResponse(op, res.status);
        const text = res.headers.get('content-type')?.startsWith('text/event-stream') ? undefined : await res.text();
        expect(declared, `status ${res.status} is not declared; body: ${text?.slice(0, 300)}`).toBeDefined();
        if (res.status === 501) answered501.add(`${spec.name}:${op.operationId}`);

        for (const [name, raw] of Object.entries<any>(declared!.response.headers ?? {})) {
          if (spec.resolve(raw).required) expect(res.headers.get(name), `required header ${name}`).not.toBeNull();
        }
        const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim();
        if (contentType === 'text/event-stream') {
          const events = await readSse(res);
          expect(events.length).toBeGreaterThan(0);
          for (const e of events) {
            if (e.data === '[DONE]') continue;
            const pointer = spec.sseEventPointer(op, declared!.key, e.event ?? 'chunk');
            expect(pointer, `event ${e.event} is not declared`).toBeDefined();
            const validate = spec.validator(pointer!);
            check(validate(e.data) as boolean, validate.errors, `event ${e.event}`);
          }
          return;
        }
        const pointer = spec.responseSchemaPointer(op, declared!.key, contentType);
        if (!pointer) return;
        const body = contentType.includes('json') ? JSON.parse(text!) : text;
        const validate = spec.validator(pointer);
        check(validate(body) as boolean, validate.errors, `${res.status} ${contentType} body`);
      });
    }
  });
}

describe('not implemented yet', () => {
  it('is exactly the operations listed in contract-tests/not-implemented.json', () => {
    expect([...answered501].sort()).toEqual([...NOT_IMPLEMENTED].sort());
  });
});
