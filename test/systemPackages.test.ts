// The rule for tests that need a system package, proven on a vitest of its own
// with packages hidden (SWITCHYARD_HIDE_PACKAGES): without CI the run passes and
// its last lines name what skipped and how to install it; under CI it fails.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');

function vitest(env: NodeJS.ProcessEnv): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules/.bin/vitest'), ['run', '--config', 'test/fixtures/needsPackage.vitest.config.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

const base: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', SWITCHYARD_HIDE_PACKAGES: 'chromium,exiftool' };
delete base.CI;
delete base.VITEST;
delete base.VITEST_POOL_ID;
delete base.VITEST_WORKER_ID;

describe('a test that needs a missing system package', () => {
  test('skips, the run passes, and its last lines say what skipped and how to install it', { timeout: 120_000 }, async () => {
    const { code, output } = await vitest(base);
    expect(code, output).toBe(0);
    expect(output).toMatch(/1 passed/);
    expect(output).toMatch(/3 skipped/);
    const last = output.trimEnd().split('\n').slice(-2);
    expect(last).toEqual([
      'Skipped 2 tests: chromium is missing; install it with: apt-get install -y chromium (or set CHROMIUM_PATH)',
      'Skipped 2 tests: exiftool is missing; install it with: apt-get install -y libimage-exiftool-perl',
    ]);
    expect(output).toContain('↓ test/fixtures/needsPackage.fixture.ts > a group that asks in beforeEach > needs exiftool (exiftool)');
    expect(output).toContain('↓ test/fixtures/needsPackage.fixture.ts > needs exiftool and chromium (chromium, exiftool)');
  });

  test('fails the run under CI, naming the package', { timeout: 120_000 }, async () => {
    const { code, output } = await vitest({ ...base, CI: 'true' });
    expect(code, output).not.toBe(0);
    expect(output).toMatch(/3 failed/);
    expect(output).toContain('missing system package chromium: apt-get install -y chromium');
    expect(output).toContain('under CI every test runs');
    expect(output).not.toContain('Skipped for a missing system package');
  });
});
