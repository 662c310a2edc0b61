// `npm run bench [-- processes|warmup|queue|overhead|analytics|media|v1media|ocr|ocr-pages|vision|faces|objects|responses|agents|soak|throughput|instructions|spend|governance|console] [options]`: every benchmark, each
// reported against a baseline measured in the same run. With no name, all of them.
//   governance: --rate 300 --seconds 8 --warmup 2 (the overhead scenario with limits and budgets on against off; not in the default set)
//   overhead:  --rate 500 --seconds 10 --warmup 2 --burst 10 (0: evenly spaced only) --log-level info --no-streaming --no-reference --floor --observability --heap --cpu-prof <dir>
//   queue:     --tasks 5000 --pickup-rate 200 --cpu-prof <dir>
//   analytics: --events 1000000 --ingest 60000 (0: queries only) --processes 1 --runs 30 --data-dir <dir> (keep the loaded database there and reuse it) --cpu-prof <dir> (with --events 0)
//   media:     --videos 8 --megabytes 20
//   ocr:       --images 16 --rate 50 --seconds 10 (per latency block) --ocr-parts accuracy,speed,latency --cpu-prof <dir>
//   ocr-pages: real photographed and scanned pages, CER and CPU time per level (no options)
//   faces:     the labelled face photographs, precision and recall per face model and confidence (no options)
//   objects:   CenterNet's precision and recall per confidence on labelled real photographs (no options)
//   vision:    --images 24 --seconds 10 (per latency block) --rate 20 --latency-only --cpu-prof <dir>
//   responses: --responses 5000
//   agents:    --requests 2000 --concurrency 8
//   instructions (not in the default set: minutes under valgrind): --requests 1000 --concurrency 10 --stream --cache-sim --target gateway|reference|floor|floor-koa (or several, comma-separated, counted one after the other)
//   soak:      --seconds 600 (mixed load on two gateway processes and one analytics process, then a /v1 rate ladder)
//   v1media:   --calls 200 --concurrency 4
//   spend:     --rows 10000000 --runs 30 (usage rows loaded, then each typical GET /api/llm/spend timed)
//   processes (not in the default set: minutes): --seconds 60 (the fixed-rate load before RSS is read) --rate 2000 --connections 10 (RSS per gateway/analytics process per young-generation setting; /v1 throughput with 1 and 2 gateway processes)
//   warmup:    --rate 500 --seconds 10 --connections 10 --processes 1|2 (default both; the first seconds of /v1 load from the first 200 of readiness, against from liveness; 1 and 2 gateway processes)
//   console:   --rows 1000000 --runs 7 (the console's Overview in Chromium, navigation to numbers on screen, before and after a month of usage rows is loaded)
//   engagement (not in the default set): --beacons 20000 (engagement beacons' storage path, written one by one against batched)
//   throughput (not in the default set: needs Portkey installed outside the repository): --seconds 10 (per block) --connections 10 --blocks 3 --warmup 3 --portkey <dir> (or PORTKEY_DIR)
// BENCH_NODE_FLAGS adds Node/V8 flags to the measured gateway (and, in `overhead`, the reference proxy): see measuredFlags in gatewayProcess.ts.
import { parseArgs } from 'node:util';
import { runGatewayOverheadBench } from './gatewayOverhead.ts';
import { runQueueBench } from './queue.ts';
import { runAnalyticsBench } from './analytics.ts';
import { runMediaBench } from './media.ts';
import { runOcrBench } from './ocr.ts';
import { runVisionBench } from './vision.ts';
import { runOcrPagesBench } from './ocrPages.ts';
import { runFacesBench } from './faces.ts';
import { runObjectsBench } from './objects.ts';
import { runStoredResponsesBench } from './storedResponses.ts';
import { runAgentsBench } from './agents.ts';
import { runV1MediaBench } from './v1Media.ts';
import { createBenchContext } from './context.ts';
import { runInstructionsBench, type Target } from './instructions.ts';
import { runSoakBench } from './soak.ts';
import { runThroughputBench } from './throughput.ts';
import { runSpendBench } from './spend.ts';
import { runConsoleBench } from './console.ts';
import { runGovernanceBench } from './governance.ts';
import { runProcessesBench } from './processes.ts';
import { runWarmupBench } from './warmup.ts';
import { runEngagementBench } from './engagement.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    rate: { type: 'string' },
    seconds: { type: 'string' },
    warmup: { type: 'string' },
    burst: { type: 'string' },
    'log-level': { type: 'string' },
    'no-streaming': { type: 'boolean' },
    'no-reference': { type: 'boolean' },
    floor: { type: 'boolean' },
    'cpu-prof': { type: 'string' },
    tasks: { type: 'string' },
    'pickup-rate': { type: 'string' },
    events: { type: 'string' },
    ingest: { type: 'string' },
    beacons: { type: 'string' },
    processes: { type: 'string' },
    runs: { type: 'string' },
    'data-dir': { type: 'string' },
    videos: { type: 'string' },
    megabytes: { type: 'string' },
    images: { type: 'string' },
    'ocr-parts': { type: 'string' },
    responses: { type: 'string' },
    requests: { type: 'string' },
    calls: { type: 'string' },
    concurrency: { type: 'string' },
    json: { type: 'boolean' },
    stream: { type: 'boolean' },
    target: { type: 'string' },
    'cache-sim': { type: 'boolean' },
    'latency-only': { type: 'boolean' },
    connections: { type: 'string' },
    blocks: { type: 'string' },
    portkey: { type: 'string' },
    rows: { type: 'string' },
    observability: { type: 'boolean' },
    heap: { type: 'boolean' },
  },
});
const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));
const wanted = positionals.length ? positionals : ['overhead', 'warmup', 'queue', 'analytics', 'media', 'v1media', 'ocr', 'ocr-pages', 'vision', 'faces', 'objects', 'responses', 'agents', 'soak', 'spend', 'console'];
const results: Record<string, unknown> = {};

