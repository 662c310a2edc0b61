import { createHash, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { PgBoss } from 'pg-boss';
import type { Mail, Mailer } from '../protocols/mail.ts';
import { claimReportSend, type ReportKind } from '../db/analytics/claimReportSend.ts';
import { listActiveReportSubscriptions } from '../db/analytics/listActiveReportSubscriptions.ts';
import type { ReportSubscriptionRow } from '../db/analytics/reportSubscriptionRow.ts';
import { scheduleRecurring } from '../jobs/recurring.ts';
import { offsetAt, parsePeriod, startOfLocalDay } from './query/period.ts';
import type { StatsQuery } from './query/stats.ts';
import type { SegmentStore } from './query/store.ts';
import { goalsReport, overviewReport, pagesReport, sourcesReport, type Engine } from './reports.ts';

export const REPORTS_JOB = 'analytics-reports';
const HOUR = 3600_000;
const DAY = 86400_000;

export interface ReportPeriod {
  kind: 'weekly' | 'monthly';
  /** Whole local days, inclusive, as the stats routes' `period=custom` takes them. */
  from: string;
  to: string;
  timeZone: string;
  /** The instant the report is due: the local `hour` of the day after the period. */
  dueAt: number;
}

const ymd = (utcMidnight: number) => new Date(utcMidnight).toISOString().slice(0, 10);

/**
 * The latest whole week (Monday to Sunday) or calendar month of the zone whose
 * report is due at `now`: reports go out at the local `hour` of the Monday, or of
 * the 1st, after their period.
 */
export function duePeriod(kind: 'weekly' | 'monthly', timeZone: string, hour: number, now: number): ReportPeriod {
  // Local calendar arithmetic on UTC midnights of the local dates.
  const local = new Date(now + offsetAt(timeZone, now));
  const today = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  const starts = (back: number): number => {
    if (kind === 'weekly') return today - ((local.getUTCDay() + 6) % 7) * DAY - back * 7 * DAY;
    return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() - back, 1);
  };
  const due = (start: number) => startOfLocalDay(timeZone, ymd(start)) + hour * HOUR;
  // The period that ended at the start of the current week/month, or the one before when that is not due yet.
  const back = now >= due(starts(0)) ? 0 : 1;
  const end = starts(back);
  const begin = kind === 'weekly' ? end - 7 * DAY : Date.UTC(new Date(end).getUTCFullYear(), new Date(end).getUTCMonth() - 1, 1);
  return { kind, from: ymd(begin), to: ymd(end - DAY), timeZone, dueAt: due(end) };
}

export function periodQuery(projectId: string, p: { from: string; to: string; timeZone: string }): StatsQuery {
  return { projectId, period: parsePeriod({ period: 'custom', from: p.from, to: p.to, timezone: p.timeZone }), includeBots: false, includeInternal: false, filters: [] };
}

/** The report's numbers, each the answer of the stats route of the same name for the period with compare=previous_period. */
export async function reportFigures(e: Engine, projectId: string, p: ReportPeriod) {
  const q = periodQuery(projectId, p);
  const [overview, pages, sources, goals] = await Promise.all([
    overviewReport(e, q, 'previous_period'),
    pagesReport(e, q, 'previous_period', 10),
    sourcesReport(e, q, 'previous_period', 10),
    goalsReport(e, q, 'previous_period'),
  ]);
  return {
    overview: overview as { visitors: number; pageviews: number; bounceRate: number; avgVisitDurationSeconds: number; comparison?: Record<string, number>; change?: Record<string, number | null> },
    pages: pages.results as { path: string; pageviews: number; visitors: number; change?: number | null }[],
    sources: sources.results as { label: string; visitors: number; change?: number | null }[],
    goals: goals.results.filter((g) => g.goalId !== null || g.visitors > 0) as { name: string; visitors: number; conversionRate: number; change?: number | null }[],
  };
}

type Figures = Awaited<ReturnType<typeof reportFigures>>;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const pct = (rate: number) => `${Math.round(rate * 1000) / 10}%`;
const delta = (c: number | null | undefined) => (c === null || c === undefined ? 'new' : `${c > 0 ? '+' : ''}${c}%`);

