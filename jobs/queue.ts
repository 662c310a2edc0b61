// The task queue: the product's task row plus a pg-boss job (same id) written
// in one transaction, and a dispatcher that pulls jobs the moment they are
// submitted. pg-boss's groupConcurrency (group = provider) holds the
// per-provider limit across every process; heartbeats let pg-boss's supervisor
// retry or dead-letter the jobs of a worker that died.
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { fromKnex, type PgBoss, type Job } from 'pg-boss';
import { insertTasks, type NewTask } from '../db/gateway/insertTask.ts';
import { startTasks } from '../db/gateway/startTask.ts';
import { finishTasks, type TaskOutcome } from '../db/gateway/finishTask.ts';
import { GroupCommit } from './groupCommit.ts';
import { cancelTask } from '../db/gateway/cancelTask.ts';
import type { TaskRow } from '../db/gateway/getTask.ts';
import type { ProviderLimits } from '../core/limits.ts';
import type { Notifier } from './notifier.ts';

export const TASK_QUEUE = 'gateway-tasks';
export const DEAD_QUEUE = 'gateway-tasks-dead';
const HEARTBEAT_SECONDS = 10;

export type TaskRunner = (task: TaskRow, signal: AbortSignal, finish: (outcome: TaskOutcome) => Promise<boolean>) => Promise<void>;

export interface QueueOptions {
  db: Knex;
  boss: PgBoss;
  log: Logger;
  notifier: Notifier;
  limits: ProviderLimits;
  run: TaskRunner;
  /** Tasks this process runs at once, over all providers. */
  capacity?: number;
  /** Fallback poll when no wake-up arrives (another process died before notifying, say). */
  pollMs?: number;
}

export class TaskQueue {
  private readonly inFlight = new Map<string, AbortController>();
  private readonly toComplete: string[] = [];
  private completeTimer: NodeJS.Timeout | undefined;
  private wakePending = false;
  private wakeWaiter: (() => void) | undefined;
  private stopped = false;
  private started = false;
  private loopDone: Promise<void> | undefined;
  private timers: NodeJS.Timeout[] = [];
  private readonly capacity: number;
  private readonly groupConcurrency: { default: number; tiers: Record<string, number> };

  // Submits, starts and ends are group-committed: at a thousand tasks a second,
  // one transaction per task would be the bottleneck.
  private readonly submits: GroupCommit<NewTask, Date>;
  private readonly finishes: GroupCommit<{ id: string; outcome: TaskOutcome }, boolean>;

