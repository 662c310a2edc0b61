import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkAddress } from './addressPolicy.ts';
import { checkUrlTarget, guardedDownload, guardedFetch, GuardedFetchError, loopbackAllowed } from './guardedFetch.ts';

describe('address policy', () => {
  const refused: Array<[string, RegExp]> = [
    ['0.0.0.0', /this network/],
    ['10.1.2.3', /private/],
    ['100.64.0.1', /carrier-grade NAT/],
    ['100.100.100.200', /carrier-grade NAT/], // a cloud metadata address
    ['127.0.0.1', /loopback/],
    ['127.255.255.254', /loopback/],
    ['169.254.169.254', /link-local.*metadata/],
    ['172.16.0.1', /private/],
    ['172.31.255.255', /private/],
    ['192.0.0.8', /IETF/],
    ['192.0.2.1', /documentation/],
    ['192.88.99.1', /6to4 relay/],
    ['192.168.1.1', /private/],
    ['198.18.0.1', /benchmarking/],
    ['198.51.100.7', /documentation/],
    ['203.0.113.9', /documentation/],
    ['224.0.0.251', /multicast/],
    ['239.255.255.250', /multicast/],
    ['240.0.0.1', /reserved/],
    ['255.255.255.255', /reserved/],
    ['::', /unspecified/],
    ['::1', /loopback/],
    ['::ffff:127.0.0.1', /IPv4-mapped.*loopback/],
    ['::ffff:7f00:1', /IPv4-mapped.*loopback/],
    ['::ffff:a9fe:a9fe', /IPv4-mapped.*link-local/],
    ['::10.0.0.1', /IPv4-compatible.*private/],
    ['64:ff9b::a00:1', /NAT64.*private/],
    ['64:ff9b::127.0.0.1', /NAT64.*loopback/],
    ['64:ff9b:1::1', /local-use NAT64/],
    ['2002:c0a8:101::1', /6to4.*private/],
    ['2002:7f00:1::', /6to4.*loopback/],
    ['fc00::1', /unique-local/],
    ['fd00:ec2::254', /unique-local/],
    ['fe80::1', /link-local/],
    ['fe80::1%eth0', /link-local/],
    ['fec0::1', /site-local/],
    ['ff02::1', /multicast/],
    ['100::1', /discard/],
    ['2001::1', /Teredo/],
    ['2001:db8::1', /documentation/],
    ['4000::1', /outside global unicast/],
  ];
  it.each(refused)('refuses %s', (address, reason) => {
    const verdict = checkAddress(address);
    expect(verdict.allowed).toBe(false);
    expect(!verdict.allowed && verdict.reason).toMatch(reason);
  });

  it.each(['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '2a00:1450:4001:81b::200e', '64:ff9b::808:808', '2002:808:808::1', '::ffff:8.8.8.8'])(
    'allows the public address %s',
    (address) => expect(checkAddress(address)).toEqual({ allowed: true }),
  );

  it('opens only the loopback with allowLoopback', () => {
    expect(checkAddress('127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('::1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('::ffff:127.0.0.1', { allowLoopback: true }).allowed).toBe(true);
    expect(checkAddress('10.0.0.1', { allowLoopback: true }).allowed).toBe(false);
    expect(checkAddress('169.254.169.254', { allowLoopback: true }).allowed).toBe(false);
    expect(checkAddress('fe80::1', { allowLoopback: true }).allowed).toBe(false);
  });
});

let server: Server;
let base: string;
let hits = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits++;
    const url = new URL(req.url!, 'http://x');
    const go = url.searchParams.get('to');
    if (url.pathname === '/redirect' && go) {
      res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: go });
      return res.end();
    }
    if (url.pathname === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return res.end();
    }
    if (url.pathname === '/echo') {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ method: req.method, body, auth: req.headers.authorization ?? null }));
      });
      return;
    }
    if (url.pathname === '/big') {
      res.writeHead(200, { 'content-length': String(5000) });
      return res.end(Buffer.alloc(5000));
    }
    if (url.pathname === '/chunked') {
      res.writeHead(200);
      let n = 0;
      const t = setInterval(() => {
        if (n++ === 10 || res.destroyed) {
          clearInterval(t);
          return res.end();
        }
        res.write(Buffer.alloc(1000));
      }, 1);
      return;
    }
    if (url.pathname === '/drip') {
      res.writeHead(200, { 'content-type': 'image/png' });
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('x')), 50);
      return;
    }
    if (url.pathname === '/missing') {
      res.writeHead(404);
      return res.end('no');
    }
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end('pixels');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function failure(p: Promise<unknown>): Promise<GuardedFetchError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GuardedFetchError);
  return err as GuardedFetchError;
}

