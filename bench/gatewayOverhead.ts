// How much latency the gateway adds on POST /v1/chat/completions.
//
// One run, three processes besides this one: PostgreSQL (embedded unless
// DATABASE_URL), the gateway exactly as `npm start gateway` runs it (a child
// process, its own event loop), and the OpenAI loopback fake (another child,
// no artificial delay). This process is the load generator: open loop, requests
// scheduled on a clock at a fixed rate whether or not earlier ones finished,
// the same chat completion sent alternately straight to the fake and through
// the gateway, over undici keep-alive pools. Non-streaming first, then
// streaming (time to first body byte and to the end).
import { fork, type ChildProcess } from 'node:child_process';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEmbeddedPostgres, type Database } from '../server/database.ts';
import { RawHttpPool } from './rawHttp.ts';
import { startGatewayProcess, stopChild, type GatewayProcess } from './gatewayProcess.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));

export interface GatewayOverheadOptions {
  /** Requests per second on each path (direct and through the gateway), default 500. */
  rate?: number;
  /** Measured seconds per phase, default 10. */
  durationSeconds?: number;
  /** Unmeasured seconds before each phase, default 2. */
  warmupSeconds?: number;
  /** Also measure streaming (default true). */
  streaming?: boolean;
  /** The gateway's LOG_LEVEL (default info: one access-log line per request, as in production). */
  logLevel?: string;
  /** Keep-alive connections per target, default 64. */
  connections?: number;
  /** Write a V8 CPU profile of the gateway into this directory. */
  cpuProfileDir?: string;
  /** Print the table (default true). */
  print?: boolean;
}

export interface LatencyStats {
  count: number;
  errors: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  mean: number;
}

export interface PathPair {
  direct: LatencyStats;
  gateway: LatencyStats;
  /** gateway minus direct, in ms. */
  addedP50: number;
  addedP99: number;
}

export interface GatewayOverheadResult {
  rate: number;
  durationSeconds: number;
  plain: PathPair;
  streamingTtfb?: PathPair;
  streamingTotal?: PathPair;
  /** CPU the gateway process spent per request it served (ms, user + system, from /proc), per phase. */
  gatewayCpuMsPerRequest: { plain: number; streaming?: number };
  /** How late the load generator fired requests versus the schedule (ms). */
  schedulerLag: { p50: number; p99: number };
  goals: { addedP50UnderMs: 1; addedP99UnderMs: 5; addedTtfbUnderMs: 1; met: boolean };
}

function stats(samples: number[], errors: number): LatencyStats {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => (s.length ? s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]! : NaN);
  return {
    count: s.length,
    errors,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: s.at(-1) ?? NaN,
    mean: s.length ? s.reduce((a, b) => a + b, 0) / s.length : NaN,
  };
}

function pair(direct: LatencyStats, gateway: LatencyStats): PathPair {
  return { direct, gateway, addedP50: gateway.p50 - direct.p50, addedP99: gateway.p99 - direct.p99 };
}

function startFakeChild(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(HERE, 'fakeUpstream.ts'), [], { execArgv: [], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve({ child, url: m.url }));
    child.once('exit', (code) => reject(new Error(`fake upstream exited with ${code}`)));
  });
}

interface Target {
  pool: RawHttpPool;
  /** The prepared request, non-streaming and streaming. */
  plain: string;
  streamed: string;
}

interface Sample {
  total: number;
  ttfb: number;
  ok: boolean;
}

async function send(t: Target, stream: boolean): Promise<Sample> {
  try {
    const res = await t.pool.request(stream ? t.streamed : t.plain);
    return { total: res.total, ttfb: res.ttfb, ok: res.status === 200 };
  } catch {
    return { total: NaN, ttfb: NaN, ok: false };
  }
}

/**
 * Fires `fire(i)` at start + i / ratePerSecond for `seconds`, never waiting for
 * earlier requests (open loop). Returns once every fired request settled.
 */
