import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, test, vi } from 'vitest';
import { createLogger, flushLog } from './logger.ts';
import { captureLogWrites } from './testing.ts';

afterEach(() => vi.restoreAllMocks());

test('an idle logger writes nothing at its flushes, and a held line goes out at the next one', async () => {
  const { write } = captureLogWrites();
  const log = createLogger({ level: 'info' });
  await sleep(650); // three flush intervals
  expect(write).not.toHaveBeenCalled();
  log.info('one line');
  // Held, not written by the call: logging never waits on stdout.
  expect(write).not.toHaveBeenCalled();
  await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  expect(String(write.mock.calls[0]![1])).toContain('"msg":"one line"');
  await sleep(450);
  expect(write).toHaveBeenCalledTimes(1);
});

test('lines are batched into few writes, and flushLog waits until every one is written', async () => {
  const { lines, write } = captureLogWrites();
  const log = createLogger({ level: 'info' });
  for (let i = 0; i < 300; i++) log.info({ reqId: `r-${i}`, method: 'POST', path: '/v1/chat/completions', status: 200, ms: 0.37 }, 'request');
  await flushLog(log);
  expect(lines).toHaveLength(300);
  expect(write.mock.calls.length).toBeLessThan(10);
  const first = JSON.parse(lines[0]!) as Record<string, unknown>;
  expect(first).toMatchObject({ level: 30, reqId: 'r-0', method: 'POST', path: '/v1/chat/completions', status: 200, ms: 0.37, msg: 'request' });
  expect(first.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
});

test("redaction and a caller's own streamWrite hook still apply", async () => {
  const { lines } = captureLogWrites();
  const hook = vi.fn((line: string) => line.replace('"msg":"in"', '"msg":"hooked"'));
  const log = createLogger({ level: 'info', redact: ['req.headers.authorization'], hooks: { streamWrite: hook } });
  log.child({ reqId: 'r-1' }).info({ req: { headers: { authorization: 'Bearer sk-secret', accept: '*/*' } } }, 'in');
  await flushLog(log);
  expect(hook).toHaveBeenCalledOnce();
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain('sk-secret');
  expect(JSON.parse(lines[0]!)).toMatchObject({ reqId: 'r-1', msg: 'hooked', req: { headers: { authorization: '[Redacted]', accept: '*/*' } } });
});
