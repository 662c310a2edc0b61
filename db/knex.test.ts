// Processes started together on an empty database (the gateway and analytics
// in two terminals, on a first start) migrate it once between them.
import { afterAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDb, migrate } from './knex.ts';
import { withDatabase } from '../test/globalSetup.ts';

const made: string[] = [];
const admin = () => createDb(withDatabase(inject('databaseUrl'), 'postgres'), { max: 1 });

afterAll(async () => {
  const db = admin();
  for (const name of made) await db.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await db.destroy();
});

it('migrators racing on an empty database apply every migration once, and none fails', { timeout: 120_000 }, async () => {
  // A race either way is a matter of timing: several empty databases, four migrators each.
  for (let round = 0; round < 4; round++) {
    const name = `migrate_race_${process.pid}_${round}`;
    const db = admin();
    await db.raw(`CREATE DATABASE ${name}`);
    await db.destroy();
    made.push(name);
    const url = withDatabase(inject('databaseUrl'), name);
    const migrators = Array.from({ length: 4 }, () => createDb(url, { max: 2 }));
    try {
      const applied = await Promise.all(migrators.map((m) => migrate(m)));
      const all = applied.flat();
      // Each migration applied by exactly one of them.
      expect(new Set(all).size).toBe(all.length);
      const rows = await migrators[0]!('knex_migrations').select('name');
      expect(rows.map((r) => r.name).sort()).toEqual([...all].sort());
      expect(all.length).toBeGreaterThan(0);
    } finally {
      await Promise.all(migrators.map((m) => m.destroy()));
    }
  }
});
