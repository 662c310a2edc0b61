import type { Knex } from 'knex';
import { ApiError } from '../protocols/errors.ts';
import { listGoals } from '../db/analytics/listGoals.ts';
import { channelGroupOf, channelOf } from './channels.ts';
import { describeSource } from './sources.ts';
import { comparisonPeriod, type Compare, type Period } from './query/period.ts';
import { VISIT_DIMS, type SegmentStore, type VisitDim } from './query/store.ts';
import type { GoalSpec } from './query/filters.ts';
import { withEngagement } from './engagement.ts';
import {
  breakdownVisit, customEvents, funnel, goals, overview, pages, prepare, props, regionName, timeseries,
  type Run, type StatsQuery,
} from './query/stats.ts';

/**
 * The response bodies of the stats routes, built from the query functions of
 * analytics/query/. The routes and the dashboard's one call both use these, so a
 * number on the dashboard is the number the API gives.
 */
export interface Engine {
  db: Knex;
  store: SegmentStore;
  /** Runs prepared for this request, shared by the answers built from the same question. */
  runs?: Map<string, Promise<Run>>;
  /** Walk once per aggregation instead of once per run (the reference for tests and the bench). */
  perAggregation?: boolean;
  /** false: every number from the walk, no day rollups (the reference for tests and the bench). */
  rollups?: boolean;
}

/** One segment read and filter compilation per distinct question within a request. */
function prepared(e: Engine, q: StatsQuery): Promise<Run> {
  const key = JSON.stringify([q.projectId, q.period, q.includeBots, q.includeInternal, q.filters]);
  e.runs ??= new Map();
  let run = e.runs.get(key);
  if (!run) {
    run = prepare(e.db, e.store, q, { perAggregation: e.perAggregation, rollups: e.rollups });
    e.runs.set(key, run);
  }
  return run;
}

function meta(p: Period) {
  return { window: p.name, timezone: p.timeZone, from: new Date(p.from).toISOString(), to: new Date(p.to).toISOString() };
}

/** Percent change, one decimal; null when there was nothing before. */
function change(now: number, before: number): number | null {
  return before ? Math.round(((now - before) / before) * 1000) / 10 : null;
}

async function withComparison<T>(e: Engine, q: StatsQuery, compare: Compare | null, build: (run: Run) => T): Promise<{ now: T; before?: T; period?: Period }> {
  const run = await prepared(e, q);
  if (!compare) return { now: build(run) };
  const period = comparisonPeriod(q.period, compare);
  const before = build(await prepared(e, { ...q, period }));
  return { now: build(run), before, period };
}

/** Adds each row's figures in the comparison period and the change of its main number. */
function compareRows<R extends object>(rows: R[], before: R[] | undefined, key: (r: R) => unknown, main: keyof R, fields: (keyof R)[]): R[] {
  if (!before) return rows;
  const old = new Map(before.map((r) => [key(r), r]));
  return rows.map((r) => {
    const b = old.get(key(r));
    const comparison = Object.fromEntries(fields.map((f) => [f, (b?.[f] as number | undefined) ?? 0]));
    return { ...r, comparison, change: change(r[main] as number, (b?.[main] as number | undefined) ?? 0) };
  });
}

const HEADLINE = ['visitors', 'pageviews', 'events', 'bounceRate', 'avgVisitDurationSeconds', 'viewsPerVisit'] as const;

/** A source with its channel and the channel group most of its sessions have (a source can arrive paid and organic). */
function sourceRow(r: { value: string | null; dominant?: string | null; visitors: number }) {
  const id = r.value ?? 'direct';
  const d = describeSource(id);
  return {
    source: d.source,
    label: d.label,
    channel: channelOf(id),
    channelGroup: r.dominant ?? channelGroupOf({ source: id, utmSource: null, utmMedium: null, utmCampaign: null, referrer: id === 'direct' ? null : id }),
    visitors: r.visitors,
  };
}

export async function overviewReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const r = await withComparison(e, q, compare, (run) => ({ ...overview(run), bySource: breakdownVisit(run, 'source', 10, { dominant: 'channel_group' }).map(sourceRow) }));
  const body: Record<string, unknown> = { ...meta(q.period), ...r.now };
  if (r.before && r.period) {
    body.comparison = { ...meta(r.period), ...Object.fromEntries(HEADLINE.map((k) => [k, r.before![k]])) };
    body.change = Object.fromEntries(HEADLINE.map((k) => [k, k === 'bounceRate'
      ? Math.round((r.now.bounceRate - r.before!.bounceRate) * 1000) / 10
      : change(r.now[k], r.before![k])]));
  }
  return body;
}

