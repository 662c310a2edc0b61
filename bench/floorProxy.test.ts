// The features floor is only a floor if it really does each duty it is
// credited with: a floor that skipped the key check or the usage row would
// make the gateway's own code look dearer than it is.
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startFake } from '../providers/openai/fake.ts';
import type { Fake } from '../providers/testing/fake.ts';
import { databaseUrl } from '../test/support.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

let fake: Fake;
let dbUrl: string;

beforeAll(async () => {
  fake = await startFake();
  dbUrl = await databaseUrl();
});

afterAll(async () => {
  await fake?.close();
});

async function usageRows(): Promise<Array<{ model: string; output_tokens: number }>> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return (await client.query('SELECT model, output_tokens FROM floor_usage ORDER BY at')).rows;
  } catch {
    return []; // the table is made by the floor at its start
  } finally {
    await client.end();
  }
}

// The plain floor, and the same duties inside Koa (FLOOR_KOA): both must do every duty.
describe.each([
  ['the features floor (bench/floorProxy.ts)', ''],
  ['the features floor in Koa (FLOOR_KOA=1)', '1'],
])('%s', (_name, koa) => {
  let child: ChildProcess;
  let url: string;
  let logged = '';

  beforeAll(async () => {
    child = fork(path.join(HERE, 'floorProxy.ts'), [], {
      execArgv: [],
      env: { ...process.env, UPSTREAM_URL: fake.url, DATABASE_URL: dbUrl, FLOOR_SKIP: '', FLOOR_KOA: koa },
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    url = await new Promise<string>((resolve, reject) => {
      child.once('message', (m: { url: string }) => resolve(m.url));
      child.once('exit', (code) => reject(new Error(`the floor exited with ${code}`)));
    });
  });

  afterAll(() => {
    child?.kill('SIGTERM');
  });

  const call = (body: unknown, key = 'sk-bench') =>
    fetch(`${url}/v1/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
      body: JSON.stringify(body),
    });

  test('answers a priced completion under the model name asked for, and writes its usage row and access-log line', async () => {
    const before = (await usageRows()).length;
    const res = await call({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'floor usage probe' }] });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('x-request-id')).toMatch(/^req_/);
    expect(res.headers.get('server-timing')).toMatch(/gateway;dur=[\d.]+, upstream;dur=[\d.]+, total;dur=[\d.]+/);
    const body = await res.json();
    expect(body.model).toBe('openai/gpt-4o-mini');
    expect(body.cost.customerPrice).toBeGreaterThan(0);
    expect(fake.requests.at(-1)?.body).toMatchObject({ model: 'gpt-4o-mini' });
    let rows = await usageRows();
    for (let i = 0; i < 50 && rows.length === before; i++) {
      await new Promise((r) => setTimeout(r, 50));
      rows = await usageRows();
    }
    expect(rows.slice(before)).toEqual([{ model: 'gpt-4o-mini', output_tokens: body.usage.completion_tokens }]);
    const id = res.headers.get('x-request-id')!;
    for (let i = 0; i < 50 && !logged.includes(id); i++) await new Promise((r) => setTimeout(r, 50));
    const line = JSON.parse(logged.split('\n').find((l) => l.includes(id))!);
    expect(line).toMatchObject({ requestId: id, status: 200, model: 'gpt-4o-mini', msg: 'request' });
  });

  test('refuses a wrong key before calling upstream', async () => {
    const before = fake.requests.length;
    const res = await call({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }, 'sk-bencx');
    expect(res.status).toBe(401);
    expect(fake.requests.length).toBe(before);
  });

  test("refuses a body the spec's schema refuses", async () => {
    const res = await call({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user' }] });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/content/);
  });
});
