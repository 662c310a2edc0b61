import { afterEach, describe, expect, it } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EngineError, postedImage, WorkerPool } from './workerPool.ts';

const script = new URL('./testing/echoWorker.ts', import.meta.url);
let pool: WorkerPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('WorkerPool', () => {
  it('keeps a worker (and what it loaded) across jobs', async () => {
    pool = new WorkerPool({ name: 'echo', script, size: 1 });
    const a = await pool.run<{ threadId: number; loads: number }>('echo', 1);
    const b = await pool.run<{ threadId: number; loads: number }>('echo', 2);
    expect(b.threadId).toBe(a.threadId);
    expect(b.loads).toBe(2);
  });

  it('runs at most size jobs at once, on separate threads, while the event loop stays free', async () => {
    pool = new WorkerPool({ name: 'echo', script, size: 2 });
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const started = Date.now();
    const threads = await Promise.all([1, 2, 3, 4].map(() => pool!.run<number>('spin', { ms: 600 })));
    lag.disable();
    expect(new Set(threads).size).toBe(2);
    // Four 600 ms jobs on two workers: two rounds, never one (size 2) nor four (serial).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1190);
    // A job run on the event loop would stall it for its whole 600 ms; half of
    // that leaves room for a busy machine's scheduling without hiding a block.
    expect(lag.max / 1e6).toBeLessThan(300);
  });

  it('reports a handler error with its code and keeps the worker', async () => {
    pool = new WorkerPool({ name: 'echo', script, size: 1 });
    const before = await pool.run<{ threadId: number }>('echo', 0);
    const err = await pool.run('fail', {}).then(() => undefined, (e: EngineError) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect(err?.code).toBe('invalid_image');
    expect((await pool.run<{ threadId: number }>('echo', 0)).threadId).toBe(before.threadId);
  });

  it('fails only the job whose worker crashed, then starts a new worker', async () => {
    pool = new WorkerPool({ name: 'echo', script, size: 1 });
    const err = await pool.run('crash', {}).then(() => undefined, (e: EngineError) => e);
    expect(err?.code).toBe('engine_crashed');
    expect((await pool.run<{ input: number }>('echo', 5)).input).toBe(5);
  });

  it('terminates a worker that overruns the job deadline', async () => {
    pool = new WorkerPool({ name: 'echo', script, size: 1, jobTimeoutMs: 1_500 });
    const err = await pool.run('hang', {}).then(() => undefined, (e: EngineError) => e);
    expect(err?.code).toBe('engine_timeout');
    expect((await pool.run<{ input: string }>('echo', 'after')).input).toBe('after');
  });

  it('drops a waiting job when its signal aborts', async () => {
    pool = new WorkerPool({ name: 'echo', script, size: 1 });
    const busy = pool.run('spin', { ms: 200 });
    const controller = new AbortController();
    const waiting = pool.run('echo', 1, { signal: controller.signal });
    expect(pool.load).toEqual({ running: 1, waiting: 1 });
    controller.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    expect(pool.load.waiting).toBe(0);
    await busy;
  });

  it('reads a job\'s image file in the worker, and names a file that is gone', async () => {
    pool = new WorkerPool({ name: 'echo', script, size: 1 });
    const dir = mkdtempSync(path.join(tmpdir(), 'pool-image-'));
    try {
      const file = path.join(dir, 'input.png');
      writeFileSync(file, Buffer.from([9, 8, 7, 6]));
      const posted = postedImage<{ image: Uint8Array }>({ imageFile: file }, true);
      expect(posted.transfer).toEqual([]);
      expect(await pool.run('image', posted.input)).toEqual({ length: 4, first: 9, isUint8Array: true });
      const gone = pool.run('image', { imageFile: path.join(dir, 'gone.png') });
      await expect(gone).rejects.toBeInstanceOf(EngineError);
      await expect(gone).rejects.toMatchObject({ code: 'input_missing' });
      // Bytes are still moved when asked: the caller's array is emptied.
      const bytes = new Uint8Array([5, 5, 5]);
      const moved = postedImage({ image: bytes }, true);
      expect(await pool.run('image', moved.input, { transfer: moved.transfer })).toEqual({ length: 3, first: 5, isUint8Array: true });
      expect(bytes.byteLength).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('moves buffers back without copying', async () => {
    pool = new WorkerPool({ name: 'echo', script, size: 1 });
    const bytes = await pool.run<Uint8Array>('bytes', { n: 1024 });
    expect(bytes.length).toBe(1024);
    expect(bytes[1023]).toBe(7);
  });
});
