// What a local engine's work (OCR, vision) does to /v1 latency in the same
// gateway process: the same POST /v1/chat/completions load at a fixed rate
// (open loop, raw keep-alive connections) in alternating blocks, idle (no
// engine work) and busy (`clients` engine clients each submitting a task and
// polling it to its end, again and again), so both face the same moments of a
// shared machine. Each busy block starts with unmeasured seconds in which the
// workers reach full concurrency and models are warm; each idle block starts
// only after the last engine task ended. Besides latency it reads what is
// robust to a loaded machine: the CPU the gateway's main thread (and every
// other thread, by name and nice value) spends per engine request, i.e. the
// busy blocks' CPU minus the idle blocks' over the engine requests done.
import { extraPerUnit, nowUs, hotspots, mainThreadProfile, type Hotspot, type Window } from './cpuProfile.ts';
import { openLoop, stats, type LatencyStats } from './gatewayOverhead.ts';
import type { GatewayProcess } from './gatewayProcess.ts';
import { RawHttpPool } from './rawHttp.ts';
import { formatThreadUse, threadSamples, threadUse, type ThreadGroupUse } from './threads.ts';

export interface EngineLoadOptions {
  gateway: GatewayProcess;
  /** /v1 requests per second in every block. */
  rate: number;
  /** Measured seconds per block. */
  blockSeconds: number;
  /** Idle/busy block pairs, default 3. */
  pairs?: number;
  /** Unmeasured seconds at the start of each busy block, default 3. */
  rampSeconds?: number;
  /** Engine clients during busy blocks (each has one task in flight at a time). */
  clients: number;
  /** One engine request from submit to its result; resolves true when it succeeded. */
  engineRequest(): Promise<boolean>;
  /** CPU (µs) the PostgreSQL server has used so far, when it runs on this machine. */
  postgresCpuMicros?: () => Promise<number | undefined>;
}

export interface EngineLoadResult {
  idle: LatencyStats;
  busy: LatencyStats;
  /** /v1 requests that failed, both phases. */
  errors: number;
  /** Engine requests that ended inside the measured busy windows, and those that failed anywhere. */
  engineRequests: number;
  engineFailed: number;
  engineRequestsPerSecond: number;
  /** Main-thread CPU per second of idle and busy block, and what the busy blocks added per engine request. */
  mainCpuMsPerSecondIdle: number;
  mainCpuMsPerSecondBusy: number;
  mainCpuMsPerEngineRequest: number;
  /** What the busy blocks added to PostgreSQL's CPU, per engine request (same 2 cores); undefined when it cannot be read. */
  postgresCpuMsPerEngineRequest?: number;
  /** Per thread name: CPU per engine request (busy minus idle, per request) and the nice values seen. */
  threads: ThreadGroupUse[];
  /** The measured busy and idle blocks on the monotonic clock, for reading a CPU profile. */
  windows: Window[];
  idleWindows: Window[];
  /** The main thread's hottest functions inside the busy windows, and what each engine request added per function (with a CPU profile). */
  profile?: { busyMs: number; idleMs: number; spots: Hotspot[]; perRequest: Array<{ name: string; ms: number }> };
}

