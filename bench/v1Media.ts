// /v1/images/generations, which waits for the native image task, against two
// baselines in the same run, in alternating blocks at the same concurrency:
// - the native way to the same result: POST /api/llm/generate-image, the SSE
//   stream (/api/llm/queue/stream) until the task's end, then the result;
// - the same request straight to the fake upstream (what the provider call
//   itself costs).
// Reported: latency p50 / p99 per path, and the gateway's CPU per call.
// The upstream is an instant loopback fake of the OpenAI images protocol
// answering one small PNG, so the figures are the gateway's own work:
// queueing, pickup, the provider call, storage, marking, the end's commit and
// NOTIFY, and the answer read from disk.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startImagesFake } from '../providers/testing/mediaFake.ts';
import type { BenchContext } from './context.ts';
import { startGatewayProcess } from './gatewayProcess.ts';
import { percentile, table } from './stats.ts';

const agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

type Path = 'v1' | 'native' | 'upstream';

export interface V1MediaBenchResult {
  calls: number;
  concurrency: number;
  p50Ms: Record<Path, number>;
  p99Ms: Record<Path, number>;
  gatewayCpuMsPerCall: { v1: number; native: number };
}

async function postJson(url: string, key: string, body: unknown): Promise<{ status: number; text: string }> {
  const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body), dispatcher: agent });
  return { status: res.statusCode, text: await res.body.text() };
}

export async function runV1MediaBench(ctx: BenchContext, opts: { calls?: number; concurrency?: number } = {}): Promise<V1MediaBenchResult> {
  const calls = opts.calls ?? 200;
  const concurrency = opts.concurrency ?? 4;
  const blocks = 4;
  const fake = await startImagesFake();
  const mediaDir = await mkdtemp(join(tmpdir(), 'bench-v1media-'));
  const service = await startGatewayProcess(ctx.databaseUrl, {
    OPENAI_BASE_URL: `${fake.url}/v1`,
    OPENAI_API_KEY: 'sk-bench',
    PROVIDER_CONCURRENCY_OPENAI: String(concurrency),
    MEDIA_DIR: mediaDir,
  });
  const prompt = 'a lighthouse at dusk';
  const once: Record<Path, () => Promise<void>> = {
    async v1() {
      const res = await postJson(`${service.url}/v1/images/generations`, service.key, { model: 'openai/gpt-image-1', prompt });
      if (res.status !== 200) throw new Error(`/v1 answered ${res.status}: ${res.text.slice(0, 300)}`);
    },
    async native() {
      const sent = await postJson(`${service.url}/api/llm/generate-image`, service.key, { provider: 'openai', model: 'gpt-image-1', prompt });
      if (sent.status !== 200) throw new Error(`submit answered ${sent.status}: ${sent.text.slice(0, 300)}`);
      const queueId = JSON.parse(sent.text).data.queueId as string;
      const stream = await postJson(`${service.url}/api/llm/queue/stream`, service.key, { queueId });
      if (!/event: done/.test(stream.text)) throw new Error(`the stream did not end with done: ${stream.text.slice(-300)}`);
      const result = await postJson(`${service.url}/api/llm/queue/result`, service.key, { queueId });
      if (result.status !== 200) throw new Error(`result answered ${result.status}`);
    },
    async upstream() {
      const res = await postJson(`${fake.url}/v1/images/generations`, 'sk-bench', { model: 'gpt-image-1', prompt });
      if (res.status !== 200) throw new Error(`the fake answered ${res.status}`);
    },
  };
  /** `n` calls at `concurrency`, each call's latency in ms. */
  const block = async (path: Path, n: number): Promise<number[]> => {
    const latencies: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next++ < n) {
          const t = performance.now();
          await once[path]();
          latencies.push(performance.now() - t);
        }
      }),
    );
    return latencies;
  };
  try {
    for (const path of ['v1', 'native', 'upstream'] as const) await block(path, 10 * concurrency);
    const latencies: Record<Path, number[]> = { v1: [], native: [], upstream: [] };
    const cpu = { v1: 0, native: 0 };
    for (let b = 0; b < blocks; b++) {
      for (const path of ['v1', 'native', 'upstream'] as const) {
        const before = await service.cpuMs();
        latencies[path].push(...(await block(path, Math.ceil(calls / blocks))));
        if (path !== 'upstream') cpu[path] += (await service.cpuMs()) - before;
      }
    }
    const stat = (p: Path, q: number) => Math.round(percentile([...latencies[p]].sort((a, b) => a - b), q) * 100) / 100;
    const result: V1MediaBenchResult = {
      calls: latencies.v1.length,
      concurrency,
      p50Ms: { v1: stat('v1', 0.5), native: stat('native', 0.5), upstream: stat('upstream', 0.5) },
      p99Ms: { v1: stat('v1', 0.99), native: stat('native', 0.99), upstream: stat('upstream', 0.99) },
      gatewayCpuMsPerCall: { v1: Math.round((cpu.v1 / latencies.v1.length) * 100) / 100, native: Math.round((cpu.native / latencies.native.length) * 100) / 100 },
    };
    table(`v1media: ${result.calls} image generations per path, ${concurrency} at a time, instant openai images fake`, [
      ['/v1/images/generations, p50 / p99', `${result.p50Ms.v1} / ${result.p99Ms.v1} ms; gateway CPU ${result.gatewayCpuMsPerCall.v1} ms per call`],
      ['native submit + SSE to the end + result, p50 / p99', `${result.p50Ms.native} / ${result.p99Ms.native} ms; gateway CPU ${result.gatewayCpuMsPerCall.native} ms per call`],
      ['straight to the fake upstream, p50 / p99', `${result.p50Ms.upstream} / ${result.p99Ms.upstream} ms`],
      ['/v1 vs native, p50', `x${Math.round((result.p50Ms.v1 / result.p50Ms.native) * 100) / 100}`],
    ]);
    return result;
  } finally {
    await service.close();
    await fake.close();
    await rm(mediaDir, { recursive: true, force: true });
  }
}
