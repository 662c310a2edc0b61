// The task queue: the product's task row plus a pg-boss job (same id) written
// in one transaction. pg-boss's groupConcurrency (group = provider) holds the
// per-provider limit across every process; heartbeats let pg-boss's supervisor
// retry or dead-letter the jobs of a worker that died.
//
// Two ways a task starts, both under one advisory lock so the limit is exact:
// - at submit: when this process has room and the provider a free slot, the
//   submitting transaction claims the task itself (task processing, job
//   active) and runs it the moment it commits: no wake-up, no fetch;
// - otherwise it waits as a pg-boss job, and whichever process frees a slot
//   (or hears of new work) fetches it.
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { fromKnex, type PgBoss } from 'pg-boss';
import { submitTasks, type NewTask } from '../db/gateway/submitTasks.ts';
import { PipelinedConnection, type Statement } from '../db/pipeline.ts';
import { pgBossStatement } from './pgBossStatement.ts';
import { startTasks } from '../db/gateway/startTask.ts';
import { lockTaskClaims } from '../db/gateway/lockTaskClaims.ts';
import { anyTaskQueued } from '../db/gateway/anyTaskQueued.ts';
import { anyJobWaiting } from '../db/gateway/anyJobWaiting.ts';
import { finishTasks, type TaskOutcome } from '../db/gateway/finishTask.ts';
import { GroupCommit } from '../db/groupCommit.ts';
import { cancelTask } from '../db/gateway/cancelTask.ts';
import type { CrossedThreshold } from '../db/gateway/settleAllowances.ts';
import type { TaskRow } from '../db/gateway/getTask.ts';
import type { Notifier } from './notifier.ts';
import { traceTaskRun } from './taskTrace.ts';
import { currentTraceParent } from '../metrics/telemetry.ts';

export const TASK_QUEUE = 'gateway-tasks';
export const DEAD_QUEUE = 'gateway-tasks-dead';
const HEARTBEAT_SECONDS = 10;

export type TaskRunner = (task: TaskRow, signal: AbortSignal, finish: (outcome: TaskOutcome) => Promise<boolean>) => Promise<void>;

export interface QueueOptions {
  db: Knex;
  /** For the submit pipeline's own connection. */
  databaseUrl: string;
  boss: PgBoss;
  log: Logger;
  notifier: Notifier;
  /** Calls each provider may run at once, across every process. */
  limits: Readonly<Record<string, number>>;
  /** Seals a caller's provider key for the database, and opens it for the run (core/agents/secrets.ts SecretBox). */
  secrets: () => Promise<{ seal(plaintext: string): Buffer; open(sealed: Buffer): string }>;
  run: TaskRunner;
  /** Tasks this process runs at once, over all providers. */
  capacity?: number;
  /** Fallback poll when no wake-up arrives (another process died before notifying, say). */
  pollMs?: number;
  /** Budget thresholds the tasks' settlements crossed (core/governance/alerts.ts). */
  budgetCrossed?: (rows: CrossedThreshold[]) => void;
  /** Each task this process ran and ended (a cancelled one is not: the cancel ended it), told once its end is written. */
  taskEnded?: (task: TaskRow, outcome: TaskOutcome) => void;
}

export class TaskQueue {
  private readonly inFlight = new Map<string, AbortController>();
  // Tasks running here whose end has not been written, by id, with their key:
  // what a poll for one of them would read from PostgreSQL, known here already.
  private readonly unended = new Map<string, string>();
  private readonly toComplete: string[] = [];
  private completeTimer: NodeJS.Timeout | undefined;
  private wakePending = false;
  // Whether jobs may be waiting: a freed slot only triggers a fetch then. Bumped
  // by every notice of work, so a "nothing waits" answer that raced a notice is ignored.
  private backlogGeneration = 1;
  private backlogCleared = 0;
  // Local slots promised to submits whose claim is being written.
  private reserved = 0;
  private wakeWaiter: (() => void) | undefined;
  private stopped = false;
  private started = false;
  private loopDone: Promise<void> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly capacity: number;
  private readonly groupConcurrency: { default: number; tiers: Record<string, number> };

  // Submits and ends are group-committed: at a thousand tasks a second, one
  // transaction per task would be the bottleneck.
  private readonly submits: GroupCommit<NewTask, TaskRow>;
  private readonly finishes: GroupCommit<{ id: string; outcome: TaskOutcome }, boolean>;
  // One connection each, so a batch of ends never waits behind a batch of submits.
  private readonly submitConnection: PipelinedConnection;
  private readonly finishConnection: PipelinedConnection;

