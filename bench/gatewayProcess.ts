// The gateway as a benchmark's system under test: a child process started
// exactly as `npm start gateway` starts it, with its own event loop, so the
// load generator and the fake upstream never share its core.
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { freePort, sharedEmbeddedPostgres } from '../server/database.ts';
import type { HeapUse, ProbeMessage } from './heapProbe.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The database a measured gateway runs on: DATABASE_URL when set, else a
 * durable embedded cluster (fsync on), as `npm start` runs one, so usage
 * writes cost what they cost in production.
 */
export async function benchDatabase(): Promise<{ url: string; close(): Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, close: async () => {} };
  const dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-bench-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dataDir, 0o755);
  const database = await sharedEmbeddedPostgres({ dir: path.join(dataDir, 'pg') });
  return {
    url: database.url,
    async close() {
      await database.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export interface GatewayProcess {
  url: string;
  key: string;
  pid: number;
  /** user + system CPU the process has used so far, in ms (Linux /proc). */
  cpuMs(): Promise<number>;
  close(): Promise<void>;
  child: ChildProcess;
}

/** The Node flags `npm start` gives the service (package.json scripts.start), so the bench runs the same process. */
export function startFlags(): string[] {
  const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: { start: string } };
  return pkg.scripts.start.split(/\s+/).filter((word) => word.startsWith('--'));
}

/** The environment `npm start` sets before Node (NAME=value words of package.json scripts.start, e.g. MALLOC_ARENA_MAX). */
export function startEnv(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const env: Record<string, string> = {};
  for (const word of pkg.scripts.start.split(/\s+/)) {
    const m = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (m) env[m[1]!] = m[2]!;
  }
  return env;
}

/**
 * BENCH_NODE_FLAGS: more Node and V8 flags for the measured processes (the
 * gateway and the reference proxy), e.g. `--log-ic --logfile=/tmp/v8-%p.log
 * --no-logfile-per-isolate` to see which inline caches miss per request.
 */
function extraNodeFlags(): string[] {
  return (process.env.BENCH_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
}

/**
 * What a measured process gets besides `npm start`'s flags: BENCH_NODE_FLAGS,
 * a V8 CPU profile (sampled every 100 µs) into `cpuProfileDir` when given, and
 * with `heapProbe` bench/heapProbe.ts, which counts what it allocates (heapUse).
 */
export function measuredFlags(cpuProfileDir?: string, heapProbe = false): string[] {
  return [
    ...extraNodeFlags(),
    ...(cpuProfileDir ? ['--cpu-prof', '--cpu-prof-interval=100', `--cpu-prof-dir=${cpuProfileDir}`] : []),
    ...(heapProbe ? [`--import=${path.join(REPO, 'bench/heapProbe.ts')}`] : []),
  ];
}

/** What a process started with measuredFlags(_, true) allocated while `run` ran. */
export async function heapUse<T>(child: ChildProcess, run: () => Promise<T>): Promise<{ result: T; heap: HeapUse }> {
  const answer = (type: ProbeMessage['type']) =>
    new Promise<ProbeMessage>((resolve) => {
      const listener = (m: ProbeMessage) => {
        if (m?.type !== type) return;
        child.off('message', listener);
        resolve(m);
      };
      child.on('message', listener);
    });
  const started = answer('heap-probe:started');
  child.send({ type: 'heap-probe:start' } satisfies ProbeMessage);
  await started;
  const result = await run();
  const stopped = answer('heap-probe:stopped');
  child.send({ type: 'heap-probe:stop' } satisfies ProbeMessage);
  const { type: _, ...heap } = (await stopped) as Extract<ProbeMessage, { type: 'heap-probe:stopped' }>;
  return { result, heap };
}

export async function startGatewayProcess(
  databaseUrl: string,
  env: Record<string, string>,
  opts: {
    cpuProfileDir?: string;
    /** Node flags in place of `npm start`'s. */
    flags?: string[];
    /** The bootstrap key: gateways sharing a database must share it (another replaces it). */
    key?: string;
    /** Load bench/heapProbe.ts (for heapUse). */
    heapProbe?: boolean;
  } = {},
): Promise<GatewayProcess> {
  const key = opts.key ?? `gw_live_${randomBytes(24).toString('base64url')}`;
  const port = await freePort();
  const execArgv = [...(opts.flags ?? startFlags()), ...measuredFlags(opts.cpuProfileDir, opts.heapProbe)];
  const child = fork(path.join(REPO, 'server/main.ts'), ['gateway'], {
    cwd: REPO,
    execArgv,
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    // One process, measured by its pid (`npm start` would start one per core under a supervisor).
    env: { ...process.env, ...startEnv(), LOG_LEVEL: 'warn', GATEWAY_PROCESSES: '1', ...env, DATABASE_URL: databaseUrl, GATEWAY_PORT: String(port), HOST: '127.0.0.1', GATEWAY_BOOTSTRAP_KEY: key },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitHealthy(url, child);
  // The service answers health checks while it still compiles its request
  // validators in the background (seconds when quiet, minutes on a busy
  // machine): that CPU must not be counted as the requests'.
  await waitIdle(child.pid, { steady: execArgv.includes('--cpu-prof') });
  return {
    url,
    key,
    pid: child.pid!,
    cpuMs: () => cpuMs(child.pid),
    close: () => stopChild(child),
    child,
  };
}

/** Polls the health route until it answers 200; fails if the child exits or `budgetMs` passes (under valgrind: minutes). */
export async function waitHealthy(url: string, child: ChildProcess, { budgetMs = 60_000, intervalMs = 100 } = {}): Promise<void> {
  let exited = false;
  child.once('exit', () => (exited = true));
  for (let i = 0; i < budgetMs / intervalMs; i++) {
    if (exited) throw new Error('gateway exited during start-up');
    try {
      if ((await fetch(`${url}/api/llm/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  throw new Error(`gateway did not become healthy within ${budgetMs / 1000} s`);
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

/**
 * Resolves once the process's main thread has wanted less than `idleMs` of
 * CPU over a `windowMs` window (its start-up work is done), or after
 * `timeoutMs`. Wanted: on a core or waiting for one (/proc schedstat), so a
 * process starved by a busy machine does not pass for idle.
 */
export async function waitIdle(pid: number | undefined, { windowMs = 1000, idleMs = 50, timeoutMs = 600_000, steady = false } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let before = await demandMs(pid);
  let last = Infinity;
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, windowMs));
    const now = await demandMs(pid);
    const used = now - before;
    if (!(used >= idleMs)) return;
    // A profiled process is never that idle (the sampler interrupts its thread
    // thousands of times a second): its start-up is over once its demand stops falling.
    if (steady && used > last * 0.9) return;
    last = used;
    before = now;
  }
}

/** ms the main thread has spent on a core or runnable waiting for one (Linux /proc schedstat). */
async function demandMs(pid: number | undefined): Promise<number> {
  try {
    const [running, waiting] = (await readFile(`/proc/${pid}/schedstat`, 'utf8')).split(' ').map(Number);
    return (running! + waiting!) / 1e6;
  } catch {
    return NaN;
  }
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

/**
 * A queued native call as a client makes it: POST the body to `path`, then
 * poll POST /api/llm/queue/result every `pollMs` until the task ends. True
 * when it completed.
 */
export async function submitAndWait(g: Pick<GatewayProcess, 'url' | 'key'>, path: string, body: string, pollMs: number): Promise<boolean> {
  const headers = { authorization: `Bearer ${g.key}`, 'content-type': 'application/json' };
  const sub = await fetch(`${g.url}${path}`, { method: 'POST', headers, body });
  const queued = (await sub.json()) as { data?: { queueId?: string } };
  if (!sub.ok || !queued.data?.queueId) return false;
  const poll = JSON.stringify({ queueId: queued.data.queueId });
  for (;;) {
    const res = await fetch(`${g.url}/api/llm/queue/result`, { method: 'POST', headers, body: poll });
    await res.arrayBuffer();
    if (res.status !== 202) return res.status === 200;
    await new Promise((r) => setTimeout(r, pollMs));
  }
}
