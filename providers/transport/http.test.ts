// The caller's signal of callerAbortController: the exchange in flight is
// cancelled without an 'abort' listener, a second exchange at once falls back
// to a listener, and a settled exchange frees the signal for the next.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { providerSettings } from '../settings.ts';
import { ProviderError, type CallContext } from '../types.ts';
import { abortCall, callerAbortController, sendJson } from './http.ts';

// Answers /fast at once; /hang never (the socket is remembered, to see it closed).
let server: http.Server;
let base: string;
const hung: http.IncomingMessage[] = [];
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/fast') {
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    } else hung.push(req);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const ctx = (signal: AbortSignal): CallContext => ({ settings: providerSettings('openai', {}), signal, retry: { attempts: 1, initialBackoffMs: 0, maxBackoffMs: 0 } });
const closed = (req: http.IncomingMessage) => new Promise<void>((resolve) => (req.socket.destroyed ? resolve() : req.socket.once('close', () => resolve())));

describe("a caller's signal", () => {
  test('cancels two exchanges in flight at once, and each is reported as cancelled', async () => {
    const controller = callerAbortController();
    const before = hung.length;
    const calls = [1, 2].map(() => sendJson('openai', ctx(controller.signal), { url: `${base}/hang`, body: {} }).catch((err: unknown) => err));
    await expect.poll(() => hung.length - before).toBe(2);
    abortCall(controller, new Error('client gone'));
    for (const err of await Promise.all(calls)) {
      expect(err).toBeInstanceOf(ProviderError);
      expect((err as ProviderError).code).toBe('cancelled');
    }
    await Promise.all(hung.slice(before).map(closed));
  });

  test('after an exchange settles, the next one on the same signal is the one cancelled', async () => {
    const controller = callerAbortController();
    expect(await sendJson('openai', ctx(controller.signal), { url: `${base}/fast`, body: {} })).toEqual({ ok: true });
    const before = hung.length;
    const call = sendJson('openai', ctx(controller.signal), { url: `${base}/hang`, body: {} }).catch((err: unknown) => err);
    await expect.poll(() => hung.length - before).toBe(1);
    abortCall(controller, new Error('client gone'));
    expect(((await call) as ProviderError).code).toBe('cancelled');
    await closed(hung[before]!);
  });

  test('an ordinary AbortController still cancels through its listener', async () => {
    const controller = new AbortController();
    const before = hung.length;
    const call = sendJson('openai', ctx(controller.signal), { url: `${base}/hang`, body: {} }).catch((err: unknown) => err);
    await expect.poll(() => hung.length - before).toBe(1);
    controller.abort(new Error('cancelled by the queue'));
    expect(((await call) as ProviderError).code).toBe('cancelled');
  });
});
