// Large media results: 8 concurrent video tasks whose 20 MB outputs come from
// a loopback fake of the OpenAI videos protocol (local-video), then the 8
// results read back at once through the result endpoint. Reported:
// - the gateway process's peak RSS over its idle RSS (goal < 64 MB: nothing
//   held whole, neither on the way in nor on the way out);
// - per video, the time from the upstream's last byte to the result being
//   available (the task's end committed), against a bare copy of the same
//   bytes from the same fake to disk in the same run, at the same concurrency,
//   by a process of its own (bench/copyToDisk.ts) as the gateway is.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { startVideosFake } from '../providers/testing/mediaFake.ts';
import type { BenchContext } from './context.ts';
import { startGatewayProcess } from './gatewayProcess.ts';
import { percentile, table } from './stats.ts';

const agent = new Agent({ connections: 64, keepAliveTimeout: 30_000 });

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** Samples a process's RSS every 10 ms until stopped; answers the peak. */
function sampleRss(pid: number): { stop(): Promise<number> } {
  let peak = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      peak = Math.max(peak, await rssMb(pid).catch(() => 0));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

async function post(url: string, key: string, body: unknown): Promise<{ status: number; json: any }> {
  const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body), dispatcher: agent });
  return { status: res.statusCode, json: await res.body.json() };
}

export interface MediaBenchResult {
  videos: number;
  videoBytes: number;
  idleRssMb: number;
  peakRssGrowthMb: number;
  /** While the 8 tasks ran (download, marking), and while their results were read. */
  tasksPeakGrowthMb: number;
  readPeakGrowthMb: number;
  resultBytesRead: number;
  gatewayTailP50Ms: number;
  gatewayTailMaxMs: number;
  bareCopyTailP50Ms: number;
  bareCopyTailMaxMs: number;
  gatewayTotalMs: number;
  bareCopyTotalMs: number;
}

