// The worker side of engines/workerPool.ts: answers each job by calling the
// named handler. Handlers keep their models in module state, so a model is
// loaded by a worker's first job and reused by every later one.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { TransferListItem } from 'node:worker_threads';

/** A handler's answer; `transfer` moves ArrayBuffers back instead of copying them. */
export interface Answer {
  value: unknown;
  transfer?: TransferListItem[];
}

export type Handlers = Record<string, (input: any) => Promise<Answer | unknown> | Answer | unknown>;

/** Marks a handler's value as carrying transferable buffers. */
export function withTransfer(value: unknown, transfer: TransferListItem[]): Answer {
  return { value, transfer, [ANSWER]: true } as Answer;
}

const ANSWER = Symbol('answer');

export interface ServeOptions {
  /**
   * Runs as each job starts and again as it ends, before its answer is posted
   * (engines/priority.ts lowers the shared threads a job uses, some of which
   * start during the job).
   */
  eachJob?: () => void;
}

/** A job's image file (engines/workerPool.ts WithImageFile); one that is gone is the job's failure, by name. */
async function readImageFile(file: string): Promise<Uint8Array> {
  try {
    const bytes = await readFile(file);
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    throw Object.assign(new Error(`the job's image ${file} is gone`), { code: 'input_missing' });
  }
}

export function serveWorker(handlers: Handlers, opts: ServeOptions = {}): void {
  if (!parentPort) throw new Error('serveWorker must run inside a worker thread');
  const port = parentPort;
  port.on('message', async ({ method, input }: { method: string; input: unknown }) => {
    try {
      const handler = handlers[method];
      if (!handler) throw Object.assign(new Error(`unknown method ${method}`), { code: 'unknown_method' });
      const job = input as { imageFile?: unknown; image?: Uint8Array };
      if (job && typeof job.imageFile === 'string') job.image = await readImageFile(job.imageFile);
      let out: unknown;
      opts.eachJob?.();
      try {
        out = await handler(input);
      } finally {
        opts.eachJob?.();
      }
      if (out && typeof out === 'object' && (out as Record<symbol, unknown>)[ANSWER]) {
        const answer = out as Answer;
        port.postMessage({ ok: true, value: answer.value }, answer.transfer ?? []);
      } else port.postMessage({ ok: true, value: out });
    } catch (err) {
      const e = err as { message?: string; code?: string };
      port.postMessage({ ok: false, error: { message: e?.message ?? String(err), code: typeof e?.code === 'string' ? e.code : undefined } });
    }
  });
}
