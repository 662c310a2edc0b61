// Handler modules are imported on their operation's first call: what is never
// called is never loaded, a module that cannot be imported fails its calls
// (each of them, promptly) instead of the start, and once imported the
// operation calls its handler directly.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { importHandlers, loadHandlers } from './handlers.ts';
import type { ApiContext, OperationInput } from '../handlers/types.ts';

let dir: string;
const imported = () => ((globalThis as { importedHandlers?: string[] }).importedHandlers ??= []);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'switchyard-handlers-'));
  const module = (name: string, body: string) => `globalThis.importedHandlers = [...(globalThis.importedHandlers ?? []), '${name}'];\n${body}\n`;
  await writeFile(path.join(dir, 'getThing.ts'), module('getThing', 'export default (ctx) => { ctx.body = { thing: 1 }; };'));
  await writeFile(path.join(dir, 'getOther.ts'), module('getOther', 'export default (ctx) => { ctx.body = { other: 2 }; };'));
  await writeFile(path.join(dir, 'broken.ts'), module('broken', 'throw new Error("cannot load this module");'));
  await writeFile(path.join(dir, 'noDefault.ts'), module('noDefault', 'export const handler = () => {};'));
  await writeFile(path.join(dir, '_shared.ts'), module('_shared', 'export default () => {};'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const call = async (handler: unknown) => {
  const ctx = { body: undefined } as unknown as ApiContext;
  await (handler as (c: ApiContext, i: OperationInput) => Promise<void>)(ctx, {} as OperationInput);
  return ctx.body;
};

it('imports a handler module on its first call only, then binds the operation to the handler itself', async () => {
  const handlers = await loadHandlers('test', dir);
  expect(Object.keys(handlers).sort()).toEqual(['broken', 'getOther', 'getThing', 'noDefault']);
  expect(imported()).toEqual([]);

  const lazy = handlers.getThing;
  expect(await call(lazy)).toEqual({ thing: 1 });
  expect(imported()).toEqual(['getThing']);
  expect(handlers.getThing).not.toBe(lazy);
  expect(await call(handlers.getThing)).toEqual({ thing: 1 });

  await importHandlers(handlers, ['getOther', 'notAnOperation']);
  expect(imported()).toEqual(['getThing', 'getOther']);
  expect(await call(handlers.getOther)).toEqual({ other: 2 });
});

it('fails every call of an operation whose module cannot be imported, naming why', async () => {
  const handlers = await loadHandlers('test', dir);
  await expect(call(handlers.broken)).rejects.toThrow('cannot load this module');
  await expect(call(handlers.broken)).rejects.toThrow('cannot load this module');
  await expect(call(handlers.noDefault)).rejects.toThrow('handlers/test/noDefault.ts has no default-exported handler');
  await expect(importHandlers(handlers, ['broken'])).rejects.toThrow('cannot load this module');
});
