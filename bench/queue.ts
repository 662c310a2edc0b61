// Queued completions end to end: throughput (submit -> completed, instant
// upstream) and pickup latency (submit -> processing) at a steady rate.
// The baseline, measured in the same run, is the same number of chat calls
// sent straight to the fake upstream at the same concurrency.
import { Agent, request } from 'undici';
import { startFake } from '../providers/openai/fake.ts';
import type { BenchContext } from './context.ts';
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
}

export async function runQueueBench(ctx: BenchContext, opts: { tasks?: number; pickupTasks?: number; rate?: number } = {}): Promise<QueueBenchResult> {
  const tasks = opts.tasks ?? 5000;
  const fake = await startFake();
  const service = await ctx.startGateway({
    OPENAI_BASE_URL: fake.url,
    OPENAI_API_KEY: 'sk-bench',
    // The bench measures the queue, not a provider limit: give openai room.
    PROVIDER_CONCURRENCY_OPENAI: '256',
  });
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
    const submitStart = performance.now();
    await closedLoop(tasks, 64, async () => void (await post(`${service.url}/api/llm/complete`, auth, body)));
    await ctx.waitForQueueDrain();
    const elapsed = performance.now() - submitStart;
    const completed = await ctx.db('gateway_tasks').where('created_at', '>=', since).andWhere({ status: 'completed' }).count<{ count: string }[]>('* as count');
    if (Number(completed[0]!.count) !== tasks) throw new Error(`only ${completed[0]!.count} of ${tasks} tasks completed`);

    // Pickup at a steady rate, well under capacity: how long a task waits with a free slot.
    const rate = opts.rate ?? 200;
    const pickupTasks = opts.pickupTasks ?? 2000;
    const pickupSince = new Date();
    const t0 = performance.now();
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < pickupTasks; i++) {
      const due = t0 + (i * 1000) / rate;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      pending.push(post(`${service.url}/api/llm/complete`, auth, body));
    }
    await Promise.all(pending);
    await ctx.waitForQueueDrain();
    const rows: Array<{ ms: number }> = (
      await ctx.db.raw(`SELECT extract(epoch FROM started_at - created_at) * 1000 AS ms FROM gateway_tasks WHERE created_at >= ? AND started_at IS NOT NULL`, [
        pickupSince,
      ])
    ).rows;
    const pickups = rows.map((r) => Number(r.ms)).sort((a, b) => a - b);

    const result = {
      tasks,
      completionsPerSecond: Math.round((tasks / elapsed) * 1000),
      directCallsPerSecond: Math.round((tasks / direct) * 1000),
      pickupP50Ms: round(percentile(pickups, 0.5)),
      pickupP99Ms: round(percentile(pickups, 0.99)),
    };
    table(`Queued completions (${tasks} tasks, 64 submitters, instant fake upstream)`, [
      ['direct calls to the fake upstream', `${result.directCallsPerSecond}/s`],
      ['queued completions, submit -> completed', `${result.completionsPerSecond}/s`],
      ['ratio queued / direct', (result.completionsPerSecond / result.directCallsPerSecond).toFixed(2)],
      [`pickup p50 at ${rate}/s (submit -> processing)`, `${result.pickupP50Ms} ms`],
      [`pickup p99 at ${rate}/s`, `${result.pickupP99Ms} ms`],
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
