// What the queue benchmark needs: a PostgreSQL (embedded unless DATABASE_URL)
// and a migrated database of its own; the gateway runs on it as its own
// process (bench/gatewayProcess.ts).
import type { Knex } from 'knex';
import { throwawayPostgres } from '../server/database.ts';
import { createDb, migrate } from '../db/knex.ts';

export interface BenchContext {
  databaseUrl: string;
  db: Knex;
  waitForQueueDrain(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function createBenchContext(): Promise<BenchContext> {
  const database = await throwawayPostgres('switchyard_bench');
  const databaseUrl = database.url;
  const db = createDb(databaseUrl, { max: 10 });
  await migrate(db);
  return {
    databaseUrl,
    db,
    async waitForQueueDrain(timeoutMs = 120_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await db('gateway_tasks').whereIn('status', ['queued', 'processing']).count<{ count: string }[]>('* as count');
        if (Number(row!.count) === 0) return;
        if (Date.now() > deadline) throw new Error('queue did not drain');
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async close() {
      await db.destroy();
      await database.stop();
    },
  };
}
