// `npm start` on several processes: the gateway as four workers of one
// supervisor on one port. One worker killed under load: the requests that
// were not on it are all answered, the supervisor starts another, /metrics
// counts every worker's requests, and SIGTERM stops them all with exit 0.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../server/database.ts';
import { databaseUrl } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENTS = 8;
const WORKERS = 4;
let started: ChildProcess | undefined;

// A test that timed out never reaches its finally: its supervisor (and so its workers) still go.
afterAll(() => {
  if (started?.exitCode === null) started.kill('SIGKILL');
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it('restarts a killed worker; requests not in flight on it are answered; metrics cover all workers; SIGTERM stops all', { timeout: 600_000 }, async () => {
  const port = await freePort();
  const key = `gw_live_${randomBytes(24).toString('base64url')}`;
  const child = spawn(path.join(ROOT, 'node_modules/.bin/node'), ['server/main.ts', 'gateway'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'info', LOG_FORMAT: 'json', HOST: '127.0.0.1', GATEWAY_PORT: String(port), DATABASE_URL: await databaseUrl(), GATEWAY_BOOTSTRAP_KEY: key, GATEWAY_PROCESSES: String(WORKERS) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  started = child;
  const lines: Array<Record<string, any>> = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (buffered + chunk.toString()).split('\n');
    buffered = parts.pop()!;
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const line = (msg: string) => lines.find((l) => l.msg === msg);
  try {
    await expect.poll(() => line('all service processes ready'), { timeout: 450_000, interval: 200 }).toBeTruthy();
    const pids = line('all service processes ready')!.pids.gateway as number[];
    expect(pids).toHaveLength(WORKERS);
    const url = `http://127.0.0.1:${port}`;

    let running = true;
    let answered = 0;
    const failures: string[] = [];
    // A request never answered nor closed (a connection lost between processes) would hang its client: it is counted apart.
    const hung: string[] = [];
    const client = async () => {
      while (running) {
        try {
          const res = await fetch(`${url}/api/llm/providers`, { headers: { authorization: `Bearer ${key}` }, signal: AbortSignal.timeout(20_000) });
          await res.arrayBuffer();
          if (res.status === 200) answered++;
          else failures.push(`status ${res.status}`);
        } catch (err) {
          if ((err as Error).name === 'TimeoutError') hung.push(String(err));
          else failures.push(String((err as Error).cause ?? err));
        }
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(50);
    process.kill(pids[0]!, 'SIGKILL');
    await expect.poll(() => lines.find((l) => l.msg === 'a worker process died; starting another'), { timeout: 10_000 }).toBeTruthy();
    const afterKill = answered;
    // The other workers keep answering while the new one warms up.
    await expect.poll(() => answered, { timeout: 30_000 }).toBeGreaterThan(afterKill + 50);
    await expect.poll(() => lines.filter((l) => l.msg === 'gateway listening').length, { timeout: 240_000, interval: 200 }).toBe(WORKERS + 1);
    const restarted = lines.filter((l) => l.msg === 'gateway listening').at(-1)!.pid as number;
    expect(pids).not.toContain(restarted);
    expect(alive(pids[0]!)).toBe(false);
    running = false;
    await Promise.all(clients);
    // At most the request each client had on the killed worker at that moment.
    expect(failures.length, failures.join('; ')).toBeLessThanOrEqual(CLIENTS);
    expect(hung).toEqual([]);

    // Every worker's requests are counted, whichever worker answers the scrape.
    const before = Number(/switchyard_http_requests_total\{[^}]*operation="getHealth"[^}]*\} (\d+)/.exec(await (await fetch(`${url}/metrics`)).text())?.[1] ?? 0);
    for (let i = 0; i < 20; i++) expect((await fetch(`${url}/api/llm/health`, { headers: { connection: 'close' } })).status).toBe(200);
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(Number(/switchyard_http_requests_total\{[^}]*operation="getHealth"[^}]*\} (\d+)/.exec(text)?.[1])).toBe(before + 20);

    const workers = lines.filter((l) => l.msg === 'gateway listening').map((l) => l.pid as number);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of workers) expect(alive(pid)).toBe(false);
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
});
