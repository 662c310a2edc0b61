// `npm start` as an operator runs it: two services started separately share
// one embedded PostgreSQL (the first starts it, the last stops it, a crashed
// one does not count), SIGTERM to npm reaches the server and stops the
// database, and a busy port is one readable line naming its variable.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { freePort } from '../server/database.ts';
import { runCli } from '../cli/index.ts';
import { databaseUrl } from './support.ts';

const ROOT = path.resolve(import.meta.dirname, '..');

interface Started {
  npm: ChildProcess;
  lines: Array<Record<string, any>>;
  /** The node process npm runs (from its log lines). */
  pid(): number;
  waitFor(msg: string, timeoutMs?: number): Promise<Record<string, any>>;
  exited: Promise<number | null>;
}

const running: Started[] = [];
afterAll(() => {
  for (const s of running) if (s.npm.exitCode === null) s.npm.kill('SIGKILL');
});

function npmStart(service: string, env: Record<string, string>): Started {
  const npm = spawn('npm', ['start', '--', service], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'info', LOG_FORMAT: 'json', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: Array<Record<string, any>> = [];
  const waiters: Array<() => void> = [];
  let buffered = '';
  npm.stdout!.on('data', (chunk: Buffer) => {
    buffered += chunk.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part));
    for (const wake of waiters.splice(0)) wake();
  });
  let stderr = '';
  npm.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => npm.once('exit', (code) => resolve(code)));
  const started: Started = {
    npm,
    lines,
    exited,
    pid: () => lines[0]!.pid as number,
    async waitFor(msg, timeoutMs = 180_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = lines.find((l) => l.msg === msg);
        if (found) return found;
        const fatal = lines.find((l) => l.level >= 60);
        if (fatal || npm.exitCode !== null) throw new Error(`${service} did not start: ${JSON.stringify(fatal ?? lines.at(-1))} ${stderr}`);
        if (Date.now() > deadline) throw new Error(`${service}: no "${msg}" within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 500);
        });
      }
    },
  };
  running.push(started);
  return started;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

describe('npm start', () => {
  test('gateway and analytics started apart share the embedded PostgreSQL; it outlives either, and stops with the last', { timeout: 600_000 }, async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-start-'));
    // As root, PostgreSQL runs as the postgres user, which must be able to enter the directory.
    await chmod(dataDir, 0o755);
    const env = {
      SWITCHYARD_DATA_DIR: dataDir,
      GATEWAY_PORT: String(await freePort()),
      ANALYTICS_PORT: String(await freePort()),
      ANALYTICS_INVITE_CODES: 'start-test',
    };
    const gatewayUrl = `http://127.0.0.1:${env.GATEWAY_PORT}`;
    const analyticsUrl = `http://127.0.0.1:${env.ANALYTICS_PORT}`;
    const cluster = path.join(dataDir, 'postgres');
    const pgPort = () => Number(readFileSync(path.join(cluster, 'postmaster.pid'), 'utf8').split('\n')[3]);
    try {
      // Started at the same moment: one of them starts PostgreSQL, the other joins it.
      let gateway = npmStart('gateway', env);
      const analytics = npmStart('analytics', env);
      await Promise.all([gateway.waitFor('gateway listening'), analytics.waitFor('analytics listening')]);
      const port = pgPort();
      expect(Number(readFileSync(`${cluster}.port`, 'utf8'))).toBe(port);

      const project = await (
        await fetch(`${analyticsUrl}/v1/projects`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ inviteCode: 'start-test', name: 'Start', domains: ['start.test'] }),
        })
      ).json();
      const analyticsKey = project.apiKey as string;
      // The CLI joins the running cluster and leaves it running.
      const out: string[] = [];
      expect(await runCli(['keys', 'create', '--quiet'], { out: (l) => out.push(l), err: (l) => out.push(l), env: { ...process.env, ...env, DATABASE_URL: '' } })).toBe(0);
      const gatewayKey = out[0]!;
      expect(await accepts(port)).toBe(true);

      // SIGTERM to npm reaches node: the gateway stops, PostgreSQL stays for analytics.
      const gatewayPid = gateway.pid();
      gateway.npm.kill('SIGTERM');
      expect(await gateway.exited).toBe(0);
      expect(alive(gatewayPid)).toBe(false);
      expect(await accepts(Number(env.GATEWAY_PORT))).toBe(false);
      const seen = await fetch(`${analyticsUrl}/v1/project`, { headers: { authorization: `Bearer ${analyticsKey}` } });
      expect(seen.status).toBe(200);

      // A restarted gateway finds the same PostgreSQL on the same port, keys and all.
      gateway = npmStart('gateway', env);
      await gateway.waitFor('gateway listening');
      expect(pgPort()).toBe(port);
      expect((await fetch(`${gatewayUrl}/api/llm/providers`, { headers: { authorization: `Bearer ${gatewayKey}` } })).status).toBe(200);

      // analytics dies without leaving (a crash): it no longer counts.
      process.kill(analytics.pid(), 'SIGKILL');
      await analytics.exited;
      gateway.npm.kill('SIGTERM');
      expect(await gateway.exited).toBe(0);
      expect(existsSync(path.join(cluster, 'postmaster.pid'))).toBe(false);
      expect(await accepts(port)).toBe(false);
    } finally {
      for (const s of running) if (s.npm.exitCode === null) s.npm.kill('SIGKILL');
      await rm(dataDir, { recursive: true, force: true }).catch(() => {});
    }
  });

  test('a busy port is one readable line naming its variable, and nothing is left running', { timeout: 120_000 }, async () => {
    const busy = net.createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as net.AddressInfo).port;
    try {
      const node = path.join(ROOT, 'node_modules/.bin/node');
      const child = spawn(node, ['server/main.ts', 'gateway'], {
        cwd: ROOT,
        env: { ...process.env, NODE_ENV: '', LOG_LEVEL: 'info', LOG_FORMAT: 'pretty', HOST: '127.0.0.1', GATEWAY_PORT: String(port), DATABASE_URL: await databaseUrl() },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      const lines = output.trim().split('\n');
      const mentions = lines.filter((l) => l.includes(`GATEWAY_PORT=${port}`));
      expect(mentions).toHaveLength(1);
      expect(mentions[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] FATAL: GATEWAY_PORT=\d+: the port is in use/);
      expect(output).not.toMatch(/^\s+at /m);
      expect(output).not.toContain('{"level"');
    } finally {
      busy.close();
    }
  });
});
