// GET /api/llm/spend at scale: `rows` usage rows (default 10 million) over the
// last 365 days, oldest first, written with generate_series in statements of a
// million (so the rollup trigger runs as it does for any INSERT), then the endpoint's typical
// questions asked over HTTP of a gateway process, each timed `runs` times.
// 200 keys in 20 teams (every fifth key without one), 0 to 2 of 10 tags per
// key, each key on 3 of 20 models and 2 of 4 surfaces.
import { mintKey } from '../protocols/keys.ts';
import type { Knex } from 'knex';
import type { BenchContext } from './context.ts';
import { startGatewayProcess } from './gatewayProcess.ts';
import { percentile, table } from './stats.ts';
import { postgresCpuMicros } from './postgresCpu.ts';

export interface SpendBenchResult {
  rows: number;
  rollupRows: number;
  loadSeconds: number;
  /**
   * Per query: wall time of the HTTP request, ms, and the CPU it cost the
   * gateway process and PostgreSQL together (what the wall time would be on an
   * idle machine, near enough, since the two work one after the other).
   */
  queries: Record<string, { p50Ms: number; p95Ms: number; maxMs: number; cpuMsPerRequest: number; groups: number }>;
}

const KEYS = 200;
const CHUNK = 1_000_000;

/** `total` usage rows over the last 365 days, oldest first, for 200 keys in 20 teams (every fifth key without one). */
export async function loadSpendRows(db: Knex, total: number): Promise<void> {
  // bench_keys: each key's number, which the generated rows are spread by.
  await db.raw(`
    INSERT INTO gateway_teams (name) SELECT 'team ' || t FROM generate_series(0, 19) t;
    INSERT INTO gateway_keys (lookup, hash, name, team_id, tags)
    SELECT 'bench' || n, sha256(('bench' || n)::bytea), 'bench key ' || n,
           CASE WHEN n % 5 = 0 THEN NULL ELSE (SELECT id FROM gateway_teams WHERE name = 'team ' || (n % 20)) END,
           CASE n % 3 WHEN 0 THEN ARRAY[]::text[] WHEN 1 THEN ARRAY['tag' || (n % 10)] ELSE ARRAY['tag' || (n % 10), 'tag' || ((n + 3) % 10)] END
      FROM generate_series(0, ${KEYS - 1}) n;
    CREATE TABLE bench_keys AS SELECT substring(name from 11)::int AS n, id, team_id, tags FROM gateway_keys WHERE name LIKE 'bench key %';`);

  for (let start = 0; start < total; start += CHUNK) {
    const end = Math.min(total, start + CHUNK) - 1;
    await db.raw(`
      INSERT INTO gateway_usage (key_id, team_id, tags, kind, surface, provider, model, input_tokens, output_tokens, total_tokens, cost, billing, created_at)
      SELECT k.id, k.team_id, k.tags, 'completion',
             (ARRAY['native', 'chat.completions', 'messages', 'responses'])[(k.n + (i / ${KEYS}) % 2) % 4 + 1],
             (ARRAY['openai', 'anthropic', 'gemini', 'mistral', 'deepseek'])[(k.n * 7 + (i / ${KEYS}) % 3) % 20 % 5 + 1],
             'model-' || ((k.n * 7 + (i / ${KEYS}) % 3) % 20),
             100 + i % 1000, 50 + i % 500, 150 + i % 1000 + i % 500, (i % 1000) * 0.000001, 'metered',
             date_trunc('day', now()) - interval '364 days' + (i * ${365 * 86400} / ${total}) * interval '1 second'
        FROM generate_series(${start}::bigint, ${end}::bigint) i
        JOIN bench_keys k ON k.n = i % ${KEYS}`);
    process.stdout.write(`\r  loaded ${end + 1} usage rows`);
  }
}

