// A worker for the pool's own tests: busy-loops, crashes, or echoes.
import { threadId } from 'node:worker_threads';
import { serveWorker, withTransfer } from '../workerServe.ts';

let loads = 0;

serveWorker({
  echo: (input: unknown) => ({ input, threadId, loads: ++loads }),
  spin: ({ ms }: { ms: number }) => {
    const end = Date.now() + ms;
    while (Date.now() < end);
    return threadId;
  },
  fail: () => {
    throw Object.assign(new Error('bad image'), { code: 'invalid_image' });
  },
  crash: () => process.exit(3),
  hang: () => new Promise(() => {}),
  // What an image job's handler sees of its image (engines/workerPool.ts WithImageFile).
  image: ({ image }: { image: Uint8Array }) => ({ length: image.length, first: image[0], isUint8Array: image instanceof Uint8Array }),
  bytes: ({ n }: { n: number }) => {
    const buf = new Uint8Array(n).fill(7);
    return withTransfer(buf, [buf.buffer]);
  },
});
