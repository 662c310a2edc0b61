import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Deps } from '../../handlers/types.ts';
import { newRequestId, tagRequest } from './requestId.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

test("minted ids are the spec's req_ form, never repeat in a process, and differ between processes", () => {
  const ids = Array.from({ length: 10_000 }, newRequestId);
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids.slice(0, 100)) expect(id).toMatch(/^req_[\w-]{12}-\d+$/);
  const prefix = (id: string) => id.slice(0, id.lastIndexOf('-'));
  expect(new Set(ids.map(prefix)).size).toBe(1);
  // Another process (a second gateway, or this one restarted) draws its own random part.
  const other = execFileSync(path.join(ROOT, 'node_modules/.bin/node'), ['--input-type=module', '-e', "const { newRequestId } = await import('./server/middleware/requestId.ts'); console.log(newRequestId());"], { cwd: ROOT, encoding: 'utf8' }).trim();
  expect(other).toMatch(/^req_[\w-]{12}-1$/);
  expect(prefix(other)).not.toBe(prefix(ids[0]!));
});

test("a caller's sane id is kept and answered; anything else gets a minted one", () => {
  const tag = (incoming?: string) => {
    const headers: Record<string, string> = {};
    const req = { headers: incoming === undefined ? {} : { 'x-request-id': incoming } } as unknown as IncomingMessage;
    const res = { setHeader: (name: string, value: string) => (headers[name] = value) } as unknown as ServerResponse;
    const state = tagRequest({} as Deps, req, res);
    expect(headers['x-request-id']).toBe(state.requestId);
    return state.requestId;
  };
  expect(tag('caller-chosen.id:1')).toBe('caller-chosen.id:1');
  expect(tag()).toMatch(/^req_/);
  expect(tag('has space')).toMatch(/^req_/);
  expect(tag('x'.repeat(129))).toMatch(/^req_/);
  // A minted id is itself sane: a client that sends back what it was given keeps it.
  const minted = tag();
  expect(tag(minted)).toBe(minted);
});