  private readonly o: QueueOptions;
  constructor(o: QueueOptions) {
    this.o = o;
    this.capacity = o.capacity ?? 256;
    this.groupConcurrency = { default: 20, tiers: { ...o.limits } };
    this.submitConnection = new PipelinedConnection(o.databaseUrl);
    this.finishConnection = new PipelinedConnection(o.databaseUrl);
    this.submits = new GroupCommit((tasks) => this.writeSubmits(tasks));
    this.finishes = new GroupCommit(async (items) => {
      const jobComplete = await pgBossStatement((db) => o.boss.complete(TASK_QUEUE, items.map((item) => item.id), undefined, { db }));
      return withRetries(() => finishTasks(this.finishConnection, items, jobComplete, o.budgetCrossed));
    });
  }

  /** Every process that submits needs the queues, whether or not it also runs workers. */
  async ensureQueues(): Promise<void> {
    const { boss } = this.o;
    await boss.createQueue(DEAD_QUEUE, { retentionSeconds: 86_400 });
    await boss.createQueue(TASK_QUEUE, {
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds: 3_600,
      retryLimit: 1,
      deadLetter: DEAD_QUEUE,
      deleteAfterSeconds: 3_600,
    });
  }

  async start(): Promise<void> {
    const { notifier } = this.o;
    this.started = true;
    notifier.on('gateway_work', this.workArrived);
    notifier.on('gateway_cancel', this.abortLocal);
    this.timers.push(setInterval(() => void this.heartbeat(), (HEARTBEAT_SECONDS * 1000) / 3).unref());
    this.timers.push(setInterval(() => void this.drainDeadLetters(), 2_000).unref());
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    if (!this.started) {
      await this.submits.settle();
      await this.submitConnection.close();
      await this.finishConnection.close();
      return;
    }
    this.stopped = true;
    this.wake();
    // Submits already on their way may still start tasks here; wait for those.
    await this.submits.settle();
    for (const t of this.timers) clearInterval(t);
    this.o.notifier.off('gateway_work', this.workArrived);
    this.o.notifier.off('gateway_cancel', this.abortLocal);
    await this.loopDone;
    // In-flight tasks finish (the server has already stopped taking requests); their jobs are then completed.
    while (this.inFlight.size) await new Promise((r) => setTimeout(r, 20));
    await this.finishes.settle();
    await this.flushCompletions();
    await this.submitConnection.close();
    await this.finishConnection.close();
  }

  /** Stores the task and its job atomically; starts it here at once when there is room. */
  async submit(task: NewTask): Promise<{ createdAt: Date }> {
    // The key is stored sealed only; a task started here keeps it opened in memory.
    if (task.providerKey !== undefined) task = { ...task, providerKeySealed: (await this.o.secrets()).seal(task.providerKey) };
    const traceParent = currentTraceParent();
    if (traceParent) task = { ...task, traceParent };
    const row = await this.submits.add(task);
    return { createdAt: row.created_at };
  }

  /** Ends a running task; false when it had already ended (cancelled). */
  finish(id: string, outcome: TaskOutcome): Promise<boolean> {
    return this.finishes.add({ id, outcome });
  }

  private async writeSubmits(tasks: NewTask[]): Promise<TaskRow[]> {
    const room = this.started && !this.stopped ? Math.max(0, this.capacity - this.inFlight.size - this.reserved) : 0;
    this.reserved += room;
    let rows: TaskRow[];
    try {
      rows = await submitTasks(this.submitConnection, {
        queue: TASK_QUEUE,
        tasks,
        jobInsert: await this.jobInsert(tasks),
        claim: { room, limits: Object.fromEntries(tasks.map((t) => [t.provider, this.o.limits[t.provider] ?? this.groupConcurrency.default])) },
      });
    } finally {
      this.reserved -= room;
    }
    for (const row of rows) if (row.status === 'processing') this.runClaimed(row);
    return rows;
  }

  private jobInsert(tasks: NewTask[]): Promise<Statement> {
    return pgBossStatement((db) =>
      this.o.boss.insert(
        TASK_QUEUE,
        tasks.map((task) => ({
          id: task.id,
          data: { taskId: task.id },
          group: { id: task.provider, tier: task.provider },
          // A streamed task cannot be replayed from the start once a client has seen chunks.
          retryLimit: task.stream ? 0 : 1,
        })),
        { db },
      ),
    );
  }

  private runClaimed(task: TaskRow): void {
    const controller = new AbortController();
    this.inFlight.set(task.id, controller);
    this.unended.set(task.id, task.key_id);
    void this.runTask(task, controller);
  }

