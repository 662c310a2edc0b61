// Starts the gateway and/or analytics HTTP services on a database that is
// already migrated. Used by `npm start` and by the tests.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { createLogger, flushLog } from './logger.ts';
import { logFormatOf, StartupError } from './config.ts';
import { usageBatcher } from '../core/usageBatch.ts';
import { PgBoss } from 'pg-boss';
import { clientErrorHandler, compileValidators, createApp, mountSurface, type MountedSurface } from './app.ts';
import { importHandlers, loadHandlers } from './handlers.ts';
import { listenOn } from './listen.ts';
import { ConsoleService } from '../core/console/service.ts';
import { consoleSettings, ConsoleSettingsError } from '../core/console/settings.ts';
import { createGatewayAuthenticator, GATEWAY_KEY_PREFIX } from '../core/gatewayAuth.ts';
import { gatewaySurface } from './surfaces/gateway.ts';
import { compatSurface } from './surfaces/compat.ts';
import { staticRoutes } from './middleware/staticRoutes.ts';
import { metricsRoute } from './middleware/metrics.ts';
import { requestLogging } from './middleware/requestLog.ts';
import { taskCounting, trafficCounting } from './middleware/traffic.ts';
import { collectGatewayGauges } from '../core/metrics.ts';
import type { SurfaceDefinition } from './surface.ts';
import { startGatewayRuntime } from '../core/runtime.ts';
import type { Deps } from '../handlers/types.ts';
import { startTelemetry } from '../metrics/telemetry.ts';
import { Readiness } from '../db/readiness.ts';
import { sendWarmUpCalls, WARM_UP_CALLS, type WarmUpReport } from './warmUp.ts';
// Imported only by a process serving analytics: it reaches the analytics query layer and its geo tables.
import type { AnalyticsWarmUpReport } from './analyticsWarmUp.ts';
import type { SegmentStore } from '../analytics/query/store.ts';

export type { ServiceName } from './config.ts';
import type { ServiceName } from './config.ts';

export interface ServiceOptions {
  db: Knex;
  databaseUrl: string;
  services: ServiceName[];
  gatewayPort: number;
  analyticsPort: number;
  host: string;
  bootstrapKey?: string;
  log?: Logger;
  env?: NodeJS.ProcessEnv;
  /**
   * Warm up before saying ready (`npm start`): the database pool opened, the
   * hot operations' request validators compiled, the key lookup run, and a few
   * hundred real /v1 calls sent through the gateway (server/warmUp.ts). Without
   * it (tests) all of that happens on first use and the service is ready once listening.
   */
  warmUp?: boolean;
  /** How many /v1 calls the warm-up sends (server/warmUp.ts WARM_UP_CALLS; tests send fewer). */
  warmUpCalls?: number;
  /** How long ready waits for the analytics warm-up's questions (server/analyticsWarmUp.ts BUDGET_MS). */
  analyticsWarmUpMs?: number;
  /**
   * Given, the warm-up runs before listening (rather than while listening with
   * readiness answering 503) and listening waits for this: for a worker of
   * `npm start`'s cluster, whose port is shared, listening is taking
   * connections, so a cold worker would be given requests.
   */
  listenWhen?: () => Promise<void>;
  /** The time keys expire and limits' windows turn by; Date.now unless a test moves it. */
  clock?: () => number;
}

// Connections opened before ready: as many as a burst of concurrent requests takes at once.
const WARM_CONNECTIONS = 10;

export interface RunningService {
  gatewayUrl?: string;
  analyticsUrl?: string;
  deps: Deps;
  /** Finishes in-flight requests (up to graceMs), then stops background work. */
  stop(graceMs?: number): Promise<void>;
  /** Compiles every operation's validators now, the hot paths first, while requests are served. */
  compileValidators(): Promise<number>;
  /** What the warm-up's /v1 calls did, when it sent them. */
  warmUpReport?: WarmUpReport;
  /** What the analytics warm-up's questions did before ready (server/analyticsWarmUp.ts). */
  analyticsWarmUpReport?: AnalyticsWarmUpReport;
}

// The operations a busy service answers most: their validators are compiled first.
const HOT_OPERATIONS = [
  'createChatCompletion',
  'createMessage',
  'createResponse',
  'createEmbedding',
  'submitCompletion',
  'getQueueResult',
  'getQueueStatus',
  'streamQueueTask',
  'collectEvent',
  // The analytics dashboard's first questions (server/analyticsWarmUp.ts asks them before ready).
  'getOverview',
  'getDashboardStats',
  'getTimeseries',
  'getReadiness',
];

interface Listener {
  server: http.Server;
  url: string;
}

async function listen(app: Koa<any>, where: { port: number; host: string; portEnv: string }, surfaces: MountedSurface[]): Promise<Listener> {
  const { host } = where;
  const server = http.createServer(app.callback());
  server.on('clientError', clientErrorHandler(surfaces));
  // Long SSE streams and slow uploads must not be cut by Node's request timeout.
  server.requestTimeout = 0;
  server.keepAliveTimeout = 65_000;
  await listenOn(server, where);
  const address = server.address() as AddressInfo;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return { server, url: `http://${shownHost}:${address.port}` };
}

