// The gateway as a benchmark's system under test: a child process started
// exactly as `npm start gateway` starts it, with its own event loop, so the
// load generator and the fake upstream never share its core.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/database.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface GatewayProcess {
  url: string;
  key: string;
  pid: number;
  /** user + system CPU the process has used so far, in ms (Linux /proc). */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
}

/** The Node flags `npm start` gives the service (package.json scripts.start), so the bench runs the same process. */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

export async function startGatewayProcess(databaseUrl: string, env: Record<string, string>, opts: { cpuProfileDir?: string } = {}): Promise<GatewayProcess> {
  const key = `gw_live_${randomBytes(24).toString('base64url')}`;
  const port = await freePort();
  const child = fork(path.join(REPO, 'server/main.ts'), ['gateway'], {
    cwd: REPO,
    execArgv: [...startFlags(), ...(opts.cpuProfileDir ? ['--cpu-prof', `--cpu-prof-dir=${opts.cpuProfileDir}`] : [])],
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, DATABASE_URL: databaseUrl, GATEWAY_PORT: String(port), HOST: '127.0.0.1', GATEWAY_BOOTSTRAP_KEY: key },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  return {
    url,
    key,
    pid: child.pid!,
    cpuMs: () => cpuMs(child.pid),
    close: () => stopChild(child),
  };
}

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < 600; i++) {
    if (exited) throw new Error('gateway exited during start-up');
    try {
      if ((await fetch(`${url}/api/llm/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('gateway did not become healthy within 60 s');
}

/** SIGTERM, then SIGKILL if the child has not exited within 15 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(t);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/** user + system CPU a process has used so far, in ms (Linux /proc). */
export async function cpuMs(pid: number | undefined): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}
