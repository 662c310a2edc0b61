// Soak: a mixed load held for a long time (10 minutes by default) against two
// gateway processes and one analytics process on one PostgreSQL, as `npm
// start` runs them: /v1 chat completions streamed and not, native queued
// completions, analytics ingest. Reported per window: throughput, p50/p99 per
// kind, errors, and the RSS of every process (flat is the goal: a leak shows as
// a slope). Then a rate ladder: the highest /v1 rate the two processes sustain
// with an added p99 under 5 ms over calling the fake directly, beside the same
// ladder through a bare Node.js proxy (bench/nodeProxy.ts), in the same run.
import { fork, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../server/database.ts';
import { createBenchContext } from './context.ts';
import { openLoop, startChild, stats, type LatencyStats } from './gatewayOverhead.ts';
import { startFlags, startGatewayProcess, stopChild, type GatewayProcess } from './gatewayProcess.ts';
import { RawHttpPool } from './rawHttp.ts';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface SoakOptions {
  /** Length of the mixed load, seconds. */
  seconds?: number;
  /** Report window, seconds. */
  windowSeconds?: number;
  /** Requests per second of each kind during the soak. */
  rates?: Partial<Record<Kind, number>>;
  /** /v1 rates tried by the ladder (total over both gateway processes), and seconds per step. */
  ladder?: number[];
  ladderSeconds?: number;
}

type Kind = 'v1' | 'v1Stream' | 'queued' | 'ingest';

interface Window {
  atSeconds: number;
  perKind: Record<Kind, { perSecond: number; p50: number; p99: number; errors: number }>;
  rssMb: Record<string, number>;
}

export interface SoakResult {
  seconds: number;
  rates: Record<Kind, number>;
  windows: Window[];
  /** RSS change from the first to the last window, per process (MB). */
  rssDriftMb: Record<string, number>;
  queuedCompleted: number;
  queuedSubmitted: number;
  ladder: Array<{ rate: number; direct: LatencyStats; gateway: LatencyStats; proxy: LatencyStats; gatewayAddedP99: number; proxyAddedP99: number }>;
  highestRateUnder5msAddedP99: { gateway: number | null; proxy: number | null };
}

async function rssMb(pid: number | undefined): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN) / 1024;
  } catch {
    return NaN;
  }
}

