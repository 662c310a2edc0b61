// `npm run bench [-- queue|overhead|analytics|media|v1media|ocr|vision] [options]`: every benchmark, each
// reported against a baseline measured in the same run. With no name, all of them.
//   overhead:  --rate 500 --seconds 10 --warmup 2 --log-level info --no-streaming --no-reference --cpu-prof <dir>
//   queue:     --tasks 5000 --pickup-rate 200 --cpu-prof <dir>
//   analytics: --events 1000000 --ingest 60000 --processes 1
//   media:     --videos 8 --megabytes 20
//   ocr:       --images 16 --rate 50 --seconds 5 (per latency block) --ocr-parts accuracy,speed,latency
//   vision:    --images 24 --seconds 10 --rate 20
//   v1media:   --calls 200 --concurrency 4
import { parseArgs } from 'node:util';
import { runGatewayOverheadBench } from './gatewayOverhead.ts';
import { runQueueBench } from './queue.ts';
import { runAnalyticsBench } from './analytics.ts';
import { runMediaBench } from './media.ts';
import { runOcrBench } from './ocr.ts';
import { runVisionBench } from './vision.ts';
import { runV1MediaBench } from './v1Media.ts';
import { createBenchContext } from './context.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rate: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    'log-level': { type: 'string' },
    'no-streaming': { type: 'boolean' },
    'no-reference': { type: 'boolean' },
    'cpu-prof': { type: 'string' },
    tasks: { type: 'string' },
    'pickup-rate': { type: 'string' },
    events: { type: 'string' },
    ingest: { type: 'string' },
    processes: { type: 'string' },
    videos: { type: 'string' },
    megabytes: { type: 'string' },
    images: { type: 'string' },
    'ocr-parts': { type: 'string' },
    calls: { type: 'string' },
    concurrency: { type: 'string' },
    json: { type: 'boolean' },
  },
});
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const wanted = positionals.length ? positionals : ['overhead', 'queue', 'analytics', 'media', 'v1media', 'ocr', 'vision'];
const results: Record<string, unknown> = {};

if (wanted.includes('overhead')) {
  results.overhead = await runGatewayOverheadBench({
    rate: num(values.rate),
    durationSeconds: num(values.seconds),
    warmupSeconds: num(values.warmup),
    logLevel: values['log-level'],
    streaming: !values['no-streaming'],
    reference: !values['no-reference'],
    cpuProfileDir: values['cpu-prof'],
  });
}
if (wanted.includes('queue')) {
  const ctx = await createBenchContext();
  try {
    results.queue = await runQueueBench(ctx, { tasks: num(values.tasks), rate: num(values['pickup-rate']), cpuProfileDir: values['cpu-prof'] });
  } finally {
    await ctx.close();
  }
}
if (wanted.includes('analytics')) {
  results.analytics = await runAnalyticsBench({
    events: num(values.events),
    ingestRequests: num(values.ingest),
    processes: num(values.processes),
  });
}
if (wanted.includes('media')) {
  const ctx = await createBenchContext();
  try {
    results.media = await runMediaBench(ctx, { videos: num(values.videos), megabytes: num(values.megabytes) });
  } finally {
    await ctx.close();
  }
}
if (wanted.includes('v1media')) {
  const ctx = await createBenchContext();
  try {
    results.v1media = await runV1MediaBench(ctx, { calls: num(values.calls), concurrency: num(values.concurrency) });
  } finally {
    await ctx.close();
  }
}
if (wanted.includes('ocr')) {
  results.ocr = await runOcrBench({
    images: num(values.images),
    rate: num(values.rate),
    blockSeconds: num(values.seconds),
    parts: values['ocr-parts']?.split(',') as Array<'accuracy' | 'speed' | 'latency'> | undefined,
  });
}
if (wanted.includes('vision')) {
  results.vision = await runVisionBench({ images: num(values.images), seconds: num(values.seconds), rate: num(values.rate) });
}
if (values.json) console.log(JSON.stringify(results, null, 2));
process.exit(0);
