import { afterEach, expect, test, vi } from 'vitest';
import { isoTime } from './logger.ts';

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