async function openLoop(ratePerSecond: number, seconds: number, fire: (i: number) => Promise<void>): Promise<number[]> {
  const interval = 1000 / ratePerSecond;
  const total = Math.round(ratePerSecond * seconds);
  const lag: number[] = [];
  const inflight: Promise<void>[] = [];
  const start = performance.now();
  let i = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (i < total && start + i * interval <= now) {
        lag.push(now - (start + i * interval));
        inflight.push(fire(i));
        i++;
      }
      if (i < total) setTimeout(tick, Math.max(0, start + i * interval - performance.now() - 0.5));
      else resolve();
    };
    tick();
  });
  await Promise.all(inflight);
  return lag;
}

/** Alternates direct and gateway requests at `rate` each; returns the samples of both. */
async function phase(direct: Target, gateway: Target, rate: number, seconds: number, stream: boolean) {
  const samples = { direct: [] as Sample[], gateway: [] as Sample[] };
  const lag = await openLoop(rate * 2, seconds, async (i) => {
    const which = i % 2 === 0 ? 'direct' : 'gateway';
    samples[which].push(await send(which === 'direct' ? direct : gateway, stream));
  });
  return { samples, lag };
}

function summarize(samples: Sample[], pick: (s: Sample) => number): LatencyStats {
  const ok = samples.filter((s) => s.ok);
  return stats(ok.map(pick), samples.length - ok.length);
}

const fmt = (n: number) => (Number.isFinite(n) ? n.toFixed(3).padStart(9) : '      n/a');

function printTable(r: GatewayOverheadResult): void {
  const lines: string[] = [];
  lines.push('');
  lines.push(`Gateway overhead on POST /v1/chat/completions: ${r.rate} req/s on each path for ${r.durationSeconds} s, open loop, interleaved`);
  lines.push(`${'path'.padEnd(30)}${'n'.padStart(7)}${'err'.padStart(5)}   p50 ms   p90 ms   p99 ms   max ms`);
  const row = (name: string, s: LatencyStats) =>
    lines.push(`${name.padEnd(30)}${String(s.count).padStart(7)}${String(s.errors).padStart(5)}${fmt(s.p50)}${fmt(s.p90)}${fmt(s.p99)}${fmt(s.max)}`);
  const added = (name: string, p: PathPair) => lines.push(`${name.padEnd(42)}${fmt(p.addedP50)}${' '.repeat(9)}${fmt(p.addedP99)}`);
  const block = (title: string, p: PathPair) => {
    lines.push(title);
    row('  direct to fake', p.direct);
    row('  through gateway', p.gateway);
    added('  added by gateway', p);
  };
  block('non-streaming (full response)', r.plain);
  if (r.streamingTtfb) block('streaming, time to first byte', r.streamingTtfb);
  if (r.streamingTotal) block('streaming, whole stream', r.streamingTotal);
  const cpu = r.gatewayCpuMsPerRequest;
  lines.push(
    `gateway CPU per request: ${cpu.plain.toFixed(3)} ms non-streaming${cpu.streaming !== undefined ? `, ${cpu.streaming.toFixed(3)} ms streaming` : ''}`,
  );
  lines.push(`load generator lag behind schedule: p50 ${r.schedulerLag.p50.toFixed(3)} ms, p99 ${r.schedulerLag.p99.toFixed(3)} ms`);
  lines.push(
    `goals (added p50 < 1 ms, p99 < 5 ms, streaming TTFB p50 < 1 ms): ${r.goals.met ? 'met' : 'NOT met'}`,
  );
  console.log(lines.join('\n'));
}

