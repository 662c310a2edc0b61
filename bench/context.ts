// What every benchmark needs: a PostgreSQL (embedded unless DATABASE_URL), a
// migrated database of its own, and a way to start the gateway on it.
import type { Knex } from 'knex';
import pino from 'pino';
import { throwawayPostgres } from '../server/database.ts';
import { createDb, migrate } from '../db/knex.ts';
import { startService } from '../server/service.ts';
import { mintKey } from '../server/keys.ts';
import { GATEWAY_KEY_PREFIX } from '../server/gatewayAuth.ts';
import { insertGatewayKey } from '../db/gateway/insertGatewayKey.ts';

export interface BenchContext {
  databaseUrl: string;
  db: Knex;
  startGateway(env: Record<string, string>): Promise<{ url: string; key: string; close(): Promise<void> }>;
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
    async startGateway(env) {
      Object.assign(process.env, env);
      const service = await startService({
        db,
        databaseUrl,
        services: ['gateway'],
        gatewayPort: 0,
        analyticsPort: 0,
        host: '127.0.0.1',
        jsonLimitBytes: 10 * 1024 * 1024,
        env: process.env,
        log: pino({ level: 'warn' }),
      });
      const minted = mintKey(GATEWAY_KEY_PREFIX);
      await insertGatewayKey(db, { lookup: minted.lookup, hash: minted.hash, name: 'bench' });
      return { url: service.gatewayUrl!, key: minted.plaintext, close: () => service.stop(2_000) };
    },
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
