// Runs CPU-heavy local engines (OCR, vision, audio) in worker threads so the
// event loop that serves /v1 never waits on them. Each worker loads its models
// once, at its first job, and keeps them; the pool size is the engine's
// concurrency. A worker that crashes or overruns a job's deadline is replaced,
// and only that job fails.
import { Worker, type TransferListItem } from 'node:worker_threads';
import { inSpan, tracing } from '../metrics/telemetry.ts';

export interface PoolOptions {
  /** For error messages and thread names. */
  name: string;
  /** The worker module; it calls serveWorker() from engines/workerServe.ts. */
  script: URL;
  size: number;
  /** Passed to every worker once (model directory, data paths). */
  workerData?: unknown;
  /** A job running longer than this terminates its worker (a hung decoder must not hold a slot for ever). */
  jobTimeoutMs?: number;
  /** Workers idle this long exit, giving their models' memory back; the next job starts one again. */
  idleTimeoutMs?: number;
  resourceLimits?: { maxOldGenerationSizeMb?: number };
}

export interface RunOptions {
  signal?: AbortSignal;
  /** ArrayBuffers moved, not copied, to the worker (image bytes). */
  transfer?: TransferListItem[];
}

/**
 * `bytes` on an ArrayBuffer of their own, which a job may move to its worker
 * instead of having it copied: a Buffer from Node's pool (small ones) or a
 * view into a larger buffer is copied once here, anything else is returned
 * as it is.
 */
export function ownBuffer(bytes: Uint8Array): Uint8Array {
  const own = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return own ? bytes : new Uint8Array(bytes);
}

/** A job whose image is moved to the worker: the job to post and its transfer list. */
export function movingImage<J extends { image: Uint8Array }>(job: J): { input: J; transfer: TransferListItem[] } {
  const image = ownBuffer(job.image);
  return { input: { ...job, image }, transfer: [image.buffer as ArrayBuffer] };
}

/**
 * The job with its image named by a file instead: the worker reads it into
 * `image` before its handler runs (engines/workerServe.ts), so the event loop
 * never reads, holds or posts the bytes.
 */
export type WithImageFile<J extends { image: Uint8Array }> = Omit<J, 'image'> & { imageFile: string };

/** What to post for a job whose image is bytes (moved when `move`) or a file. */
export function postedImage<J extends { image: Uint8Array }>(job: J | WithImageFile<J>, move: boolean): { input: unknown; transfer: TransferListItem[] } {
  if ('imageFile' in job || !move) return { input: job, transfer: [] };
  return movingImage(job);
}

/** A failure inside the worker, with the worker's error name and code kept. */
export class EngineError extends Error {
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.name = 'EngineError';
    this.code = code;
  }
}

interface Job {
  method: string;
  input: unknown;
  transfer: TransferListItem[];
  resolve(value: unknown): void;
  reject(err: unknown): void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

interface Slot {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
}

interface Reply {
  ok: boolean;
  value?: unknown;
  error?: { message: string; code?: string };
}

export class WorkerPool {
  private readonly slots = new Set<Slot>();
  private readonly waiting: Job[] = [];
  private closed = false;
  private readonly o: PoolOptions;

  constructor(o: PoolOptions) {
    if (!(o.size >= 1)) throw new Error(`${o.name}: pool size must be at least 1`);
    this.o = o;
  }

  get size(): number {
    return this.o.size;
  }

  /** Jobs running now and jobs waiting for a worker. */
  get load(): { running: number; waiting: number } {
    let running = 0;
    for (const s of this.slots) if (s.job) running++;
    return { running, waiting: this.waiting.length };
  }

  /** Calls `method` of the worker module's handlers with `input`; an engine span of the active trace while traces are exported. */
  run<T>(method: string, input: unknown, opts: RunOptions = {}): Promise<T> {
    if (!tracing()) return this.runJob(method, input, opts);
    return inSpan(`engine ${this.o.name}.${method}`, { 'switchyard.engine': this.o.name, 'switchyard.engine.method': method }, () => this.runJob<T>(method, input, opts));
  }