export async function runGatewayOverheadBench(opts: GatewayOverheadOptions = {}): Promise<GatewayOverheadResult> {
  const rate = opts.rate ?? 500;
  const seconds = opts.durationSeconds ?? 10;
  const warmup = opts.warmupSeconds ?? 2;
  const connections = opts.connections ?? 64;
  let database: Database | undefined;
  let dataDir: string | undefined;
  let fake: { child: ChildProcess; url: string } | undefined;
  let gatewayProcess: GatewayProcess | undefined;
  const pools: RawHttpPool[] = [];
  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      // A durable cluster (fsync on), as `npm start` runs one, so usage writes cost what they cost in production.
      dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-bench-'));
      // As root, PostgreSQL runs as the `postgres` user, which must be able to enter the directory.
      await chmod(dataDir, 0o755);
      database = await startEmbeddedPostgres({ dir: path.join(dataDir, 'pg'), persistent: true });
      databaseUrl = database.url;
    }
    fake = await startFakeChild();
    gatewayProcess = await startGatewayProcess(
      databaseUrl,
      {
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'sk-bench',
        LOG_LEVEL: opts.logLevel ?? 'info',
        // The limit must not be what is measured.
        PROVIDER_CONCURRENCY_OPENAI: String(Math.max(1000, connections * 4)),
      },
      { cpuProfileDir: opts.cpuProfileDir },
    );
    const { url: gatewayUrl, key } = gatewayProcess;

    const fakeUrl = new URL(fake.url);
    const messages = [{ role: 'user', content: 'Say hello to the benchmark.' }];
    const target = (origin: string, path: string, apiKey: string, model: string): Target => {
      const pool = new RawHttpPool(origin, connections);
      pools.push(pool);
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` };
      return {
        pool,
        plain: pool.prepare('POST', path, headers, JSON.stringify({ model, messages })),
        streamed: pool.prepare('POST', path, headers, JSON.stringify({ model, messages, stream: true })),
      };
    };
    const direct = target(fakeUrl.origin, `${fakeUrl.pathname}/chat/completions`, 'sk-bench', 'gpt-4o-mini');
    const gateway = target(gatewayUrl, '/v1/chat/completions', key, 'openai/gpt-4o-mini');
    // Sanity: both paths answer 200 before anything is measured.
    for (const t of [direct, gateway]) {
      const s = await send(t, false);
      if (!s.ok) throw new Error(`${t === direct ? 'fake' : 'gateway'} did not answer 200`);
    }

    if (warmup > 0) await phase(direct, gateway, rate, warmup, false);
    let cpu0 = await gatewayProcess.cpuMs();
    const plain = await phase(direct, gateway, rate, seconds, false);
    const plainCpu = (await gatewayProcess.cpuMs()) - cpu0;
    const lag = [...plain.lag];
    const result: GatewayOverheadResult = {
      rate,
      durationSeconds: seconds,
      plain: pair(summarize(plain.samples.direct, (s) => s.total), summarize(plain.samples.gateway, (s) => s.total)),
      gatewayCpuMsPerRequest: { plain: plainCpu / plain.samples.gateway.length },
      schedulerLag: { p50: 0, p99: 0 },
      goals: { addedP50UnderMs: 1, addedP99UnderMs: 5, addedTtfbUnderMs: 1, met: false },
    };
    if (opts.streaming ?? true) {
      if (warmup > 0) await phase(direct, gateway, rate, warmup, true);
      cpu0 = await gatewayProcess.cpuMs();
      const streamed = await phase(direct, gateway, rate, seconds, true);
      result.gatewayCpuMsPerRequest.streaming = ((await gatewayProcess.cpuMs()) - cpu0) / streamed.samples.gateway.length;
      lag.push(...streamed.lag);
      result.streamingTtfb = pair(summarize(streamed.samples.direct, (s) => s.ttfb), summarize(streamed.samples.gateway, (s) => s.ttfb));
      result.streamingTotal = pair(summarize(streamed.samples.direct, (s) => s.total), summarize(streamed.samples.gateway, (s) => s.total));
    }
    const lagStats = stats(lag, 0);
    result.schedulerLag = { p50: lagStats.p50, p99: lagStats.p99 };
    result.goals.met =
      result.plain.addedP50 < 1 &&
      result.plain.addedP99 < 5 &&
      result.plain.gateway.errors === 0 &&
      (!result.streamingTtfb || (result.streamingTtfb.addedP50 < 1 && result.streamingTtfb.gateway.errors === 0));
    if (opts.print ?? true) printTable(result);
    return result;
  } finally {
    for (const p of pools) p.close();
    await gatewayProcess?.close();
    if (fake) await stopChild(fake.child);
    await database?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
