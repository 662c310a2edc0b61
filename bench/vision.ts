// The vision engine: detections per second for each model that ships with the
// gateway, on 640x480 images, with one and two worker threads; and how much
// /v1/chat/completions latency and the gateway's main thread move while
// detection runs in the same gateway process (bench/engineLoad.ts: the
// baseline is the same requests with the engine idle, in alternating blocks).
import sharp from 'sharp';
import { VisionEngine, visionConfig } from '../engines/vision/index.ts';
import { photo } from '../engines/vision/testing/images.ts';
import { throwawayPostgres } from '../server/database.ts';
import { startGatewayProcess, stopChild, submitAndWait } from './gatewayProcess.ts';
import { startChild } from './gatewayOverhead.ts';
import { busyProfile, printEngineLoad, v1LatencyUnderEngine, type EngineLoadResult } from './engineLoad.ts';
import { table } from './stats.ts';
import { postgresCpuReader } from './postgresCpu.ts';
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
  /** Write the gateway's CPU profiles here; its main thread's hotspots while detecting are printed. */
  cpuProfileDir?: string;
  /** Skip the per-model throughput part. */
  latencyOnly?: boolean;
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

export async function runVisionBench(o: VisionBenchOptions = {}): Promise<Record<string, unknown>> {
  const count = o.images ?? 24;
  const images = await frames();
  const rows: Array<[string, string]> = [];
  const perModel: Record<string, { c1: number; c2: number }> = {};
  for (const m of o.latencyOnly ? [] : MODELS) {
    const c1 = await throughput(m, 1, images, count);
    const c2 = await throughput(m, 2, images, count);
    perModel[m.model] = { c1, c2 };
    rows.push([`${m.model} (640x480)`, `${c1.toFixed(2)} images/s at concurrency 1, ${c2.toFixed(2)} at 2 (x${(c2 / c1).toFixed(2)})`]);
  }

  const seconds = o.seconds ?? 10;
  const rate = o.rate ?? 20;
  const database = await throwawayPostgres('postgres');
  const fake = await startChild('fake upstream', 'fakeUpstream.ts', []);
  let v1: EngineLoadResult;
  try {
    const gateway = await startGatewayProcess(
      database.url,
      { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', VISION_SERVICE_ENABLED: 'true', PROVIDER_CONCURRENCY_VISION: '2' },
      { cpuProfileDir: o.cpuProfileDir },
    );
    try {
      const body = JSON.stringify({ image: Buffer.from(images[0]!).toString('base64') });
      // Three clients for two workers: one task always waits, so neither worker idles between tasks.
      const pg = postgresCpuReader(database.url);
      try {
        v1 = await v1LatencyUnderEngine({
          gateway,
          rate,
          blockSeconds: seconds,
          clients: 3,
          engineRequest: () => submitAndWait(gateway, '/api/vision/detect', body, 100),
          postgresCpuMicros: pg.read,
        });
      } finally {
        await pg.close();
      }
    } finally {
      await gateway.close();
    }
    if (o.cpuProfileDir) v1.profile = await busyProfile(o.cpuProfileDir, gateway.pid, v1);
  } finally {
    await stopChild(fake.child);
    await database.stop();
  }
  table('vision', rows);
  printEngineLoad(`/v1/chat/completions at ${rate} req/s, vision idle vs busy (CenterNet on 640x480, 2 workers, 3 clients polling every 100 ms; 3 x ${seconds} s blocks each)`, v1);
  return { perModel, v1 };
}