export function intervalOf(p: Period): 'hour' | 'day' {
  return p.to - p.from <= 26 * 3600_000 ? 'hour' : 'day';
}

export async function timeseriesReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const interval = intervalOf(q.period);
  const r = await withComparison(e, q, compare, (run) => timeseries(run, interval));
  const body: Record<string, unknown> = { ...meta(q.period), interval, points: r.now };
  if (r.before && r.period) body.comparison = { from: new Date(r.period.from).toISOString(), to: new Date(r.period.to).toISOString(), points: r.before };
  return body;
}

export async function pagesReport(e: Engine, q: StatsQuery, compare: Compare | null, limit = 100) {
  const r = await withComparison(e, q, compare, (run) => pages(run, limit));
  const results = compareRows(r.now, r.before, (x) => x.path, 'pageviews', ['pageviews', 'visitors']);
  return { ...meta(q.period), results: await withEngagement(e.db, q, results, (x) => x.path) };
}

export async function sourcesReport(e: Engine, q: StatsQuery, compare: Compare | null, limit = 100) {
  const r = await withComparison(e, q, compare, (run) => breakdownVisit(run, 'source', limit, { dominant: 'channel_group' }).map(sourceRow));
  return { ...meta(q.period), results: compareRows(r.now, r.before, (x) => x.source, 'visitors', ['visitors']) };
}

/** Visitors by one visit dimension, in the shape of the older per-dimension routes. */
async function namedVisits<K extends string>(e: Engine, q: StatsQuery, compare: Compare | null, dim: VisitDim, name: K, limit: number, skipNull = false) {
  const r = await withComparison(e, q, compare, (run) => breakdownVisit(run, dim, limit, { skipNull }).map((x) => ({ [name]: x.value, visitors: x.visitors }) as Record<K, string | null> & { visitors: number }));
  return compareRows(r.now, r.before, (x) => x[name], 'visitors', ['visitors']);
}

export async function countriesReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  return { ...meta(q.period), results: await namedVisits(e, q, compare, 'country', 'country', 250) };
}

export async function regionsReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const rows = await namedVisits(e, q, compare, 'region', 'regionCode', 250);
  return {
    ...meta(q.period),
    results: rows.map(({ regionCode, ...rest }) => ({ country: regionCode ? regionCode.split('-')[0]! : null, region: regionName(regionCode), regionCode, ...rest })),
  };
}

export async function localesReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  return { ...meta(q.period), results: await namedVisits(e, q, compare, 'locale', 'locale', 250) };
}

export async function utmReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const values = async (dim: VisitDim) => (await namedVisits(e, q, compare, dim, 'value', 100, true)) as { value: string; visitors: number }[];
  const [sources, mediums, campaigns, terms, contents] = await Promise.all(
    (['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const).map(values),
  );
  return { ...meta(q.period), sources, mediums, campaigns, terms, contents };
}

export async function devicesReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const [browsers, os, deviceTypes] = await Promise.all(
    (['browser', 'os', 'device'] as const).map((d) => namedVisits(e, q, compare, d, 'name', 100)),
  );
  return { ...meta(q.period), browsers, os, deviceTypes };
}

export async function eventsReport(e: Engine, q: StatsQuery, compare: Compare | null, limit = 100) {
  const r = await withComparison(e, q, compare, (run) => customEvents(run, limit));
  return { ...meta(q.period), results: compareRows(r.now, r.before, (x) => x.name, 'events', ['events', 'visitors']) };
}

export const BREAKDOWN_PROPERTIES = ['event:page', 'event:name', ...VISIT_DIMS.map((d) => `visit:${d}`)];

export async function breakdownReport(e: Engine, q: StatsQuery, compare: Compare | null, property: string, limit: number) {
  let build: (run: Run) => Record<string, unknown>[];
  let main = 'visitors';
  if (property === 'event:page') {
    build = (run) => pages(run, limit).map(({ path, ...x }) => ({ value: path, ...x }));
    main = 'pageviews';
  } else if (property === 'event:name') {
    build = (run) => customEvents(run, limit).map(({ name, ...x }) => ({ value: name, ...x }));
    main = 'events';
  } else if (property.startsWith('event:props:') && property.length > 12) {
    build = (run) => props(run, property.slice(12), limit);
  } else if (property.startsWith('visit:') && (VISIT_DIMS as readonly string[]).includes(property.slice(6))) {
    const dim = property.slice(6) as VisitDim;
    const skipNull = dim.startsWith('utm_');
    build = (run) => breakdownVisit(run, dim, limit, { skipNull }).map((x): Record<string, unknown> => {
      if (dim === 'source') return { ...x, value: x.value ?? 'direct', label: describeSource(x.value).label };
      if (dim === 'region') return { ...x, label: regionName(x.value) ?? x.value ?? undefined };
      return { ...x };
    });
  } else {
    throw new ApiError('invalid_request', `property must be event:page, event:name, event:props:<key> or visit:${VISIT_DIMS.join(', visit:')}.`, { code: 'bad_request', param: 'property' });
  }
  const r = await withComparison(e, q, compare, build);
  const fields = ['visitors', 'pageviews', 'events'].filter((f) => r.now.some((x) => f in x));
  let results = compareRows(r.now, r.before, (x) => x.value, main, fields);
  if (property === 'event:page') results = await withEngagement(e.db, q, results, (x) => x.value as string);
  const body: Record<string, unknown> = { ...meta(q.period), property, results };
  if (r.period) body.comparison = { from: new Date(r.period.from).toISOString(), to: new Date(r.period.to).toISOString() };
  return body;
}

