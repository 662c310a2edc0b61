import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, createGatewayKey, type TestService } from './support.ts';
import { PROVIDER_IDS } from '../protocols/canonical.ts';

describe('test harness', () => {
  let service: TestService;
  beforeAll(async () => {
    service = await startTestService(['gateway']);
  });
  afterAll(async () => service?.close());

  it('migrated the database and serves health without a key', async () => {
    const tables = await service.db.raw(`SELECT to_regclass('gateway_tasks') AS t`);
    expect(tables.rows[0].t).toBe('gateway_tasks');
    const res = await fetch(`${service.gatewayUrl}/api/llm/health`);
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe('healthy');
  });

  it('rejects a wrong key and accepts a minted one', async () => {
    const { key } = await createGatewayKey(service.db);
    const bad = await fetch(`${service.gatewayUrl}/api/llm/providers`, { headers: { authorization: 'Bearer gw_live_nope' } });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ success: false, code: 'unauthorized' });
    const good = await fetch(`${service.gatewayUrl}/api/llm/providers`, { headers: { authorization: `Bearer ${key}` } });
    expect(good.status).toBe(200);
    expect((await good.json()).data.providers).toEqual([...PROVIDER_IDS]);
  });
});
