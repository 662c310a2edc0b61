import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { createDb } from '../db/knex.ts';
import { startService, type RunningService } from '../server/service.ts';
import { databaseUrl } from '../test/support.ts';
import { freePort } from '../server/database.ts';
import { INVITE } from './testing.ts';

// The service's queries go to a port where no PostgreSQL listens (pg-boss keeps the
// real one, as it would during a brief outage of a separate analytics database).
describe('analytics during a database outage', () => {
  let svc: RunningService;
  let dead: ReturnType<typeof createDb>;
  beforeAll(async () => {
    dead = createDb(`postgres://nobody:x@127.0.0.1:${await freePort()}/none`, { max: 2 });
    svc = await startService({
      db: dead, databaseUrl: await databaseUrl(), services: ['analytics'], gatewayPort: 0, analyticsPort: 0, host: '127.0.0.1',
      env: { ...process.env, ANALYTICS_INVITE_CODES: INVITE, ANALYTICS_RETENTION_JOB: 'off' }, log: pino({ level: 'silent' }),
    });
  });
  afterAll(async () => {
    await svc?.stop(500);
    await dead?.destroy();
  });

  it('answers 503 service_unavailable, never 401 or 403, and says so in the analytics error shape', async () => {
    const key = `an_live_${'A'.repeat(43)}`;
    const project = await fetch(`${svc.analyticsUrl}/v1/project`, { headers: { authorization: `Bearer ${key}` } });
    expect(project.status).toBe(503);
    expect(project.headers.get('retry-after')).toBe('5');
    expect(await project.json()).toEqual({ error: { code: 'service_unavailable', message: expect.stringContaining('unreachable') } });

    const created = await fetch(`${svc.analyticsUrl}/v1/projects`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ inviteCode: INVITE, name: 'x', domains: ['outage.test'] }),
    });
    expect(created.status).toBe(503);
    expect((await created.json()).error.code).toBe('service_unavailable');

    const beacon = await fetch(`${svc.analyticsUrl}/v1/collect`, {
      method: 'POST', headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ projectId: '3f0c9a52-7d1e-4c8b-9a57-2b1f0e6d4c21', type: 'pageview', url: 'https://outage.test/' }),
    });
    expect(beacon.status).toBe(503);
    expect((await beacon.json()).error.code).toBe('service_unavailable');

    // A key that is not even well-formed is still a 401: no lookup was needed to refuse it.
    const bad = await fetch(`${svc.analyticsUrl}/v1/project`, { headers: { authorization: 'Bearer nope' } });
    expect(bad.status).toBe(401);
  });
});
