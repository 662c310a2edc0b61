// The throughput benchmark's figures come from hey's summary: a misread
// (errors taken for requests, 5xx for throughput, a missing percentile read
// as 0) would flatter whichever gateway fails fastest.
import { mkdtemp, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { freePort } from '../server/database.ts';
import { parseHey, PORTKEY_INSTALL, portkeyEntry, runHey } from './throughput.ts';

let server: http.Server;
let url: string;
let body: string;

beforeAll(async () => {
  let n = 0;
  // Every third request answered 503.
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.statusCode = ++n % 3 === 0 ? 503 : 200;
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/chat/completions`;
  body = path.join(await mkdtemp(path.join(tmpdir(), 'hey-')), 'body.json');
  await writeFile(body, '{"model":"m","messages":[]}');
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("reads hey's responses by status, apart from its errors, with the p99", { timeout: 30_000 }, async () => {
  const result = await runHey(url, ['Authorization: Bearer x'], body, 2, 1);
  const ok = result.statuses['200'] ?? 0;
  const unavailable = result.statuses['503'] ?? 0;
  expect(ok).toBeGreaterThan(0);
  expect(Math.abs(unavailable - ok / 2)).toBeLessThanOrEqual(2 + ok * 0.01);
  expect(result.errors).toBe(0);
  expect(result.seconds).toBeGreaterThan(0.9);
  expect(result.p99).toBeGreaterThan(0);
  expect(result.p99).toBeLessThan(5);
});

test('requests with no response are errors, not requests/s', { timeout: 30_000 }, async () => {
  const result = await runHey(`http://127.0.0.1:${await freePort()}/v1/chat/completions`, [], body, 2, 1);
  expect(result.statuses).toEqual({});
  expect(result.errors).toBeGreaterThan(0);
  expect(result.p99).toBeNaN();
});

test('under 100 responses the slowest stands in for the p99 hey leaves out; a missing section fails loudly', () => {
  const few = `
Summary:
  Total:\t1.0177 secs
  Slowest:\t0.7677 secs
  Fastest:\t0.0526 secs
  Average:\t0.2073 secs
  Requests/sec:\t44.2168

Latency distribution:
  10% in 0.0286 secs
  95% in 0.4391 secs
  0% in 0.0000 secs

Status code distribution:
  [200]\t45 responses
`;
  expect(parseHey(few)).toEqual({ seconds: 1.0177, statuses: { '200': 45 }, errors: 0, p99: 0.7677 });
  expect(() => parseHey(few.replace(/Status code distribution:[^]*/, ''))).toThrow(/no status code distribution/);
  expect(() => parseHey(few.replace('[200]\t45 responses', '200 45'))).toThrow(/status line/);
});

test('without Portkey installed, the benchmark says how to install it', async () => {
  expect(() => portkeyEntry(undefined)).toThrow(PORTKEY_INSTALL);
  const empty = await mkdtemp(path.join(tmpdir(), 'no-portkey-'));
  expect(() => portkeyEntry(empty)).toThrow(/no Portkey gateway in .*npm install --save-exact @portkey-ai\/gateway/);
});
