// Queued completions end to end: throughput (submit -> completed, instant
// upstream) and pickup latency (submit -> processing) at a steady rate.
// The baseline, measured in the same run, is the same number of chat calls
// sent straight to the fake upstream at the same concurrency. The gateway runs
// as its own process, as deployed; this process is the load generator and the
// fake upstream, so submit and provider arrival are read on one clock.
import { Agent, request } from 'undici';
import { startFake } from '../providers/openai/fake.ts';
import type { BenchContext } from './context.ts';
import { startGatewayProcess } from './gatewayProcess.ts';
import { percentile, table } from './stats.ts';

const agent = new Agent({ connections: 128, keepAliveTimeout: 30_000 });

async function post(url: string, headers: Record<string, string>, body: unknown): Promise<any> {
  const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body), dispatcher: agent });
  const text = await res.body.text();
  if (res.statusCode >= 300) throw new Error(`${url} answered ${res.statusCode}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
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

    const direct = await closedLoop(tasks, 64, async () => {
      await post(`${fake.url}/chat/completions`, { authorization: 'Bearer sk-bench' }, { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'ping' }] });
    });

    const since = new Date();
    const cpuBefore = await service.cpuMs();
    const submitStart = performance.now();
    await closedLoop(tasks, 64, async () => void (await post(`${service.url}/api/llm/complete`, auth, body)));
    await ctx.waitForQueueDrain();
    const elapsed = performance.now() - submitStart;
    const cpuPerTask = ((await service.cpuMs()) - cpuBefore) / tasks;
    const completed = await ctx.db('gateway_tasks').where('created_at', '>=', since).andWhere({ status: 'completed' }).count<{ count: string }[]>('* as count');
    if (Number(completed[0]!.count) !== tasks) throw new Error(`only ${completed[0]!.count} of ${tasks} tasks completed`);

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
      gatewayCpuMsPerTask: round(cpuPerTask),
    };
    table(`Queued completions (${tasks} tasks, 64 submitters, instant fake upstream)`, [
      ['direct calls to the fake upstream', `${result.directCallsPerSecond}/s`],
      ['queued completions, submit -> completed', `${result.completionsPerSecond}/s`],
      ['ratio queued / direct', (result.completionsPerSecond / result.directCallsPerSecond).toFixed(2)],
      ['gateway CPU per queued completion', `${result.gatewayCpuMsPerTask} ms`],
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
