// One PostgreSQL for the whole test run: the operator's DATABASE_URL, or an
// embedded throwaway cluster. Migrations and pg-boss's schema are set up once
// here so test files can start services in parallel without racing on DDL.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PgBoss } from 'pg-boss';
import { startEmbeddedPostgres, type Database } from '../server/database.ts';
import { createDb, migrate } from '../db/knex.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let database: Database | undefined;
  let dir: string | undefined;
  let url = process.env.DATABASE_URL;
  if (!url) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-test-pg-'));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
    await chmod(dir, 0o755);
    database = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), persistent: false, database: 'switchyard_test' });
    url = database.url;
  }
  const db = createDb(url, { max: 2 });
  await migrate(db);
  await db.destroy();
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss', max: 2 });
  await boss.start();
  await boss.stop({ graceful: false });

  process.env.DATABASE_URL = url;
  project.provide('databaseUrl', url);
  return async () => {
    await database?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
