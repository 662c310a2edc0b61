import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, test, vi } from 'vitest';
import { createLogger, isoTime } from './logger.ts';

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
  // sonic-boom writes through fs.write; the lines are taken here instead of reaching stdout.
  const write = vi.spyOn(fs, 'write').mockImplementation(((...args: unknown[]) => {
    const done = args.at(-1) as (err: Error | null, n: number) => void;
    process.nextTick(() => done(null, Buffer.byteLength(String(args[1]))));
  }) as never);
  const log = createLogger({ level: 'info' });
  await sleep(650); // three flush intervals
  expect(write).not.toHaveBeenCalled();
  log.info('one line');
  await vi.waitFor(() => expect(write).toHaveBeenCalledTimes(1), { timeout: 5_000 });
  expect(String(write.mock.calls[0]![1])).toContain('"msg":"one line"');
  await sleep(450);
  expect(write).toHaveBeenCalledTimes(1);
});
