// A gateway worker in its own process, for tests that must kill one mid-task.
// Reads DATABASE_URL and provider settings from its environment; prints "ready".
import pino from 'pino';
import { createDb } from '../db/knex.ts';
import { startService } from '../server/service.ts';

const databaseUrl = process.env.DATABASE_URL!;
const db = createDb(databaseUrl, { max: 4 });
const running = await startService({
  db,
  databaseUrl,
  services: ['gateway'],
  gatewayPort: 0,
  analyticsPort: 0,
  host: '127.0.0.1',
  log: pino({ level: process.env.WORKER_LOG_LEVEL ?? 'silent' }),
});
process.stdout.write(`ready ${running.gatewayUrl}\n`);
