import { fork } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { heapUse, measuredFlags } from './gatewayProcess.ts';

let dir: string | undefined;
afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('the heap probe counts what a process allocated between start and stop, collected or not', { timeout: 30_000 }, async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'heap-probe-'));
  const script = path.join(dir, 'child.mjs');
  // 400 arrays of 50,000 numbers (about 160 MB at 8 bytes each): far more than the young generation, so most of it is collected before stop.
  await writeFile(
    script,
    `process.on('message', (m) => {
      if (m !== 'allocate') return;
      let sum = 0;
      for (let i = 0; i < 400; i++) sum += new Array(50000).fill(i).length;
      process.send({ allocated: sum });
    });
    process.on('disconnect', () => process.exit(0));`,
  );
  const child = fork(script, [], { execArgv: measuredFlags(undefined, true), stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const { result, heap } = await heapUse(child, () => {
      const done = new Promise<number>((resolve) => child.on('message', (m: { allocated?: number }) => m.allocated !== undefined && resolve(m.allocated)));
      child.send('allocate');
      return done;
    });
    expect(result).toBe(400 * 50_000);
    expect(heap.allocatedBytes).toBeGreaterThan(400 * 50_000 * 8 * 0.9);
    expect(heap.allocatedBytes).toBeLessThan(400 * 50_000 * 8 * 2);
    expect(heap.scavenges + heap.fullCollections).toBeGreaterThan(0);
    expect(heap.pauseMs).toBeGreaterThan(0);
  } finally {
    child.disconnect();
  }
});
