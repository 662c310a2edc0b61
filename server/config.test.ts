import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { loadConfig, logFormatOf, StartupError } from './config.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

describe('configuration a first operator meets', () => {
  test('logs are readable lines on a terminal and JSON anywhere else, unless LOG_FORMAT says', () => {
    expect(logFormatOf({}, true)).toBe('pretty');
    expect(logFormatOf({}, false)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'json' }, true)).toBe('json');
    expect(logFormatOf({ LOG_FORMAT: 'pretty' }, false)).toBe('pretty');
    expect(() => logFormatOf({ LOG_FORMAT: 'yaml' }, true)).toThrow(new StartupError('LOG_FORMAT=yaml is not a log format: use pretty or json'));
  });

  test('a setting the service cannot use names its variable', () => {
    expect(() => loadConfig({ GATEWAY_PORT: '80a' })).toThrow(/^GATEWAY_PORT=80a is not a port number/);
    expect(() => loadConfig({ ANALYTICS_PORT: '70000' })).toThrow(/^ANALYTICS_PORT=70000 /);
    expect(() => loadConfig({ SWITCHYARD_SECRET_KEY: 'too short' })).toThrow(new StartupError('SWITCHYARD_SECRET_KEY must have at least 32 characters'));
    expect(() => loadConfig({ GATEWAY_REQUEST_LOG: 'yes' })).toThrow(new StartupError('GATEWAY_REQUEST_LOG=yes: expected on or off'));
    expect(() => loadConfig({ GATEWAY_REQUEST_LOG_RETENTION_DAYS: '0' })).toThrow(/^GATEWAY_REQUEST_LOG_RETENTION_DAYS=0: /);
    expect(() => loadConfig({ GATEWAY_REQUEST_LOG_REDACT: 'email,ssn' })).toThrow(/unknown preset ssn/);
    expect(() => loadConfig({ SWITCHYARD_SECRET_KEY: 'x'.repeat(32), LOG_FORMAT: 'json' })).not.toThrow();
    expect(loadConfig({ LOG_FORMAT: 'json' })).toMatchObject({ gatewayPort: 8080, analyticsPort: 8081, dataDir: '.data', logLevel: 'info' });
  });

  test('JSON lines carry ISO times, not epoch milliseconds', { timeout: 60_000 }, async () => {
    // Two lines 20 ms apart: each carries its own milliseconds.
    const script =
      "import { createLogger, flushLog } from './server/logger.ts'; const log = createLogger({ level: 'info', format: 'json' }); log.info({ a: 1 }, 'hello'); await new Promise((r) => setTimeout(r, 20)); log.info('again'); await flushLog(log); process.exit(0);";
    const before = Date.now();
    const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), ['--input-type=module', '-e', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
    const [line, next] = out.trim().split('\n').map((l) => JSON.parse(l));
    expect(line).toMatchObject({ level: 30, msg: 'hello', a: 1 });
    expect(line.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(next).toMatchObject({ level: 30, msg: 'again' });
    const [first, second] = [Date.parse(line.time), Date.parse(next.time)];
    expect(first).toBeGreaterThanOrEqual(before);
    expect(second - first).toBeGreaterThanOrEqual(19);
    expect(second).toBeLessThanOrEqual(Date.now());
  });
});
