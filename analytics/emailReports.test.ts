import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { api, beacon, createProject, startAnalytics, type Created } from './testing.ts';
import { duePeriod, runReports, type ReportDeps } from './emailReports.ts';
import { startOfLocalDay } from './query/period.ts';
import type { SegmentStore } from './query/store.ts';
import { createMailer } from '../protocols/mail.ts';
import { startSmtpSink, type SmtpSink } from '../test/smtp.ts';

const TZ = 'Europe/Berlin';

/** Waits for a condition (the ingest writes in batches), never for a guessed time. */
export async function until(ok: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
const HOUR = 3600_000;

describe('email reports and traffic-spike alerts', () => {
  let svc: Awaited<ReturnType<typeof startAnalytics>>;
  let sink: SmtpSink;
  let p: Created;
  let call: ReturnType<typeof api>;
  let deps: ReportDeps;
  let sentAt: number;

  const json = (body: unknown) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const get = async (path: string) => {
    const res = await call(path);
    expect(res.status, path).toBe(200);
    return res.json();
  };
  /** The run's "now": the Monday after the beacons, 08:05 in Berlin, when their week's report is due. */
  function nextMondayReport(weeksLater = 0): number {
    const local = new Date(sentAt + 2 * HOUR);
    const daysToMonday = ((8 - local.getUTCDay()) % 7) || 7;
    const monday = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + daysToMonday + 7 * weeksLater)).toISOString().slice(0, 10);
    return startOfLocalDay(TZ, monday) + 8 * HOUR + 5 * 60_000;
  }
  /** A header as sent (mailparser folds the List-* headers into one object). */
  const header = (m: ParsedMail, name: string) => m.headerLines.find((h) => h.key === name)?.line.replace(/^[^:]+:\s*/, '').replace(/\r?\n\s+/g, '');
  const unsubscribeLink = (m: ParsedMail) => /^<(.+)>$/.exec(header(m, 'list-unsubscribe') ?? '')?.[1];
  const mailsTo = (email: string) => sink.messages.filter((m) => (m.to as { text: string }).text === email);

  beforeAll(async () => {
    sink = await startSmtpSink();
    svc = await startAnalytics({ ANALYTICS_REPORTS_JOB: 'off' });
    p = await createProject(svc.url);
    call = api(svc.url, p.apiKey);
    deps = { db: svc.db, store: svc.deps.analyticsStore as SegmentStore, mailer: createMailer({ url: sink.url }), publicUrl: svc.url };
    const domain = p.project.domains[0]!;
    sentAt = Date.now();
    const views: [string, string, string?][] = [
      ['81.2.69.160', '/'], ['81.2.69.160', '/pricing'], ['73.15.0.1', '/', 'https://www.google.com/'], ['2.56.16.1', '/blog', 'https://news.ycombinator.com/'], ['89.160.20.112', '/pricing'],
    ];
    for (const [ip, path, referrer] of views) {
      const res = await beacon(svc.url, { projectId: p.project.id, type: 'pageview', url: `https://${domain}${path}`, referrer }, { ip });
      expect(res.status).toBe(202);
    }
    expect((await call('/v1/goals', json({ page: '/pricing', displayName: 'Saw pricing' }))).status).toBe(201);
    // Written in batches: wait for the last one rather than sleep.
    await until(async () => (await get('/v1/stats/overview?period=24h')).pageviews === 5);
  }, 60_000);
  afterAll(async () => {
    deps?.mailer.close();
    await svc?.close();
    await sink?.close();
  });

  it('a report is due at the local hour of the Monday (or the 1st) after its week (or month)', () => {
    const at = (iso: string) => Date.parse(iso);
    const due = (kind: 'weekly' | 'monthly', tz: string, hour: number, now: string) => {
      const p = duePeriod(kind, tz, hour, at(now));
      return [p.from, p.to, new Date(p.dueAt).toISOString()];
    };
    expect(due('weekly', TZ, 8, '2026-11-30T07:05:00Z')).toEqual(['2026-11-23', '2026-11-29', '2026-11-30T07:00:00.000Z']);
    expect(due('weekly', TZ, 8, '2026-11-30T06:59:59Z')).toEqual(['2026-11-16', '2026-11-22', '2026-11-23T07:00:00.000Z']);
    expect(due('monthly', 'UTC', 0, '2026-12-01T00:00:00Z')).toEqual(['2026-11-01', '2026-11-30', '2026-12-01T00:00:00.000Z']);
    expect(due('monthly', 'UTC', 9, '2026-12-01T08:59:00Z')).toEqual(['2026-10-01', '2026-10-31', '2026-11-01T09:00:00.000Z']);
    // New York leaves summer time on 1 November 2026: the week still ends at local midnight, the report at 08:00 EST.
    expect(due('weekly', 'America/New_York', 8, '2026-11-02T13:00:00Z')).toEqual(['2026-10-26', '2026-11-01', '2026-11-02T13:00:00.000Z']);
  });

  it('manages subscriptions per project and address, with the live key', async () => {
    const created = await call('/v1/report-subscriptions', json({ email: 'Ana@Example.com', weekly: true, timeZone: TZ }));
    expect(created.status).toBe(201);
    const sub = await created.json();
    expect(sub).toMatchObject({ email: 'ana@example.com', weekly: true, monthly: false, spikeVisitorsPerHour: null, timeZone: TZ, hour: 8 });
    // The same address (any case) is the same subscription.
    const again = await call('/v1/report-subscriptions', json({ email: 'ana@example.com', weekly: true, monthly: true, timeZone: TZ }));
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe(sub.id);
    const bad = await call('/v1/report-subscriptions', json({ email: 'x@example.com', timeZone: 'Mars/Olympus' }));
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.code).toBe('bad_request');
    expect((await call('/v1/report-subscriptions', json({ email: 'not an address' }))).status).toBe(400);
    const list = await get('/v1/report-subscriptions');
    expect(list.subscriptions.map((s: any) => [s.email, s.weekly, s.monthly])).toEqual([['ana@example.com', true, true]]);
    // Back to weekly only for the next test.
    expect((await call('/v1/report-subscriptions', json({ email: 'ana@example.com', weekly: true, timeZone: TZ }))).status).toBe(200);
    const gone = await call('/v1/report-subscriptions/00000000-0000-4000-8000-000000000000', { method: 'DELETE' });
    expect(gone.status).toBe(404);
  });

  it('sends the weekly report once, with the numbers the stats API gives for that week, even from two runs at once', async () => {
    const now = nextMondayReport();
    const period = duePeriod('weekly', TZ, 8, now);
    // Two processes' runs at the same instant: the claim lets exactly one send.
    const runs = await Promise.all([runReports(deps, now), runReports(deps, now)]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(1);
    const mail: ParsedMail = await sink.next((m) => (m.to as { text: string }).text === 'ana@example.com');
    expect((await runReports(deps, now + HOUR)).sent).toBe(0);
    expect(mailsTo('ana@example.com')).toHaveLength(1);

    const qs = `period=custom&from=${period.from}&to=${period.to}&timezone=${encodeURIComponent(TZ)}&compare=previous_period`;
    const o = await get(`/v1/stats/overview?${qs}`);
    expect(o.visitors).toBe(4);
    const text = mail.text!;
    expect(mail.subject).toBe(`Weekly report for Test site: ${period.from} to ${period.to}`);
    expect(text).toContain(`Visitors: ${o.visitors} (before: ${o.comparison.visitors}, new)`);
    expect(text).toContain(`Pageviews: ${o.pageviews} (before: ${o.comparison.pageviews}, new)`);
    expect(text).toContain(`Bounce rate: ${Math.round(o.bounceRate * 1000) / 10}% (before: 0%, ${o.change.bounceRate > 0 ? '+' : ''}${o.change.bounceRate} points)`);
    expect(text).toContain(`Visit duration: ${o.avgVisitDurationSeconds} s`);
    for (const r of (await get(`/v1/stats/pages?${qs}`)).results) expect(text).toContain(`  ${r.path}: ${r.pageviews} pageviews, ${r.visitors} visitors`);
    for (const r of (await get(`/v1/stats/sources?${qs}`)).results) expect(text).toContain(`  ${r.label}: ${r.visitors} visitors`);
    const g = (await get(`/v1/stats/goals?${qs}`)).results.find((x: any) => x.name === 'Saw pricing');
    expect(text).toContain(`  Saw pricing: ${g.visitors} visitors, ${Math.round(g.conversionRate * 1000) / 10}% conversion`);
    expect(mail.html).toContain(`<th align="left">Visitors</th><td>${o.visitors}</td>`);
    // RFC 8058 one-click unsubscribe.
    const link = unsubscribeLink(mail)!;
    expect(link).toMatch(new RegExp(`^${svc.url}/v1/unsubscribe/un_[A-Za-z0-9_-]{43}$`));
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(text).toContain(`Unsubscribe: ${link}`);
  });

  it('the unsubscribe link works without a key: GET confirms, POST stops the next report', async () => {
    const mail = mailsTo('ana@example.com')[0]!;
    const link = unsubscribeLink(mail)!;
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    expect(await page.text()).toContain('<form method="post">');
    // Opening the link unsubscribes nobody.
    expect((await get('/v1/report-subscriptions')).subscriptions[0].weekly).toBe(true);
    // RFC 8058: a mail client POSTs the form as multipart/form-data (or urlencoded, as the confirm page does).
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const done = await fetch(link, { method: 'POST', body: form });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('no longer receives the weekly report');
    expect((await get('/v1/report-subscriptions')).subscriptions[0].weekly).toBe(false);
    const again = await fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(again.status).toBe(200);
    expect((await runReports(deps, nextMondayReport(1))).sent).toBe(0);
    expect(mailsTo('ana@example.com')).toHaveLength(1);
    // An unknown token: a browser reads a page, any other client the JSON error.
    const unknownUrl = `${svc.url}/v1/unsubscribe/un_${'x'.repeat(43)}`;
    const unknown = await fetch(unknownUrl, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unknown.text()).toContain('not known');
    for (const method of ['GET', 'POST']) {
      const res = await fetch(unknownUrl, { method, headers: { accept: 'application/json' } });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect((await res.json()).error.code).toBe('not_found');
    }
    const noAccept = await fetch(unknownUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(noAccept.status).toBe(404);
    expect((await noAccept.json()).error.code).toBe('not_found');
  });

  it('a spike alert fires once per hour when the last hour\'s visitors reach the level', async () => {
    expect((await call('/v1/report-subscriptions', json({ email: 'ops@example.com', spikeVisitorsPerHour: 4 }))).status).toBe(201);
    expect((await call('/v1/report-subscriptions', json({ email: 'calm@example.com', spikeVisitorsPerHour: 5 }))).status).toBe(201);
    const now = Date.now();
    const runs = await Promise.all([runReports(deps, now), runReports(deps, now)]);
    expect(runs[0]!.sent + runs[1]!.sent).toBe(1);
    const alert = await sink.next((m) => (m.to as { text: string }).text === 'ops@example.com');
    expect(alert.subject).toBe('Traffic spike on Test site: 4 visitors in the last hour');
    expect(header(alert, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // Same clock hour: no second alert; below its level: none at all.
    expect((await runReports(deps, now + 1000)).sent).toBe(0);
    expect(mailsTo('ops@example.com')).toHaveLength(1);
    expect(mailsTo('calm@example.com')).toHaveLength(0);
  });
});
