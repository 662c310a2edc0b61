// Instructions per /v1/chat/completions request, counted by valgrind's
// callgrind: the gateway (as `npm start gateway` runs it) and the reference
// proxy (bench/nodeProxy.ts), each under callgrind with instrumentation off
// while it starts and warms up, then on for a fixed number of requests sent k
// at a time (closed loop: the next k once the last k answered). Unlike CPU
// time, the count hardly depends on what else the machine is doing, though
// the gateway's main-thread count does move with it (396 k counted alone, 449
// k beside another valgrind, 2026-11-27: its JIT and timers run at other
// moments), so compare builds counted in the same conditions; it weighs every
// instruction alike (a cache miss costs as much as an add), so it
// complements the CPU-time ratio of `-- overhead`, it does not replace it.
// Every thread's count includes V8's concurrent compiler, which recompiles
// at moments that differ from run to run; the main thread's count leaves it
// out, and "main, no GC" also the garbage collector's share on the main
// thread (a scavenge in the counted window or not): compare small changes by
// that one.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { execFile } from 'node:child_process';
import { chmod, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { freePort, throwawayPostgres, type Database } from '../server/database.ts';
import { RawHttpPool } from './rawHttp.ts';
import { startFlags, stopChild, waitHealthy, waitIdle } from './gatewayProcess.ts';
import { fork } from 'node:child_process';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const REPO = path.resolve(HERE, '..');
const execFileAsync = promisify(execFile);
/** callgrind_control for a child started with HOST=`host`: valgrind names its vgdb pipes after $USER and $HOST. */
async function run(cmd: string, args: string[], host?: string): Promise<void> {
  const { stdout, stderr } = await execFileAsync(cmd, args, host === undefined ? {} : { env: { ...process.env, HOST: host } });
  if (process.env.BENCH_DEBUG) console.error(cmd, args.join(' '), stdout, stderr);
}

export interface InstructionsOptions {
  /** Counted requests per target, default 1000. */
  requests?: number;
  /** Uncounted requests first, default 3000 (JIT tiers up by call counts, not time). */
  warmup?: number;
  /** Requests in flight at once, default 10. */
  concurrency?: number;
  /** Which processes to count, default the gateway and the reference proxy; `floor` is bench/floorProxy.ts, `floor-koa` the same duties in a Koa app (FLOOR_KOA). */
  targets?: Target[];
  stream?: boolean;
  /** Also simulate the caches (valgrind's I1/D1/LL model): misses per request. Slower. */
  cacheSim?: boolean;
}

export type Target = 'gateway' | 'reference' | 'floor' | 'floor-koa';

export interface InstructionsResult {
  requests: number;
  concurrency: number;
  stream: boolean;
  /** Instructions (callgrind Ir, every thread) per request, in thousands. */
  gatewayKIrPerRequest?: number;
  referenceKIrPerRequest?: number;
  /** The same, the main thread's alone: it leaves out the concurrent compiler's and GC's threads. */
  gatewayMainKIrPerRequest?: number;
  referenceMainKIrPerRequest?: number;
  /** The main thread's without its garbage collection: the steadiest figure between runs in the same conditions. */
  gatewayMainNoGcKIrPerRequest?: number;
  referenceMainNoGcKIrPerRequest?: number;
  /** The features floor (bench/floorProxy.ts), when counted: every thread, main, main without GC. */
  floorKIr?: [number, number, number];
  /** The same duties as the one middleware of a Koa app (FLOOR_KOA): what Koa adds to a request. */
  floorKoaKIr?: [number, number, number];
  /** With cacheSim: every event callgrind counted, per request (Ir, I1mr, ILmr, Dr, D1mr, DLmr, Dw, D1mw, DLmw). */
  gatewayEvents?: Record<string, number>;
  referenceEvents?: Record<string, number>;
  floorEvents?: Record<string, number>;
  /** With cacheSim: the same events of the main thread alone. */
  mainEvents?: Partial<Record<Target, Record<string, number>>>;
}

function waitMessage(child: ChildProcess, name: string): Promise<{ url: string }> {
  return new Promise((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve(m));
    child.once('exit', (code) => reject(new Error(`${name} exited with ${code}`)));
  });
}

/**
 * Sends `total` requests, `concurrency` at a time; returns how many were not
 * answered 200. Under valgrind a keep-alive connection now and then goes
 * stale while the reference proxy, which does not retry, sends on it (502):
 * counted and reported, not fatal unless every request fails.
 */