export async function runSpendBench(ctx: BenchContext, opts: { rows?: number; runs?: number } = {}): Promise<SpendBenchResult> {
  const total = opts.rows ?? 10_000_000;
  const runs = opts.runs ?? 30;
  const db = ctx.db;

  const loadStarted = performance.now();
  await loadSpendRows(db, total);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  process.stdout.write('\n');
  // Vacuumed now, so no autovacuum runs during the timing and counts as the queries' CPU.
  await db.raw('VACUUM ANALYZE gateway_usage, gateway_usage_daily, gateway_usage_monthly');
  const rollupRows = Number((await db.raw('SELECT count(*) AS n FROM gateway_usage_daily')).rows[0].n);
  const member = (await db.raw(`SELECT lookup FROM gateway_keys WHERE name = 'bench key 7'`)).rows[0];

  const gateway = await startGatewayProcess(ctx.databaseUrl, {});
  // A member key's plaintext: mint one whose hash the database holds.
  const minted = mintKey('gw_live_');
  await db('gateway_keys').where({ lookup: member.lookup }).update({ lookup: minted.lookup, hash: minted.hash });
  const today = new Date();
  const day = (ago: number) => new Date(today.getTime() - ago * 86_400_000).toISOString().slice(0, 10);
  const questions: Array<[string, string, string]> = [
    ['30 days by model', gateway.key, `from=${day(29)}&to=${day(0)}&groupBy=model`],
    ['30 days by key by day', gateway.key, `from=${day(29)}&to=${day(0)}&groupBy=key&bucket=day&limit=10000`],
    ['a year by tag by month', gateway.key, `from=${day(364)}&to=${day(0)}&groupBy=tag&bucket=month`],
    ['a year by team and provider by month', gateway.key, `from=${day(364)}&to=${day(0)}&groupBy=team,provider&bucket=month`],
    ['member: own 30 days by model by day', minted.plaintext, `from=${day(29)}&to=${day(0)}&groupBy=model&bucket=day`],
    ['30 days by model, CSV', gateway.key, `from=${day(29)}&to=${day(0)}&groupBy=model&format=csv`],
  ];
  const queries: SpendBenchResult['queries'] = {};
  try {
    for (const [name, key, query] of questions) {
      const times: number[] = [];
      let groups = 0;
      let cpu0 = 0;
      for (let i = 0; i < runs + 3; i++) {
        if (i === 3) cpu0 = (await gateway.cpuMs()) * 1000 + ((await postgresCpuMicros(db)) ?? NaN);
        const t = performance.now();
        const res = await fetch(`${gateway.url}/api/llm/spend?${query}`, { headers: { authorization: `Bearer ${key}` } });
        const text = await res.text();
        if (res.status !== 200) throw new Error(`${name}: ${res.status} ${text}`);
        // The first runs warm the key cache, the validators and the plans.
        if (i >= 3) times.push(performance.now() - t);
        groups = text.startsWith('{') ? JSON.parse(text).data.rows.length : text.split('\r\n').length - 2;
      }
      const cpuMsPerRequest = ((await gateway.cpuMs()) * 1000 + ((await postgresCpuMicros(db)) ?? NaN) - cpu0) / runs / 1000;
      times.sort((a, b) => a - b);
      queries[name] = { p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), maxMs: times.at(-1)!, cpuMsPerRequest, groups };
    }
  } finally {
    await gateway.close();
  }
  table(`Spend (${total} usage rows, ${rollupRows} rollup rows, loaded in ${loadSeconds.toFixed(0)} s; ${runs} runs each)`, [
    ...Object.entries(queries).map(([name, q]): [string, string] => [name, `p50 ${q.p50Ms.toFixed(1)} ms, p95 ${q.p95Ms.toFixed(1)} ms, max ${q.maxMs.toFixed(1)} ms; CPU ${q.cpuMsPerRequest.toFixed(1)} ms per request (${q.groups} groups)`]),
  ]);
  return { rows: total, rollupRows, loadSeconds, queries };
}