  constructor(private readonly o: QueueOptions) {
    this.capacity = o.capacity ?? 256;
    this.groupConcurrency = { default: 20, tiers: { ...o.limits } };
    this.submits = new GroupCommit((tasks) => this.writeSubmits(tasks));
    this.finishes = new GroupCommit(async (items) => {
      const ended = await withRetries(() => finishTasks(o.db, items));
      const ids = items.filter((_, i) => ended[i]).map((item) => item.id);
      // PostgreSQL caps a NOTIFY payload at 8000 bytes (about 200 ids). A lost
      // notice only delays a stream by its status poll; it must not fail ends
      // that are already written.
      for (let i = 0; i < ids.length; i += 150) {
        await o.notifier.publish('gateway_done', ids.slice(i, i + 150).join(',')).catch((err) => o.log.warn({ err }, 'task-end notice failed'));
      }
      return ended;
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
    notifier.on('gateway_work', this.wake);
    notifier.on('gateway_cancel', this.abortLocal);
    this.timers.push(setInterval(() => void this.heartbeat(), (HEARTBEAT_SECONDS * 1000) / 3).unref());
    this.timers.push(setInterval(() => void this.drainDeadLetters(), 2_000).unref());
    this.loopDone = this.loop();
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopped = true;
    this.wake();
    for (const t of this.timers) clearInterval(t);
    this.o.notifier.off('gateway_work', this.wake);
    this.o.notifier.off('gateway_cancel', this.abortLocal);
    await this.loopDone;
    // In-flight tasks finish (the server has already stopped taking requests); their jobs are then completed.
    while (this.inFlight.size) await new Promise((r) => setTimeout(r, 20));
    await this.finishes.settle();
    await this.flushCompletions();
  }

  /** Stores the task and its job atomically, then wakes a worker. */
  async submit(task: NewTask): Promise<{ createdAt: Date }> {
    const createdAt = await this.submits.add(task);
    this.wake();
    return { createdAt };
  }

  /** Ends a running task; false when it had already ended (cancelled). */
  finish(id: string, outcome: TaskOutcome): Promise<boolean> {
    return this.finishes.add({ id, outcome });
  }

  private async writeSubmits(tasks: NewTask[]): Promise<Date[]> {
    const { db, boss, notifier } = this.o;
    return db.transaction(async (trx) => {
      const created = await insertTasks(trx, tasks);
      await boss.insert(
        TASK_QUEUE,
        tasks.map((task) => ({
          id: task.id,
          data: { taskId: task.id },
          group: { id: task.provider, tier: task.provider },
          // A streamed task cannot be replayed from the start once a client has seen chunks.
          retryLimit: task.stream ? 0 : 1,
        })),
        { db: fromKnex(trx as never) },
      );
      await notifier.publish('gateway_work', '', trx);
      return created;
    });
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

  private readonly wake = (): void => {
    this.wakePending = true;
    this.wakeWaiter?.();
  };

  private readonly abortLocal = (taskId: string): void => {
    this.inFlight.get(taskId)?.abort(new Error('cancelled'));
  };

  private async waitForWake(ms: number): Promise<void> {
    if (this.wakePending) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeWaiter = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    this.wakeWaiter = undefined;
  }

  private async loop(): Promise<void> {
    const pollMs = this.o.pollMs ?? 1_000;
    while (!this.stopped) {
      this.wakePending = false;
      const free = this.capacity - this.inFlight.size;
      if (free <= 0) {
        await this.waitForWake(pollMs);
        continue;
      }
      let jobs: Job<{ taskId: string }>[] = [];
      try {
        jobs = await this.o.boss.fetch<{ taskId: string }>(TASK_QUEUE, {
          batchSize: Math.min(free, 64),
          groupConcurrency: this.groupConcurrency,
        });
      } catch (err) {
        if (this.stopped) break;
        this.o.log.error({ err }, 'fetching tasks failed');
        await new Promise((r) => setTimeout(r, 500));
        continue;
      }
      if (jobs.length) void this.startJobs(jobs.map((j) => j.id));
      // A full batch means more may be waiting: fetch again at once.
      if (jobs.length < Math.min(free, 64)) await this.waitForWake(pollMs);
    }
  }

  private async startJobs(ids: string[]): Promise<void> {
    const controllers = new Map(ids.map((id) => [id, new AbortController()] as const));
    for (const [id, c] of controllers) this.inFlight.set(id, c);
    let tasks: TaskRow[];
    try {
      tasks = await startTasks(this.o.db, ids);
    } catch (err) {
      // Nothing started: hand the jobs back to pg-boss, which retries them,
      // rather than completing jobs whose tasks are still queued.
      this.o.log.error({ err, count: ids.length }, 'starting tasks failed; returning their jobs for retry');
      for (const id of ids) this.inFlight.delete(id);
      await this.o.boss.fail(TASK_QUEUE, ids).catch((e) => this.o.log.error({ err: e }, 'returning jobs failed; the supervisor will expire them'));
      this.wake();
      return;
    }
    const started = new Set(tasks.map((t) => t.id));
    // Jobs whose task was cancelled (or already ended) meanwhile are simply completed.
    for (const id of ids) if (!started.has(id)) this.release(id);
    for (const task of tasks) void this.runTask(task, controllers.get(task.id)!);
  }

  private async runTask(task: TaskRow, controller: AbortController): Promise<void> {
    let ended = false;
    let endUnwritable = false;
    const finish = async (outcome: TaskOutcome) => {
      try {
        const result = await this.finish(task.id, outcome);
        ended = true;
        return result;
      } catch (err) {
        endUnwritable = true;
        throw err;
      }
    };
    try {
      await this.o.run(task, controller.signal, finish);
    } catch (err) {
      this.o.log.error({ err, taskId: task.id }, endUnwritable ? 'could not record the end of the task; it will run again' : 'task runner failed');
      // The runner itself failed: that is the task's outcome. If only the
      // write failed, the real outcome is unknown to the database: run again.
      if (!ended && !endUnwritable) {
        await finish({ status: 'error', error: { message: 'internal error while running the task', code: 'internal_error' } }).catch(() => {});
      }
    } finally {
      // A cancelled task was ended by the cancel; any other task whose end
      // could not be written keeps its job, which the supervisor retries,
      // instead of being left in processing with a completed job.
      this.release(task.id, ended || controller.signal.aborted);
    }
  }

  private release(taskId: string, completeJob = true): void {
    this.inFlight.delete(taskId);
    if (completeJob) this.scheduleCompletion(taskId);
    // A provider slot just freed up.
    this.wake();
  }

  // Job completions are batched: at a thousand tasks a second one UPDATE per task would dominate.
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

/** A brief outage (failover, a dropped connection) should not cost a finished task its result. */
async function withRetries<T>(write: () => Promise<T>, delaysMs = [50, 250, 1000]): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= delaysMs.length) throw err;
      await new Promise((r) => setTimeout(r, delaysMs[attempt]));
    }
  }
}
