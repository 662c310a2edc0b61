// `npm start` on every core: the primary process owns the embedded database
// and the migrations, and runs each service as several worker processes
// (Node's cluster) that share its port; connections are handed to them in
// turn. A worker that dies is started again, waiting longer after each crash
// in a row; SIGTERM is passed on to every worker, which finishes its
// in-flight requests. /metrics on any worker answers for all the workers of
// its service (prom-client's AggregatorRegistry).
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import type { Logger } from 'pino';
import { AggregatorRegistry } from 'prom-client';
import { StartupError, type ServiceName } from './config.ts';

// One process's series, as registry.getMetricsAsJSON() gives them.
type metric = object;

/** GATEWAY_PROCESSES / ANALYTICS_PROCESSES: a positive number, or `auto` (one per core). */
export function processCount(name: string, raw: string | undefined, fallback: 'auto' | number): number {
  const value = raw?.trim() || String(fallback);
  if (value === 'auto') return os.availableParallelism();
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new StartupError(`${name}=${raw} is not a number of processes: use a positive integer or auto`);
  return n;
}

export interface RestartPolicy {
  /** The wait before restarting a worker after its first crash in a row (500 ms); doubled for each further one. */
  minMs: number;
  maxMs: number;
  /** A worker that ran this long before dying starts the count afresh (60 s). */
  stableMs: number;
}

const DEFAULT_POLICY: RestartPolicy = { minMs: 500, maxMs: 30_000, stableMs: 60_000 };

/** The wait before the next start of a worker that has crashed `crashes` times in a row. */
export function restartDelay(crashes: number, policy: RestartPolicy = DEFAULT_POLICY): number {
  return Math.min(policy.maxMs, policy.minMs * 2 ** Math.max(0, crashes - 1));
}

type Message =
  | { type: 'switchyard:warm' }
  | { type: 'switchyard:listen' }
  | { type: 'switchyard:ready' }
  | { type: 'switchyard:metrics'; id: number }
  | { type: 'switchyard:collect'; id: number }
  | { type: 'switchyard:collected'; id: number; metrics: metric[] | null }
  | { type: 'switchyard:aggregated'; id: number; text: string; contentType: string };

interface Slot {
  service: ServiceName;
  worker?: Worker;
  startedAt: number;
  crashes: number;
  timer?: NodeJS.Timeout;
}

export interface WorkerPlan {
  service: ServiceName;
  count: number;
}

export interface Supervisor {
  /** The workers' pids, by service (for operators' ps and the tests). */
  pids(): Record<string, number[]>;
  /** SIGTERM to every worker; resolves once all have exited (SIGKILL after graceMs + 5 s). */
  stop(graceMs: number): Promise<void>;
}

/**
 * Starts the planned workers (the first of each service alone, so a setting
 * every worker would fail on is said once and ends the start) and keeps them
 * running. A worker warms up before it listens, and at the start none listens
 * before all are warm: the port is shared, so a worker listening is a worker
 * taken connections, and a sibling still loading its code takes the cores the
 * first ones serve on. Then the first of each service listens alone (a busy
 * port is said once), then the rest. A restarted worker listens once warm.
 */