  /** Cancels a task of this key; aborts its upstream call wherever it runs. */
  async cancel(taskId: string, keyId: string): Promise<'queued' | 'processing' | undefined> {
    const before = await cancelTask(this.o.db, taskId, keyId);
    if (before === 'queued') await this.o.boss.cancel(TASK_QUEUE, taskId).catch(() => {});
    if (before) {
      this.abortLocal(taskId);
      await this.o.notifier.publish('gateway_cancel', taskId);
      await this.o.notifier.publish('gateway_done', taskId);
    }
    return before;
  }

  activeLocally(): number {
    return this.inFlight.size;
  }

  /**
   * Whether this process is running the task of this key and has not written
   * its end: then the task is processing, as the database would say, without
   * asking it (a client polling every 100 ms asks often). Forgotten the moment
   * its end is written or a cancel is heard of (one made through another
   * process is announced before that cancel answers), so false means "ask
   * the database", never "not running".
   */
  runningHere(taskId: string, keyId: string): boolean {
    return this.unended.get(taskId) === keyId;
  }

  private readonly workArrived = (): void => {
    this.backlogGeneration++;
    this.wake();
  };

  private readonly wake = (): void => {
    this.wakePending = true;
    this.wakeWaiter?.();
  };

  private readonly abortLocal = (taskId: string): void => {
    this.unended.delete(taskId);
    this.inFlight.get(taskId)?.abort(new Error('cancelled'));
  };

  /** True when woken, false when the wait timed out. */
  private async waitForWake(ms: number): Promise<boolean> {
    if (this.wakePending) return true;
    const woken = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.wakeWaiter = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    this.wakeWaiter = undefined;
    return woken;
  }

  private async loop(): Promise<void> {
    const pollMs = this.o.pollMs ?? 1_000;
    // The fallback poll always fetches: it is what finds retries of a dead
    // worker's jobs and work whose notice was lost.
    let polled = true;
    while (!this.stopped) {
      this.wakePending = false;
      const free = Math.min(this.capacity - this.inFlight.size - this.reserved, 64);
      const backlog = this.backlogCleared !== this.backlogGeneration;
      if (free <= 0 || (!backlog && !polled)) {
        polled = !(await this.waitForWake(pollMs));
        continue;
      }
      // A poll with no known backlog first looks without the claim lock, which
      // submits in every process take: an idle queue never makes them wait.
      if (!backlog) {
        const waiting = await anyJobWaiting(this.o.db, TASK_QUEUE).catch(() => true);
        if (!waiting) {
          polled = !(await this.waitForWake(pollMs));
          continue;
        }
      }
      polled = false;
      const generation = this.backlogGeneration;
      let claim: { jobIds: string[]; tasks: TaskRow[]; waiting: boolean };
      this.reserved += free;
      try {
        claim = await this.claimWaiting(free);
      } catch (err) {
        if (this.stopped) break;
        // Nothing was claimed (the transaction rolled back): the jobs stay where they were.
        this.o.log.error({ err }, 'claiming waiting tasks failed');
        await new Promise((r) => setTimeout(r, 500));
        polled = true;
        continue;
      } finally {
        this.reserved -= free;
      }
      this.startClaimed(claim.jobIds, claim.tasks);
      if (!claim.waiting && this.backlogGeneration === generation) this.backlogCleared = generation;
      // A full batch means more may be waiting: claim again at once.
      if (claim.jobIds.length < free) polled = !(await this.waitForWake(pollMs));
    }
  }

  /** Fetches waiting jobs within the provider limits and starts their tasks, all in one transaction. */
  private claimWaiting(batchSize: number): Promise<{ jobIds: string[]; tasks: TaskRow[]; waiting: boolean }> {
    return this.o.db.transaction(async (trx) => {
      await lockTaskClaims(trx);
      const jobs = await this.o.boss.fetch<{ taskId: string }>(TASK_QUEUE, {
        batchSize,
        groupConcurrency: this.groupConcurrency,
        db: fromKnex(trx as never),
      });
      const jobIds = jobs.map((j) => j.id);
      const tasks = jobIds.length ? await startTasks(trx, jobIds) : [];
      const waiting = jobIds.length === batchSize || (await anyTaskQueued(trx));
      return { jobIds, tasks, waiting };
    });
  }

  private startClaimed(jobIds: string[], tasks: TaskRow[]): void {
    const started = new Set(tasks.map((t) => t.id));
    for (const task of tasks) this.runClaimed(task);
    // Jobs whose task was cancelled (or already ended) meanwhile are simply completed.
    for (const id of jobIds) if (!started.has(id)) this.release(id);
  }