async function close(listener: Listener, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => listener.server.close(() => resolve()));
  listener.server.closeIdleConnections();
  const timer = setTimeout(() => listener.server.closeAllConnections(), graceMs);
  await closed;
  clearTimeout(timer);
}

export async function startService(opts: ServiceOptions): Promise<RunningService> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? createLogger({ level: env.LOG_LEVEL || 'info', format: logFormatOf(env), redact: ['req.headers.authorization', 'req.headers["x-api-key"]'] });
  // The supervisor notices dead workers (missed heartbeats); a shorter interval finds them sooner.
  const superviseSeconds = Number(env.GATEWAY_SUPERVISE_SECONDS || 15);
  const boss = new PgBoss({
    connectionString: opts.databaseUrl,
    schema: 'pgboss',
    max: 6,
    superviseIntervalSeconds: superviseSeconds,
    monitorIntervalSeconds: superviseSeconds,
  });
  boss.on('error', (err) => log.error({ err }, 'pg-boss error'));
  await boss.start();
  // Before the apps are made: they trace requests only when exporting.
  const telemetry = await startTelemetry(env);
  const readiness = new Readiness(opts.db);
  const deps: Deps = { db: opts.db, log, env, boss, readiness };
  const stoppers: Array<() => Promise<void>> = [];
  const listeners: Listener[] = [];
  const mountedAll: MountedSurface[] = [];
  const pendingListens: Array<() => Promise<void>> = [];
  let gatewayApp: Koa<any> | undefined;
  const running: RunningService = { deps, stop: async () => {}, compileValidators: () => compileValidators(mountedAll, HOT_OPERATIONS) };

  const startSurfaces = async (defs: SurfaceDefinition[]): Promise<MountedSurface[]> => {
    const mounted: MountedSurface[] = [];
    for (const def of defs) {
      const started = await def.start?.(deps);
      if (started) stoppers.push(() => started.stop());
      mounted.push(await mountSurface(def, def.name === 'compat' ? ['/v1/'] : def.name === 'gateway' ? ['/api/'] : ['/']));
    }
    mountedAll.push(...mounted);
    return mounted;
  };

  running.stop = async (graceMs = 10_000) => {
    readiness.drain();
    await Promise.all(listeners.map((l) => close(l, graceMs)));
    // The /v1 handlers record usage after answering; those records must be written before the database goes.
    await usageBatcher(opts.db)
      .flush()
      .catch((err) => log.error({ err }, 'could not record usage on shutdown'));
    for (const stop of stoppers.reverse()) await stop();
    await boss.stop({ graceful: true, timeout: graceMs });
    await telemetry?.stop().catch((err) => log.error({ err }, 'could not export the last traces'));
    await flushLog(log);
  };

  try {
    if (opts.services.includes('gateway')) {
      const auth = await createGatewayAuthenticator(opts.db, opts.bootstrapKey, log, opts.clock);
      deps.gatewayAuth = auth;
      let settings;
      try {
        settings = consoleSettings(env);
      } catch (err) {
        throw err instanceof ConsoleSettingsError ? new StartupError(err.message) : err;
      }
      const consoleService = new ConsoleService(opts.db, settings);
      deps.console = consoleService;
      stoppers.push(() => consoleService.traffic.stop());
      const runtime = await startGatewayRuntime({ db: opts.db, boss, log, databaseUrl: opts.databaseUrl, env, clock: opts.clock, taskEnded: taskCounting(consoleService.traffic) });
      deps.gateway = runtime;
      runtime.notifier.on('gateway_keys', () => auth.clear());
      stoppers.push(() => runtime.stop());
      const surfaces = await startSurfaces([
        compatSurface(auth, await loadHandlers('compat')),
        gatewaySurface(auth, await loadHandlers('gateway'), consoleService),
      ]);
      const metrics = metricsRoute({ env, collect: () => collectGatewayGauges(opts.db, runtime) });
      const app = createApp({ deps, surfaces, service: 'gateway', extra: [metrics, requestLogging(runtime.requestLog), trafficCounting(consoleService.traffic), staticRoutes(['gateway', 'compat'])] });
      gatewayApp = app;
      pendingListens.push(async () => {
        const listener = await listen(app, { port: opts.gatewayPort, host: opts.host, portEnv: 'GATEWAY_PORT' }, surfaces);
        listeners.push(listener);
        running.gatewayUrl = listener.url;
      });
    }
    if (opts.services.includes('analytics')) {
      const { analyticsSurface } = await import('./surfaces/analytics.ts');
      const surfaces = await startSurfaces([analyticsSurface]);
      const app = createApp({ deps, surfaces, service: 'analytics', extra: [metricsRoute({ env }), staticRoutes(['analytics'])] });
      pendingListens.push(async () => {
        const listener = await listen(app, { port: opts.analyticsPort, host: opts.host, portEnv: 'ANALYTICS_PORT' }, surfaces);
        listeners.push(listener);
        running.analyticsUrl = listener.url;
      });
    }
    if (!opts.listenWhen) for (const listenNow of pendingListens) await listenNow();
    if (opts.warmUp) {
      await warmUp(opts.db, mountedAll, deps);
      if (gatewayApp && deps.gatewayAuth) {
        running.warmUpReport = await sendWarmUpCalls({ app: gatewayApp, auth: deps.gatewayAuth, log, calls: opts.warmUpCalls ?? WARM_UP_CALLS });
        log.info(running.warmUpReport, 'warm-up calls answered');
      }
      // Set by the analytics surface's start: this process serves analytics.
      if (deps.analyticsStore) {
        const { warmAnalytics } = await import('./analyticsWarmUp.ts');
        const { report, rest } = warmAnalytics({ db: opts.db, store: deps.analyticsStore as SegmentStore, log, budgetMs: opts.analyticsWarmUpMs });
        // The surface's background tallying starts once the questions still running are answered.
        deps.analyticsWarming = rest;
        running.analyticsWarmUpReport = await report;
        log.info(running.analyticsWarmUpReport, 'analytics warm-up questions answered');
      }
    }
    if (opts.listenWhen) {
      await opts.listenWhen();
      for (const listenNow of pendingListens) await listenNow();
    }
    readiness.warmedUp();
    if (opts.warmUp) {
      const stopRelease = releaseStartupMemoryWhenQuiet(log);
      stoppers.push(async () => stopRelease());
    }
  } catch (err) {
    // A service that cannot start (a busy port) leaves nothing running behind it.
    await running.stop(0).catch(() => {});
    throw err;
  }
  return running;
}

