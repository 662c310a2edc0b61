// Queued completions end to end: throughput (submit -> completed, instant
// upstream) and pickup latency (submit -> processing) at a steady rate.
// The baseline, measured in the same run, is the same number of chat calls
// sent straight to the fake upstream at the same concurrency. The gateway runs
// as its own process, as deployed; this process is the load generator and the
// fake upstream, so submit and provider arrival are read on one clock.
// Submits in the throughput phase (and the direct calls) go through the raw
// keep-alive client (bench/rawHttp.ts): undici cost the load generator about
// as much CPU per task as the gateway's own submit, taken from the same two
// cores. CPU per completion is reported for each process (gateway, PostgreSQL,
// this one): on a shared machine it is the figure that holds.
import { Agent, request } from 'undici';
import { startFake } from '../providers/openai/fake.ts';
import type { BenchContext } from './context.ts';
import { startGatewayProcess } from './gatewayProcess.ts';
import { percentile, table } from './stats.ts';
import { RawHttpPool } from './rawHttp.ts';
import { postgresCpuMicros } from './postgresCpu.ts';

const agent = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<any> {
  const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), dispatcher: agent });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Sends a prepared request; a non-2xx answer fails the run. */
async function send(pool: RawHttpPool, prepared: string): Promise<void> {
  const res = await pool.request(prepared);
  if (res.status >= 300) throw new Error(`answered ${res.status}`);
}

/** Runs `total` jobs with at most `concurrency` in flight; returns elapsed ms. */
async function closedLoop(total: number, concurrency: number, job: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await job(next++);
    }),
  );
  return performance.now() - started;
}

export interface QueueBenchResult {
  tasks: number;
  completionsPerSecond: number;
  directCallsPerSecond: number;
  pickupP50Ms: number;
  pickupP99Ms: number;
  submitToUpstreamP50Ms: number;
  submitToUpstreamP99Ms: number;
  gatewayCpuMsPerTask: number;
  /** Share of the throughput phase's tasks started by their submit's own transaction rather than fetched later. */
  claimedAtSubmit: number;
  /** PostgreSQL's CPU (every backend, the WAL writer, ...) per task; undefined when it is not on this machine. */
  postgresCpuMsPerTask?: number;
  /** This process's: the 64 submitters and the fake upstream. */
  loadGeneratorCpuMsPerTask: number;
}

