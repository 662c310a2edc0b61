// Where generated media lives between the upstream and the caller. Outputs
// are streamed to disk as they arrive (a 60-second video is tens of MB: it
// is never held whole in memory, nor put in a JSONB result row); a result
// row references its files by name, and the result endpoint streams them
// back out as base64 (media/resultJson.ts). One directory per task, so a
// task's files are purged with the task in one step.
//
// Layout: <root>/<taskId>/<name>.<ext>; a file being written is <name>.part
// until it is complete, so a crash never leaves a half file that a result
// could reference.
import { createReadStream, createWriteStream, type ReadStream, type WriteStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { once } from 'node:events';
import { sniff } from './sniff.ts';
import { dataDir } from './dataDir.ts';

export interface StoredFile {
  /** File name inside the task's directory. */
  name: string;
  mimeType: string;
  size: number;
}

/** A file in a stored result: where the documented shape has base64 `data`, the row holds this. */
export interface FileRef {
  $file: string;
  size: number;
}

/** A result as its row holds it: the base64 fields named by K may be files, streamed out as base64 by the result endpoint. */
export type WithFiles<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | FileRef };

export function isFileRef(value: unknown): value is FileRef {
  return typeof value === 'object' && value !== null && typeof (value as FileRef).$file === 'string';
}

export class MediaTooLarge extends Error {
  constructor(limit: number) {
    super(`the output exceeds ${limit} bytes`);
    this.name = 'MediaTooLarge';
  }
}

/** Streams one output to disk; memory stays at the write stream's buffer whatever the size. */
export class MediaWriter {
  private readonly out: WriteStream;
  private readonly head: Buffer[] = [];
  private headBytes = 0;
  private size = 0;
  private failed: unknown;
  private readonly partPath: string;
  private readonly dir: string;
  private readonly base: string;
  private readonly fallbackMime: string | undefined;
  private readonly maxBytes: number;

  constructor(dir: string, base: string, opts: { mimeType?: string; maxBytes?: number }) {
    this.dir = dir;
    this.base = base;
    this.fallbackMime = opts.mimeType;
    this.maxBytes = opts.maxBytes ?? Infinity;
    this.partPath = join(dir, `${base}.part`);
    this.out = createWriteStream(this.partPath, { highWaterMark: 256 * 1024 });
    this.out.on('error', (err) => (this.failed ??= err));
  }

  /** Waits while the disk catches up, so a fast upstream cannot fill memory. */
  async write(chunk: Uint8Array): Promise<void> {
    if (this.failed) throw this.failed;
    this.size += chunk.length;
    if (this.size > this.maxBytes) throw new MediaTooLarge(this.maxBytes);
    if (this.headBytes < 64) {
      this.head.push(Buffer.from(chunk.subarray(0, 64)));
      this.headBytes += Math.min(64, chunk.length);
    }
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }

  /** Closes the file and gives it its final name, with the type its bytes show. */
  async finish(): Promise<StoredFile> {
    this.out.end();
    await once(this.out, 'close');
    if (this.failed) throw this.failed;
    const sniffed = sniff(Buffer.concat(this.head));
    const mimeType = sniffed?.mimeType ?? this.fallbackMime ?? 'application/octet-stream';
    const name = `${this.base}.${sniffed?.ext ?? extOf(mimeType)}`;
    await rename(this.partPath, join(this.dir, name));
    return { name, mimeType, size: this.size };
  }

  async abort(): Promise<void> {
    // The stream opens its file asynchronously: removed before that open had
    // happened, the part file was then created, and left behind (a quarter of
    // the time when a source was refused at its first chunk). Once closed, the
    // file is there to remove or was never made.
    if (!this.out.closed) {
      const closed = once(this.out, 'close').catch(() => {});
      this.out.destroy();
      await closed;
    }
    await rm(this.partPath, { force: true });
  }
}

function extOf(mimeType: string): string {
  const known: Record<string, string> = { 'audio/pcm': 'pcm', 'audio/basic': 'ulaw', 'audio/x-alaw-basic': 'alaw', 'audio/opus': 'opus' };
  return known[mimeType] ?? 'bin';
}

export interface MediaStoreOptions {
  root: string;
  /** How long a finished task's files (and the task) are kept. */
  retentionMs: number;
}

export function mediaStoreOptions(env: NodeJS.ProcessEnv = process.env): MediaStoreOptions {
  const root = env.MEDIA_DIR || join(dataDir(env), 'media');
  const hours = Number(env.MEDIA_RETENTION_HOURS || 24);
  return { root: resolve(root), retentionMs: (Number.isFinite(hours) && hours > 0 ? hours : 24) * 3_600_000 };
}

const SAFE_ID = /^[0-9a-f-]{36}$/i;
const SAFE_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

export class MediaStore {
  readonly root: string;
  readonly retentionMs: number;

  constructor(o: MediaStoreOptions) {
    this.root = o.root;
    this.retentionMs = o.retentionMs;
  }

  private dirOf(taskId: string): string {
    if (!SAFE_ID.test(taskId)) throw new Error(`not a task id: ${taskId}`);
    return join(this.root, taskId);
  }

  /** Starts writing the task's output `base` (e.g. "image-0"). */
  async writer(taskId: string, base: string, opts: { mimeType?: string; maxBytes?: number } = {}): Promise<MediaWriter> {
    const dir = this.dirOf(taskId);
    await mkdir(dir, { recursive: true });
    return new MediaWriter(dir, base, opts);
  }

  /** Stores a whole source (bytes in hand or a stream), streamed to disk. */
  async put(taskId: string, base: string, source: Uint8Array | AsyncIterable<Uint8Array>, opts: { mimeType?: string; maxBytes?: number } = {}): Promise<StoredFile> {
    const writer = await this.writer(taskId, base, opts);
    try {
      if (source instanceof Uint8Array) await writer.write(source);
      else for await (const chunk of source) await writer.write(chunk);
      return await writer.finish();
    } catch (err) {
      await writer.abort();
      throw err;
    }
  }

  path(taskId: string, name: string): string {
    if (!SAFE_NAME.test(name)) throw new Error(`not a stored file name: ${name}`);
    return join(this.dirOf(taskId), name);
  }

  open(taskId: string, name: string, opts: { highWaterMark?: number; start?: number } = {}): ReadStream {
    return createReadStream(this.path(taskId, name), opts);
  }

  async size(taskId: string, name: string): Promise<number> {
    return (await stat(this.path(taskId, name))).size;
  }

  /** Removes every file of a task (finished, failed, cancelled or expired). */
  async purge(taskId: string): Promise<void> {
    await rm(this.dirOf(taskId), { recursive: true, force: true });
  }

  /** Task ids that have a directory, for sweeping orphans. */
  async taskIds(): Promise<string[]> {
    try {
      return (await readdir(this.root)).filter((n) => SAFE_ID.test(n));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
  }
}

let shared: MediaStore | undefined;

/** The process's store, from MEDIA_DIR / SWITCHYARD_DATA_DIR and MEDIA_RETENTION_HOURS. */
export function mediaStore(): MediaStore {
  shared ??= new MediaStore(mediaStoreOptions());
  return shared;
}
