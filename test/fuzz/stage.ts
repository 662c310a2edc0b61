// The fuzz stage (run by shard1-3.test.ts): for every operation of the three specs, requests generated
// from the spec's own schemas (test/fuzz/cases.ts) are sent to the running
// service, with providers on loopback fakes; every answer is checked
// (test/fuzz/check.ts); answers with links are followed (test/fuzz/links.ts).
// Seeded: FUZZ_SEED=<n> reproduces a run, FUZZ_RUNS=<n> scales it (generated
// requests per operation). Operations in contract-tests/not-implemented.json
// may answer 501, so the stage keeps working as that list shrinks, and a new
// operation joins the run as soon as its spec does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, expect, it } from 'vitest';
import pino from 'pino';
import { Spec, type SpecName } from '../../contract-tests/spec.ts';
import { authHeaders } from '../../contract-tests/harness.ts';
import { startService, type RunningService } from '../../server/service.ts';
import { databaseUrl, testDb } from '../support.ts';
import type { Fake } from '../../providers/testing/fake.ts';
import { startFake as openaiFake } from '../../providers/openai/fake.ts';
import { startFake as anthropicFake } from '../../providers/anthropic/fake.ts';
import { startFake as geminiFake } from '../../providers/gemini/fake.ts';
import { startFake as ollamaFake } from '../../providers/ollama/fake.ts';
import { startFake as mistralFake } from '../../providers/mistral/fake.ts';
import { startFake as deepseekFake } from '../../providers/deepseek/fake.ts';
import { startFake as xaiFake } from '../../providers/xai/fake.ts';
import { startFake as perplexityFake } from '../../providers/perplexity/fake.ts';
import { startFake as localaiFake } from '../../providers/localai/fake.ts';
import { CaseBuilder, Choice, methodCases, seedOf, type FuzzCase } from './cases.ts';
import { check, type Problem } from './check.ts';
import { followLinks, IdPool, linksOf } from './links.ts';
import { closeConnections, send } from './send.ts';
import type { Knex } from 'knex';

const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 36);
const CONCURRENCY = 8;
const BOOTSTRAP_KEY = 'gw_live_fuzzstagebootstrapkey0123456789abcdefghij';
const INVITE = 'fuzz-invite';
// The analytics API allows 120 requests per key a minute: the run spreads over this many projects' keys.
const ANALYTICS_PROJECTS = 16;
const NOT_IMPLEMENTED = new Set<string>(JSON.parse(readFileSync(path.join(import.meta.dirname, '../../contract-tests/not-implemented.json'), 'utf8')));

/**
 * Findings of the fuzz stage that are known and owned elsewhere: reported on
 * every run, never failing it. Each names who fixes it; remove the entry when
 * the fix lands (the stage then holds it fixed).
 */
interface Known {
  spec: SpecName;
  operation: string;
  kind?: RegExp;
  problem: RegExp;
  /** The service's error log lines the same bug writes. */
  logged?: RegExp;
  owner: string;
}
const KNOWN: Known[] = [];

const specs = (['gateway', 'compat', 'analytics'] as SpecName[]).map((name) => new Spec(name));

function exampleInvite(): string {
  const analytics = specs.find((s) => s.name === 'analytics')!;
  const createProject = analytics.operations().find((o) => o.operationId === 'createProject')!;
  return (analytics.exampleRequest(createProject).body as { inviteCode: string }).inviteCode;
}
let service: RunningService;
let db: Knex;
let fakes: Fake[] = [];
let analyticsKeys: string[] = [];
let shareLinkTokens: string[] = [];
const serviceErrors: Array<Record<string, unknown>> = [];

