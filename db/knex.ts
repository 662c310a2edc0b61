import knex, { type Knex } from 'knex';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { readdir } from 'node:fs/promises';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// knex prints a failed connection with its stack to stdout before throwing the
// same error to the caller, who reports it (one line in the CLI, the service's
// log); printed, it would break JSON log lines and the CLI's one-line errors.
const KNEX_LOG = {
  warn(message: unknown) {
    if (!String(message).startsWith('Acquire connection error')) console.warn(message);
  },
};

export function createDb(databaseUrl: string, pool: { min?: number; max?: number } = {}): Knex {
  return knex({
    client: 'pg',
    connection: databaseUrl,
    pool: { min: pool.min ?? 0, max: pool.max ?? 20 },
    log: KNEX_LOG,
  });
}

/**
 * Migrations are imported the way the rest of the code is, and handed to knex
 * as already-imported modules, ordered by file name.
 */
class DirectoryMigrationSource implements Knex.MigrationSource<string> {
  async getMigrations(): Promise<string[]> {
    const files = await readdir(MIGRATIONS_DIR);
    return files.filter((f) => /\.(ts|js)$/.test(f) && !f.endsWith('.test.ts') && !f.endsWith('.d.ts')).sort();
  }
  getMigrationName(file: string): string {
    return file.replace(/\.(ts|js)$/, '');
  }
  async getMigration(file: string): Promise<Knex.Migration> {
    return import(path.join(MIGRATIONS_DIR, file));
  }
}

const LOCK_WAIT_MS = 120_000;

/**
 * Applies what is missing. Processes started together (the gateway and
 * analytics in two terminals) migrate one after the other, behind a
 * PostgreSQL advisory lock held on a connection of its own: knex's own lock
 * is not enough, because on an empty database knex creates its bookkeeping
 * tables before it takes that lock, and two processes creating them at once
 * fail on each other's catalog rows (and can leave two lock rows). The second
 * process then finds nothing left to do. knex's lock still guards against an
 * older version of the service that migrates without the advisory lock.
 */
export async function migrate(db: Knex): Promise<string[]> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  const guard = new pg.Client(db.client.config.connection as string | pg.ClientConfig);
  await guard.connect();
  try {
    await guard.query(`SET lock_timeout = ${LOCK_WAIT_MS}`);
    await guard.query("SELECT pg_advisory_lock(hashtext('switchyard.migrate'))");
    for (;;) {
      try {
        const [, applied] = await db.migrate.latest({ migrationSource: new DirectoryMigrationSource() });
        return applied as string[];
      } catch (err) {
        if ((err as Error).name !== 'MigrationLocked' || Date.now() > deadline) throw err;
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } finally {
    // Ending the session releases the advisory lock too.
    await guard.end().catch(() => {});
  }
}