  private runJob<T>(method: string, input: unknown, opts: RunOptions): Promise<T> {
    if (this.closed) return Promise.reject(new EngineError(`${this.o.name} is shut down`, 'engine_closed'));
    if (opts.signal?.aborted) return Promise.reject(opts.signal.reason);
    return new Promise<T>((resolve, reject) => {
      const job: Job = { method, input, transfer: opts.transfer ?? [], resolve: resolve as (v: unknown) => void, reject, signal: opts.signal };
      if (opts.signal) {
        // A waiting job is dropped; a running one cannot be interrupted mid-computation, so its answer is discarded.
        job.onAbort = () => {
          const at = this.waiting.indexOf(job);
          if (at !== -1) this.waiting.splice(at, 1);
          reject(opts.signal!.reason);
        };
        opts.signal.addEventListener('abort', job.onAbort, { once: true });
      }
      this.waiting.push(job);
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.waiting.splice(0)) this.settle(job, new EngineError(`${this.o.name} is shut down`, 'engine_closed'));
    await Promise.all([...this.slots].map((s) => this.retire(s)));
  }

  private pump(): void {
    while (this.waiting.length) {
      let slot = [...this.slots].find((s) => !s.job);
      if (!slot) {
        if (this.slots.size >= this.o.size) return;
        slot = this.spawn();
      }
      this.start(slot, this.waiting.shift()!);
    }
  }

  private spawn(): Slot {
    const worker = new Worker(this.o.script, {
      workerData: this.o.workerData,
      name: this.o.name,
      resourceLimits: this.o.resourceLimits,
    });
    const slot: Slot = { worker };
    worker.on('message', (reply: Reply) => this.answered(slot, reply));
    worker.on('error', (err) => this.lost(slot, new EngineError(`${this.o.name} worker failed: ${err.message}`, 'engine_crashed')));
    worker.on('exit', (code) => this.lost(slot, new EngineError(`${this.o.name} worker exited (code ${code})`, 'engine_crashed')));
    // An idle pool must not keep the process alive.
    worker.unref();
    this.slots.add(slot);
    return slot;
  }

  private start(slot: Slot, job: Job): void {
    clearTimeout(slot.idle);
    slot.job = job;
    slot.worker.ref();
    if (this.o.jobTimeoutMs) {
      slot.timer = setTimeout(() => {
        this.lost(slot, new EngineError(`${this.o.name} took longer than ${this.o.jobTimeoutMs} ms`, 'engine_timeout'));
        void slot.worker.terminate();
      }, this.o.jobTimeoutMs);
    }
    slot.worker.postMessage({ method: job.method, input: job.input }, job.transfer);
  }

  private answered(slot: Slot, reply: Reply): void {
    const job = slot.job;
    if (!job) return;
    this.release(slot);
    if (reply.ok) this.settle(job, undefined, reply.value);
    else this.settle(job, new EngineError(reply.error?.message ?? `${this.o.name} failed`, reply.error?.code ?? 'engine_failed'));
    this.pump();
  }

  /** The worker died or overran: fail its job, forget it, and let the next job start a fresh one. */
  private lost(slot: Slot, err: EngineError): void {
    if (!this.slots.delete(slot)) return;
    const job = slot.job;
    this.release(slot);
    clearTimeout(slot.idle);
    if (job) this.settle(job, err);
    if (!this.closed) this.pump();
  }

  private release(slot: Slot): void {
    clearTimeout(slot.timer);
    slot.job = undefined;
    slot.worker.unref();
    if (this.o.idleTimeoutMs && this.slots.has(slot)) {
      slot.idle = setTimeout(() => void this.retire(slot), this.o.idleTimeoutMs);
      slot.idle.unref();
    }
  }

  private async retire(slot: Slot): Promise<void> {
    this.slots.delete(slot);
    clearTimeout(slot.timer);
    clearTimeout(slot.idle);
    await slot.worker.terminate();
  }

  private settle(job: Job, err: unknown, value?: unknown): void {
    if (job.onAbort) job.signal!.removeEventListener('abort', job.onAbort);
    if (job.signal?.aborted) return; // already rejected with the abort reason
    if (err) job.reject(err);
    else job.resolve(value);
  }
}