/**
 * What the first seconds after a start would otherwise pay for on callers'
 * requests (a p99 of ~900 ms at 500 requests/s): connections to the database,
 * openapi-backend compiling each operation's validators on its first request
 * and V8 compiling them on their first run, the hot operations' handler
 * modules (imported on first call otherwise), and cold code on the key lookup.
 * The rest of the request path is warmed by real calls (server/warmUp.ts).
 */
async function warmUp(db: Knex, surfaces: MountedSurface[], deps: Deps): Promise<void> {
  await Promise.all(Array.from({ length: WARM_CONNECTIONS }, () => db.raw('SELECT 1')));
  // The hot operations only: compiling all ~180 is seconds of CPU per process (a minute on a
  // busy machine) and memory in each; the rest compile on their first request.
  await compileValidators(surfaces, HOT_OPERATIONS, { onlyFirst: true });
  // A validator's first run compiles its generated code (~5 ms for a chat completion's): paid here, not by a caller.
  const empty = { path: {}, query: {}, header: {}, cookie: {}, requestBody: {} };
  for (const { api } of surfaces) {
    for (const id of HOT_OPERATIONS) if (api.getOperation(id)) for (const validate of api.validator.getRequestValidatorsForOperation(id)) validate(empty);
  }
  for (const surface of surfaces) await importHandlers(surface.def.handlers, HOT_OPERATIONS);
  // An unknown key of the right shape: the lookup runs through to the database and is refused.
  const unknown = { authorization: `Bearer ${GATEWAY_KEY_PREFIX}${'0'.repeat(43)}` };
  for (let i = 0; i < 20; i++) await deps.gatewayAuth?.authenticate(unknown);
}

// The event loop's share of busy time under which a second counts as quiet (probes and timers only).
const QUIET_UTILIZATION = 0.02;
const QUIET_SECONDS = 5;

/**
 * Start-up leaves V8's young generation at its largest (the survivors of
 * loading ~1,500 modules and two OpenAPI documents grow it to the semi-space
 * cap), the old generation holding start-up's garbage, and the pages V8 freed
 * kept for reuse: ~70 MB of an idle gateway's ~210 MB RSS, which V8 never
 * returns while the process idles (no collection runs). One last-resort
 * collection returns them to the system. It runs once the process has been
 * quiet for a few seconds after its start, not in the warm-up: it leaves the
 * heap at its smallest, which a process taking load at once would spend its
 * first seconds growing again (more collections, a slower first second), and
 * it pauses the process (~330 ms on a busy 2-vCPU machine), which only a
 * request arriving at that moment notices. `npm start` exposes the
 * collector (`--expose-gc`); without it this does nothing. Returns a stop.
 */
function releaseStartupMemoryWhenQuiet(log: Logger): () => void {
  const gc = (globalThis as { gc?: (options: object) => void }).gc;
  if (!gc) return () => {};
  let last = performance.eventLoopUtilization();
  let quiet = 0;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    quiet = performance.eventLoopUtilization(now, last).utilization < QUIET_UTILIZATION ? quiet + 1 : 0;
    last = now;
    if (quiet < QUIET_SECONDS) return;
    clearInterval(timer);
    const started = performance.now();
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    log.info({ ms: Math.round(performance.now() - started), rssMb: Math.round(process.memoryUsage.rss() / 1e6) }, 'start-up memory released');
  }, 1000);
  timer.unref();
  return () => clearInterval(timer);
}