  private async runTask(task: TaskRow, controller: AbortController): Promise<void> {
    let ended = false;
    let endUnwritable = false;
    const finish = async (outcome: TaskOutcome) => {
      // Forgotten before the end is written, never after: a stream hears of the
      // commit by its NOTIFY, possibly before this process hears its own write
      // answered, and a poll after the stream's done must read the end from
      // PostgreSQL. Until the commit, PostgreSQL says processing, as this did.
      this.unended.delete(task.id);
      try {
        const result = await this.finish(task.id, outcome);
        ended = true;
        if (result) this.told(task, outcome);
        return result;
      } catch (err) {
        endUnwritable = true;
        throw err;
      }
    };
    try {
      // Claimed from the database (here or after another process): open the caller's key for this run only.
      if (task.provider_key && task.providerKey === undefined) task = { ...task, providerKey: (await this.o.secrets()).open(task.provider_key) };
      const running = task;
      await traceTaskRun(running, () => this.o.run(running, controller.signal, finish));
    } catch (err) {
      this.o.log.error({ err, taskId: task.id }, endUnwritable ? 'could not record the end of the task; it will run again' : 'task runner failed');
      // The runner itself failed: that is the task's outcome. If only the
      // write failed, the real outcome is unknown to the database: run again.
      if (!ended && !endUnwritable) {
        await finish({ status: 'error', error: { message: 'internal error while running the task', code: 'internal_error' } }).catch(() => {});
      }
    } finally {
      // A written end completed the job with it. A cancelled task was ended
      // by the cancel: its job is completed here. Any other task whose end
      // could not be written keeps its job, which the supervisor retries,
      // instead of being left in processing with a completed job.
      this.release(task.id, !ended && controller.signal.aborted);
    }
  }

  private told(task: TaskRow, outcome: TaskOutcome): void {
    try {
      this.o.taskEnded?.(task, outcome);
    } catch (err) {
      this.o.log.warn({ err, taskId: task.id }, 'a task end listener failed');
    }
  }

  private release(taskId: string, completeJob = true): void {
    this.inFlight.delete(taskId);
    this.unended.delete(taskId);
    if (completeJob) this.scheduleCompletion(taskId);
    // A slot just freed up: worth a fetch only when jobs may be waiting. Waking
    // the loop for nothing cost a timer and a promise per task, and restarted
    // the fallback poll's wait, so under steady load it never came due.
    if (this.backlogCleared !== this.backlogGeneration) this.wake();
  }

  // Jobs not completed with their task's end (a cancel wrote that end) are completed in batches.
  private scheduleCompletion(jobId: string): void {
    this.toComplete.push(jobId);
    if (this.toComplete.length >= 64) void this.flushCompletions();
    else this.completeTimer ??= setTimeout(() => void this.flushCompletions(), 5);
  }

  private async flushCompletions(): Promise<void> {
    clearTimeout(this.completeTimer);
    this.completeTimer = undefined;
    const ids = this.toComplete.splice(0);
    if (!ids.length) return;
    try {
      await this.o.boss.complete(TASK_QUEUE, ids);
    } catch (err) {
      this.o.log.warn({ err, count: ids.length }, 'completing jobs failed; the supervisor will expire them');
    }
  }

  private async heartbeat(): Promise<void> {
    const ids = [...this.inFlight.keys()];
    if (ids.length) await this.o.boss.touch(TASK_QUEUE, ids).catch((err) => this.o.log.warn({ err }, 'heartbeat failed'));
  }

  /** Jobs whose worker died and that may not be retried end as an error, never stuck in processing. */
  private async drainDeadLetters(): Promise<void> {
    try {
      const jobs = await this.o.boss.fetch<{ taskId: string }>(DEAD_QUEUE, { batchSize: 50 });
      for (const job of jobs) {
        const taskId = job.data.taskId;
        await this.finish(taskId, {
          status: 'error',
          error: { message: 'the worker running this task stopped before it finished', code: 'worker_lost' },
        });
      }
      if (jobs.length) await this.o.boss.complete(DEAD_QUEUE, jobs.map((j) => j.id));
    } catch (err) {
      if (!this.stopped) this.o.log.warn({ err }, 'draining dead letters failed');
    }
  }
}

// While PostgreSQL is unreachable (a restart, a failover) a finished task's end
// is retried this long: running the task again would call (and bill) the
// provider a second time. Past it, the job is left to the supervisor.
const OUTAGE_PATIENCE_MS = 60_000;

/** A brief outage (failover, a dropped connection, a restart) should not cost a finished task its result. */
async function withRetries<T>(write: () => Promise<T>, delaysMs = [50, 250, 1000]): Promise<T> {
  const started = Date.now();
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      const outage = isDatabaseUnavailable(err) && Date.now() - started < OUTAGE_PATIENCE_MS;
      if (attempt >= delaysMs.length && !outage) throw err;
      await new Promise((r) => setTimeout(r, delaysMs[Math.min(attempt, delaysMs.length - 1)]));
    }
  }
}
