// A revoke through the CLI against running services: the key is refused by a
// process that had it cached within about a second (PostgreSQL tells it),
// the bootstrap key like any other, and a restart with the same
// GATEWAY_BOOTSTRAP_KEY does not bring it back.
import { afterEach, describe, expect, test } from 'vitest';
import { runCli, type Io } from './index.ts';
import { capturingLogger, databaseUrl, startTestService, type TestService } from '../test/support.ts';

const running: TestService[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.close();
});

async function cli(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const io: Io = { out: (l) => out.push(...l.split('\n')), err: (l) => err.push(...l.split('\n')), env: { DATABASE_URL: await databaseUrl() } };
  return { code: await runCli(argv, io), out, err };
}

async function start(bootstrap: string) {
  const { log, lines } = capturingLogger('info');
  const service = await startTestService(['gateway'], { GATEWAY_BOOTSTRAP_KEY: bootstrap }, { log });
  running.push(service);
  return { service, lines };
}

async function statuses(service: TestService, key: string): Promise<number[]> {
  const headers = { authorization: `Bearer ${key}` };
  return Promise.all(['/api/llm/usage', '/v1/models'].map(async (p) => (await fetch(`${service.gatewayUrl}${p}`, { headers })).status));
}

/** How long until every request with `key` is refused (or the bound, if never). */
async function refusedAfter(service: TestService, key: string, boundMs: number): Promise<number> {
  const began = Date.now();
  while (Date.now() - began < boundMs) {
    if ((await statuses(service, key)).every((s) => s === 401)) return Date.now() - began;
    await new Promise((r) => setTimeout(r, 50));
  }
  return Infinity;
}

describe('keys revoke', () => {
  test('the bootstrap key: refused at once by the running service, and still refused after a restart with the same value', async () => {
    const K = `boot-${'k'.repeat(40)}`;
    let { service, lines } = await start(K);
    expect(await statuses(service, K)).toEqual([200, 200]);
    expect(await statuses(service, K)).toEqual([200, 200]); // cached now

    const revoked = await cli('keys', 'revoke', 'bootstrap');
    expect(revoked.code).toBe(0);
    expect(revoked.out[0]).toMatch(/^revoked /);
    expect((await cli('keys', 'list')).out.find((l) => l.includes('bootstrap'))).toContain('REVOKED');
    // Far below the 30 s the cache would otherwise keep it.
    expect(await refusedAfter(service, K, 5_000)).toBeLessThan(3_000);
    expect(lines.some((l) => /GATEWAY_BOOTSTRAP_KEY was revoked/.test(l.msg))).toBe(false);

    await service.close();
    running.length = 0;
    ({ service, lines } = await start(K));
    expect(await statuses(service, K)).toEqual([401, 401]);
    const warning = lines.find((l) => /GATEWAY_BOOTSTRAP_KEY was revoked/.test(l.msg));
    expect(warning?.level).toBe(40);
    expect(warning?.msg).toMatch(/set GATEWAY_BOOTSTRAP_KEY to a new value/);
    expect(warning?.msg).toMatch(/keys create/);
    expect((await cli('keys', 'list')).out.find((l) => l.includes('bootstrap'))).toContain('REVOKED');

    // A new value is a new secret: it works, the revoked one still does not.
    await service.close();
    running.length = 0;
    const K2 = `boot2-${'n'.repeat(40)}`;
    ({ service } = await start(K2));
    expect(await statuses(service, K2)).toEqual([200, 200]);
    expect(await statuses(service, K)).toEqual([401, 401]);
  });

  test('a minted key cached by the running service is refused within seconds of a CLI revoke', async () => {
    const { service } = await start(`boot3-${'z'.repeat(40)}`);
    const key = (await cli('keys', 'create', '--name', 'to-revoke', '--quiet')).out[0]!;
    expect(await statuses(service, key)).toEqual([200, 200]);
    expect((await cli('keys', 'revoke', key.slice(0, 16))).code).toBe(0);
    expect(await refusedAfter(service, key, 5_000)).toBeLessThan(3_000);
  });
});
