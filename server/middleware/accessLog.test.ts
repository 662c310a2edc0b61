import { EventEmitter } from 'node:events';
import { afterEach, expect, test, vi } from 'vitest';
import { createLogger, flushLog } from '../logger.ts';
import { captureLogWrites } from '../testing.ts';
import { registry } from '../../metrics/index.ts';
import { accessLogger, type Logged } from './accessLog.ts';

afterEach(() => vi.restoreAllMocks());

test('one line per finished request with its id, method, path, status and time, and the request counted by operation and status', async () => {
  const { lines } = captureLogWrites();
  const log = createLogger({ level: 'info' });
  const arm = accessLogger('gateway');
  const paths = ['/v1/chat/completions', '/api/llm/queue/t-1?wait=true&x=[1]', '/a"quoted"\\path', '/caf\u00e9/\u2028', '/tab\there', ''];
  for (const [i, path] of paths.entries()) {
    const res = Object.assign(new EventEmitter(), { headersSent: true, statusCode: 200 + i });
    const op = i === 0 ? { operation: { operationId: 'accessLogTestOperation' } } : undefined;
    const ctx = { method: 'GET', path, status: 200 + i, res, state: { requestId: `r-${i}`, startedAt: performance.now() - 1.5 - i / 3, deps: { log }, op } };
    arm(ctx as unknown as Logged);
    // Nothing until the response is done.
    expect(lines).toHaveLength(0);
    res.emit('close');
  }
  await flushLog(log);
  expect(lines).toHaveLength(paths.length);
  for (const [i, line] of lines.entries()) {
    const fields = JSON.parse(line) as Record<string, unknown>;
    expect(fields).toMatchObject({ level: 30, reqId: `r-${i}`, method: 'GET', path: paths[i], status: 200 + i, msg: 'request' });
    expect(fields.ms).toBeGreaterThan(1.4);
    expect(String(fields.ms)).toMatch(/^\d+(\.\d\d?)?$/);
    expect(Object.keys(fields)).not.toContain('headers');
  }
  const text = await registry.metrics();
  expect(text).toContain('switchyard_http_requests_total{service="gateway",operation="accessLogTestOperation",status="200"} 1');
  expect(text).toMatch(/switchyard_http_request_duration_seconds_count\{service="gateway",operation="accessLogTestOperation",status="200"\} 1/);
});