async function closedLoop(pool: RawHttpPool, request: string, total: number, concurrency: number): Promise<number> {
  let failed = 0;
  for (let sent = 0; sent < total; sent += concurrency) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(concurrency, total - sent) }, () => pool.request(request).catch(() => ({ status: 0 }))),
    );
    failed += batch.filter((r) => r.status !== 200).length;
  }
  if (failed === total) throw new Error('no request was answered 200');
  return failed;
}

// V8's garbage collector, by function name (callgrind's "fn=" entries): its
// scavenges come every ~1,500 requests or so with the 64 MB young generation,
// so whether one falls into the counted window moved a count by up to ~80 k
// instructions per request.
export const GC_FUNCTION = /Scaveng|CollectGarbage|MarkCompact|MarkSweep|Sweeper|Marking|Evacuat|heap::base::|cppgc::|StringTableCleaner|IterateObjectCache|GCTracer/;

/** The Ir (first event) that a callgrind file counts in functions whose name matches `pattern`, self cost only. */
export function irIn(text: string, pattern: RegExp): number {
  const names = new Map<string, string>();
  let matching = false;
  let afterCall = false;
  let total = 0;
  for (const line of text.split('\n')) {
    if (line.startsWith('fn=') || line.startsWith('cfn=')) {
      // "fn=(id) name" (or cfn=, a callee) defines an id, "fn=(id)" reuses it.
      const m = /^c?fn=(?:\((\d+)\))?\s*(.*)$/.exec(line)!;
      if (m[1] && m[2]) names.set(m[1], m[2]);
      if (line.startsWith('cfn=')) continue;
      matching = pattern.test(m[2] || (names.get(m[1]!) ?? ''));
      afterCall = false;
    } else if (line.startsWith('calls=')) afterCall = true;
    else if (/^[+\-*\d]/.test(line)) {
      // The line after calls= is the call's inclusive cost, which the callee counts itself.
      if (!afterCall && matching) total += Number(line.split(' ')[1] ?? 0);
      afterCall = false;
    }
  }
  return total;
}

/**
 * Every event of the dumps in `outDir` (callgrind_control -d: what was counted
 * since the zeroing), every thread's summed, and the main
 * thread's alone (callgrind's thread 1, with --separate-threads): the other
 * threads are V8's concurrent compiler and GC helpers and libuv's pool, whose
 * share moves from run to run with when the JIT happens to recompile. `mainGcIr`
 * is the main thread's instructions in the garbage collector.
 */
async function callgrindTotals(outDir: string): Promise<{ all: Record<string, number>; main: Record<string, number>; mainGcIr: number }> {
  const files = (await readdir(outDir)).filter((f) => /^callgrind\.out\.\d+\.\d+(-\d+)?$/.test(f)).sort();
  const all: Record<string, number> = {};
  const main: Record<string, number> = {};
  let mainGcIr = 0;
  for (const f of files) {
    const text = await readFile(path.join(outDir, f), 'utf8');
    const names = /^events: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/) ?? ['Ir'];
    const values = /^summary: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number) ?? [];
    const isMain = !/-\d+$/.test(f) || /-0*1$/.test(f);
    names.forEach((name, i) => {
      all[name] = (all[name] ?? 0) + (values[i] ?? 0);
      if (isMain) main[name] = (main[name] ?? 0) + (values[i] ?? 0);
    });
    if (isMain) mainGcIr += irIn(text, GC_FUNCTION);
  }
  return { all, main, mainGcIr };
}

/** Thousands of instructions per request: every thread, the main thread, the main thread without GC. */
function kIr(c: { all: Record<string, number>; main: Record<string, number>; mainGcIr: number }): [number, number, number] {
  return [c.all.Ir! / 1000, c.main.Ir! / 1000, (c.main.Ir! - c.mainGcIr) / 1000];
}

