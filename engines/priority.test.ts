// Engine work runs below the event loop: the worker thread, the threads it
// starts, and libvips' shared threads that compute its pixels all end up at
// the engines' nice value, while the main thread keeps its own (Linux).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { ENGINE_NICE } from './priority.ts';
import { WorkerPool } from './workerPool.ts';

const linux = existsSync('/proc/thread-self');
const pool = new WorkerPool({ name: 'image-test', script: new URL('./testing/imageWorker.ts', import.meta.url), size: 1 });
afterAll(() => pool.close());

function threads(): Array<{ tid: number; name: string; nice: number }> {
  return readdirSync('/proc/self/task').flatMap((t) => {
    try {
      return [{ tid: Number(t), name: readFileSync(`/proc/self/task/${t}/comm`, 'utf8').trim(), nice: getPriority(Number(t)) }];
    } catch {
      return [];
    }
  });
}

describe.runIf(linux)('engine thread priority', () => {
  it('lowers the worker, the threads it starts and the libvips threads that did its decoding, not the main thread', async () => {
    const png = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#8090a0' } }).png().toBuffer();
    // The main thread used sharp first: libvips' threads exist at its priority.
    await sharp(png).resize(600, 450).raw().toBuffer();
    const before = threads().filter((t) => t.name.startsWith('libvips'));
    expect(before.length).toBeGreaterThan(0);
    expect(Math.min(...before.map((t) => t.nice))).toBeLessThan(ENGINE_NICE);

    expect(await pool.run<number>('resize', { png })).toBe(300);
    const after = threads();
    expect(after.find((t) => t.name === 'image-test')?.nice).toBe(ENGINE_NICE);
    const vips = after.filter((t) => t.name.startsWith('libvips'));
    expect(vips.length).toBeGreaterThan(0);
    for (const t of vips) expect(t.nice, `${t.name} ${t.tid}`).toBeGreaterThanOrEqual(ENGINE_NICE);
    expect(getPriority(process.pid)).toBeLessThan(ENGINE_NICE);
    expect(await pool.run<number>('child', {})).toBe(ENGINE_NICE);
  });
});
