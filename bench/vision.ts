// The vision engine: detections per second for each model that ships with the
// gateway, on 640x480 images, with one and two worker threads; and how much
// /v1/chat/completions latency moves while detection runs in the same
// gateway process (the baseline is the same requests with the engine idle).
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { VisionEngine, visionConfig } from '../engines/vision/index.ts';
import { photo } from '../engines/vision/testing/images.ts';
import { throwawayPostgres } from '../server/database.ts';
import { startGatewayProcess } from './gatewayProcess.ts';
import { percentile, table } from './stats.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const MODELS = [
  { kind: 'objects', model: 'centernet' },
  { kind: 'faces', model: 'haarcascade' },
  { kind: 'faces', model: 'mediapipe' },
] as const;

export interface VisionBenchOptions {
  /** Images per model and concurrency, default 24. */
  images?: number;
  /** Seconds of /v1 traffic per phase, default 10. */
  seconds?: number;
  /** /v1 requests per second, default 20. */
  rate?: number;
}

async function frames(): Promise<Uint8Array[]> {
  const out: Uint8Array[] = [];
  for (const name of ['astronaut', 'coffee', 'chelsea'] as const) {
    const b = await sharp(photo(name)).resize(640, 480, { fit: 'fill' }).png().toBuffer();
    out.push(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
  }
  return out;
}

async function throughput(model: (typeof MODELS)[number], concurrency: number, images: Uint8Array[], count: number): Promise<number> {
  const engine = new VisionEngine({ ...visionConfig({}), concurrency });
  const run = (i: number) =>
    model.kind === 'objects'
      ? engine.detectObjects({ image: images[i % images.length]!, model: model.model, confidence: 0.25 })
      : engine.detectFaces({ image: images[i % images.length]!, model: model.model, confidence: 0.5, blur: false, blurStrength: 51 });
  try {
    // Every worker loads its model before the clock starts.
    await Promise.all(Array.from({ length: concurrency }, (_, i) => run(i)));
    let next = 0;
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (next < count) await run(next++);
    }));
    return (count / (performance.now() - started)) * 1000;
  } finally {
    await engine.close();
  }
}

function startFakeUpstream(): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(path.join(HERE, 'fakeUpstream.ts'), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { url: string }) => resolve({ child, url: m.url }));
    child.once('exit', (code) => reject(new Error(`fake upstream exited with ${code}`)));
  });
}

async function v1Latency(url: string, key: string, seconds: number, rate: number): Promise<{ p50: number; p99: number; count: number }> {
  const body = JSON.stringify({ model: 'openai/gpt-4o-mini', messages: [{ role: 'user', content: 'ping' }] });
  const samples: number[] = [];
  const inFlight: Promise<void>[] = [];
  const end = performance.now() + seconds * 1000;
  for (let at = performance.now(); at < end; at += 1000 / rate) {
    const wait = at - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    inFlight.push(
      fetch(`${url}/v1/chat/completions`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body })
        .then((r) => r.arrayBuffer())
        .then(() => void samples.push(performance.now() - sent)),
    );
  }
  await Promise.all(inFlight);
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99), count: samples.length };
}

export async function runVisionBench(o: VisionBenchOptions = {}): Promise<Record<string, unknown>> {
  const count = o.images ?? 24;
  const images = await frames();
  const rows: Array<[string, string]> = [];
  const perModel: Record<string, { c1: number; c2: number }> = {};
  for (const m of MODELS) {
    const c1 = await throughput(m, 1, images, count);
    const c2 = await throughput(m, 2, images, count);
    perModel[m.model] = { c1, c2 };
    rows.push([`${m.model} (640x480)`, `${c1.toFixed(2)} images/s at concurrency 1, ${c2.toFixed(2)} at 2 (x${(c2 / c1).toFixed(2)})`]);
  }

  const seconds = o.seconds ?? 10;
  const rate = o.rate ?? 20;
  const database = await throwawayPostgres('postgres');
  const fake = await startFakeUpstream();
  const gateway = await startGatewayProcess(database.url, { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', VISION_SERVICE_ENABLED: 'true', PROVIDER_CONCURRENCY_VISION: '2' });
  let loaded: Awaited<ReturnType<typeof v1Latency>>;
  let idle: Awaited<ReturnType<typeof v1Latency>>;
  let detections = 0;
  try {
    const headers = { authorization: `Bearer ${gateway.key}`, 'content-type': 'application/json' };
    const image = Buffer.from(images[0]!).toString('base64');
    const detect = async () => {
      const r = (await (await fetch(`${gateway.url}/api/vision/detect`, { method: 'POST', headers, body: JSON.stringify({ image }) })).json()) as { data: { queueId: string } };
      for (;;) {
        const res = await fetch(`${gateway.url}/api/llm/queue/result`, { method: 'POST', headers, body: JSON.stringify({ queueId: r.data.queueId }) });
        await res.arrayBuffer();
        if (res.status !== 202) return;
        await new Promise((w) => setTimeout(w, 50));
      }
    };
    await detect(); // models loaded
    idle = await v1Latency(gateway.url, gateway.key, seconds, rate);
    let stop = false;
    const load = Array.from({ length: 3 }, async () => {
      while (!stop) {
        await detect();
        detections++;
      }
    });
    loaded = await v1Latency(gateway.url, gateway.key, seconds, rate);
    stop = true;
    await Promise.all(load);
  } finally {
    await gateway.close();
    fake.child.kill();
    await database.stop();
  }
  rows.push(
    [`/v1 p50 / p99, engine idle (${rate} req/s)`, `${idle.p50.toFixed(1)} / ${idle.p99.toFixed(1)} ms`],
    [`/v1 p50 / p99 while detecting (${detections} CenterNet detections)`, `${loaded.p50.toFixed(1)} / ${loaded.p99.toFixed(1)} ms (x${(loaded.p50 / idle.p50).toFixed(2)} / x${(loaded.p99 / idle.p99).toFixed(2)})`],
  );
  table('vision', rows);
  return { perModel, idle, loaded, detections };
}