/** Plain text and simple HTML of a report; every figure is written as the API gives it (rates as percentages). */
export function renderReport(projectName: string, p: ReportPeriod, f: Figures, unsubscribeUrl: string): Omit<Mail, 'to'> {
  const o = f.overview;
  const before = o.comparison ?? {};
  const ch = o.change ?? {};
  const headline: [string, string, string, string][] = [
    ['Visitors', String(o.visitors), String(before.visitors ?? 0), delta(ch.visitors)],
    ['Pageviews', String(o.pageviews), String(before.pageviews ?? 0), delta(ch.pageviews)],
    ['Bounce rate', pct(o.bounceRate), pct(before.bounceRate ?? 0), `${(ch.bounceRate ?? 0) > 0 ? '+' : ''}${ch.bounceRate ?? 0} points`],
    ['Visit duration', `${o.avgVisitDurationSeconds} s`, `${before.avgVisitDurationSeconds ?? 0} s`, delta(ch.avgVisitDurationSeconds)],
  ];
  const title = `${p.kind === 'weekly' ? 'Weekly' : 'Monthly'} report for ${projectName}: ${p.from} to ${p.to}`;
  const lists: [string, string[]][] = [
    ['Top pages', f.pages.map((r) => `${r.path}: ${r.pageviews} pageviews, ${r.visitors} visitors (${delta(r.change)})`)],
    ['Top sources', f.sources.map((r) => `${r.label}: ${r.visitors} visitors (${delta(r.change)})`)],
    ['Goals', f.goals.map((r) => `${r.name}: ${r.visitors} visitors, ${pct(r.conversionRate)} conversion (${delta(r.change)})`)],
  ];
  const text = [
    title,
    `(${p.timeZone}; compared with the ${p.kind === 'weekly' ? 'week' : 'month'} before)`,
    '',
    ...headline.map(([k, v, b, c]) => `${k}: ${v} (before: ${b}, ${c})`),
    ...lists.flatMap(([k, rows]) => ['', `${k}:`, ...(rows.length ? rows.map((r) => `  ${r}`) : ['  none'])]),
    '',
    `Unsubscribe: ${unsubscribeUrl}`,
    '',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<h2>${esc(title)}</h2><p>${esc(p.timeZone)}; compared with the ${p.kind === 'weekly' ? 'week' : 'month'} before.</p>
<table cellpadding="4">${headline.map(([k, v, b, c]) => `<tr><th align="left">${esc(k)}</th><td>${esc(v)}</td><td>before: ${esc(b)}</td><td>${esc(c)}</td></tr>`).join('')}</table>
${lists.map(([k, rows]) => `<h3>${esc(k)}</h3>${rows.length ? `<ul>${rows.map((r) => `<li>${esc(r)}</li>`).join('')}</ul>` : '<p>none</p>'}`).join('\n')}
<p><a href="${esc(unsubscribeUrl)}">Unsubscribe</a></p></body></html>`;
  return { subject: title, text, html };
}

export interface ReportDeps {
  db: Knex;
  store: SegmentStore;
  mailer: Mailer;
  /** The public origin of the analytics service, for the unsubscribe link. */
  publicUrl: string;
  log?: { warn(obj: object, msg: string): void };
}

export function tokenHash(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

/**
 * Sends one mail for one (subscription, kind, period) at most once across every
 * process: the claim row and the send share a transaction, so a concurrent run waits
 * on the claim and then finds it taken, and a failed send (or a process that dies
 * before commit) leaves no claim, so the next run sends it: at least once.
 */
async function sendOnce(deps: ReportDeps, sub: ReportSubscriptionRow, kind: ReportKind, periodStart: Date, build: (unsubscribeUrl: string) => Promise<Omit<Mail, 'to'>>): Promise<boolean> {
  const token = `un_${randomBytes(32).toString('base64url')}`;
  const url = `${deps.publicUrl.replace(/\/$/, '')}/v1/unsubscribe/${token}`;
  return deps.db.transaction(async (trx) => {
    if (!(await claimReportSend(trx, sub.id, kind, periodStart, tokenHash(token)))) return false;
    const mail = await build(url);
    await deps.mailer.send({
      ...mail,
      to: sub.email,
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click', ...mail.headers },
    });
    return true;
  });
}

/** Visitors of the last 60 minutes, by the same query the stats routes use. */
async function lastHourVisitors(e: Engine, projectId: string, now: number): Promise<number> {
  const q: StatsQuery = { projectId, period: { name: 'custom', from: now - HOUR, to: now + 1, timeZone: 'UTC' }, includeBots: false, includeInternal: false, filters: [] };
  return ((await overviewReport(e, q, null)) as { visitors: number }).visitors;
}

/** One run of the job: every report and alert due at `now` that no run has sent yet. */
export async function runReports(deps: ReportDeps, now = Date.now()): Promise<{ sent: number }> {
  const e: Engine = { db: deps.db, store: deps.store };
  let sent = 0;
  for (const sub of await listActiveReportSubscriptions(deps.db)) {
    try {
      for (const kind of ['weekly', 'monthly'] as const) {
        if (!sub[kind]) continue;
        const p = duePeriod(kind, sub.time_zone, sub.send_hour, now);
        // A new subscription starts with the next report, not with one due before it existed.
        if (p.dueAt < sub.created_at.getTime()) continue;
        const start = new Date(startOfLocalDay(sub.time_zone, p.from));
        if (await sendOnce(deps, sub, kind, start, async (url) => renderReport(sub.project_name, p, await reportFigures(e, sub.project_id, p), url))) sent++;
      }
      if (sub.spike_visitors !== null) {
        const visitors = await lastHourVisitors(e, sub.project_id, now);
        if (visitors >= sub.spike_visitors) {
          const hour = new Date(Math.floor(now / HOUR) * HOUR);
          const ok = await sendOnce(deps, sub, 'spike', hour, async (url) => {
            const subject = `Traffic spike on ${sub.project_name}: ${visitors} visitors in the last hour`;
            const text = `${subject}\n\nVisitors in the 60 minutes to ${new Date(now).toISOString()}: ${visitors} (alert level ${sub.spike_visitors}).\n\nUnsubscribe from these alerts: ${url}\n`;
            const html = `<!doctype html><html><body style="font-family:sans-serif"><h2>${esc(subject)}</h2><p>Alert level: ${sub.spike_visitors}.</p><p><a href="${esc(url)}">Unsubscribe from these alerts</a></p></body></html>`;
            return { subject, text, html };
          });
          if (ok) sent++;
        }
      }
    } catch (err) {
      // One failing subscription (an unreachable SMTP server, a bad address) does not hold up the others; its claim was undone.
      deps.log?.warn({ err, subscriptionId: sub.id }, 'analytics report not sent; the next run retries it');
    }
  }
  return { sent };
}

/** Every 5 minutes; the claims make overlapping runs and several processes harmless. */
export async function scheduleReports(boss: PgBoss, deps: ReportDeps): Promise<void> {
  await scheduleRecurring(boss, REPORTS_JOB, '*/5 * * * *', () => runReports(deps));
}
