import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';
import type { Handler } from '../handlers/types.ts';

/** handlers/<surface>/<operationId>.ts -> { operationId: handler }; the file name is the binding. */
export async function loadHandlers(surface: string): Promise<Record<string, Handler>> {
  const dir = path.join(REPO_ROOT, 'handlers', surface);
  const files = await readdir(dir).catch(() => [] as string[]);
  const handlers: Record<string, Handler> = {};
  for (const file of files) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file.startsWith('_')) continue;
    const mod = await import(path.join(dir, file));
    if (typeof mod.default !== 'function') throw new Error(`handlers/${surface}/${file} has no default-exported handler`);
    handlers[file.slice(0, -3)] = mod.default;
  }
  return handlers;
}