async function startAnalyticsProcess(databaseUrl: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = fork(path.join(REPO, 'server/main.ts'), ['analytics'], {
    cwd: REPO,
    execArgv: startFlags(),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: { ...process.env, LOG_LEVEL: 'warn', DATABASE_URL: databaseUrl, ANALYTICS_PORT: String(port), HOST: '127.0.0.1', ANALYTICS_INVITE_CODES: 'soak' },
  });
  const url = `http://127.0.0.1:${port}`;
  // The service listens only once its start-up work is done: any answer means it is up.
  for (let i = 0; i < 1800; i++) {
    if (child.exitCode !== null) throw new Error('analytics exited during start-up');
    try {
      await fetch(`${url}/v1/projects`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
      return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('analytics did not start within 180 s');
}

const UA = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

export async function runSoakBench(opts: SoakOptions = {}): Promise<SoakResult> {
  const seconds = opts.seconds ?? 600;
  const windowSeconds = opts.windowSeconds ?? Math.min(60, Math.max(5, Math.round(seconds / 10)));
  const rates: Record<Kind, number> = { v1: 100, v1Stream: 50, queued: 50, ingest: 200, ...opts.rates };
  const ctx = await createBenchContext();
  const children: ChildProcess[] = [];
  const gateways: GatewayProcess[] = [];
  try {
    const fake = await startChild('fake upstream', 'fakeUpstream.ts', []);
    children.push(fake.child);
    const env = { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-soak', PROVIDER_CONCURRENCY_OPENAI: '256' };
    gateways.push(await startGatewayProcess(ctx.databaseUrl, env), await startGatewayProcess(ctx.databaseUrl, env));
    const analytics = await startAnalyticsProcess(ctx.databaseUrl);
    children.push(analytics.child);
    const proxy = await startChild('reference proxy', 'nodeProxy.ts', startFlags(), { ...process.env, UPSTREAM_URL: fake.url });
    children.push(proxy.child);

    const created = await fetch(`${analytics.url}/v1/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inviteCode: 'soak', name: 'Soak', domains: ['example.com'], dailyEventCap: 100_000_000 }),
    });
    const projectId = ((await created.json()) as { project: { id: string } }).project.id;

    const model = 'openai/gpt-4o-mini';
    const messages = [{ role: 'user', content: 'soak' }];
    const pools = gateways.map((g) => {
      const pool = new RawHttpPool(g.url, 128);
      const headers = { authorization: `Bearer ${g.key}`, 'content-type': 'application/json' };
      return {
        pool,
        v1: pool.prepare('POST', '/v1/chat/completions', headers, JSON.stringify({ model, messages })),
        v1Stream: pool.prepare('POST', '/v1/chat/completions', headers, JSON.stringify({ model, messages, stream: true })),
        queued: pool.prepare('POST', '/api/llm/complete', headers, JSON.stringify({ provider: 'openai', messages })),
      };
    });
    const ingestPool = new RawHttpPool(analytics.url, 64);
    const beacon = ingestPool.prepare(
      'POST',
      '/v1/collect',
      { 'content-type': 'application/json', 'user-agent': UA },
      JSON.stringify({ projectId, type: 'pageview', url: 'https://example.com/soak' }),
    );
    const procs: Record<string, number | undefined> = { gateway1: gateways[0]!.pid, gateway2: gateways[1]!.pid, analytics: analytics.child.pid };

    // ---- the soak ----
    const kinds = Object.keys(rates) as Kind[];
    const total = kinds.reduce((s, k) => s + rates[k], 0);
    // A fixed interleaving, round robin: kind k takes rates[k] of every `total` slots.
    const schedule: Kind[] = [];
    const left = { ...rates };
    while (schedule.length < total) for (const k of kinds) if (left[k]-- > 0) schedule.push(k);
    // t: seconds since the start when the request completed.
  const samples: Record<Kind, { t: number; ms: number; ok: boolean }[]> = { v1: [], v1Stream: [], queued: [], ingest: [] };
    const windows: Window[] = [];
    const t0 = performance.now();
    let cut = 0;
    const reporter = setInterval(async () => {
      const now = (performance.now() - t0) / 1000;
      const perKind = {} as Window['perKind'];
      for (const k of kinds) {
        const inWindow = samples[k].filter((s) => s.t >= cut && s.t < now);
        const ok = inWindow.filter((s) => s.ok).map((s) => s.ms);
        const st = stats(ok, inWindow.length - ok.length);
        perKind[k] = { perSecond: ok.length / (now - cut), p50: st.p50, p99: st.p99, errors: st.errors };
        samples[k] = samples[k].filter((s) => s.t >= now);
      }
      const rss: Record<string, number> = {};
      for (const [name, pid] of Object.entries(procs)) rss[name] = Math.round(await rssMb(pid));
      windows.push({ atSeconds: Math.round(now), perKind, rssMb: rss });
      const line = kinds.map((k) => `${k} ${perKind[k].perSecond.toFixed(0)}/s p50 ${perKind[k].p50.toFixed(1)} p99 ${perKind[k].p99.toFixed(1)} err ${perKind[k].errors}`);
      console.log(`[soak ${Math.round(now)} s] ${line.join(' | ')} | RSS MB ${JSON.stringify(rss)}`);
      cut = now;
    }, windowSeconds * 1000);
    let queuedSubmitted = 0;
    await openLoop(total, seconds, async (i) => {
      const kind = schedule[i % schedule.length]!;
      const g = pools[i % 2]!;
      // Counted in the window it completes in, so a slow answer is never lost between windows.
      const done = () => (performance.now() - t0) / 1000;
      try {
        const res = kind === 'ingest' ? await ingestPool.request(beacon) : await g.pool.request(g[kind]);
        const ok = res.status === (kind === 'ingest' ? 202 : 200);
        if (kind === 'queued' && ok) queuedSubmitted++;
        samples[kind].push({ t: done(), ms: kind === 'v1Stream' ? res.ttfb : res.total, ok });
      } catch {
        samples[kind].push({ t: done(), ms: NaN, ok: false });
      }
    });
    clearInterval(reporter);
    await ctx.waitForQueueDrain(120_000).catch(() => {});
    const [row] = await ctx.db('gateway_tasks').where({ status: 'completed' }).count<{ n: string }[]>('* as n');
    const queuedCompleted = Number(row!.n);
    const rssDriftMb: Record<string, number> = {};
    if (windows.length >= 2) for (const name of Object.keys(procs)) rssDriftMb[name] = windows.at(-1)!.rssMb[name]! - windows[0]!.rssMb[name]!;

    // ---- the /v1 rate ladder: direct, bare proxy and the two gateways, interleaved at each rate ----
    const direct = new RawHttpPool(fake.url.replace(/\/v1$/, ''), 128);
    const directReq = direct.prepare('POST', `${new URL(fake.url).pathname}/chat/completions`, { 'content-type': 'application/json' }, JSON.stringify({ model: 'gpt-4o-mini', messages }));
    const proxyPool = new RawHttpPool(proxy.url, 128);
    const proxyReq = proxyPool.prepare('POST', '/v1/chat/completions', { 'content-type': 'application/json' }, JSON.stringify({ model, messages }));
    const ladder: SoakResult['ladder'] = [];
    for (const rate of opts.ladder ?? [200, 400, 800, 1200, 1600]) {
      const got = { direct: [] as number[], gateway: [] as number[], proxy: [] as number[] };
      const errors = { direct: 0, gateway: 0, proxy: 0 };
      // Each path at `rate`: three paths interleaved, the gateway's share split over both processes.
      await openLoop(rate * 3, opts.ladderSeconds ?? 10, async (i) => {
        const path3 = (['direct', 'gateway', 'proxy'] as const)[i % 3]!;
        const g = pools[Math.floor(i / 3) % 2]!;
        try {
          const res = path3 === 'direct' ? await direct.request(directReq) : path3 === 'proxy' ? await proxyPool.request(proxyReq) : await g.pool.request(g.v1);
          if (res.status === 200) got[path3].push(res.total);
          else errors[path3]++;
        } catch {
          errors[path3]++;
        }
      });
      const d = stats(got.direct, errors.direct);
      const gw = stats(got.gateway, errors.gateway);
      const px = stats(got.proxy, errors.proxy);
      ladder.push({ rate, direct: d, gateway: gw, proxy: px, gatewayAddedP99: gw.p99 - d.p99, proxyAddedP99: px.p99 - d.p99 });
      console.log(
        `[ladder ${rate}/s per path] direct p99 ${d.p99.toFixed(2)} ms | gateways p50 ${gw.p50.toFixed(2)} p99 ${gw.p99.toFixed(2)} (added ${(gw.p99 - d.p99).toFixed(2)}, err ${gw.errors}) | bare proxy p99 ${px.p99.toFixed(2)} (added ${(px.p99 - d.p99).toFixed(2)}, err ${px.errors})`,
      );
    }
    const highest = (pick: (l: SoakResult['ladder'][number]) => number, errs: (l: SoakResult['ladder'][number]) => number) =>
      ladder.filter((l) => pick(l) < 5 && errs(l) === 0).reduce<number | null>((m, l) => Math.max(m ?? 0, l.rate), null);
    const result: SoakResult = {
      seconds,
      rates,
      windows,
      rssDriftMb,
      queuedCompleted,
      queuedSubmitted,
      ladder,
      highestRateUnder5msAddedP99: {
        gateway: highest((l) => l.gatewayAddedP99, (l) => l.gateway.errors),
        proxy: highest((l) => l.proxyAddedP99, (l) => l.proxy.errors),
      },
    };
    console.log(
      `soak: ${seconds} s; queued ${queuedCompleted}/${queuedSubmitted} completed; RSS drift MB ${JSON.stringify(rssDriftMb)}; highest /v1 rate with added p99 < 5 ms: gateways ${result.highestRateUnder5msAddedP99.gateway ?? 'none'}/s, bare proxy ${result.highestRateUnder5msAddedP99.proxy ?? 'none'}/s`,
    );
    return result;
  } finally {
    await Promise.all(gateways.map((g) => g.close()));
    await Promise.all(children.map((c) => stopChild(c)));
    await ctx.close();
  }
}
