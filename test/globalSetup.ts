// One PostgreSQL for the whole test run: the operator's DATABASE_URL, or an
// embedded throwaway cluster. A template database is migrated (and given
// pg-boss's schema) once; every test file clones it (CREATE DATABASE …
// TEMPLATE), so files running in parallel never share tasks, queues or keys.
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
    templateDatabase: string;
  }
}

const TEMPLATE = 'switchyard_template';

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let database: Database | undefined;
  let dir: string | undefined;
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    dir = await mkdtemp(path.join(os.tmpdir(), 'switchyard-test-pg-'));
    // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
    await chmod(dir, 0o755);
    database = await startEmbeddedPostgres({ dir: path.join(dir, 'data'), persistent: false, database: 'postgres' });
    serverUrl = database.url;
  }
  const admin = createDb(withDatabase(serverUrl, 'postgres'), { max: 1 });
  await admin.raw(`DROP DATABASE IF EXISTS ${TEMPLATE} WITH (FORCE)`);
  await admin.raw(`CREATE DATABASE ${TEMPLATE}`);
  await admin.destroy();

  const templateUrl = withDatabase(serverUrl, TEMPLATE);
  const db = createDb(templateUrl, { max: 2 });
  await migrate(db);
  await db.destroy();
  const boss = new PgBoss({ connectionString: templateUrl, schema: 'pgboss', max: 2, supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });

  project.provide('databaseUrl', templateUrl);
  project.provide('templateDatabase', TEMPLATE);
  return async () => {
    await database?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
