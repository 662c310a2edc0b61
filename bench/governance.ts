// `npm run bench -- governance`: the /v1 overhead scenario with limits and
// budgets on against off, in one gateway process: a key with no policy, and a
// key whose key, team and tag carry rate limits and hard and soft budgets
// (large enough never to refuse), so every call takes from the local leases
// and settles with its usage row. Blocks of the two alternate, so a slow
// moment of the machine falls on both; reported: gateway CPU per request and
// the latency through the gateway.
import type { ChildProcess } from 'node:child_process';
import { RawHttpPool } from './rawHttp.ts';
import { benchDatabase, startGatewayProcess, stopChild, type GatewayProcess } from './gatewayProcess.ts';
import { openLoop, startChild, stats, type LatencyStats } from './gatewayOverhead.ts';

export interface GovernanceBenchOptions {
  rate?: number;
  /** Measured seconds per setting, split in blocks. */
  seconds?: number;
  warmupSeconds?: number;
}

export interface GovernanceBenchResult {
  rate: number;
  seconds: number;
  off: { cpuMsPerRequest: number; latency: LatencyStats };
  on: { cpuMsPerRequest: number; latency: LatencyStats };
}

const BLOCKS = 4;

async function admin(url: string, key: string, method: string, route: string, body: unknown): Promise<any> {
  const res = await fetch(`${url}${route}`, { method, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${method} ${route}: HTTP ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: unknown }).data;
}

export async function runGovernanceBench(opts: GovernanceBenchOptions = {}): Promise<GovernanceBenchResult> {
  const rate = opts.rate ?? 300;
  const seconds = opts.seconds ?? 8;
  const warmup = opts.warmupSeconds ?? 2;
  let database: Awaited<ReturnType<typeof benchDatabase>> | undefined;
  let fake: { child: ChildProcess; url: string } | undefined;
  let gateway: GatewayProcess | undefined;
  const pools: RawHttpPool[] = [];
  try {
    database = await benchDatabase();
    const databaseUrl = database.url;
    fake = await startChild('fake upstream', 'fakeUpstream.ts', []);
    gateway = await startGatewayProcess(databaseUrl, { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', LOG_LEVEL: 'warn', PROVIDER_CONCURRENCY_OPENAI: '1000' });
    // The bootstrap key is an admin: it sets the policies up.
    const team = await admin(gateway.url, gateway.key, 'POST', '/api/llm/admin/teams', { name: `bench-${Date.now()}`, budgets: [{ period: 'month', amountUsd: 1e6, mode: 'hard' }], limits: { requestsPerMinute: 1e8 } });
    await admin(gateway.url, gateway.key, 'PUT', '/api/llm/admin/tags/bench', { budgets: [{ period: 'total', amountUsd: 1e6, mode: 'hard' }] });
    const plain = await admin(gateway.url, gateway.key, 'POST', '/api/llm/admin/keys', { name: 'bench off' });
    const governed = await admin(gateway.url, gateway.key, 'POST', '/api/llm/admin/keys', {
      name: 'bench on',
      teamId: team.id,
      tags: ['bench'],
      allowedModels: ['openai/*'],
      limits: { requestsPerMinute: 1e8, requestsPerDay: 1e10, tokensPerMinute: 1e10, tokensPerDay: 1e13 },
      budgets: [{ period: 'month', amountUsd: 1e6, mode: 'hard' }, { period: 'day', amountUsd: 1e6, mode: 'soft' }],
    });
    const body = JSON.stringify({ model: 'openai/gpt-4o-mini', max_tokens: 200, messages: [{ role: 'user', content: 'Say hello to the benchmark.' }] });
    const target = (secret: string) => {
      const pool = new RawHttpPool(gateway!.url, 64);
      pools.push(pool);
      return { pool, request: pool.prepare('POST', '/v1/chat/completions', { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body) };
    };
    const off = target(plain.secret);
    const on = target(governed.secret);
    const run = async (t: typeof off, secs: number) => {
      const samples: number[] = [];
      let errors = 0;
      await openLoop(rate, secs, async () => {
        const res = await t.pool.request(t.request).catch(() => undefined);
        if (res?.status === 200) samples.push(res.total);
        else errors++;
      });
      return { samples, errors };
    };
    if (warmup > 0) {
      await run(off, warmup);
      await run(on, warmup);
    }
    const sums = { off: { cpu: 0, samples: [] as number[], errors: 0 }, on: { cpu: 0, samples: [] as number[], errors: 0 } };
    for (let b = 0; b < BLOCKS; b++) {
      for (const which of ['off', 'on'] as const) {
        const cpu0 = await gateway.cpuMs();
        const part = await run(which === 'off' ? off : on, seconds / BLOCKS);
        sums[which].cpu += (await gateway.cpuMs()) - cpu0;
        sums[which].samples.push(...part.samples);
        sums[which].errors += part.errors;
      }
    }
    const result: GovernanceBenchResult = {
      rate,
      seconds,
      off: { cpuMsPerRequest: sums.off.cpu / Math.max(1, sums.off.samples.length), latency: stats(sums.off.samples, sums.off.errors) },
      on: { cpuMsPerRequest: sums.on.cpu / Math.max(1, sums.on.samples.length), latency: stats(sums.on.samples, sums.on.errors) },
    };
    console.log(`\ngovernance: /v1 chat completions at ${rate}/s, ${seconds}s per setting, blocks alternating`);
    for (const which of ['off', 'on'] as const) {
      const r = result[which];
      console.log(`  limits and budgets ${which.padEnd(3)}: CPU ${r.cpuMsPerRequest.toFixed(3)} ms/request, p50 ${r.latency.p50.toFixed(2)} ms, p99 ${r.latency.p99.toFixed(2)} ms, errors ${r.latency.errors}`);
    }
    return result;
  } finally {
    for (const p of pools) p.close();
    await gateway?.close();
    if (fake) await stopChild(fake.child);
    await database?.close();
  }
}
