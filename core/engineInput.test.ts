// An engine task's image as a file beside the task: written whole before the
// task exists, gone when its submit fails, read back by the runner (or from
// the row, for a task queued before images moved to files).
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { NewTask } from '../db/gateway/submitTasks.ts';
import { dropTaskInputs, endTaskFiles, keepTaskOutput, submitWithImage, taskImage, taskImageBytes } from './engineInput.ts';
import { mediaStore } from '../media/store.ts';
import { ApiError } from '../protocols/errors.ts';

const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(64, 7)]);
let root: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'engine-input-'));
  process.env.MEDIA_DIR = root;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const task = (id: string) => ({ id, keyId: randomUUID(), kind: 'vision', provider: 'local-vision', model: 'centernet', stream: false });

describe('engine task images', () => {
  test('the submitted row refers to the file, which holds the bytes, and the runner reads them back', async () => {
    expect(mediaStore().root).toBe(root);
    const submitted: NewTask[] = [];
    const id = randomUUID();
    await submitWithImage({ submit: async (t) => (submitted.push(t), { createdAt: new Date() }) }, task(id), { op: 'objects', confidence: 0.5 }, png);
    expect(submitted).toHaveLength(1);
    expect(submitted[0]!.request).toEqual({ op: 'objects', confidence: 0.5, input: { file: 'input.png', size: png.length } });
    const read = await taskImageBytes(taskImage(id, submitted[0]!.request as never));
    expect(read.equals(png)).toBe(true);
    await dropTaskInputs(id);
    expect(existsSync(path.join(root, id))).toBe(false);
  });

  test('a completed task keeps its outputs and loses its input; any other end loses both', async () => {
    for (const completed of [true, false]) {
      const id = randomUUID();
      const submitted: NewTask[] = [];
      await submitWithImage({ submit: async (t) => (submitted.push(t), { createdAt: new Date() }) }, task(id), { op: 'faces' }, png);
      const ref = await keepTaskOutput(id, 'blurred', png);
      expect(ref).toEqual({ $file: 'blurred.png', size: png.length });
      await endTaskFiles(id, submitted[0]!.request as never, completed);
      expect(existsSync(path.join(root, id, 'input.png'))).toBe(false);
      expect(existsSync(path.join(root, id, 'blurred.png'))).toBe(completed);
    }
    // Without outputs, the directory goes with the input.
    const id = randomUUID();
    const submitted: NewTask[] = [];
    await submitWithImage({ submit: async (t) => (submitted.push(t), { createdAt: new Date() }) }, task(id), { op: 'objects' }, png);
    await endTaskFiles(id, submitted[0]!.request as never, true);
    expect(existsSync(path.join(root, id))).toBe(false);
  });

  test('a submit that fails leaves no file behind', async () => {
    const id = randomUUID();
    const failing = { submit: async () => Promise.reject(new Error('database down')) };
    await expect(submitWithImage(failing, task(id), { op: 'objects' }, png)).rejects.toThrow('database down');
    expect(existsSync(path.join(root, id))).toBe(false);
  });

  test('a task queued with its image inline still runs on it; one whose file is gone fails with a clear error', async () => {
    expect((await taskImageBytes(taskImage(randomUUID(), { image: png.toString('base64') }))).equals(png)).toBe(true);
    const gone = taskImageBytes(taskImage(randomUUID(), { input: { file: 'input.png', size: 1 } }));
    await expect(gone).rejects.toBeInstanceOf(ApiError);
    await expect(gone).rejects.toMatchObject({ code: 'input_missing' });
  });
});
