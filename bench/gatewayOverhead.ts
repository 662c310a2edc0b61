// How much latency the gateway adds on POST /v1/chat/completions.
//
// One run, four processes besides this one: PostgreSQL (embedded unless
// DATABASE_URL), the gateway exactly as `npm start gateway` runs it (a child
// process, its own event loop), the OpenAI loopback fake (another child, no
// artificial delay) and a reference proxy (below). This process is the load
// generator: open loop, requests scheduled on a clock at a fixed rate whether
// or not earlier ones finished, the same chat completion sent alternately
// straight to the fake and through the gateway, over raw keep-alive
// connections (bench/rawHttp.ts). Non-streaming first, in two modes, then
// streaming (time to first body byte and to the end):
// - evenly spaced: one request every 1/rate s on each path (2 ms at 500 req/s),
//   so a request rarely waits for another in the gateway's event loop;
// - burst: the same rate, but k requests at once every k/rate s (default 10
//   every 20 ms), as many clients on a few connections send them (hey's
//   workers tick together). The k-th request of a burst waits for the k-1
//   before it, so the added latency grows with k x the CPU per request.
//
// The non-streaming phase also measures a second baseline: the leanest
// Node.js proxy for the same call (bench/nodeProxy.ts, started with the same
// Node flags). Blocks of direct/gateway and direct/reference traffic
// alternate, so both face the same moments of this machine; what the
// reference adds is the floor any Node proxy pays here, the rest is the
// gateway's own work. The CPU each process spends per request (from /proc) is
// read around its own blocks: on a shared machine the ratio of the two,
// measured in the same run, is the figure to compare, not the latencies.
//
// With `floor` (`--floor`), a third process in blocks of its own: the
// features floor (bench/floorProxy.ts), the reference proxy plus the duties
// every /v1 call has whatever the code (key hash, validation, pricing, access
// log, usage row). The floor against the proxy is what those duties cost; the
// gateway against the floor, what Switchyard's own code adds to them.
//
// With `observability` (`--observability`), two more gateway processes on the
// same database, measured in blocks alternating with the plain one (evenly
// spaced, non-streaming): one exporting OpenTelemetry traces and metrics to a
// loopback OTLP sink in this process, one with the request log on for every
// key. Their CPU per request and p99 against the plain gateway's are what
// export and logging cost.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RawHttpPool } from './rawHttp.ts';
import { benchDatabase, cpuMs, heapUse, measuredFlags, startFlags, startGatewayProcess, stopChild, type GatewayProcess } from './gatewayProcess.ts';
import type { HeapUse } from './heapProbe.ts';
import { loopSample, perRequest, type LoopSample } from './threads.ts';

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
  /** Also measure the reference proxy, the second baseline (default true). */
  reference?: boolean;
  /** Also measure the features floor (bench/floorProxy.ts) in blocks of its own, non-streaming (default false). */
  floor?: boolean;
  /** Requests per burst in the burst mode (default 10); 0 or 1 measures the evenly spaced stream only. */
  burst?: number;
  /** The gateway's LOG_LEVEL (default info: one access-log line per request, as in production). */
  logLevel?: string;
  /** Keep-alive connections per target, default 64. */
  connections?: number;
  /** Write a V8 CPU profile of the gateway into this directory. */
  cpuProfileDir?: string;
  /** Also measure the gateway exporting traces, and with the request log on, against the plain one (default false). */
  observability?: boolean;
  /** Count what each measured process allocates on V8's heap in the bursts (bench/heapProbe.ts; default false). */
  heap?: boolean;
  /** Print the table (default true). */
  print?: boolean;
}

