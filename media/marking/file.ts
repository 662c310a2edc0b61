// Reading parts of a file and rewriting it with insertions, never whole in memory.
import { appendFile, open, rename, rm, type FileHandle } from 'node:fs/promises';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';

export async function readAt(file: FileHandle, position: number, length: number): Promise<Buffer> {
  const buf = Buffer.alloc(length);
  const { bytesRead } = await file.read(buf, 0, length, position);
  return buf.subarray(0, bytesRead);
}

/** Replace `remove` bytes at `at` with `insert` (remove 0: a pure insertion). */
export interface Edit {
  at: number;
  remove?: number;
  insert: Buffer;
}

/**
 * Rewrites the file with the edits applied: the untouched ranges are copied
 * as they are (streamed), the new file replaces the old one in one rename.
 */
export async function applyEdits(path: string, size: number, edits: Edit[]): Promise<void> {
  const sorted = [...edits].sort((a, b) => a.at - b.at);
  // Appending at the end (MP4's uuid box) needs no copy of what is already there.
  if (sorted.every((e) => e.at === size && !e.remove)) {
    await appendFile(path, Buffer.concat(sorted.map((e) => e.insert)));
    return;
  }
  const tmp = `${path}.marking`;
  const out = createWriteStream(tmp);
  try {
    let pos = 0;
    const copy = async (end: number) => {
      if (end <= pos) return;
      for await (const chunk of createReadStream(path, { start: pos, end: end - 1, highWaterMark: 256 * 1024 })) {
        if (!out.write(chunk)) await once(out, 'drain');
      }
      pos = end;
    };
    for (const edit of sorted) {
      await copy(edit.at);
      if (!out.write(edit.insert)) await once(out, 'drain');
      pos = edit.at + (edit.remove ?? 0);
    }
    await copy(size);
    out.end();
    await once(out, 'close');
    await rename(tmp, path);
  } catch (err) {
    out.destroy();
    await rm(tmp, { force: true });
    throw err;
  }
}

export async function withFile<T>(path: string, run: (file: FileHandle, size: number) => Promise<T>): Promise<T> {
  const file = await open(path, 'r');
  try {
    return await run(file, (await file.stat()).size);
  } finally {
    await file.close();
  }
}