async function count(
  name: Target,
  start: (valgrindArgs: string[]) => Promise<{ child: ChildProcess; url: string; path: string; key: string; model: string; host?: string }>,
  opts: Required<Omit<InstructionsOptions, 'targets'>>,
): Promise<{ all: Record<string, number>; main: Record<string, number>; mainGcIr: number }> {
  const outDir = await mkdtemp(path.join(tmpdir(), `switchyard-callgrind-${name}-`));
  const valgrindArgs = ['--tool=callgrind', '--instr-atstart=no', '--separate-threads=yes', `--callgrind-out-file=${outDir}/callgrind.out.%p`, ...(opts.cacheSim ? ['--cache-sim=yes'] : [])];
  const { child, url, path: urlPath, key, model, host } = await start(valgrindArgs);
  // Start-up work (the gateway compiles its validators after it listens) is not the requests'.
  await waitIdle(child.pid, { windowMs: 5000, idleMs: 500, timeoutMs: 1_800_000 });
  const pool = new RawHttpPool(url, opts.concurrency);
  try {
    const body = JSON.stringify({ model, messages: [{ role: 'user', content: 'Say hello to the benchmark.' }], ...(opts.stream ? { stream: true } : {}) });
    const request = pool.prepare('POST', urlPath, { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body);
    await closedLoop(pool, request, opts.warmup, opts.concurrency);
    await run('callgrind_control', ['-i', 'on', String(child.pid)], host);
    // Instrumenting starts with a pause (code is translated again) long enough for
    // the fake upstream to close idle keep-alive connections: a few uncounted
    // requests first, so that the counted ones find fresh connections.
    await closedLoop(pool, request, 5 * opts.concurrency, opts.concurrency);
    await run('callgrind_control', ['-z', String(child.pid)], host);
    const failed = await closedLoop(pool, request, opts.requests, opts.concurrency);
    if (failed) console.log(`${name}: ${failed} of ${opts.requests} counted requests failed`);
    // Let the work a request leaves behind (usage batch, access-log flush) happen inside the count.
    await new Promise((r) => setTimeout(r, 1500));
    await run('callgrind_control', ['-d', String(child.pid)], host);
    const totals = await callgrindTotals(outDir);
    if (!totals.all.Ir) throw new Error(`callgrind counted nothing (${outDir}: ${(await readdir(outDir)).join(', ')})`);
    // Kept for callgrind_annotate when debugging (the main thread's file ends in -01).
    if (process.env.BENCH_DEBUG) console.error(`${name}: callgrind's files are in ${outDir}`);
    else await rm(outDir, { recursive: true, force: true });
    const perRequest = (events: Record<string, number>) => Object.fromEntries(Object.entries(events).map(([k, v]) => [k, v / opts.requests]));
    return { all: perRequest(totals.all), main: perRequest(totals.main), mainGcIr: totals.mainGcIr / opts.requests };
  } finally {
    pool.close();
    await stopChild(child);
  }
}

export async function runInstructionsBench(options: InstructionsOptions = {}): Promise<InstructionsResult> {
  const opts = {
    requests: options.requests ?? 1000,
    warmup: options.warmup ?? 3000,
    concurrency: options.concurrency ?? 10,
    stream: options.stream ?? false,
    cacheSim: options.cacheSim ?? false,
  };
  const targets = options.targets ?? ['gateway', 'reference'];
  try {
    await execFileAsync('valgrind', ['--version']);
  } catch {
    throw new Error('the instructions bench needs valgrind (Debian: apt-get install valgrind)');
  }
  const node = process.execPath;
  let database: Database | undefined;
  let dataDir: string | undefined;
  let fake: ChildProcess | undefined;
  const result: InstructionsResult = { requests: opts.requests, concurrency: opts.concurrency, stream: opts.stream };
  try {
    const fakeChild = fork(path.join(HERE, 'fakeUpstream.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    fake = fakeChild;
    const fakeUrl = (await waitMessage(fakeChild, 'fake upstream')).url;
    // One of the bench's proxies (it sends its URL over IPC), under valgrind, with npm start's flags; its stdout (the floor's access log) goes nowhere.
    const benchChild = (name: string, file: string, env: Record<string, string>) => async (valgrindArgs: string[]) => {
      const child = spawn('valgrind', [...valgrindArgs, node, ...startFlags(), path.join(HERE, file)], {
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
        env: { ...process.env, ...env },
      });
      const { url } = await waitMessage(child, name);
      return { child, url, path: '/v1/chat/completions', key: 'sk-bench', model: 'openai/gpt-4o-mini' };
    };
    if (targets.includes('gateway') || targets.includes('floor') || targets.includes('floor-koa')) database = await throwawayPostgres('switchyard_bench');
    if (targets.includes('gateway')) {
      const databaseUrl = database!.url;
      const gateway = await count(
          'gateway',
          async (valgrindArgs) => {
            const key = `gw_live_${randomBytes(24).toString('base64url')}`;
            const port = await freePort();
            const child = spawn('valgrind', [...valgrindArgs, node, ...startFlags(), path.join(REPO, 'server/main.ts'), 'gateway'], {
              cwd: REPO,
              stdio: ['ignore', 'ignore', 'ignore'],
              env: {
                ...process.env,
                LOG_LEVEL: 'info',
                // One process under valgrind, not a supervisor of one per core.
                GATEWAY_PROCESSES: '1',
                OPENAI_BASE_URL: fakeUrl,
                OPENAI_API_KEY: 'sk-bench',
                PROVIDER_CONCURRENCY_OPENAI: '1000',
                DATABASE_URL: databaseUrl,
                GATEWAY_PORT: String(port),
                HOST: '127.0.0.1',
                GATEWAY_BOOTSTRAP_KEY: key,
              },
            });
            const url = `http://127.0.0.1:${port}`;
            await waitHealthy(url, child, { budgetMs: 600_000, intervalMs: 200 });
            return { child, url, path: '/v1/chat/completions', key, model: 'openai/gpt-4o-mini', host: '127.0.0.1' };
          },
          opts,
        );
      result.gatewayEvents = gateway.all;
      (result.mainEvents ??= {}).gateway = gateway.main;
      [result.gatewayKIrPerRequest, result.gatewayMainKIrPerRequest, result.gatewayMainNoGcKIrPerRequest] = kIr(gateway);
    }
    if (result.gatewayKIrPerRequest !== undefined) console.log(`gateway: ${result.gatewayKIrPerRequest.toFixed(0)} k instructions per request`);
    if (targets.includes('reference')) {
      const reference = await count('reference', benchChild('reference proxy', 'nodeProxy.ts', { UPSTREAM_URL: fakeUrl }), opts);
      result.referenceEvents = reference.all;
      (result.mainEvents ??= {}).reference = reference.main;
      [result.referenceKIrPerRequest, result.referenceMainKIrPerRequest, result.referenceMainNoGcKIrPerRequest] = kIr(reference);
    }
    if (targets.includes('floor')) {
      const floor = await count('floor', benchChild('features floor', 'floorProxy.ts', { UPSTREAM_URL: fakeUrl, DATABASE_URL: database!.url }), opts);
      result.floorKIr = kIr(floor);
      if (opts.cacheSim) {
        result.floorEvents = floor.all;
        (result.mainEvents ??= {}).floor = floor.main;
      }
    }
    if (targets.includes('floor-koa')) {
      const floorKoa = await count('floor-koa', benchChild('features floor in Koa', 'floorProxy.ts', { UPSTREAM_URL: fakeUrl, DATABASE_URL: database!.url, FLOOR_KOA: '1' }), opts);
      result.floorKoaKIr = kIr(floorKoa);
      if (opts.cacheSim) (result.mainEvents ??= {})['floor-koa'] = floorKoa.main;
    }
    const lines = [
      `\nInstructions per request (callgrind), ${opts.requests} requests ${opts.concurrency} at a time, ${opts.stream ? 'streaming' : 'non-streaming'}`,
      `${''.padEnd(19)}${'every thread'.padStart(14)}${'main thread'.padStart(14)}${'main, no GC'.padStart(14)}`,
    ];
    const row = (label: string, cells: string[]) => `  ${label.padEnd(17)}${cells.map((c) => c.padStart(14)).join('')}`;
    const gw = [result.gatewayKIrPerRequest, result.gatewayMainKIrPerRequest, result.gatewayMainNoGcKIrPerRequest];
    const ref = [result.referenceKIrPerRequest, result.referenceMainKIrPerRequest, result.referenceMainNoGcKIrPerRequest];
    const thousands = (ks: (number | undefined)[]) => ks.map((k) => (k === undefined ? '' : `${k.toFixed(0)} k`));
    if (gw[0] !== undefined) lines.push(row('gateway', thousands(gw)));
    if (ref[0] !== undefined) lines.push(row('reference proxy', thousands(ref)));
    if (result.floorKIr) lines.push(row('features floor', thousands(result.floorKIr)));
    if (result.floorKoaKIr) lines.push(row('floor in Koa', thousands(result.floorKoaKIr)));
    if (gw[0] && result.floorKIr) lines.push(row('gateway / floor', gw.map((k, i) => (k! / result.floorKIr![i]!).toFixed(2))));
    if (gw[0] && result.floorKoaKIr) lines.push(row('gateway / Koa floor', gw.map((k, i) => (k! / result.floorKoaKIr![i]!).toFixed(2))));
    if (gw[0] && ref[0]) lines.push(row('ratio', gw.map((k, i) => (k! / ref[i]!).toFixed(2))));
    if (opts.cacheSim) {
      const m = result.mainEvents ?? {};
      for (const [name, events, main] of [['gateway', result.gatewayEvents, m.gateway], ['reference proxy', result.referenceEvents, m.reference], ['features floor', result.floorEvents, m.floor]] as const) {
        const line = (e: Record<string, number>) => Object.entries(e).map(([k, v]) => `${k} ${Math.round(v)}`).join(', ');
        if (events) lines.push(`  ${name} per request: ${line(events)}`);
        if (main) lines.push(`  ${name} per request, main thread: ${line(main)}`);
      }
    }
    console.log(lines.join('\n'));
    return result;
  } finally {
    if (fake) await stopChild(fake);
    await database?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}
