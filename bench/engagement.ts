// Engagement beacons' storage path: each beacon written at once (one statement, two
// upserts, as before the beacons were buffered) against the EngagementBuffer (summed
// per project, page and hour, flushed every 250 ms). 64 beacons in flight, one site's
// page getting most of them; the other sites' beacons are timed apart, since a hot
// row's lock is what made one site's traffic slow another's.
import os from 'node:os';
import type { Knex } from 'knex';
import { createDb, migrate } from '../db/knex.ts';
import { throwawayPostgres } from '../server/database.ts';
import { addPageEngagement } from '../db/analytics/addPageEngagement.ts';
import { EngagementBuffer } from '../analytics/engagementBuffer.ts';

export interface EngagementBenchOptions {
  beacons?: number;
  concurrency?: number;
  log?: (line: string) => void;
}

interface Beacon { projectId: string; path: string; scroll: number; ms: number }

function traffic(n: number, hot: string, others: string[]): Beacon[] {
  // 80% on the hot site's front page, the rest spread over the other sites' 50 pages each.
  return Array.from({ length: n }, (_, i) => (i % 5 !== 4
    ? { projectId: hot, path: '/', scroll: i % 101, ms: 1000 + i }
    : { projectId: others[i % others.length]!, path: `/p${i % 50}`, scroll: i % 101, ms: 500 + i }));
}

async function drive(beacons: Beacon[], concurrency: number, write: (b: Beacon) => Promise<void> | void, hot: string) {
  const otherLatencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < beacons.length) {
      const b = beacons[next++]!;
      const t = performance.now();
      await write(b);
      if (b.projectId !== hot) otherLatencies.push(performance.now() - t);
    }
  }));
  otherLatencies.sort((a, b) => a - b);
  return { elapsedMs: performance.now() - started, otherP99Ms: otherLatencies[Math.floor(otherLatencies.length * 0.99)] ?? 0 };
}

async function total(db: Knex, ids: string[]): Promise<number> {
  const [{ n }] = await db('analytics_page_engagement').whereIn('project_id', ids).sum({ n: 'samples' });
  return Number(n);
}

export async function runEngagementBench(opts: EngagementBenchOptions = {}) {
  const log = opts.log ?? ((l: string) => console.log(l));
  const n = opts.beacons ?? 20_000;
  const concurrency = opts.concurrency ?? 64;
  const database = await throwawayPostgres('bench');
  const db = createDb(database.url, { max: 10 });
  try {
    await migrate(db);
    const site = async (tag: string, run: string) =>
      (await db('analytics_projects').insert({ name: tag, domains: [`${tag}-${run}.test`] }).returning('id'))[0].id as string;
    const results: Record<string, { beaconsPerSecond: number; otherSitesP99Ms: number }> = {};
    for (const mode of ['direct', 'buffered'] as const) {
      const hot = await site('hot', mode);
      const others = [await site('a', mode), await site('b', mode), await site('c', mode)];
      const beacons = traffic(n, hot, others);
      const now = Date.now();
      let r;
      if (mode === 'direct') {
        r = await drive(beacons, concurrency, (b) => addPageEngagement(db, [{ projectId: b.projectId, hour: now, path: b.path, samples: 1, scrollSum: b.scroll, engagedMsSum: b.ms }]), hot);
      } else {
        const buffer = new EngagementBuffer(db, { intervalMs: 250 });
        buffer.start();
        const started = performance.now();
        r = await drive(beacons, concurrency, (b) => buffer.add(b.projectId, now, b.path, b.scroll, b.ms), hot);
        // Until every beacon is stored, as for the direct writes.
        await buffer.stop();
        r.elapsedMs = performance.now() - started;
      }
      const stored = await total(db, [hot, ...others]);
      if (stored !== n) throw new Error(`${mode}: ${stored} samples stored of ${n}`);
      results[mode] = { beaconsPerSecond: Math.round(n / (r.elapsedMs / 1000)), otherSitesP99Ms: Math.round(r.otherP99Ms * 100) / 100 };
      log(`engagement ${mode}: ${results[mode]!.beaconsPerSecond} beacons/s, other sites' p99 ${results[mode]!.otherSitesP99Ms} ms`);
    }
    const ratio = Math.round((results.buffered!.beaconsPerSecond / results.direct!.beaconsPerSecond) * 10) / 10;
    log(`engagement: buffered ${ratio}x the direct writes (${n} beacons, ${concurrency} in flight, load ${os.loadavg()[0]!.toFixed(1)})`);
    return { ...results, ratio, beacons: n, concurrency, load: os.loadavg()[0] };
  } finally {
    await db.destroy();
    await database.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const i = process.argv.indexOf('--beacons');
  await runEngagementBench({ beacons: i > 0 ? Number(process.argv[i + 1]) : undefined });
}
