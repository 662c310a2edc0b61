// A process that loads the database module exits with the code it set: the
// embedded PostgreSQL package's exit hook used to turn a drained event loop
// into exit 0, so vitest's 1 after a failed test (and CI's verdict) was lost.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from './paths.ts';

it('keeps process.exitCode once the event loop drains', () => {
  const script = `await import(${JSON.stringify(path.join(REPO_ROOT, 'server/database.ts'))}); process.exitCode = 3;`;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
  expect(child.stderr).toBe('');
  expect(child.status).toBe(3);
});