interface GoalDef {
  name: string;
  kind: 'event' | 'page';
  goalId: string | null;
  event: string | null;
  page: string | null;
  spec: GoalSpec;
}

/** The project's saved goals, then every other custom event name as an implicit event goal. */
async function goalDefs(e: Engine, run: Run): Promise<GoalDef[]> {
  const saved: GoalDef[] = (await listGoals(e.db, run.q.projectId)).map((g) => ({
    name: g.display_name, kind: g.event_name !== null ? 'event' : 'page', goalId: g.id, event: g.event_name, page: g.page_path,
    spec: g.event_name !== null ? { event: g.event_name } : { page: g.page_path! },
  }));
  const named = new Set(saved.filter((g) => g.event !== null).map((g) => g.event));
  const implicit: GoalDef[] = customEvents(run, 1000).filter((x) => !named.has(x.name))
    .map((x) => ({ name: x.name, kind: 'event', goalId: null, event: x.name, page: null, spec: { event: x.name } }));
  return [...saved, ...implicit];
}

export async function goalsReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const run = await prepared(e, q);
  const defs = await goalDefs(e, run);
  const g = goals(run, defs.map((d) => d.spec));
  let results = defs.map(({ spec: _spec, ...d }, i) => ({ ...d, ...g.results[i]! }))
    .sort((a, b) => (a.goalId === null) === (b.goalId === null) ? b.visitors - a.visitors || (a.name < b.name ? -1 : 1) : a.goalId === null ? 1 : -1);
  if (compare) {
    const before = goals(await prepared(e, { ...q, period: comparisonPeriod(q.period, compare) }), defs.map((d) => d.spec));
    const old = new Map(defs.map((d, i) => [d.goalId ?? `event:${d.event}`, before.results[i]!]));
    results = results.map((r) => {
      const b = old.get(r.goalId ?? `event:${r.event}`)!;
      return { ...r, comparison: { visitors: b.visitors, events: b.events, conversionRate: b.conversionRate }, change: change(r.visitors, b.visitors) };
    });
  }
  return { ...meta(q.period), totalVisitors: g.totalVisitors, results };
}

function stepLabel(s: GoalSpec): string {
  return s.event !== undefined ? s.event : `Visit ${s.page}`;
}

export async function funnelReport(e: Engine, q: StatsQuery, compare: Compare | null, steps: GoalSpec[]) {
  // Event filters do not apply: the steps are the event conditions.
  const plain = { ...q, filters: q.filters.filter((f) => f.dimension.startsWith('visit:')) };
  const r = await withComparison(e, plain, compare, (run) => funnel(run, steps));
  const body: Record<string, unknown> = {
    ...meta(q.period),
    visitors: r.now.visitors,
    steps: r.now.steps.map((s, i) => ({ goal: steps[i], label: stepLabel(steps[i]!), ...s })),
  };
  if (r.before && r.period) {
    body.comparison = { from: new Date(r.period.from).toISOString(), to: new Date(r.period.to).toISOString(), visitors: r.before.visitors, steps: r.before.steps };
  }
  return body;
}

/** The dashboard's one call: each member is exactly what its own route answers. */
export async function dashboardReport(e: Engine, q: StatsQuery, compare: Compare | null, limit: number) {
  const [ov, ts, gl, ...rows] = await Promise.all([
    overviewReport(e, q, compare),
    timeseriesReport(e, q, compare),
    goalsReport(e, q, compare),
    ...BREAKDOWN_PROPERTIES.map((p) => breakdownReport(e, q, compare, p, limit)),
  ]);
  return {
    overview: ov,
    timeseries: ts,
    goals: gl,
    breakdowns: Object.fromEntries(BREAKDOWN_PROPERTIES.map((p, i) => [p, (rows[i] as { results: unknown[] }).results])),
  };
}
