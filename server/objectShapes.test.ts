// Whether requests' header objects share one shape once the specs are loaded
// and their validators compiled, as the service does, and whether
// process.nextTick's queue entries keep theirs through full collections: in
// child processes with V8's natives, so that V8 can be asked, with and
// without server/objectShapes.ts imported first.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function script(first: boolean): string {
  return `
    ${first ? "await import('./server/objectShapes.ts');" : ''}
    const { mountSurface, compileValidators } = await import('./server/app.ts');
    const surfaces = [];
    for (const spec of ['openapi/gateway.yaml', 'openapi/compat.yaml', 'openapi/analytics.yaml']) {
      surfaces.push(await mountSurface({ name: 'gateway', spec, handlers: {}, authenticate: {}, renderError: () => ({}) }, ['/']));
    }
    // As the service does after it starts: Ajv's compiled validators are what fill V8's list.
    await compileValidators(surfaces);
    // As each operation's first request does: the router matches it (server/operationMatch.ts).
    for (const { api } of surfaces) for (const op of api.getOperations()) api.matchOperation({ method: op.method, path: op.path, headers: {} });
    const http = await import('node:http');
    const seen = [];
    const server = http.createServer((req, res) => { seen.push(req.headers); res.end('ok'); });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = 'http://127.0.0.1:' + server.address().port + '/v1/chat/completions';
    for (let i = 0; i < 2; i++) {
      await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer k' }, body: '{}' })).text();
    }
    server.close();
    console.log(JSON.stringify({ same: %HaveSameMap(seen[0], seen[1]), fast: %HasFastProperties(seen[1]) }));
    process.exit(0);`;
}

async function run(first: boolean): Promise<{ same: boolean; fast: boolean }> {
  return JSON.parse((await output(script(first))).trim().split('\n').pop()!);
}

/** What a child with V8's natives and gc() writes to stdout. */
async function output(source: string): Promise<string> {
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), ['--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', source], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  return out;
}

describe('request header shapes', () => {
  test('two requests share one shape when objectShapes.ts came first; without it, the specs leave each a new one', { timeout: 120_000 }, async () => {
    const [withShapes, without] = await Promise.all([run(true), run(false)]);
    expect(withShapes).toEqual({ same: true, fast: true });
    // The control: what the module exists for still happens without it.
    expect(without.same).toBe(false);
  });
});

// The states of the keys nextTick's object literal defines, after full
// collections at a moment no queue entry is alive (as during start-up), read
// from V8's print of nextTick's feedback.
async function tickLiteralStates(first: boolean): Promise<string[]> {
  const out = await output(`
    ${first ? "await import('./server/objectShapes.ts');" : ''}
    const settle = () => new Promise((resolve) => setTimeout(resolve, 5));
    for (let i = 0; i < 20000; i++) process.nextTick(() => {});
    await settle();
    // More collections than V8 keeps a shape its feedback saw for (--retain-maps-for-n-gc).
    for (let i = 0; i < 10; i++) { gc(); await settle(); }
    for (let i = 0; i < 10; i++) process.nextTick(() => {});
    await settle();
    %DebugPrint(process.nextTick);`);
  return [...out.matchAll(/DefineKeyedOwnPropertyInLiteral (\w+)/g)].map((m) => m[1]!);
}

describe("process.nextTick's queue entries", () => {
  test('one is kept: Node reports its entries to an init hook as TickObject', async () => {
    const { tickShape } = await import('./objectShapes.ts');
    expect(tickShape).toBeTypeOf('object');
    expect(Object.getOwnPropertyNames(tickShape)).toEqual(expect.arrayContaining(['callback', 'args']));
  });

  test('their literal stays monomorphic through full collections when objectShapes.ts came first; without it, it turns megamorphic', { timeout: 60_000 }, async () => {
    const [withShapes, without] = await Promise.all([tickLiteralStates(true), tickLiteralStates(false)]);
    // Five keys: the async id, the trigger id, the context frame, callback and args.
    expect(withShapes).toEqual(['MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC', 'MONOMORPHIC']);
    // The control: what the entry is kept for still happens without it (should a
    // Node release stop it, this fails and the kept entry can go).
    expect(without).toContain('MEGAMORPHIC');
  });
});
