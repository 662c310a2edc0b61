// The console's first paint with a month of data: navigation to the Overview's
// numbers on screen (the page marks itself ready once its
// GET /api/llm/traffic call, the last 30 days with today and this month, has
// rendered), in Chromium, against a gateway process on `rows` usage rows
// (default 1 million) over the last 30 days, with their /v1 traffic counts
// (2% of calls failed, under three codes). The baseline is the same page on
// the same gateway before the rows are loaded, in the same run.
import type { Knex } from 'knex';
import type { BenchContext } from './context.ts';
import { startGatewayProcess } from './gatewayProcess.ts';
import { percentile, table } from './stats.ts';
import { mintKey } from '../protocols/keys.ts';

interface Paint {
  coldMs: number;
  warmMs: number;
  /** Where the median load's time went: the page's HTML by, then its traffic call sent and answered (ms from navigation start). */
  warmBreakdown: { html: number; trafficStart: number; trafficEnd: number };
}

export interface ConsoleBenchResult {
  rows: number;
  trafficRows: number;
  rollupRows: number;
  loadSeconds: number;
  /** Navigation start to the numbers on screen, ms: the first load, then the median of `runs` more. */
  empty: Paint;
  loaded: Paint;
  /** The Overview's API call alone (the last 30 days, with today and the month), over HTTP, p50 ms; and one key's (a member's view). */
  trafficCallP50Ms: number;
  keyTrafficCallP50Ms: number;
}

const KEYS = 200;
const CHUNK = 1_000_000;

/** `total` usage rows over the last 30 days for 200 keys in 20 teams, 20 models of 5 providers, and the traffic counts the /v1 calls behind them would leave. */
export async function loadConsoleRows(db: Knex, total: number): Promise<void> {
  await db.raw(`
    INSERT INTO gateway_teams (name) SELECT 'team ' || t FROM generate_series(0, 19) t;
    INSERT INTO gateway_keys (lookup, hash, name, team_id, tags)
    SELECT 'bench' || n, sha256(('bench' || n)::bytea), 'bench key ' || n,
           CASE WHEN n % 5 = 0 THEN NULL ELSE (SELECT id FROM gateway_teams WHERE name = 'team ' || (n % 20)) END,
           CASE n % 3 WHEN 0 THEN ARRAY[]::text[] ELSE ARRAY['tag' || (n % 10)] END
      FROM generate_series(0, ${KEYS - 1}) n;
    CREATE TABLE bench_keys AS SELECT substring(name from 11)::int AS n, id, team_id, tags FROM gateway_keys WHERE name LIKE 'bench key %';`);
  for (let start = 0; start < total; start += CHUNK) {
    const end = Math.min(total, start + CHUNK) - 1;
    await db.raw(`
      INSERT INTO gateway_usage (key_id, team_id, tags, kind, surface, provider, model, input_tokens, output_tokens, total_tokens, cost, billing, created_at)
      SELECT k.id, k.team_id, k.tags, 'completion', 'chat.completions',
             (ARRAY['openai', 'anthropic', 'gemini', 'mistral', 'deepseek'])[(k.n * 7 + (i / ${KEYS}) % 3) % 20 % 5 + 1],
             'model-' || ((k.n * 7 + (i / ${KEYS}) % 3) % 20),
             100 + i % 1000, 50 + i % 500, 150 + i % 1000 + i % 500, (i % 1000) * 0.000001, 'metered',
             date_trunc('day', now()) - interval '29 days' + (i * ${30 * 86400} / ${total}) * interval '1 second'
        FROM generate_series(${start}::bigint, ${end}::bigint) i
        JOIN bench_keys k ON k.n = i % ${KEYS}`);
  }
  // Each usage row a call that took 200 ms to 3.2 s; one call in 50 besides failed (no usage row). Counted per key, team and for all, as the gateway counts them.
  await db.raw(`
    WITH c AS MATERIALIZED (
      SELECT day, key_id, team_id, provider, model, error_code, greatest(0, ceil(ln(lat) / ln(1.25) - 1e-9))::int AS bucket, lat
        FROM (SELECT (created_at AT TIME ZONE 'UTC')::date AS day, key_id, team_id, provider, model, NULL::text AS error_code, 200 + (id * 7919) % 3000 AS lat FROM gateway_usage
              UNION ALL
              SELECT (created_at AT TIME ZONE 'UTC')::date, key_id, team_id, CASE WHEN id % 150 = 0 THEN NULL ELSE provider END, model,
                     (ARRAY['budget_exceeded', 'provider_error', 'rate_limited'])[id % 3 + 1], 5 + id % 40
                FROM gateway_usage WHERE id % 50 = 0) u)
    INSERT INTO gateway_traffic (scope, subject, day, provider, model, error_code, bucket, calls, latency_ms)
    SELECT 'key', key_id, day, provider, model, error_code, bucket, count(*), sum(lat) FROM c GROUP BY 2, 3, 4, 5, 6, 7
    UNION ALL
    SELECT 'team', team_id, day, provider, model, error_code, bucket, count(*), sum(lat) FROM c WHERE team_id IS NOT NULL GROUP BY 2, 3, 4, 5, 6, 7
    UNION ALL
    SELECT 'all', NULL::uuid, day, provider, model, error_code, bucket, count(*), sum(lat) FROM c GROUP BY 3, 4, 5, 6, 7`);
}

