import { EventEmitter } from 'node:events';
import { afterEach, expect, test, vi } from 'vitest';
import { createLogger, flushLog } from '../logger.ts';
import { captureLogWrites } from '../testing.ts';
import { accessLogger, type Logged } from './accessLog.ts';

afterEach(() => vi.restoreAllMocks());

test("the access log's line is the one pino writes for the same fields, whatever the path holds", async () => {
  const { lines } = captureLogWrites();
  const log = createLogger({ level: 'info' });
  const arm = accessLogger('gateway');
  const paths = ['/v1/chat/completions', '/api/llm/queue/t-1?wait=true&x=[1]', '/a"quoted"\\path', '/caf\u00e9/\u2028/\ud800', '/tab\there', ''];
  for (const [i, path] of paths.entries()) {
    const res = Object.assign(new EventEmitter(), { headersSent: true, statusCode: 200 + i });
    const ctx = { method: 'GET', path, status: 200 + i, res, state: { requestId: `r-${i}`, startedAt: performance.now() - 1.5 - i / 3, deps: { log } } };
    arm(ctx as unknown as Logged);
    res.emit('close');
  }
  await flushLog(log);
  const written = lines.splice(0);
  expect(written).toHaveLength(paths.length);
  const untimed = (l: string) => l.replace(/"time":"[^"]+"/, '');
  for (const [i, line] of written.entries()) {
    const fields = JSON.parse(line) as { reqId: string; path: string; status: number; ms: number };
    // A lone surrogate is escaped, so it reads back as itself.
    expect(fields).toMatchObject({ reqId: `r-${i}`, path: paths[i], status: 200 + i });
    expect(fields.ms).toBeGreaterThan(1.4);
    expect(String(fields.ms)).toMatch(/^\d+(\.\d\d?)?$/);
    // pino's own line for the same fields (the ms as written): the same text but for the time.
    // (pino writes a lone surrogate as it is, which the UTF-8 encoder replaces; JSON.stringify escapes it.)
    if (paths[i]!.includes('\ud800')) continue;
    log.info({ reqId: fields.reqId, method: 'GET', path: paths[i], status: fields.status, ms: fields.ms }, 'request');
    await flushLog(log);
    expect(untimed(lines.splice(0)[0]!)).toBe(untimed(line));
  }
});
