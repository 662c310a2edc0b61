// Sustained /v1 throughput side by side with Portkey's open-source gateway
// (`npm run bench -- throughput`). Both gateways, one process each, call the
// same OpenAI fake (bench/fakeUpstream.ts, its own process) and are driven by
// hey with the same chat completion at the same concurrency, in alternating
// blocks after a warm-up of each, so slow moments of a shared machine fall on
// both. Printed per gateway: 2xx responses per second, hey's p99 (the worst
// block's), errors, and the CPU of each process per request and as a share of
// one core.
//
// Portkey is not a dependency of the repository: it is run from an npm
// install of `@portkey-ai/gateway` in a directory of its own, given by
// --portkey or PORTKEY_DIR (PORTKEY_INSTALL says how).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../server/database.ts';
import { createBenchContext } from './context.ts';
import { startChild } from './gatewayOverhead.ts';
import { cpuMs, startFlags, startGatewayProcess, stopChild, waitIdle } from './gatewayProcess.ts';
import { postgresCpuMicros } from './postgresCpu.ts';
import { table } from './stats.ts';

export const PORTKEY_INSTALL = 'mkdir -p ~/portkey && cd ~/portkey && npm init -y && npm install --save-exact @portkey-ai/gateway, then pass --portkey ~/portkey (or set PORTKEY_DIR)';

export interface ThroughputOptions {
  /** Seconds of each measured block (hey -z), default 10. */
  seconds?: number;
  /** hey's workers (-c), each on its own keep-alive connection, default 10. */
  connections?: number;
  /** Measured blocks per gateway, alternating, default 3. */
  blocks?: number;
  /** Unmeasured seconds of load on each gateway first, default 3. */
  warmupSeconds?: number;
  /** The directory `@portkey-ai/gateway` is installed in (default PORTKEY_DIR). */
  portkeyDir?: string;
}

/** What one hey run reports. */
export interface HeyResult {
  seconds: number;
  /** Responses by HTTP status. */
  statuses: Record<string, number>;
  /** Requests that got no response (refused, reset, timed out). */
  errors: number;
  /** Seconds; NaN when no response came back. */
  p99: number;
}

export interface GatewayThroughput {
  /** 2xx responses per second over every measured block. */
  requestsPerSecond: number;
  /** The highest of the blocks' p99, ms. */
  p99Ms: number;
  /** Non-2xx responses and requests with no response. */
  failures: number;
  /** CPU per 2xx response, ms, and as a share of one core over the blocks, of the gateway, the fake upstream and PostgreSQL. */
  cpuMsPerRequest: number;
  cpuShare: number;
  fakeCpuShare: number;
  postgresCpuShare?: number;
}

export interface ThroughputResult {
  connections: number;
  blockSeconds: number;
  blocks: number;
  gateway: GatewayThroughput;
  portkey: GatewayThroughput;
  /** Gateway requests/s over Portkey's. */
  ratio: number;
}

/**
 * Reads hey's summary (its default output). Errors are counted apart, as hey
 * does ("Error distribution"): its Requests/sec counts them as requests, and a
 * fast 5xx would pass for throughput, so only statuses are trusted. Fails,
 * quoting the output, when a figure is missing rather than reading a zero.
 */
export function parseHey(output: string): HeyResult {
  const fail = (what: string): never => {
    throw new Error(`hey's output has no ${what}:\n${output.slice(0, 2_000)}`);
  };
  const total = /^\s*Total:\s+([\d.]+) secs\s*$/m.exec(output) ?? fail('Total');
  const statuses: Record<string, number> = {};
  const section = (title: string) => {
    const start = output.search(new RegExp(`^${title}:\\s*$`, 'm'));
    if (start < 0) return undefined;
    const body = output.slice(start).split('\n').slice(1);
    const end = body.findIndex((line) => !/^\s+\S/.test(line));
    return end < 0 ? body : body.slice(0, end);
  };
  for (const line of section('Status code distribution') ?? fail('status code distribution')) {
    const m = /^\s*\[(\d{3})\]\s+(\d+) responses?\s*$/.exec(line) ?? fail(`status line like "[200] 10 responses" (got "${line}")`);
    statuses[m[1]!] = (statuses[m[1]!] ?? 0) + Number(m[2]);
  }
  let errors = 0;
  for (const line of section('Error distribution') ?? []) {
    const m = /^\s*\[(\d+)\]\s/.exec(line) ?? fail(`error line like "[3] Post ..." (got "${line}")`);
    errors += Number(m[1]);
  }
  const responses = Object.values(statuses).reduce((a, b) => a + b, 0);
  // Under 100 responses hey prints "0% in 0.0000 secs" where the 99% line
  // belongs: the slowest response stands in for it then (never below it).
  const p99 = /^\s*99% in ([\d.]+) secs\s*$/m.exec(output) ?? (responses ? /^\s*Slowest:\s+([\d.]+) secs\s*$/m.exec(output) ?? fail('99th percentile or Slowest') : undefined);
  return { seconds: Number(total[1]), statuses, errors, p99: p99 ? Number(p99[1]) : NaN };
}

