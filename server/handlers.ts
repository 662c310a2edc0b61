import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';
import type { Handler } from '../handlers/types.ts';

const LOAD = Symbol('load');

/** A handler whose module is imported by its first call (or by importHandlers). */
type LazyHandler = Handler & { [LOAD]: () => Promise<Handler> };

/**
 * handlers/<surface>/<operationId>.ts -> { operationId: handler }; the file
 * name is the binding. Each module is imported on its operation's first call,
 * not at start: together they pull in ~170 of the project's modules beyond
 * what the hot operations need (providers, media, agents, vision, batches, the
 * console), which an idle process would hold for operations it may never be
 * asked (their source text, ~5 MB of RSS in the gateway). Once
 * imported, the entry is replaced by the module's handler, so later calls go
 * to it directly. A module that fails to import fails each call of its
 * operation, answered in the surface's error shape like any other fault.
 */
export async function loadHandlers(surface: string, dir = path.join(REPO_ROOT, 'handlers', surface)): Promise<Record<string, Handler>> {
  const files = await readdir(dir).catch(() => [] as string[]);
  const handlers: Record<string, Handler> = {};
  for (const file of files) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.startsWith('_')) continue;
    const operationId = file.slice(0, -3);
    let loading: Promise<Handler> | undefined;
    const load = () =>
      (loading ??= import(path.join(dir, file)).then((mod: { default?: unknown }) => {
        if (typeof mod.default !== 'function') throw new Error(`handlers/${surface}/${file} has no default-exported handler`);
        handlers[operationId] = mod.default as Handler;
        return mod.default as Handler;
      }));
    const lazy: LazyHandler = Object.assign(async (...args: Parameters<Handler>) => (await load())(...args), { [LOAD]: load });
    handlers[operationId] = lazy;
  }
  return handlers;
}

/** Imports these operations' handler modules now (those not imported yet), e.g. the hot ones before a process says it is ready. */
export async function importHandlers(handlers: Record<string, Handler>, operationIds: readonly string[]): Promise<void> {
  await Promise.all(operationIds.map((id) => (handlers[id] as Partial<LazyHandler> | undefined)?.[LOAD]?.()));
}
