// What a process costs and what processes buy: the RSS of an idle gateway and
// an idle analytics process, of a gateway after a load at a fixed rate (with
// the CPU it spent per request), each under the memory settings in question
// (young-generation cap, start-up memory released, malloc arenas); then /v1
// throughput and p99 with one and with two gateway
// processes (`npm start`'s supervisor and Node's cluster), hey's own CPU
// measured beside the gateway's, and requests per core.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { freePort } from '../server/database.ts';
import { createDb } from '../db/knex.ts';
import { migrate } from '../db/knex.ts';
import { benchDatabase, cpuMs, startEnv, startFlags, stopChild, waitIdle } from './gatewayProcess.ts';
import { startChild } from './gatewayOverhead.ts';
import { parseHey, type HeyResult } from './throughput.ts';
import { table } from './stats.ts';

const REPO = path.resolve(import.meta.dirname, '..');

export interface ProcessesOptions {
  /** Seconds of the fixed-rate load before the RSS is read (default 60). */
  loadSeconds?: number;
  /** The fixed rate, requests/s (default 2000). */
  rate?: number;
  /** Seconds of each throughput block (default 10). */
  seconds?: number;
  /** hey's connections (default 10). */
  connections?: number;
}

/**
 * The settings compared: `npm start`'s, then each of its memory levers taken
 * away in turn (the start-up collection, glibc's two malloc arenas), then other
 * young-generation caps with the same levers.
 */
const SETTINGS = [
  { name: 'npm start: semi-spaces up to 16 MB, start-up memory released, 2 malloc arenas', flags: startFlags(), env: startEnv() },
  { name: 'the same without the 2 malloc arenas', flags: startFlags(), env: {} },
  { name: 'semi-spaces up to 16 MB only (npm start before)', flags: ['--max-semi-space-size=16'], env: {} },
  { name: "V8's default young generation, released, 2 arenas", flags: ['--expose-gc'], env: startEnv() },
  { name: 'semi-spaces up to 8 MB, released, 2 arenas', flags: ['--max-semi-space-size=8', '--expose-gc'], env: startEnv() },
];

interface Service {
  url: string;
  /** The processes serving (the workers when supervised). */
  pids: number[];
  /** Every process of the service, supervisor included. */
  allPids: number[];
  close(): Promise<void>;
}

/** RSS in MB (Linux /proc). */
async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)![1]) / 1024;
}

