// The image a local-engine task (text recognition, redaction, vision) runs
// on. It is written once, at submit, as a media input file in the task's
// directory under MEDIA_DIR, and the task row carries only a reference: a
// multi-MB base64 string inside the task's JSON cost the gateway's event loop
// a stringify at submit, the PostgreSQL pipeline the write of every byte,
// the server its jsonb parse, a parse back and a decode before the engine
// saw it, and a rewrite of the row to drop it at the end. The file outlives
// a restart as the task does (its pg-boss job runs it again); it is deleted
// when the task ends, and a task that never runs (cancelled while queued,
// its submit failed half-way) leaves a directory the cleanup schedule's
// orphan sweep removes.
import { readFile, rm, rmdir } from 'node:fs/promises';
import path from 'node:path';
import type { NewTask } from '../db/gateway/submitTasks.ts';
import type { TaskQueue } from '../jobs/queue.ts';
import { mediaStore, type FileRef } from '../media/store.ts';
import { ApiError } from '../protocols/errors.ts';
import type { Ticket } from './governance/governor.ts';

/** A task's image as its row refers to it: a file in the task's media directory. */
export interface ImageInput {
  file: string;
  size: number;
}

/** Where a stored engine request has its image: a file, or (tasks queued before images moved to files) inline base64. */
export type EngineImage = { input: ImageInput; image?: undefined } | { image: string; input?: undefined };

/**
 * Writes the image (complete, or not at all: the store renames a finished
 * file into place), then submits the task with its reference. Nothing is left
 * behind when the submit fails.
 */
export async function submitWithImage<R extends object>(
  queue: Pick<TaskQueue, 'submit'>,
  task: Omit<NewTask, 'request'>,
  request: R,
  image: Uint8Array,
  ticket?: Ticket | null,
): Promise<void> {
  const store = mediaStore();
  // What the call reserved of its budgets leaves with the task, settled when it ends.
  const charges = ticket?.hold();
  try {
    const file = await store.put(task.id, 'input', image);
    const stored: R & EngineImage = { ...request, input: { file: file.name, size: file.size } };
    await queue.submit({ ...task, request: stored, ...(charges?.length ? { charges } : {}) });
  } catch (err) {
    ticket?.unhold();
    await store.purge(task.id).catch(() => {});
    throw err;
  }
}

/**
 * The image a running task was submitted with, as an engine job takes it: a
 * file, which the engine's worker thread reads itself (engines/workerPool.ts
 * WithImageFile), or bytes.
 */
export type TaskImage = { imageFile: string } | { image: Buffer };

export function taskImage(taskId: string, stored: EngineImage): TaskImage {
  if (stored.input) return { imageFile: mediaStore().path(taskId, stored.input.file) };
  return { image: Buffer.from(stored.image, 'base64') };
}

/** The image's bytes here, for what is not an engine job (an upload to a web-detection engine). */
export async function taskImageBytes(image: TaskImage): Promise<Buffer> {
  if ('image' in image) return image.image;
  try {
    return await readFile(image.imageFile);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    // Another process took the task over and does not share MEDIA_DIR, or the file was removed by hand.
    throw new ApiError('internal', `the task's image is no longer in MEDIA_DIR (${mediaStore().root}); every gateway process must share that directory`, {
      code: 'input_missing',
    });
  }
}

/** Deletes what the task was submitted with, once its end is written (or a cancel wrote it), and any output it made. */
export async function dropTaskInputs(taskId: string): Promise<void> {
  await mediaStore().purge(taskId);
}

/**
 * An engine's output file (a blurred or redacted image) kept beside its task,
 * in place of base64 inside the result's JSON: the result row holds the
 * reference, and the result endpoint streams the file back as the base64 the
 * contract shows (media/resultJson.ts), with no string of megabytes made,
 * stored in or parsed from PostgreSQL on the way.
 */
export async function keepTaskOutput(taskId: string, base: string, bytes: Uint8Array): Promise<FileRef> {
  const file = await mediaStore().put(taskId, base, bytes);
  return { $file: file.name, size: file.size };
}

/**
 * After a task's end is written: a completed task keeps its outputs (as long
 * as its row) and loses its input; any other end loses everything.
 */
export async function endTaskFiles(taskId: string, stored: EngineImage, completed: boolean): Promise<void> {
  if (!completed) return dropTaskInputs(taskId);
  const store = mediaStore();
  if (stored.input) await rm(store.path(taskId, stored.input.file), { force: true });
  // The directory goes with its last file; one holding outputs stays.
  await rmdir(path.join(store.root, taskId)).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== 'ENOTEMPTY' && err.code !== 'EEXIST' && err.code !== 'ENOENT') throw err;
  });
}
