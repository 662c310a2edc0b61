// The client's address: X-Forwarded-For is believed only as far as trusted
// proxies appended it, so a visitor's own (left-most) entry never chooses the
// address, the country or the network the analytics service records.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { clientAddress, clientAddressMiddleware, proxyTrust } from './clientAddress.ts';
import { createApp, mountSurface } from './app.ts';
import { analyticsSurface } from './surfaces/analytics.ts';
import { beacon, CHROME_MAC, createProject, startAnalytics, uniqueDomain } from '../analytics/testing.ts';
import type { TestService } from '../test/support.ts';

const GB = '81.2.69.160';
const US = '73.15.0.1';

describe('clientAddress', () => {
  const loopback = proxyTrust({});
  const none = proxyTrust({ TRUSTED_PROXIES: 'none' });
  const lan = proxyTrust({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8, 2001:db8::/32' });

  test('the right-most hop that is not a trusted proxy; the left-most only when every hop after it is trusted', () => {
    expect(clientAddress('127.0.0.1', `${GB}, ${US}`, loopback)).toBe(US);
    expect(clientAddress('127.0.0.1', US, loopback)).toBe(US);
    expect(clientAddress('::ffff:127.0.0.1', `${GB}, ${US}`, loopback)).toBe(US);
    expect(clientAddress('10.1.2.3', `${GB}, ${US}, 10.9.9.9`, lan)).toBe(US);
    expect(clientAddress('10.1.2.3', `${GB}, 10.9.9.9`, lan)).toBe(GB);
    expect(clientAddress('2001:db8::1', `[${'2001:db8::2'}]:443, 203.0.113.7:5555`, lan)).toBe('203.0.113.7');
    expect(clientAddress('127.0.0.1', '127.0.0.2', loopback)).toBe('127.0.0.2');
  });

  test('a peer that is not a trusted proxy is the client whatever it forwards; garbage stops the walk', () => {
    expect(clientAddress('203.0.113.9', `${GB}`, loopback)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', `${GB}`, none)).toBe('127.0.0.1');
    expect(clientAddress('127.0.0.1', `${GB}, not-an-ip`, loopback)).toBe('127.0.0.1');
    expect(clientAddress('10.1.2.3', `${GB}, unknown, 10.9.9.9`, lan)).toBe('10.9.9.9');
  });

  test('a TRUSTED_PROXIES entry that is not an address or a CIDR is refused at start', () => {
    expect(() => proxyTrust({ TRUSTED_PROXIES: '10.0.0.0/33' })).toThrow(/TRUSTED_PROXIES: "10.0.0.0\/33"/);
    expect(() => proxyTrust({ TRUSTED_PROXIES: 'proxy.example' })).toThrow(/TRUSTED_PROXIES/);
    expect(proxyTrust({ TRUSTED_PROXIES: 'private' }).trusts('192.168.1.1')).toBe(true);
  });

  test("Koa's ctx.ip is the same answer", async () => {
    for (const [setting, expected] of [[undefined, US], ['none', '127.0.0.1']] as const) {
      const app = new Koa();
      app.proxy = true;
      app.use(clientAddressMiddleware(proxyTrust({ TRUSTED_PROXIES: setting })));
      app.use((ctx) => {
        ctx.body = ctx.ip;
      });
      const server = app.listen(0, '127.0.0.1');
      await new Promise((r) => server.once('listening', r));
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { headers: { 'x-forwarded-for': `${GB}, ${US}` } });
      expect(await res.text()).toBe(expected);
      await new Promise((r) => server.close(r));
    }
  });
});

describe('analytics ingest records the address the trusted hops name', () => {
  let svc: TestService & { url: string };
  const koaOnly: http.Server[] = [];

  beforeAll(async () => {
    svc = await startAnalytics();
  });
  afterAll(async () => {
    for (const s of koaOnly) await new Promise((r) => s.close(r));
    await svc?.close();
  });

  /** A second analytics app on its own environment (TRUSTED_PROXIES), every beacon through Koa and handlers/analytics/collectEvent.ts. */
  async function koaApp(env: NodeJS.ProcessEnv): Promise<string> {
    const deps = { ...svc.deps, env: { ...svc.deps.env, ...env } };
    const app = createApp({ deps, surfaces: [await mountSurface(analyticsSurface, ['/'])], service: 'analytics' });
    const server = http.createServer(app.callback());
    koaOnly.push(server);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  async function countryOf(url: string, forwardedFor: string): Promise<string | null> {
    const domain = uniqueDomain('xff');
    const p = await createProject(svc.url, { domains: [domain] });
    const res = await beacon(url, { projectId: p.project.id, type: 'pageview', url: `https://${domain}/` }, { ip: forwardedFor, ua: CHROME_MAC });
    expect(res.status, await res.clone().text()).toBe(202);
    let row: { country: string | null } | undefined;
    await expect.poll(async () => (row = await svc.db('analytics_sessions').where({ project_id: p.project.id }).first('country')), { timeout: 10_000 }).toBeDefined();
    return row!.country;
  }

  test('behind the default trust (a loopback proxy): the hop the proxy appended, not the spoofed left-most one', async () => {
    // The baseline: each address alone is what it is.
    expect(await countryOf(svc.url, GB)).toBe('GB');
    const real = await countryOf(svc.url, US);
    expect(real).not.toBe('GB');
    // A visitor sent "X-Forwarded-For: GB"; the proxy appended the visitor's real address.
    expect(await countryOf(svc.url, `${GB}, ${US}`)).toBe(real);
    expect(await countryOf(await koaApp({}), `${GB}, ${US}`)).toBe(real);
  });

  test('with TRUSTED_PROXIES=none no forwarded entry is believed: the connection is the client', async () => {
    expect(await countryOf(await koaApp({ TRUSTED_PROXIES: 'none' }), GB)).toBeNull();
  });
});

describe('cameOverHttps', () => {
  test('believes X-Forwarded-Proto only from a trusted proxy, and its first entry', async () => {
    const { cameOverHttps } = await import('./clientAddress.ts');
    const loopback = proxyTrust({ TRUSTED_PROXIES: 'loopback' });
    expect(cameOverHttps(true, '203.0.113.9', undefined, loopback)).toBe(true);
    expect(cameOverHttps(false, '127.0.0.1', 'https', loopback)).toBe(true);
    expect(cameOverHttps(false, '::ffff:127.0.0.1', 'https, http', loopback)).toBe(true);
    expect(cameOverHttps(false, '127.0.0.1', 'http, https', loopback)).toBe(false);
    expect(cameOverHttps(false, '203.0.113.9', 'https', loopback)).toBe(false);
    expect(cameOverHttps(false, '127.0.0.1', 'https', proxyTrust({ TRUSTED_PROXIES: 'none' }))).toBe(false);
  });
});