async function setUp(): Promise<void> {
  fakes = await Promise.all([openaiFake(), anthropicFake(), geminiFake(), ollamaFake(), mistralFake(), deepseekFake(), xaiFake(), perplexityFake(), localaiFake()]);
  const [openai, anthropic, gemini, ollama, mistral, deepseek, xai, perplexity, localai] = fakes as [Fake, Fake, Fake, Fake, Fake, Fake, Fake, Fake, Fake];
  const env: Record<string, string> = {
    OPENAI_BASE_URL: openai.url,
    OPENAI_API_KEY: 'sk-fuzz',
    ANTHROPIC_BASE_URL: anthropic.url,
    ANTHROPIC_API_KEY: 'sk-ant-fuzz',
    GEMINI_BASE_URL: gemini.url,
    GEMINI_API_KEY: 'gm-fuzz',
    VERTEX_BASE_URL: gemini.url,
    VERTEX_API_KEY: 'vx-fuzz',
    VERTEX_PROJECT: 'fuzz',
    OLLAMA_BASE_URL: ollama.url,
    MISTRAL_BASE_URL: mistral.url,
    MISTRAL_API_KEY: 'mi-fuzz',
    DEEPSEEK_BASE_URL: deepseek.url,
    DEEPSEEK_API_KEY: 'ds-fuzz',
    XAI_BASE_URL: xai.url,
    XAI_API_KEY: 'xai-fuzz',
    PERPLEXITY_BASE_URL: perplexity.url,
    PERPLEXITY_API_KEY: 'pplx-fuzz',
    LOCALAI_BASE_URL: localai.url,
    // Local runtimes with no fake stay on a closed loopback port: never a real host.
    LOCAL_AUDIO_BASE_URL: 'http://127.0.0.1:9',
    LOCAL_VIDEO_BASE_URL: 'http://127.0.0.1:9',
    ELEVENLABS_BASE_URL: 'http://127.0.0.1:9',
    // The spec's own example invite too, so createProject's example succeeds and its link to collect is followed.
    ANALYTICS_INVITE_CODES: `${INVITE},${exampleInvite()}`,
    GATEWAY_BOOTSTRAP_KEY: BOOTSTRAP_KEY,
  };
  for (const [k, v] of Object.entries(env)) process.env[k] = v;
  // The service's own error log is part of the verdict: a refusal that logs an error is a finding too.
  const sink = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n')) if (line) serviceErrors.push(JSON.parse(line));
      done();
    },
  });
  db = await testDb();
  service = await startService({
    db,
    databaseUrl: await databaseUrl(),
    services: ['gateway', 'analytics'],
    gatewayPort: 0,
    analyticsPort: 0,
    host: '127.0.0.1',
    bootstrapKey: BOOTSTRAP_KEY,
    env: { ...process.env, LOG_LEVEL: 'error' },
    log: pino({ level: 'error' }, sink),
  });
  for (let i = 0; i < ANALYTICS_PROJECTS; i++) {
    const res = await fetch(`${service.analyticsUrl}/v1/projects`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ inviteCode: INVITE, name: `Fuzz ${i}`, domains: [`fuzz${i}.example`, `www.fuzz${i}.example`] }),
    });
    if (res.status !== 201) throw new Error(`could not create analytics project ${i}: ${res.status} ${await res.text()}`);
    analyticsKeys.push(((await res.json()) as { apiKey: string }).apiKey);
  }
  // Shared links of a project none of the fuzzed keys reaches: no fuzzed deleteSharedLink can revoke them
  // (a revoked token made unlockSharedLink answer 401 before its body was looked at). One per key, as the
  // per-key rate limit applies to them too.
  const res = await fetch(`${service.analyticsUrl}/v1/projects`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ inviteCode: INVITE, name: 'Fuzz shared links', domains: ['fuzzshare.example'] }),
  });
  if (res.status !== 201) throw new Error(`could not create the shared links' project: ${res.status} ${await res.text()}`);
  const owner = ((await res.json()) as { apiKey: string }).apiKey;
  for (let i = 0; i < ANALYTICS_PROJECTS; i++) {
    const link = await fetch(`${service.analyticsUrl}/v1/shared-links`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${owner}` },
      body: JSON.stringify({ label: `Fuzz ${i}` }),
    });
    if (link.status !== 201) throw new Error(`could not create shared link ${i}: ${link.status} ${await link.text()}`);
    shareLinkTokens.push(((await link.json()) as { token: string }).token);
  }
}

async function tearDown(): Promise<void> {
  closeConnections();
  await service?.stop(1_000);
  await db?.destroy();
  await Promise.all(fakes.map((f) => f.close()));
}

function baseOf(spec: Spec): string {
  return spec.name === 'analytics' ? service.analyticsUrl! : service.gatewayUrl!;
}

let sent = 0;
function withAuth(c: FuzzCase): Record<string, string> {
  if (c.noAuth || !c.op) return c.headers;
  const key = c.spec.name === 'analytics' ? analyticsKeys[sent % analyticsKeys.length]! : BOOTSTRAP_KEY;
  const shareLinkToken = shareLinkTokens[sent % shareLinkTokens.length];
  return { ...authHeaders(c.spec, c.op, { gatewayKey: key, analyticsKey: key, shareLinkToken }), ...c.headers };
}

function describeRequest(c: FuzzCase): string {
  const body = c.body ? c.body.subarray(0, 300).toString('utf8').replace(/\u0000/g, '\\u0000') + (c.body.length > 300 ? `… (${c.body.length} bytes)` : '') : '';
  return `${c.method} ${c.url.slice(0, 200)} ${JSON.stringify(c.headers)} ${body}`;
}

async function runStage(shard: number, shards: number): Promise<void> {
  const started = performance.now();
  const cases: FuzzCase[] = [];
  for (const spec of specs) {
    const builder = new CaseBuilder(spec, SEED);
    // The /v1 endpoints are few and busy: they get more of the run.
    const runs = spec.name === 'compat' ? RUNS * 4 : RUNS;
    for (const op of spec.operations()) cases.push(...builder.build(op, runs));
    cases.push(...methodCases(spec));
  }
  const problems: Problem[] = [];
  const kinds = new Map<string, number>();
  const followed = new Map<string, number>();
  const pool = new IdPool();
  let queue = 0;
  // Where the time goes: the slowest answers, in the summary.
  const slowest: Array<{ ms: number; what: string }> = [];

  const run = async (c: FuzzCase, depth: number, judged = true): Promise<void> => {
    sent++;
    const kind = c.kind.split(':')[0]!;
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    const headers = withAuth(c);
    const answer = await send(baseOf(c.spec), { method: c.method, url: c.url, headers, body: c.body, declaredLength: c.declaredLength, truncateAt: c.truncateAt, timeoutMs: 30_000 });
    if (answer.status >= 200 && answer.status < 300 && String(answer.headers['content-type']).startsWith('application/json')) {
      try {
        pool.harvest(JSON.parse(answer.body.toString('utf8')));
      } catch {
        // check() reports it
      }
    }
    slowest.push({ ms: answer.ms, what: `${c.op?.operationId ?? c.method} [${c.kind}] ${answer.status}` });
    if (slowest.length > 20) slowest.sort((a, b) => b.ms - a.ms).splice(5);
    for (const problem of judged ? check({ ...c, headers }, answer, NOT_IMPLEMENTED) : []) {
      problems.push({
        spec: c.spec.name,
        operation: c.op?.operationId ?? `(no ${c.method} on ${c.url})`,
        kind: c.kind,
        status: answer.status,
        problem,
        request: describeRequest(c),
        answer: answer.body.subarray(0, 300).toString('utf8'),
      });
    }
    // Stateful sequences: follow the links of the first few successes of each operation.
    if (c.op && answer.status >= 200 && answer.status < 300 && depth < 3 && linksOf(c.spec, c.op, answer.status).length) {
      const key = `${c.spec.name}:${c.op.operationId}`;
      if ((followed.get(key) ?? 0) < 4) {
        followed.set(key, (followed.get(key) ?? 0) + 1);
        let requestBody: unknown;
        let responseBody: unknown;
        try {
          requestBody = c.body ? JSON.parse(c.body.toString('utf8')) : undefined;
        } catch {
          requestBody = undefined;
        }
        try {
          responseBody = JSON.parse(answer.body.toString('utf8'));
        } catch {
          responseBody = undefined;
        }
        for (const next of followLinks(c.spec, c, answer.status, requestBody, responseBody)) {
          next.headers = { ...next.headers };
          await run(next, depth + 1);
        }
      }
    }
  };

  // The examples first, in order: their answers fill the id pool the rest draws on.
  const examples = cases.filter((c) => c.kind === 'example');
  // Each shard runs every example (their answers fill its id pool; only the first shard
  // judges them) and every `shards`-th generated request from its own index.
  const rest = cases.filter((c) => c.kind !== 'example');
  for (const c of examples) await run(c, 0, shard === 0);
  // Then, from a seeded choice, a third of the generated requests (before anything is broken
  // in them) get real ids in the fields and path parameters named like one.
  rest.forEach((c, i) => {
    const choice = new Choice(seedOf(SEED, 'ids', i));
    if (!c.op || !/^(valid|multipart)/.test(c.kind) || !choice.chance(0.35)) return;
    const pick = (n: number) => choice.int(n);
    const body = c.body && String(c.headers['content-type']).startsWith('application/json') ? pool.fill(c.body, pick) : undefined;
    const url = pool.fillPath(c.op.path, c.url, pick);
    if (!body && !url) return;
    rest[i] = { ...c, kind: `${c.kind}:known-ids`, body: body ?? c.body, url: url ?? c.url };
  });
  // The shard's share is taken after the ids are filled in, so a case is the same whatever the number of shards.
  const mine = rest.filter((_, i) => i % shards === shard);
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (queue < mine.length) await run(mine[queue++]!, 0);
    }),
  );
  const seconds = (performance.now() - started) / 1000;

  const isKnown = (p: Problem) => KNOWN.find((k) => k.spec === p.spec && k.operation === p.operation && (!k.kind || k.kind.test(p.kind)) && k.problem.test(p.problem));
  const known = problems.filter(isKnown);
  const unexpected = problems.filter((p) => !isKnown(p));
  const loggedKnown = (e: Record<string, unknown>) => KNOWN.some((k) => k.logged?.test(JSON.stringify(e.err ?? '')));
  // An ApiError the service logged is a refusal it chose (a provider not configured or unreachable: 503),
  // judged by the answer's checks; anything else logged at error level is a failure of its own.
  const loggedErrors = serviceErrors.filter((e) => (e.level as number) >= 50 && (e.err as { type?: string } | undefined)?.type !== 'ApiError' && !loggedKnown(e));
  const knownCounts = new Map<Known, Problem[]>();
  for (const p of known) knownCounts.set(isKnown(p)!, [...(knownCounts.get(isKnown(p)!) ?? []), p]);
  const summary = [
    `fuzz stage, shard ${shard + 1} of ${shards}: ${sent} requests in ${seconds.toFixed(1)} s (seed ${SEED}, FUZZ_RUNS ${RUNS}); by kind: ${[...kinds].map(([k, n]) => `${k} ${n}`).join(', ')}`,
    `links followed from ${followed.size} operations: ${[...followed.keys()].join(', ')}; ids known from answers: ${pool.names().join(', ')}`,
    `slowest answers: ${slowest
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 5)
      .map((x) => `${x.what} ${Math.round(x.ms)} ms`)
      .join('; ')}`,
    `${unexpected.length} findings, ${known.length} known and owned elsewhere, ${loggedErrors.length} error lines logged by the service`,
    ...[...knownCounts].map(([k, ps]) => `  known, ${ps.length}x (${k.owner}): e.g. ${ps[0]!.operation} [${ps[0]!.kind}] ${ps[0]!.status}: ${ps[0]!.problem}`),
    // An entry nothing matches any more: its fix has landed, and the entry should go.
    ...KNOWN.filter((k) => !knownCounts.has(k)).map((k) => `  known entry not found in this shard (remove it when no shard finds it): ${k.owner}`),
    ...loggedErrors.map((e) => `  logged: ${e.msg} ${JSON.stringify(e.err ?? '').slice(0, 300)}`),
  ];
  console.log(summary.join('\n'));
  const report = (ps: Problem[]) =>
    ps
      .slice(0, 40)
      .map((p) => `${p.spec} ${p.operation} [${p.kind}] ${p.status}: ${p.problem}\n    request: ${p.request}\n    answer: ${p.answer}`)
      .join('\n');
  // Grouped by operation and what went wrong (numbers and quoted values folded), then the first few in full.
  const groups = new Map<string, number>();
  for (const p of unexpected) {
    const what = `${p.spec} ${p.operation} ${p.status}: ${p.problem.replace(/"[^"]*"/g, '"…"').replace(/\d+/g, 'N').slice(0, 120)}`;
    groups.set(what, (groups.get(what) ?? 0) + 1);
  }
  const grouped = [...groups].sort((a, b) => b[1] - a[1]).map(([what, n]) => `  ${n}x ${what}`).join('\n');
  expect(unexpected.length, `${unexpected.length} findings (seed ${SEED}):\n${grouped}\n\nfirst ones in full:\n${report(unexpected)}`).toBe(0);
  expect(loggedErrors.map((e) => `${e.msg}: ${JSON.stringify(e.err ?? '').slice(0, 300)}`)).toEqual([]);
}

/**
 * Registers one shard of the stage in the calling test file. The stage is split
 * into files so that each stays short and vitest runs them side by side; every
 * shard starts its own service, fakes and database.
 */
export function fuzzStage(shard: number, shards: number): void {
  beforeAll(setUp, 120_000);
  afterAll(tearDown);
  it(`answers every generated request as its spec says (seed ${SEED}, ${RUNS} runs per operation, shard ${shard + 1} of ${shards})`, () => runStage(shard, shards), 600_000);
}
