// The gateway's long-lived parts in one process: notifications, the task
// queue and its workers, and the in-process provider slots for /v1 calls.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import type { PgBoss } from 'pg-boss';
import { Notifier } from '../jobs/notifier.ts';
import { TaskQueue, type QueueOptions } from '../jobs/queue.ts';
import { runTask } from './tasks/index.ts';
import { scheduleGatewayCleanup } from '../jobs/gatewayCleanup.ts';
import { providerLimits, type ProviderLimits } from '../providers/registry.ts';
import { LocalSlots } from './slots.ts';
import { loadDeployments } from '../providers/deployments.ts';
import { useDeployments, withDeploymentLimits } from './deployments.ts';
import { OCR_PROVIDER, ocrConcurrency, stopOcrEngine } from './ocr.ts';
import { engineGroupLimits } from './vision.ts';
import { ensureTrainingQueue, startTrainingRunner, type TrainingRunner } from './visionTrainer.ts';
import { closeVisionEngine, visionConfig } from '../engines/vision/index.ts';
import { scheduleRecurring } from '../jobs/recurring.ts';
import { AGENT_MAINTENANCE_JOB, runAgentMaintenance } from './agents/maintenance.ts';
import { drainRelays } from './agents/relay.ts';
import { onUnpriced } from '../pricing/cost.ts';
import { secretBox } from './agents/secrets.ts';
import { RequestLog } from './requestLog.ts';
import { ensureBatchQueue, startBatchRunner, type BatchDeps } from './batches.ts';

export const REQUEST_LOG_RETENTION_JOB = 'gateway-request-log-retention';
import { circuits } from './circuitBreaker.ts';
import { shareCircuits } from './sharedCircuits.ts';
import { usageBatcher } from './usageBatch.ts';
import { Governor, type Clock } from './governance/governor.ts';
import { BUDGET_ALERT_QUEUE, ensureAlertQueue, sendBudgetAlert } from './governance/alerts.ts';

export interface GatewayRuntime {
  notifier: Notifier;
  queue: TaskQueue;
  slots: LocalSlots;
  limits: ProviderLimits;
  requestLog: RequestLog;
  /** What the batch protocol's operations run with (core/batches.ts). */
  batches: BatchDeps;
  /** Allow-lists, rate limits and budgets of keys, teams and tags. */
  governor: Governor;
  stop(): Promise<void>;
}

export async function startGatewayRuntime(o: {
  db: Knex;
  boss: PgBoss;
  log: Logger;
  databaseUrl: string;
  env: NodeJS.ProcessEnv;
  /** Tests move time by hand (expiry, windows); else Date.now. */
  clock?: Clock;
  /** Each task this process ran and ended (jobs/queue.ts QueueOptions.taskEnded). */
  taskEnded?: QueueOptions['taskEnded'];
}): Promise<GatewayRuntime> {
  // An operator learns of a model the catalogue cannot price from the log, once per model, not from the invoice.
  onUnpriced((provider, model) =>
    o.log.warn({ provider, model }, `model missing from the price catalogue: ${provider}/${model} calls are billed 0 (marked unpriced) until pricing/catalogue.json has its prices`),
  );
  // switchyard.yaml's deployments: a fault in the file stops the start, naming its line.
  useDeployments(loadDeployments(o.env), providerLimits(o.env));
  const limits = withDeploymentLimits(providerLimits(o.env));
  const requestLog = new RequestLog({ db: o.db, log: o.log, env: o.env });
  const notifier = new Notifier(o.databaseUrl, o.db, o.log);
  await notifier.start();
  notifier.on('gateway_keys', () => requestLog.clear());
  const sharedCircuits = await shareCircuits({ db: o.db, notifier, log: o.log, breakers: circuits(o.env) });
  const governor = new Governor(o.db, { clock: o.clock, log: o.log, boss: o.boss, env: o.env });
  await governor.start();
  usageBatcher(o.db).onCrossed = (rows) => governor.crossed(rows);
  // Teams' and tags' policies are announced on the keys' channel (db trigger gateway_policies_changed).
  notifier.on('gateway_keys', () => void governor.reload().catch(() => {}));
  const queue = new TaskQueue({
    db: o.db,
    databaseUrl: o.databaseUrl,
    boss: o.boss,
    log: o.log,
    notifier,
    // The local OCR engine is queued like a provider: its limit is its worker threads.
    // Vision tasks queue in groups of their own: the local engine and each web-detection engine.
    limits: { ...limits, [OCR_PROVIDER]: ocrConcurrency(o.env), ...engineGroupLimits(o.env) },
    run: (task, signal, finish) => runTask({ db: o.db, notifier, log: o.log, env: o.env }, task, signal, finish),
    // A caller's provider key waits in the database sealed under SWITCHYARD_SECRET_KEY, as webhook
    // secrets do; the key (or its file) is read when the first such task comes.
    secrets: () => secretBox(o.env),
    capacity: Number(o.env.GATEWAY_WORKER_CAPACITY || 256),
    budgetCrossed: (rows) => governor.crossed(rows),
    ...(o.taskEnded ? { taskEnded: o.taskEnded } : {}),
  });
  await queue.ensureQueues();
  await ensureTrainingQueue(o.boss);
  await ensureBatchQueue(o.boss);
  const batches: BatchDeps = { db: o.db, queue, boss: o.boss, env: o.env, log: o.log, governor };
  let training: TrainingRunner | undefined;
  // GATEWAY_WORKERS=0 makes an API-only process: it accepts tasks, other processes run them.
  await ensureAlertQueue(o.boss);
  if (o.env.GATEWAY_WORKERS !== '0') {
    await o.boss.work(BUDGET_ALERT_QUEUE, async ([job]) => sendBudgetAlert(job!.data as never, o.env));
    await queue.start();
    await scheduleGatewayCleanup(o.boss, o.db);
    await startBatchRunner(batches);
    if (visionConfig(o.env).enabled) training = await startTrainingRunner({ boss: o.boss, db: o.db, log: o.log, env: o.env });
    // Hourly: recordings past 30 days, idle sessions, upstream parts left to delete.
    await scheduleRecurring(o.boss, AGENT_MAINTENANCE_JOB, '25 * * * *', () => runAgentMaintenance({ db: o.db, env: o.env, log: o.log }));
    // Hourly: request-log entries past GATEWAY_REQUEST_LOG_RETENTION_DAYS.
    await scheduleRecurring(o.boss, REQUEST_LOG_RETENTION_JOB, '40 * * * *', () => requestLog.purge());
  }
  return {
    notifier,
    queue,
    slots: new LocalSlots(limits),
    limits,
    requestLog,
    batches,
    governor,
    async stop() {
      await governor.stop().catch((err) => o.log.warn({ err }, 'could not return leases of limits and budgets'));
      await requestLog.flush();
      await training?.stop();
      await queue.stop();
      await stopOcrEngine();
      await closeVisionEngine();
      // Relays under way end by their own deadline.
      await drainRelays();
      sharedCircuits.stop();
      await notifier.stop();
    },
  };
}