export async function superviseWorkers(o: { plan: WorkerPlan[]; env: Record<string, string>; log: Logger; policy?: RestartPolicy }): Promise<Supervisor> {
  const policy = o.policy ?? DEFAULT_POLICY;
  const slots: Slot[] = o.plan.flatMap(({ service, count }) => Array.from({ length: count }, () => ({ service, startedAt: 0, crashes: 0 })));
  let stopping = false;
  // Until every planned worker has started once, a death ends the start instead of being restarted.
  let starting = true;
  const exits = new Map<Worker, Promise<void>>();

  const start = (slot: Slot): { warmed: Promise<void>; started: Promise<void> } => {
    slot.timer = undefined;
    const worker = cluster.fork({ ...o.env, SWITCHYARD_SERVICE: slot.service });
    slot.worker = worker;
    slot.startedAt = Date.now();
    worker.on('message', (msg: Message) => onMessage(slot, worker, msg));
    let ready!: () => void;
    let warm!: () => void;
    let failed!: (err: Error) => void;
    const started = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    const warmed = new Promise<void>((resolve, reject) => {
      warm = resolve;
      started.catch(reject);
    });
    worker.on('message', (msg: Message) => {
      if (msg?.type === 'switchyard:ready') ready();
      if (msg?.type !== 'switchyard:warm') return;
      warm();
      if (!starting) listen(worker);
    });
    exits.set(
      worker,
      new Promise<void>((resolve) =>
        worker.once('exit', (code, signal) => {
          exits.delete(worker);
          resolve();
          failed(new StartupError(`a ${slot.service} process could not start (exit ${code ?? signal}); see its lines above`));
          if (slot.worker !== worker || stopping || starting) return;
          slot.worker = undefined;
          slot.crashes = Date.now() - slot.startedAt >= policy.stableMs ? 1 : slot.crashes + 1;
          const wait = restartDelay(slot.crashes, policy);
          o.log.error({ service: slot.service, pid: worker.process.pid, code, signal, restartInMs: wait }, 'a worker process died; starting another');
          slot.timer = setTimeout(() => {
            const restarted = start(slot);
            // A worker that dies again is said and restarted by this handler, not by a rejection.
            restarted.warmed.catch(() => {});
          }, wait);
        }),
      ),
    );
    return { warmed, started };
  };
  const listen = (worker: Worker) => worker.isConnected() && worker.send({ type: 'switchyard:listen' } satisfies Message);

  // /metrics: the worker asked gathers every worker of its service, each refreshing its gauges first.
  const pending = new Map<number, (metrics: metric[] | null) => void>();
  let nextId = 0;
  const collect = (worker: Worker): Promise<metric[] | null> =>
    new Promise((resolve) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        pending.delete(id);
        resolve(null);
      }, 5_000);
      pending.set(id, (metrics) => {
        clearTimeout(timer);
        pending.delete(id);
        resolve(metrics);
      });
      worker.send({ type: 'switchyard:collect', id } satisfies Message, (err: Error | null) => err && pending.get(id)?.(null));
    });
  const onMessage = (slot: Slot, from: Worker, msg: Message) => {
    if (msg?.type === 'switchyard:collected') pending.get(msg.id)?.(msg.metrics);
    if (msg?.type !== 'switchyard:metrics') return;
    const peers = slots.filter((s) => s.service === slot.service && s.worker?.isConnected()).map((s) => s.worker!);
    void Promise.all(peers.map(collect)).then(async (all) => {
      const registry = AggregatorRegistry.aggregate(all.filter((m): m is metric[] => m !== null));
      const answer: Message = { type: 'switchyard:aggregated', id: msg.id, text: await registry.metrics(), contentType: registry.contentType };
      if (from.isConnected()) from.send(answer);
    });
  };

  // The first of each service alone: a failure every worker would share is said once.
  const firsts = new Set(o.plan.map((p) => slots.find((s) => s.service === p.service)!));
  const rest = slots.filter((s) => !firsts.has(s));
  const starts = new Map<Slot, ReturnType<typeof start>>();
  const listenAll = async (group: Slot[]) => {
    for (const slot of group) listen(slot.worker!);
    await Promise.all(group.map((slot) => starts.get(slot)!.started));
  };
  try {
    for (const slot of firsts) starts.set(slot, start(slot));
    await Promise.all([...firsts].map((slot) => starts.get(slot)!.warmed));
    for (const slot of rest) starts.set(slot, start(slot));
    await Promise.all(rest.map((slot) => starts.get(slot)!.warmed));
    await listenAll([...firsts]);
    await listenAll(rest);
    starting = false;
  } catch (err) {
    stopping = true;
    for (const s of slots) s.worker?.process.kill('SIGTERM');
    await Promise.all(exits.values());
    throw err;
  }

  return {
    pids() {
      const out: Record<string, number[]> = {};
      for (const s of slots) if (s.worker?.process.pid) (out[s.service] ??= []).push(s.worker.process.pid);
      return out;
    },
    async stop(graceMs) {
      stopping = true;
      for (const s of slots) clearTimeout(s.timer);
      const live = [...exits.entries()];
      const kill = setTimeout(() => live.forEach(([w]) => w.process.kill('SIGKILL')), graceMs + 5_000);
      for (const [w] of live) w.process.kill('SIGTERM');
      await Promise.all(live.map(([, exited]) => exited));
      clearTimeout(kill);
    },
  };
}

// ---------------------------------------------------------------- in a worker

/** In a worker: tells the primary it is warm, and waits for its word to listen. Outside a cluster: at once. */
export function workerWarm(): Promise<void> {
  if (!cluster.isWorker) return Promise.resolve();
  return new Promise((resolve) => {
    const onMessage = (msg: Message) => {
      if (msg?.type !== 'switchyard:listen') return;
      process.off('message', onMessage);
      resolve();
    };
    process.on('message', onMessage);
    process.send?.({ type: 'switchyard:warm' } satisfies Message);
  });
}

/** Tells the primary this worker is serving. */
export function workerReady(): void {
  if (cluster.isWorker) process.send?.({ type: 'switchyard:ready' } satisfies Message);
}

/**
 * In a worker: answers the primary's requests for this process's metrics
 * (refreshed by `collect` first), and returns a function that asks the
 * primary for every worker's, aggregated. Outside a cluster: undefined.
 */
export function clusterMetrics(own: () => Promise<metric[]>): (() => Promise<{ text: string; contentType: string }>) | undefined {
  if (!cluster.isWorker) return undefined;
  const waiting = new Map<number, (answer: { text: string; contentType: string }) => void>();
  let nextId = 0;
  process.on('message', (msg: Message) => {
    if (msg?.type === 'switchyard:collect') {
      own().then(
        (metrics) => process.send?.({ type: 'switchyard:collected', id: msg.id, metrics } satisfies Message),
        () => process.send?.({ type: 'switchyard:collected', id: msg.id, metrics: null } satisfies Message),
      );
    } else if (msg?.type === 'switchyard:aggregated') {
      waiting.get(msg.id)?.({ text: msg.text, contentType: msg.contentType });
      waiting.delete(msg.id);
    }
  });
  return () =>
    new Promise((resolve, reject) => {
      const id = ++nextId;
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('the primary process did not answer for the metrics'));
      }, 10_000);
      waiting.set(id, (answer) => {
        clearTimeout(timer);
        resolve(answer);
      });
      process.send?.({ type: 'switchyard:metrics', id } satisfies Message);
    });
}