export async function v1LatencyUnderEngine(o: EngineLoadOptions): Promise<EngineLoadResult> {
  const g = o.gateway;
  const pairs = o.pairs ?? 3;
  const ramp = o.rampSeconds ?? 3;
  const pool = new RawHttpPool(g.url, 16);
  try {
    const chat = pool.prepare(
      'POST',
      '/v1/chat/completions',
      { 'content-type': 'application/json', authorization: `Bearer ${g.key}` },
      JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'hello' }] }),
    );
    const measure = async (seconds: number) => {
      const samples: number[] = [];
      let errors = 0;
      await openLoop(o.rate, seconds, async () => {
        const r = await pool.request(chat).catch(() => undefined);
        if (r?.status === 200) samples.push(r.total);
        else errors++;
      });
      return { samples, errors };
    };

    let running = false;
    let failed = 0;
    let window: { from: number; to: number } | undefined;
    let inWindow = 0;
    const client = async () => {
      while (running) {
        const ok = await o.engineRequest().catch(() => false);
        if (!ok) failed++;
        const at = performance.now();
        if (window && at >= window.from && at < window.to) inWindow++;
      }
    };
    // Warm: the /v1 path, and every worker's models.
    await measure(2);
    running = true;
    let warm = Array.from({ length: o.clients }, client);
    await new Promise((r) => setTimeout(r, ramp * 1000));
    running = false;
    await Promise.all(warm);
    failed = 0;

    const idle: number[] = [];
    const busy: number[] = [];
    let errors = 0;
    let idleMain = 0;
    let busyMain = 0;
    let idleSeconds = 0;
    let busySeconds = 0;
    let idlePg = 0;
    let busyPg = 0;
    let pgKnown = o.postgresCpuMicros !== undefined;
    const pgNow = async () => {
      const us = pgKnown ? await o.postgresCpuMicros!() : undefined;
      if (us === undefined) pgKnown = false;
      return us ?? 0;
    };
    const idleThreads = new Map<string, number>();
    const busyThreads = new Map<string, ThreadGroupUse>();
    const windows: Window[] = [];
    const idleWindows: Window[] = [];
    const add = (into: Map<string, number>, use: ThreadGroupUse[]) => use.forEach((u) => into.set(u.name, (into.get(u.name) ?? 0) + u.cpuMs));
    for (let pair = 0; pair < pairs; pair++) {
      let before = await threadSamples(g.pid);
      let pg = await pgNow();
      let t = performance.now();
      const idleFrom = nowUs();
      const a = await measure(o.blockSeconds);
      idleWindows.push({ fromUs: idleFrom, toUs: nowUs() });
      idlePg += (await pgNow()) - pg;
      let use = threadUse(g.pid, before, await threadSamples(g.pid));
      idleSeconds += (performance.now() - t) / 1000;
      idleMain += use.find((u) => u.name === 'main')?.cpuMs ?? 0;
      add(idleThreads, use);
      idle.push(...a.samples);

      running = true;
      warm = Array.from({ length: o.clients }, client);
      await new Promise((r) => setTimeout(r, ramp * 1000));
      before = await threadSamples(g.pid);
      pg = await pgNow();
      t = performance.now();
      window = { from: t, to: Infinity };
      const from = nowUs();
      const b = await measure(o.blockSeconds);
      window.to = performance.now();
      windows.push({ fromUs: from, toUs: nowUs() });
      busyPg += (await pgNow()) - pg;
      use = threadUse(g.pid, before, await threadSamples(g.pid));
      busySeconds += (performance.now() - t) / 1000;
      busyMain += use.find((u) => u.name === 'main')?.cpuMs ?? 0;
      for (const u of use) {
        const had = busyThreads.get(u.name);
        busyThreads.set(u.name, had ? { ...u, cpuMs: had.cpuMs + u.cpuMs, nice: [...new Set([...had.nice.split(','), ...u.nice.split(',')])].join(',') } : u);
      }
      busy.push(...b.samples);
      errors += a.errors + b.errors;
      running = false;
      await Promise.all(warm);
      window = undefined;
    }
    const n = Math.max(1, inWindow);
    const threads = [...busyThreads.values()]
      .map((u) => ({ ...u, cpuMs: (u.cpuMs - ((idleThreads.get(u.name) ?? 0) * busySeconds) / idleSeconds) / n }))
      .sort((a, b) => b.cpuMs - a.cpuMs);
    return {
      idle: stats(idle, 0),
      busy: stats(busy, 0),
      errors,
      engineRequests: inWindow,
      engineFailed: failed,
      engineRequestsPerSecond: inWindow / busySeconds,
      mainCpuMsPerSecondIdle: idleMain / idleSeconds,
      mainCpuMsPerSecondBusy: busyMain / busySeconds,
      mainCpuMsPerEngineRequest: (busyMain - (idleMain * busySeconds) / idleSeconds) / n,
      postgresCpuMsPerEngineRequest: pgKnown ? (busyPg - (idlePg * busySeconds) / idleSeconds) / 1000 / n : undefined,
      threads,
      windows,
      idleWindows,
    };
  } finally {
    pool.close();
  }
}

/** After the gateway exited (its profile is written then): the main thread's hotspots inside the busy windows. */
export async function busyProfile(dir: string, pid: number, result: EngineLoadResult): Promise<EngineLoadResult['profile']> {
  const file = await mainThreadProfile(dir, pid);
  if (!file) return undefined;
  return { ...(await hotspots(file, result.windows)), perRequest: await extraPerUnit(file, result.windows, result.idleWindows, result.engineRequests) };
}

export function printEngineLoad(title: string, r: EngineLoadResult): void {
  const fmt = (s: LatencyStats) => `p50 ${s.p50.toFixed(2)} ms, p90 ${s.p90.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms (n ${s.count})`;
  console.log(`\n${title}`);
  console.log(`  idle: ${fmt(r.idle)}`);
  console.log(`  busy: ${fmt(r.busy)}`);
  console.log(
    `  busy / idle: p50 x${(r.busy.p50 / r.idle.p50).toFixed(2)}, p99 x${(r.busy.p99 / r.idle.p99).toFixed(2)}; /v1 errors ${r.errors}; ` +
      `${r.engineRequests} engine requests in the busy windows (${r.engineRequestsPerSecond.toFixed(2)}/s, ${r.engineFailed} failed)`,
  );
  console.log(
    `  gateway main thread: ${r.mainCpuMsPerSecondIdle.toFixed(0)} ms CPU/s idle, ${r.mainCpuMsPerSecondBusy.toFixed(0)} ms CPU/s busy; ` +
      `${r.mainCpuMsPerEngineRequest.toFixed(1)} ms per engine request`,
  );
  if (r.postgresCpuMsPerEngineRequest !== undefined) console.log(`  PostgreSQL (all its processes): ${r.postgresCpuMsPerEngineRequest.toFixed(1)} ms CPU per engine request (busy minus idle)`);
  console.log('  gateway threads, CPU per engine request (busy minus idle):');
  for (const line of formatThreadUse(r.threads, 0.5)) console.log(`    ${line}`);
  if (r.profile) {
    console.log(`  main thread in the busy windows (CPU profile): ${r.profile.busyMs.toFixed(0)} ms busy, ${r.profile.idleMs.toFixed(0)} ms idle; hottest:`);
    for (const s of r.profile.spots) console.log(`    ${(100 * s.share).toFixed(1).padStart(5)}%  ${s.ms.toFixed(0).padStart(6)} ms  ${s.name}`);
    console.log('  main thread per engine request, by function (CPU profile, busy minus idle; sampled, so small entries are noise):');
    for (const s of r.profile.perRequest) console.log(`    ${s.ms.toFixed(2).padStart(7)} ms  ${s.name}`);
  }
}
