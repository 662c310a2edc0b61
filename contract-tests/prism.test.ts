// Prism, two ways. As a mock, each spec alone is enough for a frontend team:
// the generated SDK gets the spec's examples back. As a validation proxy
// (`prism proxy --errors`) in front of the running service, Prism checks every
// example exchange against the spec with its own validator, independently of
// ours.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../server/paths.ts';
import { freePort } from '../server/database.ts';
import { Spec, type SpecName } from './spec.ts';
import { sendExample } from './harness.ts';
import { startTestService, type TestService } from '../test/support.ts';
import { startFake as startOpenAI } from '../providers/openai/fake.ts';
import { startFake as startAnthropic } from '../providers/anthropic/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createClient as gatewayClient } from '../generated/gateway/client/index.ts';
import { listProviders } from '../generated/gateway/sdk.gen.ts';
import { createClient as compatClient } from '../generated/compat/client/index.ts';
import { createChatCompletion } from '../generated/compat/sdk.gen.ts';
import { createClient as analyticsClient } from '../generated/analytics/client/index.ts';
import { getOverview } from '../generated/analytics/sdk.gen.ts';

const BOOTSTRAP_KEY = 'gw_live_prismproxytestsbootstrapkey0123456789abcd';
const prisms: ChildProcess[] = [];

async function startPrism(args: string[]): Promise<string> {
  const port = await freePort();
  const child = spawn(path.join(REPO_ROOT, 'node_modules/.bin/prism'), [...args.slice(0, 1), '-h', '127.0.0.1', '-p', String(port), ...args.slice(1)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  prisms.push(child);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (d: Buffer) => {
      output += d.toString();
      if (output.includes('Prism is listening')) resolve();
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`prism exited ${code}: ${output.slice(-500)}`)));
  });
  return `http://127.0.0.1:${port}`;
}

afterAll(() => {
  for (const p of prisms) p.kill('SIGTERM');
});

describe('prism mock serves every spec to the generated SDK', () => {
  it('gateway: listProviders returns the example', async () => {
    const spec = new Spec('gateway');
    const url = await startPrism(['mock', path.join(REPO_ROOT, 'openapi/gateway.yaml')]);
    const res = await listProviders({ client: gatewayClient({ baseUrl: url }), headers: { authorization: 'Bearer gw_live_x' } });
    const op = spec.operations().find((o) => o.operationId === 'listProviders')!;
    const example = op.op.responses['200'].content['application/json'].example;
    expect(res.data).toEqual(example);
  });

  it('compat: createChatCompletion returns a chat.completion', async () => {
    const url = await startPrism(['mock', path.join(REPO_ROOT, 'openapi/compat.yaml')]);
    const res = await createChatCompletion({
      client: compatClient({ baseUrl: url }),
      headers: { authorization: 'Bearer gw_live_x' },
      body: { model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] },
    });
    expect(res.response!.status).toBe(200);
    expect(res.data).toMatchObject({ object: 'chat.completion', choices: [expect.objectContaining({ index: 0 })] });
  });

  it('analytics: getOverview returns segments and bySource', async () => {
    const url = await startPrism(['mock', path.join(REPO_ROOT, 'openapi/analytics.yaml')]);
    const res = await getOverview({ client: analyticsClient({ baseUrl: url }), headers: { authorization: 'Bearer an_live_x' } });
    expect(res.response!.status).toBe(200);
    expect(res.data).toHaveProperty('segments');
    expect(res.data).toHaveProperty('bySource');
  });
});

describe('prism validation proxy in front of the service', () => {
  let service: TestService;
  let fakes: Fake[];
  let analyticsKey = '';

  beforeAll(async () => {
    fakes = await Promise.all([startOpenAI(), startAnthropic()]);
    const analytics = new Spec('analytics');
    const createProject = analytics.operations().find((o) => o.operationId === 'createProject')!;
    const invite = (analytics.exampleRequest(createProject).body as { inviteCode: string }).inviteCode;
    service = await startTestService(['gateway', 'analytics'], {
      GATEWAY_BOOTSTRAP_KEY: BOOTSTRAP_KEY,
      ANALYTICS_INVITE_CODES: invite,
      OPENAI_BASE_URL: fakes[0]!.url,
      OPENAI_API_KEY: 'sk-test',
      ANTHROPIC_BASE_URL: fakes[1]!.url,
      ANTHROPIC_API_KEY: 'sk-ant-test',
    });
    const res = await sendExample(analytics, createProject, service.analyticsUrl!, { gatewayKey: '', analyticsKey: '' });
    analyticsKey = ((await res.json()) as { apiKey: string }).apiKey;
  }, 60_000);

  afterAll(async () => {
    await service?.close();
    await Promise.all((fakes ?? []).map((f) => f.close()));
  });

  for (const name of ['gateway', 'compat', 'analytics'] as SpecName[]) {
    it(`${name}: no example exchange violates the spec`, async () => {
      const spec = new Spec(name);
      const upstream = name === 'analytics' ? service.analyticsUrl! : service.gatewayUrl!;
      const proxy = await startPrism(['proxy', '--errors', path.join(REPO_ROOT, `openapi/${name}.yaml`), upstream]);
      const violations: string[] = [];
      for (const op of spec.operations()) {
        // Prism cannot read a response body that is an event stream or a multipart upload it did not build.
        if (['streamQueueTask', 'uploadVideo', 'createImageEdit', 'createTranscription', 'createFile'].includes(op.operationId)) continue;
        if (name === 'analytics' && op.operationId === 'createProject') continue;
        const res = await sendExample(spec, op, proxy, { gatewayKey: BOOTSTRAP_KEY, analyticsKey });
        const text = await res.text();
        const header = res.headers.get('sl-violations');
        if (header || text.includes('stoplight.io/prism/errors')) violations.push(`${op.operationId} ${res.status}: ${header ?? text.slice(0, 300)}`);
      }
      expect(violations).toEqual([]);
    }, 120_000);
  }
});