/** Runs hey against one target and returns its parsed summary. */
export async function runHey(url: string, headers: string[], bodyFile: string, connections: number, seconds: number): Promise<HeyResult> {
  const args = ['-c', String(connections), '-z', `${seconds}s`, '-m', 'POST', '-T', 'application/json', '-D', bodyFile, ...headers.flatMap((h) => ['-H', h]), url];
  const child = spawn('hey', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', (e: NodeJS.ErrnoException) => reject(e.code === 'ENOENT' ? new Error('hey is not installed (Debian: apt-get install hey)') : e));
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`hey exited with ${code}: ${err || out}`);
  return parseHey(out);
}

/** Portkey's server script in an install directory; fails saying how to install it. */
export function portkeyEntry(dir: string | undefined): string {
  if (!dir) throw new Error(`the throughput benchmark runs Portkey's gateway from an install outside the repository: ${PORTKEY_INSTALL}`);
  const entry = path.join(path.resolve(dir), 'node_modules/@portkey-ai/gateway/build/start-server.js');
  if (!existsSync(entry)) throw new Error(`no Portkey gateway in ${dir} (looked for ${entry}): ${PORTKEY_INSTALL}`);
  return entry;
}

/** Portkey's gateway on a free port, with the Node and flags the gateway gets; resolves once it answers `ready`. */
async function startPortkey(entry: string, ready: (url: string) => Promise<boolean>) {
  const port = await freePort();
  const child = spawn(process.execPath, [...startFlags(), entry, `--port=${port}`, '--headless'], {
    cwd: path.dirname(entry),
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`Portkey's gateway exited with ${code}`))));
  exited.catch(() => {});
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) await exited;
    if (await ready(url).catch(() => false)) break;
    if (i > 600) throw new Error("Portkey's gateway did not answer within 60 s");
    await new Promise((r) => setTimeout(r, 100));
  }
  await waitIdle(child.pid);
  return { url, pid: child.pid!, close: () => stopChild(child) };
}

