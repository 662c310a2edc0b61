// One PostgreSQL for the whole test run: the operator's DATABASE_URL, or an
// embedded throwaway cluster. A template database is migrated (and given
// pg-boss's schema) once; every test file clones it (CREATE DATABASE …
// TEMPLATE), so files running in parallel never share tasks, queues or keys.
import type { TestProject } from 'vitest/node';
import { PgBoss } from 'pg-boss';
import { throwawayPostgres } from '../server/database.ts';
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
  const database = await throwawayPostgres('postgres');
  const serverUrl = database.url;
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
  return () => database.stop();
}
