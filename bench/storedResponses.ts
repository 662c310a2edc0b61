// Writing stored /v1/responses: core/storedResponses.ts group-commits the
// rows of responses that finish together into one INSERT, each call still
// waiting for its own row before the client gets its answer. The baseline,
// measured in the same run on the same database, is one INSERT per response
// (db/gateway/insertResponses.ts with a single row) at the same concurrency.
// Each row carries a realistic three-turn conversation and response body.
import { randomUUID } from 'node:crypto';
import type { Message } from '../protocols/canonical.ts';
import { storeResponse, retentionSeconds } from '../core/storedResponses.ts';
import { insertResponses } from '../db/gateway/insertResponses.ts';
import type { BenchContext } from './context.ts';
import { percentile, table } from './stats.ts';

export interface StoredResponsesBenchResult {
  responses: number;
  concurrency: number;
  groupCommit: { perSecond: number; p50Ms: number; p99Ms: number };
  oneInsertEach: { perSecond: number; p50Ms: number; p99Ms: number };
  /** groupCommit.perSecond / oneInsertEach.perSecond */
  throughputRatio: number;
}

const SENTENCE = 'The quick brown fox jumps over the lazy dog while the gateway keeps the conversation. ';

function conversation(): Message[] {
  return [
    { role: 'user', content: SENTENCE.repeat(4) },
    { role: 'assistant', content: SENTENCE.repeat(6) },
    { role: 'user', content: 'And the weather?' },
    { role: 'assistant', content: null, toolCalls: [{ id: `call_${randomUUID()}`, type: 'function', function: { name: 'get_weather', arguments: '{"city":"Amsterdam"}' } }] },
    { role: 'tool', toolCallId: 'call_1', content: '{"temp_c":14}' },
    { role: 'assistant', content: SENTENCE.repeat(3) },
  ];
}

/** `total` calls, at most `concurrency` in flight; each call's own latency and the elapsed time. */
async function closedLoop(total: number, concurrency: number, job: () => Promise<void>): Promise<{ elapsedMs: number; latencies: number[] }> {
  let next = 0;
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < total) {
        const t = performance.now();
        await job();
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { elapsedMs: performance.now() - started, latencies: latencies.sort((a, b) => a - b) };
}

export async function runStoredResponsesBench(ctx: BenchContext, opts: { responses?: number; concurrency?: number } = {}): Promise<StoredResponsesBenchResult> {
  const total = opts.responses ?? 5000;
  const concurrency = opts.concurrency ?? 64;
  const keyId = randomUUID();
  const env = {} as NodeJS.ProcessEnv;
  const row = () => ({ id: `resp_${randomUUID()}`, keyId, conversation: conversation(), response: { object: 'response', output_text: SENTENCE.repeat(3) } });
  const grouped = () => storeResponse(ctx.db, env, row());
  const single = () => insertResponses(ctx.db, [{ ...row(), ttlSeconds: retentionSeconds(env) }]);

  // Warm-up: connections and plans for both statements.
  await closedLoop(300, concurrency, grouped);
  await closedLoop(300, concurrency, single);
  // Alternate halves so both face the same moments of a shared machine.
  const runs = { grouped: { elapsedMs: 0, latencies: [] as number[] }, single: { elapsedMs: 0, latencies: [] as number[] } };
  for (const half of [0, 1]) {
    for (const [name, job] of half ? ([['single', single], ['grouped', grouped]] as const) : ([['grouped', grouped], ['single', single]] as const)) {
      const r = await closedLoop(total / 2, concurrency, job);
      runs[name].elapsedMs += r.elapsedMs;
      runs[name].latencies.push(...r.latencies);
    }
  }
  const summary = (r: { elapsedMs: number; latencies: number[] }) => {
    const sorted = r.latencies.sort((a, b) => a - b);
    return { perSecond: (sorted.length / r.elapsedMs) * 1000, p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99) };
  };
  const result: StoredResponsesBenchResult = {
    responses: total,
    concurrency,
    groupCommit: summary(runs.grouped),
    oneInsertEach: summary(runs.single),
    throughputRatio: 0,
  };
  result.throughputRatio = result.groupCommit.perSecond / result.oneInsertEach.perSecond;
  const fmt = (s: { perSecond: number; p50Ms: number; p99Ms: number }) => `${s.perSecond.toFixed(0)}/s, wait p50 ${s.p50Ms.toFixed(1)} ms, p99 ${s.p99Ms.toFixed(1)} ms`;
  table(`Stored responses (${total} rows, ${concurrency} in flight)`, [
    ['group commit', fmt(result.groupCommit)],
    ['one INSERT each (baseline)', fmt(result.oneInsertEach)],
    ['throughput ratio', `${result.throughputRatio.toFixed(2)}x`],
  ]);
  return result;
}