export async function runThroughputBench(opts: ThroughputOptions = {}): Promise<ThroughputResult> {
  const seconds = opts.seconds ?? 10;
  const connections = opts.connections ?? 10;
  const blocks = opts.blocks ?? 3;
  const warmup = opts.warmupSeconds ?? 3;
  const entry = portkeyEntry(opts.portkeyDir ?? process.env.PORTKEY_DIR);
  const ctx = await createBenchContext();
  const dir = await mkdtemp(path.join(tmpdir(), 'switchyard-throughput-'));
  const closers: Array<() => Promise<unknown>> = [() => ctx.close(), () => rm(dir, { recursive: true, force: true })];
  try {
    const fake = await startChild('fake upstream', 'fakeUpstream.ts', []);
    closers.unshift(() => stopChild(fake.child));
    const gateway = await startGatewayProcess(ctx.databaseUrl, {
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'sk-bench',
      // As in production: one access-log line per request.
      LOG_LEVEL: 'info',
      // The limit must not be what is measured.
      PROVIDER_CONCURRENCY_OPENAI: String(Math.max(1000, connections * 4)),
    });
    closers.unshift(() => gateway.close());

    // The same messages; each gateway names the model its own way.
    const messages = [{ role: 'user', content: 'Say hello to the benchmark.' }];
    const targets = {
      gateway: { path: '/v1/chat/completions', headers: [`Authorization: Bearer ${gateway.key}`], model: 'openai/gpt-4o-mini' },
      // Portkey's documented way to a self-hosted OpenAI-compatible upstream: the provider and its base URL as headers.
      portkey: { path: '/v1/chat/completions', headers: ['Authorization: Bearer sk-bench', 'x-portkey-provider: openai', `x-portkey-custom-host: ${fake.url}`], model: 'gpt-4o-mini' },
    };
    const bodyFiles = {} as Record<keyof typeof targets, string>;
    for (const name of ['gateway', 'portkey'] as const) {
      bodyFiles[name] = path.join(dir, `${name}.json`);
      await writeFile(bodyFiles[name], JSON.stringify({ model: targets[name].model, messages }));
    }
    const answers = async (name: keyof typeof targets, url: string) => {
      const t = targets[name];
      const headers = Object.fromEntries(t.headers.map((h) => [h.slice(0, h.indexOf(':')), h.slice(h.indexOf(':') + 1).trim()]));
      const res = await fetch(`${url}${t.path}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ model: t.model, messages }) });
      const body = (await res.json()) as { choices?: Array<{ message?: { content?: string } }> };
      return res.status === 200 && typeof body.choices?.[0]?.message?.content === 'string';
    };
    if (!(await answers('gateway', gateway.url))) throw new Error('the gateway did not answer the chat completion with 200');
    const portkey = await startPortkey(entry, (url) => answers('portkey', url));
    closers.unshift(() => portkey.close());

    const fakePid = fake.child.pid!;
    const sides = {
      gateway: { url: gateway.url, pid: gateway.pid, runs: [] as HeyResult[], cpu: 0, fakeCpu: 0, pgCpu: 0 as number | undefined },
      portkey: { url: portkey.url, pid: portkey.pid, runs: [] as HeyResult[], cpu: 0, fakeCpu: 0, pgCpu: 0 as number | undefined },
    };
    const run = (name: keyof typeof targets, s: number) => runHey(`${sides[name].url}${targets[name].path}`, targets[name].headers, bodyFiles[name], connections, s);
    if (warmup > 0) for (const name of ['gateway', 'portkey'] as const) await run(name, warmup);
    for (let b = 0; b < blocks; b++) {
      // Each goes first in every other round.
      for (const name of b % 2 ? (['portkey', 'gateway'] as const) : (['gateway', 'portkey'] as const)) {
        const side = sides[name];
        const [cpu0, fake0, pg0] = [await cpuMs(side.pid), await cpuMs(fakePid), await postgresCpuMicros(ctx.db)];
        side.runs.push(await run(name, seconds));
        const pg1 = await postgresCpuMicros(ctx.db);
        side.cpu += (await cpuMs(side.pid)) - cpu0;
        side.fakeCpu += (await cpuMs(fakePid)) - fake0;
        side.pgCpu = side.pgCpu === undefined || pg0 === undefined || pg1 === undefined ? undefined : side.pgCpu + (pg1 - pg0) / 1000;
      }
    }

    const summarise = (side: (typeof sides)['gateway']): GatewayThroughput => {
      const wallMs = side.runs.reduce((a, r) => a + r.seconds, 0) * 1000;
      let ok = 0;
      let failures = 0;
      for (const r of side.runs) {
        failures += r.errors;
        for (const [status, n] of Object.entries(r.statuses)) if (status.startsWith('2')) ok += n;
        else failures += n;
      }
      return {
        requestsPerSecond: ok / (wallMs / 1000),
        p99Ms: Math.max(...side.runs.map((r) => r.p99)) * 1000,
        failures,
        cpuMsPerRequest: side.cpu / ok,
        cpuShare: side.cpu / wallMs,
        fakeCpuShare: side.fakeCpu / wallMs,
        postgresCpuShare: side.pgCpu === undefined ? undefined : side.pgCpu / wallMs,
      };
    };
    const result: ThroughputResult = { connections, blockSeconds: seconds, blocks, gateway: summarise(sides.gateway), portkey: summarise(sides.portkey), ratio: 0 };
    result.ratio = result.gateway.requestsPerSecond / result.portkey.requestsPerSecond;
    const pct = (share: number | undefined) => (share === undefined ? 'n/a' : `${Math.round(share * 100)}%`);
    const rows = (name: string, g: GatewayThroughput): Array<[string, string]> => [
      [`${name}: requests/s (2xx)`, g.requestsPerSecond.toFixed(0)],
      [`${name}: p99 (worst block)`, `${g.p99Ms.toFixed(1)} ms`],
      [`${name}: failures (non-2xx or no response)`, String(g.failures)],
      [`${name}: its CPU per request`, `${g.cpuMsPerRequest.toFixed(3)} ms (${pct(g.cpuShare)} of a core)`],
      [`${name}: fake upstream / PostgreSQL CPU meanwhile`, `${pct(g.fakeCpuShare)} / ${pct(g.postgresCpuShare)} of a core`],
    ];
    table(`Sustained /v1/chat/completions, hey -c ${connections}, ${blocks} alternating blocks of ${seconds} s each after ${warmup} s of warm-up`, [
      ...rows('gateway', result.gateway),
      ...rows('Portkey', result.portkey),
      ['gateway / Portkey requests/s', `${result.ratio.toFixed(2)}x (goal: at least 3x, with the gateway's p99 under 10 ms)`],
      // Steadier than the rates on a shared machine, where neither may get a whole core.
      ['Portkey / gateway CPU per request', `${(result.portkey.cpuMsPerRequest / result.gateway.cpuMsPerRequest).toFixed(2)}x`],
    ]);
    return result;
  } finally {
    for (const close of closers) await close().catch(() => {});
  }
}
