// For tests of the JSON logger (server/logger.ts): the lines pino's
// asynchronous destination (sonic-boom) writes, taken from fs.write instead of
// reaching stdout.
import fs from 'node:fs';
import { vi } from 'vitest';

/** Each written line in `lines`; `write` is the spy, one call per batch. Undone by vi.restoreAllMocks(). */
export function captureLogWrites() {
  const lines: string[] = [];
  const write = vi.spyOn(fs, 'write').mockImplementation(((...args: unknown[]) => {
    lines.push(...String(args[1]).split('\n').filter(Boolean));
    const done = args.at(-1) as (err: Error | null, n: number) => void;
    process.nextTick(() => done(null, Buffer.byteLength(String(args[1]))));
  }) as never);
  return { lines, write };
}