async function measurePaint(base: string, key: string, runs: number): Promise<Paint> {
  const { launchChromium } = await import('../test/browser.ts');
  const chromium = await launchChromium();
  try {
    const context = await chromium.browser.createBrowserContext();
    // Signed in once, as an operator would be: the session cookie is the browser's from then on.
    const signIn = await context.newPage();
    await signIn.goto(`${base}/api/console/sign-in`);
    const status = await signIn.evaluate(async (k: string) => (await fetch('/api/console/sign-in/key', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ key: k }) })).status, key);
    if (status !== 200) throw new Error(`console sign-in answered ${status}`);
    await signIn.close();
    const once = async () => {
      const page = await context.newPage();
      await page.goto(`${base}/console?page=overview`, { waitUntil: 'domcontentloaded' });
      await page.waitForSelector('body[data-ready="overview"]', { timeout: 120_000 });
      const error = await page.$eval('#error', (e) => e.textContent);
      if (error) throw new Error(`the Overview showed an error: ${error}`);
      const [ms, html, call] = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        const traffic = performance.getEntriesByType('resource').find((e) => e.name.includes('/api/llm/traffic')) as PerformanceResourceTiming | undefined;
        return [performance.now(), nav?.responseEnd ?? 0, traffic ? [traffic.startTime, traffic.responseEnd] : [0, 0]] as const;
      });
      await page.close();
      return { ms: Math.round(ms), html: Math.round(html), trafficStart: Math.round(call[0]), trafficEnd: Math.round(call[1]) };
    };
    const cold = await once();
    const warm: Array<Awaited<ReturnType<typeof once>>> = [];
    for (let i = 0; i < runs; i++) warm.push(await once());
    warm.sort((a, b) => a.ms - b.ms);
    const median = warm[Math.floor(warm.length / 2)]!;
    return { coldMs: cold.ms, warmMs: median.ms, warmBreakdown: { html: median.html, trafficStart: median.trafficStart, trafficEnd: median.trafficEnd } };
  } finally {
    await chromium.close();
  }
}

export async function runConsoleBench(ctx: BenchContext, opts: { rows?: number; runs?: number } = {}): Promise<ConsoleBenchResult> {
  const total = opts.rows ?? 1_000_000;
  const runs = opts.runs ?? 7;
  const db = ctx.db;
  const gateway = await startGatewayProcess(ctx.databaseUrl, {});
  try {
    const empty = await measurePaint(gateway.url, gateway.key, runs);
    const loadStarted = performance.now();
    await loadConsoleRows(db, total);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    // Vacuumed now, so no autovacuum runs during the timing.
    await db.raw('VACUUM ANALYZE gateway_usage, gateway_usage_daily, gateway_usage_monthly, gateway_traffic');
    const count = async (t: string) => Number((await db.raw(`SELECT count(*) AS n FROM ${t}`)).rows[0].n);
    const [trafficRows, rollupRows] = [await count('gateway_traffic'), await count('gateway_usage_daily')];
    const loaded = await measurePaint(gateway.url, gateway.key, runs);

    const timeCall = async (key: string) => {
      const times: number[] = [];
      for (let i = 0; i < runs + 2; i++) {
        const t = performance.now();
        const res = await fetch(`${gateway.url}/api/llm/traffic`, { headers: { authorization: `Bearer ${key}` } });
        if (res.status !== 200) throw new Error(`traffic: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
        if (i >= 2) times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      return Math.round(percentile(times, 0.5) * 10) / 10;
    };
    const trafficCallP50Ms = await timeCall(gateway.key);
    // A key's own view: mint a secret for one of the loaded keys.
    const minted = mintKey('gw_live_');
    await db('gateway_keys').where({ name: 'bench key 7' }).update({ lookup: minted.lookup, hash: minted.hash });
    const keyTrafficCallP50Ms = await timeCall(minted.plaintext);
    const b = loaded.warmBreakdown;
    table(`Console first paint (${total} usage rows over 30 days, ${rollupRows} daily rollup rows, ${trafficRows} traffic rows, loaded in ${loadSeconds.toFixed(0)} s)`, [
      ['Overview, navigation to numbers on screen', `first ${loaded.coldMs} ms, then p50 ${loaded.warmMs} ms (goal: under 1,000 ms); that load: HTML by ${b.html} ms, traffic call sent at ${b.trafficStart} ms, answered at ${b.trafficEnd} ms`],
      ['the same page before the rows were loaded', `first ${empty.coldMs} ms, then p50 ${empty.warmMs} ms (ratio ${(loaded.warmMs / Math.max(1, empty.warmMs)).toFixed(2)}x)`],
      ['GET /api/llm/traffic (30 days, today, month) alone', `p50 ${trafficCallP50Ms} ms for an admin, ${keyTrafficCallP50Ms} ms for one key`],
    ]);
    return { rows: total, trafficRows, rollupRows, loadSeconds, empty, loaded, trafficCallP50Ms, keyTrafficCallP50Ms };
  } finally {
    await gateway.close();
  }
}
