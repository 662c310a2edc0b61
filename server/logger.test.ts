import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, test, vi } from 'vitest';
import { createLogger, flushLog, infoLineWriter, isoTime } from './logger.ts';
import { captureLogWrites } from './testing.ts';

afterEach(() => vi.restoreAllMocks());

test("isoTime writes what pino's isoTime writes, at every millisecond and across seconds", () => {
  const now = vi.spyOn(Date, 'now');
  const start = Date.UTC(2026, 10, 26, 23, 59, 58, 990);
  // Each millisecond across two second (and a day) boundaries, then jumps back and forth.
  const times = [...Array.from({ length: 2_100 }, (_, i) => start + i), start + 5, start + 86_400_000 + 7, start + 1_000, start + 1_000];
  for (const t of times) {
    now.mockReturnValue(t);
    expect(isoTime()).toBe(`,"time":"${new Date(t).toISOString()}"`);
  }
});

test('an idle logger writes nothing at its flushes, and a held line goes out at the next one', async () => {
  const { write } = captureLogWrites();
  const log = createLogger({ level: 'info' });
  await sleep(650); // three flush intervals
  expect(write).not.toHaveBeenCalled();
  log.info('one line');
  await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  expect(String(write.mock.calls[0]![1])).toContain('"msg":"one line"');
  await sleep(450);
  expect(write).toHaveBeenCalledTimes(1);
});

test("infoLineWriter writes the line pino's log.info writes, for JSON loggers only", async () => {
  const { lines } = captureLogWrites();
  const log = createLogger({ level: 'info', redact: ['req.headers.authorization'] });
  const fields = { reqId: 'r-1', method: 'POST', path: '/v1/chat/completions?q="\u2028\\', status: 200, ms: 0.37 };
  log.info(fields, 'request');
  const write = infoLineWriter(log)!;
  write(Object.entries(fields).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(','), 'request');
  await flushLog(log);
  expect(lines).toHaveLength(2);
  const [byPino, direct] = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  expect(direct).toEqual({ ...byPino, time: direct!.time });
  // Same keys in the same order, the same text but for the time.
  const untimed = (l: string) => l.replace(/"time":"[^"]+"/, '');
  expect(untimed(lines[1]!)).toBe(untimed(lines[0]!));
  expect(infoLineWriter(createLogger({ level: 'info', format: 'pretty' }))).toBeUndefined();
});