/** One gateway variant of the observability comparison, evenly spaced, non-streaming. */
export interface VariantResult {
  paths: PathPair;
  cpuMsPerRequest: number;
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

/** One way of sending the non-streaming requests, through the gateway and through the reference proxy. */
export interface ModeResult {
  /** Requests sent at once on a path (1: evenly spaced). */
  burst: number;
  plain: PathPair;
  /** Through the reference proxy (bench/nodeProxy.ts; its `gateway` side), in blocks alternating with `plain`. */
  reference?: PathPair;
  /** CPU the gateway process spent per request it served (ms, user + system, from /proc). */
  gatewayCpuMsPerRequest: number;
  /** The same for the reference proxy, over its own blocks. */
  referenceCpuMsPerRequest?: number;
  /** Where the gateway's CPU per request went: its main thread, its other threads (GC helpers, libuv's pool), and its main thread's wake-ups. */
  gatewayLoop?: LoopSample;
  referenceLoop?: LoopSample;
  /** Through the features floor (bench/floorProxy.ts), with `floor`: its latencies and CPU per request, in blocks of its own. */
  floor?: PathPair;
  floorCpuMsPerRequest?: number;
  floorLoop?: LoopSample;
  /** With `heap`, what each process allocated over its blocks, and the collections that ran. */
  heap?: { gateway: HeapUse; reference?: HeapUse; floor?: HeapUse };
}

export interface GatewayOverheadResult {
  rate: number;
  durationSeconds: number;
  /** The evenly spaced mode in full (its main figures are repeated below, as earlier runs reported them). */
  even?: ModeResult;
  /** Evenly spaced requests (the figures earlier runs reported as the overhead). */
  plain: PathPair;
  /** k requests at once every k/rate seconds on each path. */
  burst?: ModeResult;
  streamingTtfb?: PathPair;
  streamingTotal?: PathPair;
  /** Non-streaming through the reference proxy (bench/nodeProxy.ts; its `gateway` side), in blocks alternating with `plain`. */
  reference?: PathPair;
  /** CPU the gateway process spent per request it served (ms, user + system, from /proc), per phase (evenly spaced). */
  gatewayCpuMsPerRequest: { plain: number; streaming?: number };
  /** The same for the reference proxy (evenly spaced). */
  referenceCpuMsPerRequest?: number;
  /** How late the load generator fired requests versus the schedule (ms). */
  schedulerLag: { p50: number; p99: number };
  goals: { addedP50UnderMs: 1; addedP99UnderMs: 5; addedTtfbUnderMs: 1; met: boolean };
  /**
   * Against the reference proxy in the same run: the gateway's CPU per request
   * (both modes) and its added p50 in bursts within 25% of the proxy's.
   */
  referenceGoal?: { within: 1.25; cpuRatio: number; burstCpuRatio?: number; burstAddedP50Ratio?: number; met: boolean };
  /** With `observability`: the plain gateway, one exporting over OTLP, one with the request log on, in alternating blocks. */
  observability?: { off: VariantResult; exported: VariantResult; logged: VariantResult; spansReceived: number; logRows?: number };
}

export function stats(samples: number[], errors: number): LatencyStats {
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

// Blocks per path in the non-streaming phase when the reference proxy runs.
const REFERENCE_BLOCKS = 5;

/** Forks one of the bench's servers (a child that sends its URL over IPC once it listens). */
/** `quiet`: its stdout goes nowhere, as the gateway's does (the floor's access log). */
export function startChild(name: string, file: string, execArgv: string[], env: NodeJS.ProcessEnv = process.env, quiet = false): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(HERE, file), [], { execArgv, env, stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve({ child, url: m.url }));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
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
 * Fires `fire(i)` for `seconds` at `ratePerSecond` on average, `burst` at a
 * time: request i is due at start + floor(i / burst) * burst / ratePerSecond.
 * Never waits for earlier requests (open loop). Returns once every fired
 * request settled.
 */
export async function openLoop(ratePerSecond: number, seconds: number, fire: (i: number) => Promise<void>, burst = 1): Promise<number[]> {
  const interval = 1000 / ratePerSecond;
  const total = Math.round(ratePerSecond * seconds);
  const due = (i: number) => start + Math.floor(i / burst) * burst * interval;
  const lag: number[] = [];
  const inflight: Promise<void>[] = [];
  const start = performance.now();
  let i = 0;
  await new Promise<void>((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (i < total && due(i) <= now) {
        lag.push(now - due(i));
        inflight.push(fire(i));
        i++;
      }
      if (i < total) setTimeout(tick, Math.max(0, due(i) - performance.now() - 0.5));
      else resolve();
    };
    tick();
  });
  await Promise.all(inflight);
  return lag;
}

/**
 * Alternates direct and gateway requests at `rate` each, `burst` at a time
 * (a burst of direct requests, half an interval later a burst through the
 * gateway, and so on); returns the samples of both.
 */
async function phase(direct: Target, gateway: Target, rate: number, seconds: number, stream: boolean, burst = 1) {
  const samples = { direct: [] as Sample[], gateway: [] as Sample[] };
  const lag = await openLoop(
    rate * 2,
    seconds,
    async (i) => {
      const which = Math.floor(i / burst) % 2 === 0 ? 'direct' : 'gateway';
      samples[which].push(await send(which === 'direct' ? direct : gateway, stream));
    },
    burst,
  );
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
  const mode = (title: string, plain: PathPair, reference: PathPair | undefined, floor?: PathPair) => {
    block(`non-streaming (full response), ${title}`, plain);
    if (floor) {
      lines.push(`features floor: the reference proxy plus the gateway's per-request duties written plainly (bench/floorProxy.ts), ${title}`);
      row('  through features floor', floor.gateway);
      added('  added by features floor', floor);
    }
    if (!reference) return;
    lines.push(`reference: the leanest Node.js proxy (node:http + undici, JSON both ways), non-streaming, ${title}`);
    row('  direct to fake', reference.direct);
    row('  through reference proxy', reference.gateway);
    added('  added by reference proxy', reference);
    added('  gateway minus reference', { ...plain, addedP50: plain.addedP50 - reference.addedP50, addedP99: plain.addedP99 - reference.addedP99 });
  };
  mode('evenly spaced', r.plain, r.reference, r.even?.floor);
  if (r.burst) mode(`bursts of ${r.burst.burst}`, r.burst.plain, r.burst.reference, r.burst.floor);
  if (r.streamingTtfb) block('streaming, time to first byte', r.streamingTtfb);
  if (r.streamingTotal) block('streaming, whole stream', r.streamingTotal);
  const cpu = r.gatewayCpuMsPerRequest;
  const ratio = (gateway: number, reference: number | undefined) => (reference ? ` (${(gateway / reference).toFixed(2)} x the reference proxy's)` : '');
  lines.push('CPU per request (ms, user + system, each process over its own blocks):');
  lines.push(`  evenly spaced: gateway ${cpu.plain.toFixed(3)}${r.referenceCpuMsPerRequest !== undefined ? `, reference proxy ${r.referenceCpuMsPerRequest.toFixed(3)}` : ''}${ratio(cpu.plain, r.referenceCpuMsPerRequest)}`);
  if (r.burst) {
    const b = r.burst;
    lines.push(`  bursts of ${b.burst}: gateway ${b.gatewayCpuMsPerRequest.toFixed(3)}${b.referenceCpuMsPerRequest !== undefined ? `, reference proxy ${b.referenceCpuMsPerRequest.toFixed(3)}` : ''}${ratio(b.gatewayCpuMsPerRequest, b.referenceCpuMsPerRequest)}`);
  }
  const loops: Array<[string, ModeResult | undefined]> = [['evenly spaced', r.even], [`bursts of ${r.burst?.burst}`, r.burst]];
  for (const [name, m] of loops) {
    if (m?.floorCpuMsPerRequest === undefined) continue;
    const vs = m.referenceCpuMsPerRequest ? ` (${(m.floorCpuMsPerRequest / m.referenceCpuMsPerRequest).toFixed(2)} x the reference proxy's; the gateway ${(m.gatewayCpuMsPerRequest / m.floorCpuMsPerRequest).toFixed(2)} x the floor's)` : '';
    lines.push(`  ${name}: features floor ${m.floorCpuMsPerRequest.toFixed(3)}${vs}`);
  }
  if (cpu.streaming !== undefined) lines.push(`  streaming (evenly spaced): gateway ${cpu.streaming.toFixed(3)}`);
  // Which thread the difference is on, and how often each event loop was woken: per-wake-up costs shrink in bursts, per-request ones do not.
  for (const [name, m] of loops) {
    if (!m?.gatewayLoop) continue;
    const side = (l: LoopSample) => `main thread ${l.mainMs.toFixed(3)} ms, other threads ${l.otherMs.toFixed(3)} ms, ${l.wakeups.toFixed(2)} wake-ups`;
    lines.push(`  ${name}, per request: gateway ${side(m.gatewayLoop)}${m.floorLoop ? `; features floor ${side(m.floorLoop)}` : ''}${m.referenceLoop ? `; reference proxy ${side(m.referenceLoop)}` : ''}`);
  }
  const h = r.burst?.heap;
  if (h && r.burst) {
    const n = { gateway: r.burst.plain.gateway.count, reference: r.burst.reference?.gateway.count ?? 0, floor: r.burst.floor?.gateway.count ?? 0 };
    const side = (name: keyof typeof n, u: HeapUse | undefined) =>
      u && `${name} ${((u.allocatedBytes / n[name]) / 1024).toFixed(1)} KB, ${((1000 * u.scavenges) / n[name]).toFixed(1)} scavenges${u.fullCollections ? ` and ${u.fullCollections} full collections` : ''}, GC pauses (wall clock) ${((1000 * u.pauseMs) / n[name]).toFixed(1)} µs`;
    lines.push(`  bursts of ${r.burst.burst}, V8 heap per request (per 1000 requests for scavenges): ${[side('gateway', h.gateway), side('floor', h.floor), side('reference', h.reference)].filter(Boolean).join('; ')}`);
  }
  lines.push(`load generator lag behind schedule: p50 ${r.schedulerLag.p50.toFixed(3)} ms, p99 ${r.schedulerLag.p99.toFixed(3)} ms`);
  lines.push(
    `goals (added p50 < 1 ms, p99 < 5 ms, streaming TTFB p50 < 1 ms): ${r.goals.met ? 'met' : 'NOT met'}`,
  );
  const g = r.referenceGoal;
  if (g) {
    const parts = [`CPU per request ${g.cpuRatio.toFixed(2)}x evenly spaced`];
    if (g.burstCpuRatio !== undefined) parts.push(`${g.burstCpuRatio.toFixed(2)}x in bursts`);
    if (g.burstAddedP50Ratio !== undefined) parts.push(`added p50 in bursts ${g.burstAddedP50Ratio.toFixed(2)}x`);
    lines.push(`goal against the reference proxy (within ${g.within}x): ${parts.join(', ')}: ${g.met ? 'met' : 'NOT met'}`);
  }
  const o = r.observability;
  if (o) {
    lines.push(`observability, evenly spaced, non-streaming (three gateways on one database, alternating blocks; ${o.spansReceived} spans exported${o.logRows === undefined ? '' : `, ${o.logRows} log rows`}):`);
    const v = (name: string, x: VariantResult) =>
      lines.push(`  ${name.padEnd(22)} CPU ${x.cpuMsPerRequest.toFixed(3)} ms/request (${(x.cpuMsPerRequest / o.off.cpuMsPerRequest).toFixed(3)} x off), p50 ${x.paths.gateway.p50.toFixed(3)} ms, p99 ${x.paths.gateway.p99.toFixed(3)} ms, added p99 ${x.paths.addedP99.toFixed(3)} ms`);
    v('export off, log off', o.off);
    v('OTLP export on', o.exported);
    v('request log on', o.logged);
  }
  console.log(lines.join('\n'));
}

export async function runGatewayOverheadBench(opts: GatewayOverheadOptions = {}): Promise<GatewayOverheadResult> {
  const rate = opts.rate ?? 500;
  const seconds = opts.durationSeconds ?? 10;
  const warmup = opts.warmupSeconds ?? 2;
  const connections = opts.connections ?? 64;
  let database: Awaited<ReturnType<typeof benchDatabase>> | undefined;
  let fake: { child: ChildProcess; url: string } | undefined;
  let gatewayProcess: GatewayProcess | undefined;
  let referenceProxy: { child: ChildProcess; url: string } | undefined;
  let floorProxy: { child: ChildProcess; url: string } | undefined;
  let exported: GatewayProcess | undefined;
  let logged: GatewayProcess | undefined;
  let sink: ReturnType<typeof createServer> | undefined;
  const pools: RawHttpPool[] = [];
  try {
    database = await benchDatabase();
    const databaseUrl = database.url;
    fake = await startChild('fake upstream', 'fakeUpstream.ts', []);
    gatewayProcess = await startGatewayProcess(
      databaseUrl,
      {
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'sk-bench',
        LOG_LEVEL: opts.logLevel ?? 'info',
        // The limit must not be what is measured.
        PROVIDER_CONCURRENCY_OPENAI: String(Math.max(1000, connections * 4)),
      },
      { cpuProfileDir: opts.cpuProfileDir, heapProbe: opts.heap },
    );
    const { url: gatewayUrl, key } = gatewayProcess;
    // The reference proxy runs with the flags `npm start` gives the gateway.
    if (opts.reference ?? true) referenceProxy = await startChild('reference proxy', 'nodeProxy.ts', [...startFlags(), ...measuredFlags(opts.cpuProfileDir && `${opts.cpuProfileDir}/ref`, opts.heap)], { ...process.env, UPSTREAM_URL: fake.url });
    if (opts.floor) floorProxy = await startChild('features floor', 'floorProxy.ts', [...startFlags(), ...measuredFlags(opts.cpuProfileDir && `${opts.cpuProfileDir}/floor`, opts.heap)], { ...process.env, UPSTREAM_URL: fake.url, DATABASE_URL: databaseUrl }, true);

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
    const reference = referenceProxy && { child: referenceProxy.child, target: target(referenceProxy.url, '/v1/chat/completions', 'sk-bench', 'openai/gpt-4o-mini') };
    const floor = floorProxy && { child: floorProxy.child, target: target(floorProxy.url, '/v1/chat/completions', 'sk-bench', 'openai/gpt-4o-mini') };
    // Sanity: both paths answer 200 before anything is measured.
    for (const [name, t] of [['fake', direct], ['gateway', gateway], ['reference proxy', reference?.target], ['features floor', floor?.target]] as const) {
      if (t && !(await send(t, false)).ok) throw new Error(`${name} did not answer 200`);
    }

    // Non-streaming, in each mode: blocks through the gateway alternate with
    // blocks through the reference proxy, so slow moments of the machine fall on both.
    const lag: number[] = [];
    const measureMode = async (burst: number): Promise<ModeResult> => {
      if (warmup > 0) {
        await phase(direct, gateway, rate, warmup, false, burst);
        if (reference) await phase(direct, reference.target, rate, warmup, false, burst);
        if (floor) await phase(direct, floor.target, rate, warmup, false, burst);
      }
      const blocks = reference || floor ? REFERENCE_BLOCKS : 1;
      const zero = { mainMs: 0, otherMs: 0, wakeups: 0 };
      // One measured process over its blocks: its samples, the CPU it spent on them, its event loop and (with `heap`) its allocations.
      const tally = (target: Target, child: ChildProcess) => ({
        target,
        pid: child.pid!,
        child,
        cpu: 0,
        loop: { ...zero },
        heap: { allocatedBytes: 0, scavenges: 0, fullCollections: 0, pauseMs: 0 } as HeapUse,
        direct: [] as Sample[],
        through: [] as Sample[],
      });
      // Allocation is counted in the bursts only: one figure per process is enough, and the probe's messages stay out of the other mode.
      const countHeap = opts.heap === true && burst > 1;
      const measureBlock = async (sum: ReturnType<typeof tally>): Promise<number[]> => {
        const loop0 = await loopSample(sum.pid);
        const cpu0 = await cpuMs(sum.pid);
        const run = () => phase(direct, sum.target, rate, seconds / blocks, false, burst);
        let part: Awaited<ReturnType<typeof run>>;
        if (countHeap) {
          const counted = await heapUse(sum.child, run);
          part = counted.result;
          for (const k of ['allocatedBytes', 'scavenges', 'fullCollections', 'pauseMs'] as const) sum.heap[k] += counted.heap[k];
        } else part = await run();
        sum.cpu += (await cpuMs(sum.pid)) - cpu0;
        const l = perRequest(loop0, await loopSample(sum.pid), 1);
        sum.loop.mainMs += l.mainMs;
        sum.loop.otherMs += l.otherMs;
        sum.loop.wakeups += l.wakeups;
        sum.direct.push(...part.samples.direct);
        sum.through.push(...part.samples.gateway);
        return part.lag;
      };
      const paths = (sum: ReturnType<typeof tally>) => pair(summarize(sum.direct, (x) => x.total), summarize(sum.through, (x) => x.total));
      const plain = tally(gateway, gatewayProcess!.child);
      const ref = reference && tally(reference.target, reference.child);
      const flo = floor && tally(floor.target, floor.child);
      for (let b = 0; b < blocks; b++) {
        lag.push(...(await measureBlock(plain)));
        if (ref) await measureBlock(ref);
        if (flo) await measureBlock(flo);
      }
      const mode: ModeResult = {
        burst,
        plain: paths(plain),
        gatewayCpuMsPerRequest: plain.cpu / plain.through.length,
        gatewayLoop: perRequest(zero, plain.loop, plain.through.length),
      };
      if (ref) {
        mode.reference = paths(ref);
        mode.referenceCpuMsPerRequest = ref.cpu / ref.through.length;
        mode.referenceLoop = perRequest(zero, ref.loop, ref.through.length);
      }
      if (flo) {
        mode.floor = paths(flo);
        mode.floorCpuMsPerRequest = flo.cpu / flo.through.length;
        mode.floorLoop = perRequest(zero, flo.loop, flo.through.length);
      }
      if (countHeap) mode.heap = { gateway: plain.heap, reference: ref?.heap, floor: flo?.heap };
      return mode;
    };
    const even = await measureMode(1);
    const result: GatewayOverheadResult = {
      rate,
      durationSeconds: seconds,
      even,
      plain: even.plain,
      gatewayCpuMsPerRequest: { plain: even.gatewayCpuMsPerRequest },
      schedulerLag: { p50: 0, p99: 0 },
      goals: { addedP50UnderMs: 1, addedP99UnderMs: 5, addedTtfbUnderMs: 1, met: false },
    };
    if (even.reference) {
      result.reference = even.reference;
      result.referenceCpuMsPerRequest = even.referenceCpuMsPerRequest;
    }
    const burst = opts.burst ?? 10;
    if (burst > 1) result.burst = await measureMode(burst);
    if (opts.streaming ?? true) {
      if (warmup > 0) await phase(direct, gateway, rate, warmup, true);
      const cpu0 = await gatewayProcess.cpuMs();
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
    if (result.referenceCpuMsPerRequest) {
      const goal: NonNullable<GatewayOverheadResult['referenceGoal']> = {
        within: 1.25,
        cpuRatio: result.gatewayCpuMsPerRequest.plain / result.referenceCpuMsPerRequest,
        met: false,
      };
      const b = result.burst;
      if (b?.reference && b.referenceCpuMsPerRequest) {
        goal.burstCpuRatio = b.gatewayCpuMsPerRequest / b.referenceCpuMsPerRequest;
        goal.burstAddedP50Ratio = b.plain.addedP50 / b.reference.addedP50;
      }
      goal.met = [goal.cpuRatio, goal.burstCpuRatio, goal.burstAddedP50Ratio].every((r) => r === undefined || r <= goal.within);
      result.referenceGoal = goal;
    }
    if (opts.observability) {
      // A loopback OTLP sink: reads each export and answers 200, counting the spans it was sent.
      let spansReceived = 0;
      sink = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () => {
          if (req.url === '/v1/traces') {
            const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { resourceSpans?: Array<{ scopeSpans?: Array<{ spans?: unknown[] }> }> };
            for (const rs of body.resourceSpans ?? []) for (const ss of rs.scopeSpans ?? []) spansReceived += ss.spans?.length ?? 0;
          }
          res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        });
      });
      await new Promise<void>((resolve) => sink!.listen(0, '127.0.0.1', resolve));
      const variantEnv = { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', LOG_LEVEL: opts.logLevel ?? 'info', PROVIDER_CONCURRENCY_OPENAI: String(Math.max(1000, connections * 4)) };
      exported = await startGatewayProcess(databaseUrl, { ...variantEnv, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(sink.address() as AddressInfo).port}` }, { key });
      logged = await startGatewayProcess(databaseUrl, { ...variantEnv, GATEWAY_REQUEST_LOG: 'on' }, { key });
      const variants = [
        { name: 'off' as const, process: gatewayProcess, target: gateway },
        { name: 'exported' as const, process: exported, target: target(exported.url, '/v1/chat/completions', exported.key, 'openai/gpt-4o-mini') },
        { name: 'logged' as const, process: logged, target: target(logged.url, '/v1/chat/completions', logged.key, 'openai/gpt-4o-mini') },
      ];
      const sums = variants.map(() => ({ cpu: 0, direct: [] as Sample[], through: [] as Sample[] }));
      if (warmup > 0) for (const v of variants) await phase(direct, v.target, rate, warmup, false);
      for (let b = 0; b < REFERENCE_BLOCKS; b++) {
        for (const [i, v] of variants.entries()) {
          const cpu0 = await v.process.cpuMs();
          const part = await phase(direct, v.target, rate, seconds / REFERENCE_BLOCKS, false);
          sums[i]!.cpu += (await v.process.cpuMs()) - cpu0;
          sums[i]!.direct.push(...part.samples.direct);
          sums[i]!.through.push(...part.samples.gateway);
        }
      }
      const variant = (i: number): VariantResult => ({
        paths: pair(summarize(sums[i]!.direct, (x) => x.total), summarize(sums[i]!.through, (x) => x.total)),
        cpuMsPerRequest: sums[i]!.cpu / sums[i]!.through.length,
      });
      result.observability = { off: variant(0), exported: variant(1), logged: variant(2), spansReceived };
    }
    if (opts.print ?? true) printTable(result);
    return result;
  } finally {
    await exported?.close();
    await logged?.close();
    sink?.close();
    for (const p of pools) p.close();
    await gatewayProcess?.close();
    if (referenceProxy) await stopChild(referenceProxy.child);
    if (floorProxy) await stopChild(floorProxy.child);
    if (fake) await stopChild(fake.child);
    await database?.close();
  }
}