describe('guardedFetch', () => {
  it('keeps the loopback closed unless GUARDED_FETCH_ALLOW_LOOPBACK is set', () => {
    expect(loopbackAllowed({})).toBe(false);
    expect(loopbackAllowed({ GUARDED_FETCH_ALLOW_LOOPBACK: 'true' })).toBe(true);
  });

  it('refuses every spelling of the loopback without connecting', async () => {
    const port = (server.address() as AddressInfo).port;
    const before = hits;
    for (const url of [
      `http://127.0.0.1:${port}/`,
      `http://2130706433:${port}/`, // decimal
      `http://0x7f.0.0.1:${port}/`, // hex
      `http://0177.0.0.1:${port}/`, // octal
      `http://[::1]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://localhost:${port}/`, // resolved by the guarded lookup
    ]) {
      const err = await failure(guardedFetch(url, { allowLoopback: false }));
      expect(err.code, url).toBe('blocked_address');
    }
    expect(hits).toBe(before);
  });

  it('refuses the metadata service and private literals before connecting', async () => {
    for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://[fd00:ec2::254]/', 'http://[::ffff:a9fe:a9fe]/']) {
      expect((await failure(guardedFetch(url, { timeoutMs: 2_000 }))).code, url).toBe('blocked_address');
    }
  });

  it('refuses schemes other than http(s) and URLs with credentials', async () => {
    for (const url of ['file:///etc/passwd', 'ftp://example.org/x', 'gopher://example.org', 'not a url', 'http://user:pw@example.org/']) {
      expect((await failure(guardedFetch(url))).code, url).toBe('invalid_url');
    }
  });

  it('fetches a loopback URL when opted in', async () => {
    const got = await guardedDownload(`${base}/image`, { allowLoopback: true });
    expect(got.bytes.toString()).toBe('pixels');
    expect(got.contentType).toBe('image/png');
  });

  it('checks every redirect hop again', async () => {
    const before = hits;
    const err = await failure(guardedFetch(`${base}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, { allowLoopback: true }));
    expect(err.code).toBe('blocked_address');
    expect(hits).toBe(before + 1);
    const scheme = await failure(guardedFetch(`${base}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, { allowLoopback: true }));
    expect(scheme.code).toBe('invalid_url');
    const loop = await failure(guardedFetch(`${base}/loop`, { allowLoopback: true, maxRedirects: 3 }));
    expect(loop.code).toBe('too_many_redirects');
  });

  it('follows a 303 as GET without the body, and keeps credentials on the same origin only', async () => {
    const res = await guardedFetch(`${base}/redirect?status=303&to=/echo`, {
      allowLoopback: true,
      method: 'POST',
      body: 'payload',
      headers: { authorization: 'Bearer x', 'content-type': 'text/plain' },
    });
    expect(JSON.parse((await res.bytes()).toString())).toEqual({ method: 'GET', body: '', auth: 'Bearer x' });
    const other = `http://localhost:${(server.address() as AddressInfo).port}/echo`;
    const cross = await guardedFetch(`${base}/redirect?status=307&to=${encodeURIComponent(other)}`, {
      allowLoopback: true,
      method: 'POST',
      body: 'payload',
      headers: { authorization: 'Bearer x' },
    });
    expect(JSON.parse((await cross.bytes()).toString())).toEqual({ method: 'POST', body: 'payload', auth: null });
  });

  it('caps the size by Content-Length and by counting', async () => {
    expect((await failure(guardedDownload(`${base}/big`, { allowLoopback: true, maxBytes: 4096 }))).code).toBe('too_large');
    expect((await failure(guardedDownload(`${base}/chunked`, { allowLoopback: true, maxBytes: 4096 }))).code).toBe('too_large');
    expect((await guardedDownload(`${base}/chunked`, { allowLoopback: true, maxBytes: 20_000 })).bytes.length).toBe(10_000);
  });

  it('gives up on a slow drip at the deadline', async () => {
    const started = Date.now();
    expect((await failure(guardedDownload(`${base}/drip`, { allowLoopback: true, timeoutMs: 300 }))).code).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('reports a non-2xx answer of a download', async () => {
    const err = await failure(guardedDownload(`${base}/missing`, { allowLoopback: true }));
    expect(err).toMatchObject({ code: 'http_status', status: 404 });
  });
});

describe('checkUrlTarget', () => {
  it('accepts a public literal and an allowed loopback without connecting', async () => {
    const before = hits;
    await expect(checkUrlTarget('https://8.8.8.8/hook')).resolves.toBeUndefined();
    await expect(checkUrlTarget(`${base}/hook`, { allowLoopback: true })).resolves.toBeUndefined();
    await expect(checkUrlTarget(`http://localhost:${(server.address() as AddressInfo).port}/hook`, { allowLoopback: true })).resolves.toBeUndefined();
    expect(hits).toBe(before);
  });

  it('refuses internal literals in every spelling, names resolving to them, bad schemes and credentials', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://2130706433/',
      'http://0x7f.0.0.1/',
      'http://[::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://10.0.0.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://[::ffff:a9fe:a9fe]/',
      'http://100.64.0.1/',
      'http://localhost/',
    ]) {
      expect((await failure(checkUrlTarget(url, { allowLoopback: false }))).code, url).toBe('blocked_address');
    }
    for (const url of ['ftp://example.org/', 'http://user:pw@example.org/', 'not a url']) {
      expect((await failure(checkUrlTarget(url))).code, url).toBe('invalid_url');
    }
  });

  it('refuses a name that does not resolve', async () => {
    expect((await failure(checkUrlTarget('https://no-such-host.invalid/hook'))).code).toBe('unreachable');
  });
});
