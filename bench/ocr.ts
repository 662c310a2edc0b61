// The OCR engine measured: accuracy on the evaluation set (CER per level and
// language, line-box IoU), throughput per level with 2 workers against 1
// worker (the baseline), a 30 MP image against the same page at 1 MP, and
// what OCR at full concurrency does to /v1 latency and to the gateway's main
// thread (bench/engineLoad.ts): the gateway as its own process, POST
// /v1/chat/completions to the loopback fake at a fixed rate, idle and then
// while OCR tasks keep every OCR worker busy, in alternating blocks.
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import sharp from 'sharp';
import { OcrEngine, inspectImage, resolveLanguages, type OcrLevel } from '../engines/ocr/index.ts';
import { evaluationSet, exifRotatedJpeg, heicPage, thirtyMegapixelPage, turnedPage, type EvalImage } from '../engines/ocr/testing/evalSet.ts';
import { cer, meanLineIou } from '../engines/ocr/testing/metrics.ts';
import { sharedEmbeddedPostgres, type Database } from '../server/database.ts';
import { startChild } from './gatewayOverhead.ts';
import { startGatewayProcess, stopChild, submitAndWait, type GatewayProcess } from './gatewayProcess.ts';
import { postgresCpuReader } from './postgresCpu.ts';
import { busyProfile, printEngineLoad, v1LatencyUnderEngine, type EngineLoadResult } from './engineLoad.ts';

export interface OcrBenchOptions {
  /** Images per throughput measurement, default 16. */
  images?: number;
  /** /v1 requests per second in the latency phase, default 50. */
  rate?: number;
  /** Seconds per latency block, default 10; four blocks (idle, busy, idle, busy). */
  blockSeconds?: number;
  /** Which parts to run, default all. */
  parts?: Array<'accuracy' | 'speed' | 'latency'>;
  /** Write the gateway's CPU profiles here (the latency part); its main thread's hotspots in the busy blocks are printed. */
  cpuProfileDir?: string;
}

const LEVELS: OcrLevel[] = ['fast', 'accurate'];
const pct = (x: number) => `${(100 * x).toFixed(2)}%`;
const ms = (x: number) => `${x.toFixed(0)} ms`;

async function read(engine: OcrEngine, img: EvalImage, level: OcrLevel, languages: string[] | undefined = [img.language]) {
  const info = await inspectImage(img.bytes);
  const t = performance.now();
  const out = await engine.recognize({ image: img.bytes, format: info.format, level, languages: languages && resolveLanguages(languages, level) });
  return { out, ms: performance.now() - t, text: out.lines.map((l) => l.text).join('\n') };
}

async function accuracy(engine: OcrEngine) {
  const set = [...(await evaluationSet()), await exifRotatedJpeg(), await turnedPage(), await heicPage()];
  const rows: Array<{ level: OcrLevel; img: EvalImage; cer: number; iou: number }> = [];
  for (const level of LEVELS) {
    // One language at a time across both workers, so each worker loads each model once.
    for (const img of set) {
      const r = await read(engine, img, level);
      rows.push({ level, img, cer: cer(r.text, img.truth.map((l) => l.text).join('\n')), iou: meanLineIou(r.out.lines, img.truth) });
    }
  }
  console.log('\nOCR accuracy: character error rate and mean line-box IoU');
  console.log(`| image | ${LEVELS.map((l) => `${l} CER | ${l} IoU`).join(' | ')} |`);
  console.log(`|---|${LEVELS.map(() => '---|---').join('|')}|`);
  for (const img of set) {
    const cells = LEVELS.map((level) => rows.find((r) => r.level === level && r.img === img)!).map((r) => `${pct(r.cer)} | ${r.iou.toFixed(3)}`);
    console.log(`| ${img.name} | ${cells.join(' | ')} |`);
  }
  const summary: Record<string, Record<string, number>> = {};
  for (const level of LEVELS) {
    const groups = new Map<string, number[]>();
    for (const r of rows.filter((x) => x.level === level)) {
      const k = r.img.clean ? 'en-clean' : (r.img.group ?? r.img.language);
      groups.set(k, [...(groups.get(k) ?? []), r.cer]);
    }
    summary[level] = Object.fromEntries([...groups].map(([k, v]) => [k, v.reduce((a, b) => a + b, 0) / v.length]));
    const ious = rows.filter((x) => x.level === level).map((r) => r.iou);
    summary[level]!.meanIoU = ious.reduce((a, b) => a + b, 0) / ious.length;
    console.log(`${level}: ${Object.entries(summary[level]!).map(([k, v]) => `${k} ${k === 'meanIoU' ? v.toFixed(3) : pct(v)}`).join(', ')}`);
  }
  return summary;
}

/** Images per second over `n` English pages, all submitted at once. */
async function throughput(engine: OcrEngine, pages: EvalImage[], level: OcrLevel, n: number): Promise<number> {
  await Promise.all(pages.slice(0, engine.size).map((p) => read(engine, p, level))); // every worker warm
  const t = performance.now();
  await Promise.all(Array.from({ length: n }, (_, i) => read(engine, pages[i % pages.length]!, level)));
  return n / ((performance.now() - t) / 1000);
}

