// A key revoked through one gateway process is refused by another sharing its
// PostgreSQL, although the other had just accepted it and holds its verdict
// in a cache that lives 30 s: the revoke is announced (NOTIFY gateway_keys),
// and the other process drops its cached verdicts on the announcement.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO_ROOT } from '../server/paths.ts';
import { createGatewayKey, databaseUrl, startTestService, type TestService } from './support.ts';

const ADMIN = `gw_live_${'a'.repeat(48)}`;
let revoking: TestService;
let other: ChildProcess;
let otherUrl: string;

beforeAll(async () => {
  revoking = await startTestService(['gateway'], { GATEWAY_BOOTSTRAP_KEY: ADMIN });
  other = spawn(process.execPath, [path.join(REPO_ROOT, 'test/workerProcess.ts')], {
    env: { ...process.env, DATABASE_URL: await databaseUrl() },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const [line] = (await once(other.stdout!, 'data')) as [Buffer];
  otherUrl = /ready (\S+)/.exec(line.toString())![1]!;
}, 60_000);

afterAll(async () => {
  other?.kill('SIGKILL');
  await revoking?.close();
});

const models = (base: string, key: string) => fetch(`${base}/v1/models`, { headers: { authorization: `Bearer ${key}` } }).then(async (res) => (await res.arrayBuffer(), res.status));

it('a key revoked through one process is refused by the other well within its cache lifetime', async () => {
  const { key, id } = await createGatewayKey(revoking.db, 'to revoke');
  // Both accept it, and the other process now holds that verdict in its cache.
  expect(await models(revoking.gatewayUrl!, key)).toBe(200);
  expect(await models(otherUrl, key)).toBe(200);
  expect(await models(otherUrl, key)).toBe(200);

  const res = await fetch(`${revoking.gatewayUrl}/api/llm/admin/keys/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${ADMIN}` } });
  expect(res.status, await res.text()).toBe(200);
  expect(await models(revoking.gatewayUrl!, key)).toBe(401);
  // Announced, not waited out: far less than the cache's 30 s, and about a
  // second at most on a quiet machine (the bound here leaves room for a busy one).
  const revokedAt = performance.now();
  await expect.poll(() => models(otherUrl, key), { timeout: 10_000, interval: 20 }).toBe(401);
  console.log(`refused by the other process ${Math.round(performance.now() - revokedAt)} ms after the revoke answered`);
  // Another key is untouched.
  const kept = await createGatewayKey(revoking.db, 'kept');
  expect(await models(otherUrl, kept.key)).toBe(200);
}, 60_000);