export async function runMediaBench(ctx: BenchContext, opts: { videos?: number; megabytes?: number } = {}): Promise<MediaBenchResult> {
  const count = opts.videos ?? 8;
  const videoBytes = (opts.megabytes ?? 20) * 1024 * 1024;
  const fake = await startVideosFake();
  fake.videoBytes = videoBytes;
  fake.pollsBeforeDone = 1;
  const mediaDir = await mkdtemp(join(tmpdir(), 'bench-media-'));
  const service = await startGatewayProcess(ctx.databaseUrl, {
    LOCAL_VIDEO_BASE_URL: `${fake.url}/v1`,
    PROVIDER_CONCURRENCY_LOCAL_VIDEO: String(count),
    MEDIA_DIR: mediaDir,
    MEDIA_POLL_INITIAL_MS: '50',
    MEDIA_POLL_MAX_MS: '50',
  });
  try {
    // Warm-up: one small task through every path, then let the heap settle.
    fake.videoBytes = 64 * 1024;
    const warm = await post(`${service.url}/api/llm/generate-video`, service.key, { provider: 'local-video', prompt: 'warm-up' });
    await ctx.waitForQueueDrain();
    await (await request(`${service.url}/api/llm/queue/result`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${service.key}` }, body: JSON.stringify({ queueId: warm.json.data.queueId }), dispatcher: agent })).body.dump();
    fake.videoBytes = videoBytes;
    await new Promise((r) => setTimeout(r, 1500));
    let idle = 0;
    for (let i = 0; i < 20; i++) {
      idle += await rssMb(service.pid);
      await new Promise((r) => setTimeout(r, 25));
    }
    const idleRssMb = idle / 20;
    fake.downloadsFinished.length = 0;

    // The gateway: 8 concurrent video tasks, then their 8 results read at once.
    const sampler = sampleRss(service.pid);
    const started = Date.now();
    const ids: string[] = [];
    await Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const res = await post(`${service.url}/api/llm/generate-video`, service.key, { provider: 'local-video', prompt: `bench ${i}`, durationSeconds: 60 });
        if (res.status !== 200) throw new Error(`submit answered ${res.status}: ${JSON.stringify(res.json)}`);
        ids.push(res.json.data.queueId);
      }),
    );
    await ctx.waitForQueueDrain(300_000);
    const gatewayTotalMs = Date.now() - started;
    const peakTasks = await sampler.stop();
    const readSampler = sampleRss(service.pid);
    const rows: Array<{ id: string; status: string; checkpoint: { job: { id: string } }; finished_at: Date }> = await ctx.db('gateway_tasks').whereIn('id', ids).select('id', 'status', 'checkpoint', 'finished_at');
    const failed = rows.filter((r) => r.status !== 'completed');
    if (failed.length) throw new Error(`${failed.length} media tasks did not complete`);
    const finishedAt = new Map(fake.downloadsFinished.map((d) => [d.path.split('/')[3], d.at]));
    const gatewayTails = rows.map((r) => r.finished_at.getTime() - finishedAt.get(r.checkpoint.job.id)!).sort((a, b) => a - b);
    let resultBytesRead = 0;
    await Promise.all(
      ids.map(async (queueId) => {
        const res = await request(`${service.url}/api/llm/queue/result`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${service.key}` }, body: JSON.stringify({ queueId }), dispatcher: agent });
        for await (const chunk of res.body) resultBytesRead += (chunk as Buffer).length;
      }),
    );
    const peakRead = await readSampler.stop();
    const peak = Math.max(peakTasks, peakRead);

    // The baseline: the same downloads, copied to disk by a bare stream, at the same concurrency.
    const copyDir = await mkdtemp(join(tmpdir(), 'bench-copy-'));
    fake.downloadsFinished.length = 0;
    const copyStarted = Date.now();
    let closedAt: Record<string, number>;
    try {
      const urls = rows.map((r) => `${fake.url}/v1/videos/${r.checkpoint.job.id}/content`);
      const child = fork(new URL('./copyToDisk.ts', import.meta.url), [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      const answer = once(child, 'message');
      child.send({ urls, dir: copyDir });
      [closedAt] = (await answer) as [Record<string, number>];
      await once(child, 'exit');
    } finally {
      await rm(copyDir, { recursive: true, force: true });
    }
    const bareCopyTotalMs = Date.now() - copyStarted;
    const copyTails = fake.downloadsFinished.map((d) => closedAt[`${fake.url}${d.path}`]! - d.at).sort((a, b) => a - b);

    const result: MediaBenchResult = {
      videos: count,
      videoBytes,
      idleRssMb: Math.round(idleRssMb),
      peakRssGrowthMb: Math.round((peak - idleRssMb) * 10) / 10,
      tasksPeakGrowthMb: Math.round((peakTasks - idleRssMb) * 10) / 10,
      readPeakGrowthMb: Math.round((peakRead - idleRssMb) * 10) / 10,
      resultBytesRead,
      gatewayTailP50Ms: percentile(gatewayTails, 0.5),
      gatewayTailMaxMs: gatewayTails.at(-1)!,
      bareCopyTailP50Ms: percentile(copyTails, 0.5),
      bareCopyTailMaxMs: copyTails.at(-1)!,
      gatewayTotalMs,
      bareCopyTotalMs,
    };
    table(`media: ${count} concurrent ${opts.megabytes ?? 20} MB video results (local-video fake)`, [
      ['gateway RSS idle', `${result.idleRssMb} MB`],
      ['peak RSS growth over idle', `${result.peakRssGrowthMb} MB (goal < 64 MB): ${result.tasksPeakGrowthMb} MB while the tasks ran, ${result.readPeakGrowthMb} MB while the results were read`],
      ['results read (base64 JSON)', `${Math.round(resultBytesRead / 1024 / 1024)} MB`],
      ['upstream done -> result available, p50 / max', `${result.gatewayTailP50Ms} / ${result.gatewayTailMaxMs} ms`],
      ['bare copy: upstream done -> file closed, p50 / max', `${result.bareCopyTailP50Ms} / ${result.bareCopyTailMaxMs} ms`],
      ['submit -> all completed (incl. polling)', `${gatewayTotalMs} ms`],
      ['bare copy of all 8, start -> all closed', `${bareCopyTotalMs} ms`],
    ]);
    return result;
  } finally {
    await service.close();
    await fake.close();
    await rm(mediaDir, { recursive: true, force: true });
  }
}