async function large(engine: OcrEngine) {
  const big = await thirtyMegapixelPage();
  // The same page at 1 MP: the baseline a 30 MP image is compared with.
  const scale = Math.sqrt(1e6 / (big.width * big.height));
  const smallBytes = await sharp(big.bytes).resize(Math.round(big.width * scale)).png().toBuffer();
  const small: EvalImage = { ...big, name: '1 MP page', bytes: smallBytes, width: Math.round(big.width * scale), height: Math.round(big.height * scale) };
  const out: Record<string, { ms30: number; ms1: number; cer30: number }> = {};
  for (const level of LEVELS) {
    await read(engine, small, level); // warm
    const s = await read(engine, small, level);
    const b = await read(engine, big, level);
    out[level] = { ms30: b.ms, ms1: s.ms, cer30: cer(b.text, big.truth.map((l) => l.text).join('\n')) };
  }
  return out;
}

/** /v1 latency with the OCR workers idle and busy, in alternating blocks (bench/engineLoad.ts). */
async function latencyUnderOcr(o: { rate: number; blockSeconds: number; cpuProfileDir?: string }): Promise<EngineLoadResult> {
  let database: Database | undefined;
  let dataDir: string | undefined;
  let fake: { child: ChildProcess; url: string } | undefined;
  let gateway: GatewayProcess | undefined;
  try {
    dataDir = await mkdtemp(path.join(tmpdir(), 'switchyard-bench-ocr-'));
    await chmod(dataDir, 0o755);
    // Stopped below as the only user, then deleted with dataDir.
    const db = await sharedEmbeddedPostgres({ dir: path.join(dataDir, 'pg') });
    database = db;
    fake = await startChild('fake upstream', 'fakeUpstream.ts', []);
    gateway = await startGatewayProcess(
      db.url,
      { OPENAI_BASE_URL: fake.url, OPENAI_API_KEY: 'sk-bench', PROVIDER_CONCURRENCY_OCR: '2', LOG_LEVEL: 'warn' },
      { cpuProfileDir: o.cpuProfileDir },
    );
    const g = gateway;
    const page = (await evaluationSet())[0]!;
    const ocrBody = JSON.stringify({ image: page.bytes.toString('base64'), recognitionLevel: 'accurate', granularity: 'word', languages: ['en'] });
    const pg = postgresCpuReader(db.url);
    let result: EngineLoadResult;
    try {
      result = await v1LatencyUnderEngine({
        gateway: g,
        rate: o.rate,
        blockSeconds: o.blockSeconds,
        // Four clients each keep one OCR task in the queue: both workers always have work.
        clients: 4,
        engineRequest: () => submitAndWait(g, '/api/ocr/recognize', ocrBody, 100),
        postgresCpuMicros: pg.read,
      });
    } finally {
      await pg.close();
    }
    await gateway.close();
    if (o.cpuProfileDir) result.profile = await busyProfile(o.cpuProfileDir, g.pid, result);
    return result;
  } finally {
    await gateway?.close();
    if (fake) await stopChild(fake.child);
    await database?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

export async function runOcrBench(opts: OcrBenchOptions = {}) {
  const n = opts.images ?? 16;
  const parts = new Set(opts.parts ?? ['accuracy', 'speed', 'latency']);
  const out: Record<string, unknown> = {};
  const engine = new OcrEngine({ size: 2 });
  const single = new OcrEngine({ size: 1 });
  try {
    if (parts.has('accuracy')) out.accuracy = await accuracy(engine);
    if (parts.has('speed')) {
      const pages = (await evaluationSet()).filter((i) => i.clean);
      const rates: Record<string, { two: number; one: number }> = {};
      for (const level of LEVELS) rates[level] = { two: await throughput(engine, pages, level, n), one: await throughput(single, pages, level, Math.ceil(n / 2)) };
      const big = await large(engine);
      console.log('\nOCR speed');
      for (const level of LEVELS) {
        const r = rates[level]!;
        console.log(`  ${level}: ${r.two.toFixed(2)} images/s with 2 workers, ${r.one.toFixed(2)} with 1 (x${(r.two / r.one).toFixed(2)}); English pages of ~0.1-0.2 MP`);
      }
      for (const level of LEVELS) {
        const b = big[level]!;
        console.log(`  ${level}: 30 MP page ${ms(b.ms30)} (CER ${pct(b.cer30)}), the same page at 1 MP ${ms(b.ms1)} (x${(b.ms30 / b.ms1).toFixed(1)})`);
      }
      out.throughput = rates;
      out.large = big;
    }
    await single.close();
    await engine.close();
    if (parts.has('latency')) {
      const rate = opts.rate ?? 50;
      const blockSeconds = opts.blockSeconds ?? 10;
      const v1 = await latencyUnderOcr({ rate, blockSeconds, cpuProfileDir: opts.cpuProfileDir });
      printEngineLoad(`/v1/chat/completions at ${rate} req/s, OCR idle vs busy (2 workers, accurate level, 4 clients polling every 100 ms; 3 x ${blockSeconds} s blocks each)`, v1);
      out.v1 = v1;
    }
    return out;
  } finally {
    await single.close();
    await engine.close();
  }
}
