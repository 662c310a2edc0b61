// Ready means warm: `npm start -- gateway` (one process, then two under the
// supervisor) is started, its readiness route polled, and at its first 200 a
// fixed-rate /v1/chat/completions load begins (open loop, a fixed number of
// keep-alive connections, the OpenAI loopback fake upstream); the latency of
// each of the first seconds is reported. The baseline, measured in the same
// run on a fresh start of the same service: the same load begun at the first
// 200 of the liveness route instead, i.e. what a load balancer that took
// "answers" for "ready" would send into the warm-up. What the warm-up costs
// is the time from the first 200 of health to the first of ready, in the
// runs gated on readiness (the warm-up's own /v1 calls: server/warmUp.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import path from 'node:path';
import { freePort } from '../server/database.ts';
import { createDb, migrate } from '../db/knex.ts';
import { benchDatabase, measuredFlags, startEnv, startFlags, stopChild } from './gatewayProcess.ts';
import { openLoop, startChild, stats, type LatencyStats } from './gatewayOverhead.ts';
import { RawHttpPool } from './rawHttp.ts';
import { table } from './stats.ts';

const REPO = path.resolve(import.meta.dirname, '..');

export interface WarmupOptions {
  /** Requests per second once the process says it is ready (500). */
  rate?: number;
  /** Seconds of load reported, one row each (10). */
  seconds?: number;
  /** Keep-alive connections of the load (10). */
  connections?: number;
  /** Only this many gateway processes (default: 1, then 2). */
  processes?: number;
}

type Gate = 'ready' | 'health';

export interface WarmupRun {
  processes: number;
  /** The route whose first 200 started the load. */
  gate: Gate;
  /** ms from spawning `npm start` to the first 200 of each route. */
  healthAtMs: number;
  readyAtMs: number;
  perSecond: LatencyStats[];
}

/** Polls both routes every 10 ms until `gate` answers 200; the time of each route's first 200. */
async function firstAnswers(url: string, child: ChildProcess, spawnedAt: number, gate: Gate): Promise<{ healthAtMs: number; readyAtMs: number }> {
  const at: Partial<Record<Gate, number>> = {};
  const probe = async (route: Gate) => {
    if (at[route] !== undefined) return;
    try {
      const res = await fetch(`${url}/api/llm/${route}`);
      await res.arrayBuffer();
      if (res.status === 200) at[route] ??= performance.now() - spawnedAt;
    } catch {
      // Not listening yet.
    }
  };
  for (let i = 0; at[gate] === undefined; i++) {
    if (child.exitCode !== null) throw new Error('the gateway exited during start-up');
    if (i > 60_000) throw new Error('the gateway was not ready within 10 minutes');
    await Promise.all([probe('health'), probe('ready')]);
    if (at[gate] === undefined) await new Promise((r) => setTimeout(r, 10));
  }
  return { healthAtMs: at.health ?? NaN, readyAtMs: at.ready ?? NaN };
}

async function run(o: { processes: number; gate: Gate; databaseUrl: string; env: Record<string, string>; key: string; rate: number; seconds: number; connections: number }): Promise<WarmupRun> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const spawnedAt = performance.now();
  const child = spawn(process.execPath, [...startFlags(), ...measuredFlags(), 'server/main.ts', 'gateway'], {
    cwd: REPO,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, ...startEnv(), ...o.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', GATEWAY_PORT: String(port), GATEWAY_PROCESSES: String(o.processes), DATABASE_URL: o.databaseUrl, GATEWAY_BOOTSTRAP_KEY: o.key },
  });
  const pool = new RawHttpPool(url, o.connections);
  try {
    const { healthAtMs, readyAtMs } = await firstAnswers(url, child, spawnedAt, o.gate);
    const request = pool.prepare('POST', '/v1/chat/completions', { authorization: `Bearer ${o.key}`, 'content-type': 'application/json' }, JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello to the benchmark.' }] }));
    const samples: Array<{ ms: number; ok: boolean }[]> = Array.from({ length: o.seconds }, () => []);
    await openLoop(o.rate, o.seconds, async (i) => {
      const second = samples[Math.floor(i / o.rate)]!;
      try {
        const res = await pool.request(request);
        second.push({ ms: res.total, ok: res.status === 200 });
      } catch {
        second.push({ ms: NaN, ok: false });
      }
    });
    const perSecond = samples.map((s) => stats(s.filter((x) => x.ok).map((x) => x.ms), s.filter((x) => !x.ok).length));
    return { processes: o.processes, gate: o.gate, healthAtMs, readyAtMs, perSecond };
  } finally {
    pool.close();
    await stopChild(child);
  }
}