if (wanted.includes('governance')) {
  results.governance = await runGovernanceBench({ rate: num(values.rate), seconds: num(values.seconds), warmupSeconds: num(values.warmup) });
}

if (wanted.includes('overhead')) {
  results.overhead = await runGatewayOverheadBench({
    rate: num(values.rate),
    durationSeconds: num(values.seconds),
    warmupSeconds: num(values.warmup),
    burst: num(values.burst),
    logLevel: values['log-level'],
    streaming: !values['no-streaming'],
    reference: !values['no-reference'],
    floor: values.floor,
    observability: values.observability,
    heap: values.heap,
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
    queryRuns: num(values.runs),
    dataDir: values['data-dir'],
    cpuProfileDir: values['cpu-prof'],
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
    cpuProfileDir: values['cpu-prof'],
  });
}
if (wanted.includes('ocr-pages')) results.ocrPages = await runOcrPagesBench();
if (wanted.includes('faces')) results.faces = (await runFacesBench()).table;
if (wanted.includes('objects')) results.objects = await runObjectsBench();
if (wanted.includes('vision')) {
  results.vision = await runVisionBench({
    images: num(values.images),
    seconds: num(values.seconds),
    rate: num(values.rate),
    latencyOnly: values['latency-only'],
    cpuProfileDir: values['cpu-prof'],
  });
}
if (wanted.includes('responses')) {
  const ctx = await createBenchContext();
  try {
    results.responses = await runStoredResponsesBench(ctx, { responses: num(values.responses) });
  } finally {
    await ctx.close();
  }
}
if (wanted.includes('agents')) {
  const ctx = await createBenchContext();
  try {
    results.agents = await runAgentsBench(ctx, { requests: num(values.requests), concurrency: num(values.concurrency) });
  } finally {
    await ctx.close();
  }
}
if (wanted.includes('instructions')) {
  results.instructions = await runInstructionsBench({
    requests: num(values.requests),
    concurrency: num(values.concurrency),
    stream: values.stream,
    cacheSim: values['cache-sim'],
    targets: values.target ? (values.target.split(',') as Target[]) : undefined,
  });
}
if (wanted.includes('soak')) {
  // --seconds is the soak's length here; with every benchmark at once, the soak keeps its 10 minutes.
  results.soak = await runSoakBench({ seconds: positionals.includes('soak') ? num(values.seconds) : undefined });
}
if (wanted.includes('throughput')) {
  results.throughput = await runThroughputBench({
    seconds: num(values.seconds),
    connections: num(values.connections),
    blocks: num(values.blocks),
    warmupSeconds: num(values.warmup),
    portkeyDir: values.portkey,
  });
}
if (wanted.includes('processes')) {
  results.processes = await runProcessesBench({ loadSeconds: num(values.seconds), rate: num(values.rate), connections: num(values.connections) });
}
if (wanted.includes('warmup')) {
  results.warmup = await runWarmupBench({ rate: num(values.rate), seconds: num(values.seconds), connections: num(values.connections), processes: num(values.processes) });
}
if (wanted.includes('spend')) {
  const ctx = await createBenchContext();
  try {
    results.spend = await runSpendBench(ctx, { rows: num(values.rows), runs: num(values.runs) });
  } finally {
    await ctx.close();
  }
}
if (wanted.includes('engagement')) {
  results.engagement = await runEngagementBench({ beacons: num(values.beacons) });
}
if (wanted.includes('console')) {
  const ctx = await createBenchContext();
  try {
    results.console = await runConsoleBench(ctx, { rows: num(values.rows), runs: num(values.runs) });
  } finally {
    await ctx.close();
  }
}
if (values.json) console.log(JSON.stringify(results, null, 2));
process.exit(0);