export async function runQueueBench(ctx: BenchContext, opts: { tasks?: number; pickupTasks?: number; rate?: number; cpuProfileDir?: string } = {}): Promise<QueueBenchResult> {
  const tasks = opts.tasks ?? 5000;
  const fake = await startFake();
  const service = await startGatewayProcess(ctx.databaseUrl, {
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-bench',
    // The bench measures the queue, not a provider limit: give openai room.
    PROVIDER_CONCURRENCY_OPENAI: '256',
  }, { cpuProfileDir: opts.cpuProfileDir });
  const auth = { authorization: `Bearer ${service.key}` };
  const body = { provider: 'openai', model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'ping' }] };
  try {
    // Warm-up: connections, validators, plans.
    await closedLoop(200, 32, async () => void (await post(`${service.url}/api/llm/complete`, auth, body)));
    await ctx.waitForQueueDrain();

    const directPool = new RawHttpPool(fake.url, 64);
    const directCall = directPool.prepare('POST', `${new URL(fake.url).pathname.replace(/\/$/, '')}/chat/completions`, { 'content-type': 'application/json', authorization: 'Bearer sk-bench' }, JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'ping' }] }));
    const direct = await closedLoop(tasks, 64, () => send(directPool, directCall));
    directPool.close();
    const submitPool = new RawHttpPool(service.url, 64);
    const submitCall = submitPool.prepare('POST', '/api/llm/complete', { 'content-type': 'application/json', ...auth }, JSON.stringify(body));
    await closedLoop(64, 64, () => send(submitPool, submitCall));
    await ctx.waitForQueueDrain();

    const since = new Date();
    const cpuBefore = await service.cpuMs();
    const pgBefore = await postgresCpuMicros(ctx.db);
    const ownBefore = process.cpuUsage();
    const submitStart = performance.now();
    await closedLoop(tasks, 64, () => send(submitPool, submitCall));
    await ctx.waitForQueueDrain();
    submitPool.close();
    const elapsed = performance.now() - submitStart;
    const cpuPerTask = ((await service.cpuMs()) - cpuBefore) / tasks;
    const own = process.cpuUsage(ownBefore);
    const pgAfter = await postgresCpuMicros(ctx.db);
    const pgPerTask = pgBefore !== undefined && pgAfter !== undefined ? (pgAfter - pgBefore) / 1000 / tasks : undefined;
    const completed = await ctx.db('gateway_tasks').where('created_at', '>=', since).andWhere({ status: 'completed' }).count<{ count: string }[]>('* as count');
    if (Number(completed[0]!.count) !== tasks) throw new Error(`only ${completed[0]!.count} of ${tasks} tasks completed`);
    // Started by their own submit's transaction (the same transaction time), not fetched from the queue later.
    const atSubmit = await ctx.db('gateway_tasks').where('created_at', '>=', since).andWhereRaw('started_at = created_at').count<{ count: string }[]>('* as count');
    const claimedAtSubmit = Number(atSubmit[0]!.count) / tasks;

    // Pickup at a steady rate, well under capacity: how long a task waits with a free slot.
    // Measured twice: by the database's clocks (created -> processing) and as a
    // client sees it, from sending the submit to the provider receiving the call.
    const rate = opts.rate ?? 200;
    const pickupTasks = opts.pickupTasks ?? 2000;
    const pickupSince = new Date();
    const sentAt = new Map<string, number>();
    const firstRequest = fake.requests.length;
    const t0 = performance.now();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < pickupTasks; i++) {
      const due = t0 + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const content = `pickup ${i}`;
      sentAt.set(content, performance.now());
      pending.push(post(`${service.url}/api/llm/complete`, auth, { ...body, messages: [{ role: 'user', content }] }));
    }
    await Promise.all(pending);
    await ctx.waitForQueueDrain();
    const rows: Array<{ ms: number }> = (
      await ctx.db.raw(`SELECT extract(epoch FROM started_at - created_at) * 1000 AS ms FROM gateway_tasks WHERE created_at >= ? AND started_at IS NOT NULL`, [
        pickupSince,
      ])
    ).rows;
    const pickups = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);
    const arrivals = fake.requests
      .slice(firstRequest)
      .flatMap((r) => {
        const sent = sentAt.get(r.body?.messages?.at(-1)?.content);
        return sent === undefined ? [] : [r.receivedAt - sent];
      })
      .sort((a, b) => a - b);
    if (arrivals.length !== pickupTasks) throw new Error(`the provider saw ${arrivals.length} of ${pickupTasks} pickup calls`);

    const result = {
      tasks,
      completionsPerSecond: Math.round((tasks / elapsed) * 1000),
      directCallsPerSecond: Math.round((tasks / direct) * 1000),
      pickupP50Ms: round(percentile(pickups, 0.5)),
      pickupP99Ms: round(percentile(pickups, 0.99)),
      submitToUpstreamP50Ms: round(percentile(arrivals, 0.5)),
      submitToUpstreamP99Ms: round(percentile(arrivals, 0.99)),
      gatewayCpuMsPerTask: round3(cpuPerTask),
      claimedAtSubmit: round(claimedAtSubmit),
      ...(pgPerTask !== undefined ? { postgresCpuMsPerTask: round3(pgPerTask) } : {}),
      loadGeneratorCpuMsPerTask: round3((own.user + own.system) / 1000 / tasks),
    };
    table(`Queued completions (${tasks} tasks, 64 submitters, instant fake upstream)`, [
      ['direct calls to the fake upstream', `${result.directCallsPerSecond}/s`],
      ['queued completions, submit -> completed', `${result.completionsPerSecond}/s`],
      ['ratio queued / direct', (result.completionsPerSecond / result.directCallsPerSecond).toFixed(2)],
      ['gateway CPU per queued completion', `${result.gatewayCpuMsPerTask} ms`],
      ['PostgreSQL CPU per queued completion', result.postgresCpuMsPerTask === undefined ? 'n/a (not on this machine)' : `${result.postgresCpuMsPerTask} ms`],
      ['load generator + fake upstream CPU per completion', `${result.loadGeneratorCpuMsPerTask} ms`],
      ['tasks started by their own submit (the rest fetched from the queue)', `${Math.round(result.claimedAtSubmit * 100)}%`],
      [`pickup p50 at ${rate}/s (submit -> processing)`, `${result.pickupP50Ms} ms`],
      [`pickup p99 at ${rate}/s`, `${result.pickupP99Ms} ms`],
      [`submit sent -> provider called, p50 at ${rate}/s`, `${result.submitToUpstreamP50Ms} ms`],
      [`submit sent -> provider called, p99 at ${rate}/s`, `${result.submitToUpstreamP99Ms} ms`],
    ]);
    return result;
  } finally {
    await service.close();
    await fake.close();
  }
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function round3(n: number): number {
  return Math.round(n * 1000) / 1000;
}