export async function runWarmupBench(opts: WarmupOptions = {}): Promise<{ runs: WarmupRun[]; loadAverage: { min: number; max: number } }> {
  const rate = opts.rate ?? 500;
  const seconds = opts.seconds ?? 10;
  const connections = opts.connections ?? 10;
  const database = await benchDatabase();
  const load: number[] = [loadavg()[0]!];
  const sampler = setInterval(() => load.push(loadavg()[0]!), 1000);
  const runs: WarmupRun[] = [];
  let fake: { child: ChildProcess; url: string } | undefined;
  try {
    const db = createDb(database.url, { max: 1 });
    await migrate(db);
    await db.destroy();
    fake = await startChild('fake upstream', 'fakeUpstream.ts', []);
    const key = `gw_live_${randomBytes(24).toString('base64url')}`;
    const env = { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', PROVIDER_CONCURRENCY_OPENAI: '1000' };
    for (const processes of opts.processes ? [opts.processes] : [1, 2]) {
      for (const gate of ['health', 'ready'] as const) runs.push(await run({ processes, gate, databaseUrl: database.url, env, key, rate, seconds, connections }));
    }
  } finally {
    clearInterval(sampler);
    if (fake) await stopChild(fake.child);
    await database.close();
  }
  const loadNote = `load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)}${Math.max(...load) > 2 ? ' (shared machine)' : ''}`;
  const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
  const secs = (n: number) => (Number.isFinite(n) ? `${(n / 1000).toFixed(2)} s` : 'not polled after health');
  for (const r of runs) {
    table(
      `${r.processes} gateway process${r.processes > 1 ? 'es' : ''}, /v1/chat/completions at ${rate}/s on ${connections} connections from the first 200 of /api/llm/${r.gate} (after spawn: health at ${secs(r.healthAtMs)}, ready at ${secs(r.readyAtMs)}); ${loadNote}`,
      r.perSecond.map((s, i): [string, string] => [`second ${i + 1}`, `n ${s.count}, errors ${s.errors}, p50 ${ms(s.p50)} ms, p99 ${ms(s.p99)} ms, max ${ms(s.max)} ms`]),
    );
  }
  const worst = (r: WarmupRun, from: number, to: number) => Math.max(...r.perSecond.slice(from, to).map((s) => s.p99));
  table(`p99 of the first second / of seconds 2-${seconds}, load from readiness against load from liveness (the baseline); ${loadNote}`, [
    ...[...new Set(runs.map((r) => r.processes))].map((p): [string, string] => {
      const ready = runs.find((r) => r.processes === p && r.gate === 'ready')!;
      const health = runs.find((r) => r.processes === p && r.gate === 'health')!;
      const warming = ready.readyAtMs - ready.healthAtMs;
      return [
        `${p} process${p > 1 ? 'es' : ''}`,
        `from ready: ${ms(worst(ready, 0, 1))} / ${ms(worst(ready, 1, seconds))} ms; from health: ${ms(worst(health, 0, 1))} / ${ms(worst(health, 1, seconds))} ms; first second ${(worst(health, 0, 1) / worst(ready, 0, 1)).toFixed(1)}x better from ready; ready ${secs(ready.readyAtMs)} after spawn, ${secs(warming)} after health`,
      ];
    }),
  ]);
  return { runs, loadAverage: { min: Math.min(...load), max: Math.max(...load) } };
}
