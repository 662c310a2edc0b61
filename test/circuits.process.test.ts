// One caller cannot open a provider's circuit for the others, on two gateway
// processes sharing one PostgreSQL: a caller whose every call runs past its
// own deadline (routing.timeout) leaves each process's circuit closed, and
// another caller's call on either process is answered. The provider is slow,
// not failing: each of its answers takes longer than the caller allowed.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { once } from 'node:events';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { createGatewayKey, databaseUrl, startTestService, type TestService } from './support.ts';
import { REPO_ROOT } from '../server/paths.ts';

const CALLS = 50;
let fake: Fake;
let inProcess: TestService;
let other: ChildProcess;
let urls: string[];
let impatient: string;
let patient: string;

const env = () => ({
  OPENAI_BASE_URL: fake.url,
  OPENAI_API_KEY: 'sk-test',
  // The default threshold: five counted failures would open the circuit.
  CIRCUIT_FAILURE_THRESHOLD: '5',
  CIRCUIT_COOLDOWN_MS: '600000',
});

beforeAll(async () => {
  fake = await startFake();
  inProcess = await startTestService(['gateway'], env());
  [{ key: impatient }, { key: patient }] = [await createGatewayKey(inProcess.db, 'impatient'), await createGatewayKey(inProcess.db, 'patient')];
  other = spawn(process.execPath, [path.join(REPO_ROOT, 'test/workerProcess.ts')], {
    env: { ...process.env, ...env(), DATABASE_URL: await databaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(other.stdout!, 'data')) as [Buffer];
  urls = [inProcess.gatewayUrl!, /ready (\S+)/.exec(line.toString())![1]!];
}, 60_000);

afterAll(async () => {
  other?.kill('SIGKILL');
  await inProcess?.close();
  await fake?.close();
});

async function chat(base: string, key: string, routing?: unknown) {
  const res = await fetch(`${base}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }], ...(routing ? { routing } : {}) }),
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function openaiCircuit(base: string) {
  const res = await fetch(`${base}/api/llm/circuits`, { headers: { authorization: `Bearer ${patient}` } });
  return ((await res.json()) as any).data.find((c: { provider: string }) => c.provider === 'openai');
}

it("a caller's own deadlines never open the circuit for another caller, on either process", async () => {
  // Every answer takes 300 ms: longer than the impatient caller allows, well within the operator's timeout.
  fake.script(...Array.from({ length: 4 * CALLS }, () => ({ delayMs: 300 })));
  for (const base of urls) {
    for (let i = 0; i < CALLS; i += 10) {
      // Half give the whole call 1 ms (routing.timeout.totalMs), half the first byte (firstByteMs).
      const batch = Array.from({ length: 10 }, (_, j) => chat(base, impatient, { timeout: (i + j) % 2 ? { totalMs: 1 } : { firstByteMs: 1 } }));
      for (const res of await Promise.all(batch)) {
        expect(res.status, JSON.stringify(res.body)).toBe(502);
        expect(res.body.error.code).toBe('upstream_timeout');
      }
    }
  }
  for (const base of urls) {
    expect(await openaiCircuit(base)).toEqual({ provider: 'openai', state: 'closed', consecutiveFailures: 0 });
    const answered = await chat(base, patient);
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    expect(answered.body.choices[0].message.content).toBe('echo: hello');
  }
}, 120_000);