/** `npm start -- <service>` with these flags and this many processes; resolves once every process is ready and idle. */
async function startService(o: { service: 'gateway' | 'analytics'; flags: string[]; processes: number; databaseUrl: string; env: Record<string, string>; key: string }): Promise<Service> {
  const port = await freePort();
  const portVar = o.service === 'gateway' ? 'GATEWAY_PORT' : 'ANALYTICS_PORT';
  const countVar = o.service === 'gateway' ? 'GATEWAY_PROCESSES' : 'ANALYTICS_PROCESSES';
  const env: NodeJS.ProcessEnv = { ...process.env, ...o.env, LOG_LEVEL: 'info', LOG_FORMAT: 'json', HOST: '127.0.0.1', [portVar]: String(port), [countVar]: String(o.processes), DATABASE_URL: o.databaseUrl, GATEWAY_BOOTSTRAP_KEY: o.key };
  // A setting without it runs with glibc's default arenas, whatever this shell has.
  if (!o.env.MALLOC_ARENA_MAX) delete env.MALLOC_ARENA_MAX;
  const child = spawn(process.execPath, [...o.flags, 'server/main.ts', o.service], { cwd: REPO, stdio: ['ignore', 'pipe', 'inherit'], env });
  const lines: Array<Record<string, any>> = [];
  let buffered = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const parts = (buffered + chunk.toString()).split('\n');
    buffered = parts.pop()!;
    // The access log is not read: only the start-up lines matter here.
    if (lines.length < 200) for (const part of parts) if (part.startsWith('{')) lines.push(JSON.parse(part));
  });
  const url = `http://127.0.0.1:${port}`;
  const wanted = o.processes > 1 ? 'all service processes ready' : `${o.service} listening`;
  for (let i = 0; !lines.some((l) => l.msg === wanted); i++) {
    if (child.exitCode !== null) throw new Error(`${o.service} exited during start-up`);
    if (i > 6000) throw new Error(`${o.service} did not start within 10 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
  // With the collector exposed, idle is once the process has let start-up's memory go (a few quiet seconds after ready).
  for (let i = 0; o.processes === 1 && o.flags.includes('--expose-gc') && !lines.some((l) => l.msg === 'start-up memory released'); i++) {
    if (child.exitCode !== null) throw new Error(`${o.service} exited after start-up`);
    if (i > 1200) throw new Error(`${o.service} did not release its start-up memory within 2 minutes of being ready`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pids = o.processes > 1 ? (lines.find((l) => l.msg === wanted)!.pids[o.service] as number[]) : [child.pid!];
  for (const pid of pids) await waitIdle(pid);
  return { url, pids, allPids: o.processes > 1 ? [child.pid!, ...pids] : pids, close: () => stopChild(child as ChildProcess) };
}

/** hey, run through a shell that reports the CPU hey used (its children's times, once it has waited for hey). */
async function heyWithCpu(args: string[]): Promise<{ result: HeyResult; cpuMs: number }> {
  const child = spawn('sh', ['-c', 'hey "$@"; code=$?; echo "##CPU $(cut -d" " -f16,17 /proc/$$/stat)"; exit $code', 'sh', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`hey exited with ${code} (Debian: apt-get install hey): ${err || out}`);
  const m = /^##CPU (\d+) (\d+)$/m.exec(out);
  if (!m) throw new Error(`no CPU line after hey's output: ${out.slice(-500)}`);
  return { result: parseHey(out), cpuMs: ((Number(m[1]) + Number(m[2])) * 1000) / 100 };
}

async function totalCpu(pids: number[]): Promise<number> {
  let sum = 0;
  for (const pid of pids) sum += await cpuMs(pid);
  return sum;
}

const ok = (r: HeyResult) => Object.entries(r.statuses).reduce((a, [s, n]) => a + (s.startsWith('2') ? n : 0), 0);
const failed = (r: HeyResult) => r.errors + Object.entries(r.statuses).reduce((a, [s, n]) => a + (s.startsWith('2') ? 0 : n), 0);

export async function runProcessesBench(opts: ProcessesOptions = {}) {
  const loadSeconds = opts.loadSeconds ?? 60;
  const rate = opts.rate ?? 2000;
  const seconds = opts.seconds ?? 10;
  const connections = opts.connections ?? 10;
  const database = await benchDatabase();
  const dir = await mkdtemp(path.join(tmpdir(), 'switchyard-processes-'));
  const closers: Array<() => Promise<unknown>> = [() => database.close(), () => rm(dir, { recursive: true, force: true })];
  const load: number[] = [];
  const sampler = setInterval(() => load.push(loadavg()[0]!), 1000);
  try {
    const db = createDb(database.url, { max: 1 });
    await migrate(db);
    await db.destroy();
    const fake = await startChild('fake upstream', 'fakeUpstream.ts', []);
    closers.unshift(() => stopChild(fake.child));
    const key = `gw_live_${randomBytes(24).toString('base64url')}`;
    const env = { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', PROVIDER_CONCURRENCY_OPENAI: '1000' };
    const body = path.join(dir, 'chat.json');
    await writeFile(body, JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'Say hello to the benchmark.' }] }));
    const heyArgs = (url: string, extra: string[]) => [...extra, '-m', 'POST', '-T', 'application/json', '-D', body, '-H', `Authorization: Bearer ${key}`, `${url}/v1/chat/completions`];

    // Memory: every setting runs at once (as several processes
    // share a machine), idle, then under the fixed-rate load in blocks of 10 s
    // taken in turn, so a busy machine's drift falls on all of them alike.
    const blocks = Math.max(1, Math.round(loadSeconds / 10));
    const variants = [];
    for (const setting of SETTINGS) variants.push({ setting, gw: await startService({ service: 'gateway', flags: setting.flags, processes: 1, databaseUrl: database.url, env: { ...env, ...setting.env }, key }), cpu: 0, answered: 0, seconds: 0, p99: [] as number[], failures: 0, idleMb: 0 });
    closers.unshift(...variants.map((v) => () => v.gw.close()));
    for (const v of variants) v.idleMb = await rssMb(v.gw.pids[0]!);
    for (let b = 0; b < blocks; b++) {
      for (const v of b % 2 ? [...variants].reverse() : variants) {
        const cpu0 = await totalCpu(v.gw.pids);
        // hey's -q is per connection: 10 connections at rate/10 each.
        const { result } = await heyWithCpu(heyArgs(v.gw.url, ['-c', String(connections), '-q', String(rate / connections), '-z', '10s']));
        v.cpu += (await totalCpu(v.gw.pids)) - cpu0;
        v.answered += ok(result);
        v.seconds += result.seconds;
        v.p99.push(result.p99 * 1000);
        v.failures += failed(result);
      }
    }
    const memory: Array<{ setting: string; idleMb: number; loadedMb: number; achieved: number; cpuMsPerRequest: number; p99Ms: number; failures: number }> = [];
    for (const v of variants) {
      memory.push({ setting: v.setting.name, idleMb: v.idleMb, loadedMb: await rssMb(v.gw.pids[0]!), achieved: v.answered / v.seconds, cpuMsPerRequest: v.cpu / v.answered, p99Ms: Math.max(...v.p99), failures: v.failures });
      await v.gw.close();
    }
    const analyticsIdle: Array<{ setting: string; idleMb: number }> = [];
    for (const setting of [SETTINGS[0]!, SETTINGS[2]!]) {
      const an = await startService({ service: 'analytics', flags: setting.flags, processes: 1, databaseUrl: database.url, env: setting.env, key });
      try {
        analyticsIdle.push({ setting: setting.name, idleMb: await rssMb(an.pids[0]!) });
      } finally {
        await an.close();
      }
    }

    // Throughput: one gateway process, then two under the supervisor, with `npm start`'s flags.
    const throughput: Array<{ processes: number; rps: number; p99Ms: number; failures: number; gatewayCores: number; heyCores: number; perGatewayCore: number; rssMb: number[] }> = [];
    for (const processes of [1, 2]) {
      const gw = await startService({ service: 'gateway', flags: startFlags(), processes, databaseUrl: database.url, env: { ...env, ...startEnv() }, key });
      try {
        await heyWithCpu(heyArgs(gw.url, ['-c', String(connections), '-z', '3s']));
        const cpu0 = await totalCpu(gw.allPids);
        const { result, cpuMs: heyCpu } = await heyWithCpu(heyArgs(gw.url, ['-c', String(connections), '-z', `${seconds}s`]));
        const gatewayCores = ((await totalCpu(gw.allPids)) - cpu0) / (result.seconds * 1000);
        const rps = ok(result) / result.seconds;
        const rss: number[] = [];
        for (const pid of gw.pids) rss.push(await rssMb(pid));
        throughput.push({ processes, rps, p99Ms: result.p99 * 1000, failures: failed(result), gatewayCores, heyCores: heyCpu / (result.seconds * 1000), perGatewayCore: rps / gatewayCores, rssMb: rss });
      } finally {
        await gw.close();
      }
    }

    const loadNote = `load average ${Math.min(...load).toFixed(1)}-${Math.max(...load).toFixed(1)} during the run${Math.max(...load) > 2 ? ' (shared machine)' : ''}`;
    table(`RSS of a gateway process per setting, all running at once: idle, then after ${blocks} blocks of 10 s each at ${rate} /v1 requests/s (hey -c ${connections}), taken in turn; p99 of the worst block; ${loadNote}`, [
      ...memory.map((m): [string, string] => [
        m.setting,
        `idle ${m.idleMb.toFixed(0)} MB, after load ${m.loadedMb.toFixed(0)} MB; ${m.achieved.toFixed(0)} req/s achieved, CPU ${m.cpuMsPerRequest.toFixed(3)} ms/request, p99 ${m.p99Ms.toFixed(1)} ms, ${m.failures} failures`,
      ]),
      ...analyticsIdle.map((a): [string, string] => [`analytics process, ${a.setting}`, `idle ${a.idleMb.toFixed(0)} MB`]),
    ]);
    const [one, two] = throughput as [(typeof throughput)[0], (typeof throughput)[0]];
    table(`/v1/chat/completions flat out, hey -c ${connections} for ${seconds} s, npm start's flags, on ${(await import('node:os')).availableParallelism()} cores; ${loadNote}`, [
      ...throughput.map((t): [string, string] => [
        `${t.processes} gateway process${t.processes > 1 ? 'es' : ''}`,
        `${t.rps.toFixed(0)} req/s, p99 ${t.p99Ms.toFixed(1)} ms, ${t.failures} failures; gateway CPU ${t.gatewayCores.toFixed(2)} cores (${t.perGatewayCore.toFixed(0)} req/s per core), hey ${t.heyCores.toFixed(2)} cores; RSS ${t.rssMb.map((r) => r.toFixed(0)).join(' + ')} MB`,
      ]),
      ['2 processes / 1 process', `${(two.rps / one.rps).toFixed(2)}x requests/s, ${(two.perGatewayCore / one.perGatewayCore).toFixed(2)}x requests per gateway core`],
    ]);
    return { memory, analyticsIdle, throughput, loadAverage: { min: Math.min(...load), max: Math.max(...load) } };
  } finally {
    clearInterval(sampler);
    for (const close of closers) await close().catch(() => {});
  }
}
