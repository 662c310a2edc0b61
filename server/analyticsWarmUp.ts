// Ready means warm, for analytics: before an analytics process says it is
// ready, it answers the dashboard's default questions once (the 30-day
// overview, the 30-day dashboard report, the 7-day view) for the most recently
// active projects, so that V8 has compiled the query path before a caller's
// first question runs it. What a new process's first 30-day overview otherwise
// paid for: its code running for the first time (250-458 ms on a busy machine
// against ~170 ms once any question had run).
//
// The questions go to the query layer directly, not through the app: a call
// through the app would need a credential, and an analytics key is a stored
// one. The HTTP part is warmed apart: the stats operations are among the hot
// operations whose validators and handler modules the service's warm-up
// readies (server/service.ts), and here the key lookup runs with a key no
// project has. Read-only: nothing is ingested or
// counted; what the questions may write is stored tallies, which is what
// those are for (the next process reads them).
//
// Bounded: a process whose tallies are not stored yet would load a whole
// period of segments first (seconds at 10M events). After BUDGET_MS the
// process says ready all the same and the questions finish in the background,
// as the tallying of the other active projects does (server/surfaces/analytics.ts).
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Logger } from 'pino';
import { listActiveProjects } from '../db/analytics/listActiveProjects.ts';
import { findKey } from '../analytics/keys.ts';
import { dashboardReport, overviewReport } from '../analytics/reports.ts';
import { parsePeriod } from '../analytics/query/period.ts';
import type { StatsQuery } from '../analytics/query/stats.ts';
import type { SegmentStore } from '../analytics/query/store.ts';

/** How long ready may wait for the questions (a busy machine's first 30-day overview from stored tallies takes ~0.3 s). */
export const BUDGET_MS = 1_500;
// Projects whose questions are asked: the first is the one that matters (its code is everyone's).
const PROJECTS = 2;
// A project is "recently active" within this: older data still has the same code to warm.
const ACTIVE_WITHIN_MS = 30 * 86400_000;
// Rounds of the questions: the second and third runs let V8 tier the hot functions up.
const ROUNDS = 3;
// With no project at all (a fresh install) the questions are asked of one no project has: an empty answer runs most of the same code.
const NO_PROJECT = '00000000-0000-0000-0000-000000000000';

export interface AnalyticsWarmUpReport {
  /** The projects asked (the empty one when there were none). */
  projects: number;
  /** Questions answered before ready. */
  answered: number;
  /** Whether all of them were answered before ready (else the rest goes on in the background). */
  finished: boolean;
  ms: number;
}

export interface AnalyticsWarmUpOptions {
  db: Knex;
  store: SegmentStore;
  log: Logger;
  budgetMs?: number;
  rounds?: number;
  now?: () => number;
}

/**
 * Asks the warm-up's questions and returns once they are answered or the
 * budget is spent, whichever is first; `rest` settles when the questions
 * still running then have finished (the surface's background tallying waits
 * for it). Never throws: a process whose warm-up failed serves all the same, only colder.
 */
export function warmAnalytics(o: AnalyticsWarmUpOptions): { report: Promise<AnalyticsWarmUpReport>; rest: Promise<void> } {
  const started = performance.now();
  const now = o.now ?? Date.now;
  const report: AnalyticsWarmUpReport = { projects: 0, answered: 0, finished: false, ms: 0 };
  const work = (async () => {
    await warmKeyLookup(o.db);
    const active = await listActiveProjects(o.db, new Date(now() - ACTIVE_WITHIN_MS), PROJECTS);
    const projects = active.length ? active : [NO_PROJECT];
    report.projects = projects.length;
    const rounds = o.rounds ?? ROUNDS;
    for (let round = 0; round < rounds; round++) {
      for (const projectId of projects) {
        for (const ask of QUESTIONS) {
          await ask({ db: o.db, store: o.store }, projectId, now());
          report.answered++;
        }
      }
    }
    report.finished = true;
  })();
  const rest = work.catch((err) => o.log.warn({ err }, 'the analytics warm-up failed; the first questions may take longer'));
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, o.budgetMs ?? BUDGET_MS);
    timer.unref();
  });
  return {
    report: Promise.race([rest, budget]).then(() => {
      clearTimeout(timer);
      // A copy: the questions still running go on counting in the background.
      return { ...report, ms: Math.round(performance.now() - started) };
    }),
    rest,
  };
}

type Question = (e: { db: Knex; store: SegmentStore }, projectId: string, now: number) => Promise<unknown>;

const query = (projectId: string, period: Record<string, string>, now: number, withImported = false): StatsQuery => ({
  projectId, period: parsePeriod(period, now), includeBots: false, includeInternal: false, filters: [], withImported,
});

// As the routes ask them (handlers/analytics/_stats.ts): the API's 30-day overview, and the dashboard's first calls.
const QUESTIONS: Question[] = [
  (e, p, now) => overviewReport(e, query(p, { window: '30d' }, now), null),
  (e, p, now) => dashboardReport(e, query(p, { period: '30d' }, now), null, 10),
  (e, p, now) => dashboardReport(e, query(p, { period: '7d' }, now, true), null, 10),
];

/** The key lookup around the questions (the stats operations' validators and handlers are warmed with the hot operations, server/service.ts). */
async function warmKeyLookup(db: Knex): Promise<void> {
  // A read key of the right shape that no project has: the lookup runs through to the database and finds nothing.
  const unknown = `an_read_${randomBytes(32).toString('base64url')}`;
  for (let i = 0; i < 5; i++) await findKey(db, unknown);
}
