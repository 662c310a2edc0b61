// A provider's circuit is one for every gateway process on the database: two
// processes (this one and a child), a circuit opened by failures seen in one
// is open in the other within a second (its calls fail fast, the provider is
// not called), and the probe that succeeds closes it in both.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, databaseUrl, startTestService, type TestService } from './support.ts';
import { REPO_ROOT } from '../server/paths.ts';

let fake: Fake;
let inProcess: TestService;
let other: ChildProcess;
let a: string;
let b: string;
let key: string;

// Each process reads its own cooldown: B (the child) waits 10 minutes before probing, A 1 ms, so A
// probes at once while B still leaves the provider alone; no test waits for time to pass.
const env = (cooldownMs: number) => ({
  OPENAI_BASE_URL: fake.url,
  OPENAI_API_KEY: 'sk-test',
  CIRCUIT_FAILURE_THRESHOLD: '2',
  CIRCUIT_COOLDOWN_MS: String(cooldownMs),
});

beforeAll(async () => {
  fake = await startFake();
  inProcess = await startTestService(['gateway'], env(1));
  ({ key } = await createGatewayKey(inProcess.db, 'circuits'));
  other = spawn(process.execPath, [path.join(REPO_ROOT, 'test/workerProcess.ts')], {
    env: { ...process.env, ...env(600_000), DATABASE_URL: await databaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(other.stdout!, 'data')) as [Buffer];
  a = inProcess.gatewayUrl!;
  b = /ready (\S+)/.exec(line.toString())![1]!;
}, 60_000);

afterAll(async () => {
  other?.kill('SIGKILL');
  await inProcess?.close();
  await fake?.close();
});

async function chat(base: string) {
  const res = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    // One attempt per call: each call is one failure the circuit counts.
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], routing: { retry: { attempts: 1 } } }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function circuit(base: string): Promise<{ state: string; retryAt?: string }> {
  const res = await fetch(`${base}/api/llm/circuits`, { headers: { authorization: `Bearer ${key}` } });
  return ((await res.json()) as any).data.find((c: { provider: string }) => c.provider === 'openai');
}

it('a circuit opened in one process is open in the other within a second, and a probe in the other closes it in both', async () => {
  expect((await circuit(b)).state).toBe('closed');
  // Two dropped connections, both seen by process A.
  fake.script({ reset: true }, { reset: true });
  for (let i = 0; i < 2; i++) expect((await chat(a)).status).toBe(502);
  expect(fake.requests.length).toBe(2);
  expect((await circuit(a)).state).not.toBe('closed');
  const opened = performance.now();
  await expect.poll(async () => (await circuit(b)).state, { timeout: 1_000, interval: 20 }).toBe('open');
  expect(performance.now() - opened).toBeLessThan(1_000);

  // Process B leaves the provider alone without having seen a failure itself.
  const refused = await chat(b);
  expect(refused.status, JSON.stringify(refused.body)).toBe(503);
  expect(refused.body.error.code).toBe('circuit_open');
  expect(fake.requests.length).toBe(2);

  // A, past its own cooldown, probes; the provider answers, and the circuit closes in B too.
  const probe = await chat(a);
  expect(probe.status, JSON.stringify(probe.body)).toBe(200);
  const closed = performance.now();
  await expect.poll(async () => (await circuit(b)).state, { timeout: 1_000, interval: 20 }).toBe('closed');
  expect(performance.now() - closed).toBeLessThan(1_000);
  expect((await chat(b)).status).toBe(200);
  expect(fake.requests.length).toBe(4);
}, 60_000);
