import type { Knex } from 'knex';
import { ApiError } from '../protocols/errors.ts';
import { listGoals } from '../db/analytics/listGoals.ts';
import { channelGroupOf, channelOf } from './channels.ts';
import { describeSource } from './sources.ts';
import { comparisonPeriod, type Compare, type Period } from './query/period.ts';
import { VISIT_DIMS, type SegmentStore, type VisitDim } from './query/store.ts';
import type { GoalSpec } from './query/filters.ts';
import { addHeadline, addOverview, addRows, addTimeseries, importedView, type Counts, type ImportedNote, type ImportedView } from './imported.ts';
import type { ImportDim } from './imports/types.ts';
import { withEngagement } from './engagement.ts';
import {
  answer, breakdownVisit, customEvents, funnel, goals, overview, pages, prepare, props, regionName, timeseries,
  type BreakdownRow, type Run, type StatsQuery,
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
  /** Imported data per period, read once per request. */
  imported?: Map<string, Promise<ImportedView>>;
}

/** One segment read and filter compilation per distinct question within a request. */
function prepared(e: Engine, q: StatsQuery): Promise<Run> {
  const key = JSON.stringify([q.projectId, q.period, q.includeBots, q.includeInternal, q.filters]);
  e.runs ??= new Map();
  let run = e.runs.get(key);
  if (!run) {
    run = prepare(e.db, e.store, q, { perAggregation: e.perAggregation, rollups: e.rollups, stored: true });
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
  if (!compare) return { now: await answer(run, build) };
  const period = comparisonPeriod(q.period, compare);
  const before = await answer(await prepared(e, { ...q, period }), build);
  return { now: await answer(run, build), before, period };
}

/** Whether imported data goes into this question's answer: asked for, and no filter (imports are per-dimension daily sums). */
const takesImports = (q: StatsQuery) => q.withImported === true && q.filters.length === 0;

/** A breakdown asked with imports is built uncut, so a value the import lifts into the top rows is not missing. */
const wide = (q: StatsQuery, limit: number) => (takesImports(q) ? Math.max(limit, 10_000) : limit);

function importedFor(e: Engine, q: StatsQuery, period: Period): Promise<ImportedView> {
  const key = `${period.from}:${period.to}:${period.timeZone}`;
  e.imported ??= new Map();
  let v = e.imported.get(key);
  if (!v) {
    v = importedView(e.db, q.projectId, period);
    e.imported.set(key, v);
  }
  return v;
}

/**
 * The answer (and its comparison) with imported data added by `add`, and the
 * note that says whether it was; undefined note when imports were not asked for.
 */
async function withImports<T>(
  e: Engine, q: StatsQuery, r: { now: T; before?: T; period?: Period }, add: ((t: T, v: ImportedView) => T) | null,
): Promise<{ now: T; before?: T; period?: Period; note?: ImportedNote }> {
  if (!q.withImported) return r;
  if (q.filters.length) return { ...r, note: { included: false, days: 0, reason: 'filtered' } };
  if (!add) return { ...r, note: { included: false, days: 0, reason: 'dimension' } };
  // Periods without imported days answer exactly what was collected (no re-weighting round trip).
  const v = await importedFor(e, q, q.period);
  const now = v.days ? add(r.now, v) : r.now;
  const vb = r.before && r.period ? await importedFor(e, q, r.period) : null;
  const before = r.before && vb?.days ? add(r.before, vb) : r.before;
  return { ...r, now, before, note: { included: true, days: v.days } };
}

const sessionsAdded = <R extends { visitors: number }>(r: R, c: Counts): R => ({ ...r, visitors: r.visitors + c.visits });

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
  const collected = await withComparison(e, q, compare, (run) => ({ ...overview(run), bySource: breakdownVisit(run, 'source', wide(q, 10), { dominant: 'channel_group' }).map(sourceRow) }));
  const r = await withImports(e, q, collected, (o, v) => ({ ...addOverview(o, v), bySource: addSources(o.bySource, v, 10) }));
  r.now.bySource = r.now.bySource.slice(0, 10);
  const body: Record<string, unknown> = { ...meta(q.period), ...r.now };
  if (r.note) body.imported = r.note;
  if (r.before && r.period) {
    body.comparison = { ...meta(r.period), ...Object.fromEntries(HEADLINE.map((k) => [k, r.before![k]])) };
    body.change = Object.fromEntries(HEADLINE.map((k) => [k, k === 'bounceRate'
      ? Math.round((r.now.bounceRate - r.before!.bounceRate) * 1000) / 10
      : change(r.now[k], r.before![k])]));
  }
  return body;
}

function addSources(rows: ReturnType<typeof sourceRow>[], v: ImportedView, limit: number) {
  return addRows(rows, v.byDim.get('source'), limit, (x) => x.source, sessionsAdded, (key, c) => sourceRow({ value: key, visitors: c.visits }), (x) => x.visitors);
}

export function intervalOf(p: Period): 'hour' | 'day' {
  return p.to - p.from <= 26 * 3600_000 ? 'hour' : 'day';
}

export async function timeseriesReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const interval = intervalOf(q.period);
  const collected = await withComparison(e, q, compare, (run) => timeseries(run, interval));
  const r = await withImports(e, q, collected, interval === 'day' ? addTimeseries : null);
  const body: Record<string, unknown> = { ...meta(q.period), interval, points: r.now };
  if (r.note) body.imported = r.note.reason === 'dimension' ? { ...r.note, reason: 'hourly' } : r.note;
  if (r.before && r.period) body.comparison = { from: new Date(r.period.from).toISOString(), to: new Date(r.period.to).toISOString(), points: r.before };
  return body;
}

export async function pagesReport(e: Engine, q: StatsQuery, compare: Compare | null, limit = 100) {
  const collected = await withComparison(e, q, compare, (run) => pages(run, wide(q, limit)));
  const r = await withImports(e, q, collected, (rows, v) => addRows(rows, v.byDim.get('page'), limit, (x) => x.path,
    (x, c) => ({ ...x, pageviews: x.pageviews + c.pageviews, visitors: x.visitors + c.visits }),
    (key, c) => ({ path: key ?? '/', pageviews: c.pageviews, visitors: c.visits }), (x) => x.pageviews));
  const results = compareRows(r.now.slice(0, limit), r.before, (x) => x.path, 'pageviews', ['pageviews', 'visitors']);
  return { ...meta(q.period), results: await withEngagement(e.db, q, results, (x) => x.path), ...(r.note ? { imported: r.note } : {}) };
}

export async function sourcesReport(e: Engine, q: StatsQuery, compare: Compare | null, limit = 100) {
  const collected = await withComparison(e, q, compare, (run) => breakdownVisit(run, 'source', wide(q, limit), { dominant: 'channel_group' }).map(sourceRow));
  const r = await withImports(e, q, collected, (rows, v) => addSources(rows, v, limit));
  return { ...meta(q.period), results: compareRows(r.now.slice(0, limit), r.before, (x) => x.source, 'visitors', ['visitors']), ...(r.note ? { imported: r.note } : {}) };
}

/** Visitors by one visit dimension, in the shape of the older per-dimension routes. */
async function namedVisits<K extends string>(e: Engine, q: StatsQuery, compare: Compare | null, dim: VisitDim, name: K, limit: number, skipNull = false) {
  type Row = Record<K, string | null> & { visitors: number };
  const importDim = (IMPORTED_VISIT_DIMS as readonly string[]).includes(dim) ? (dim as ImportDim) : null;
  const collected = await withComparison(e, q, compare, (run) => breakdownVisit(run, dim, importDim ? wide(q, limit) : limit, { skipNull }).map((x) => ({ [name]: x.value, visitors: x.visitors }) as Row));
  const r = await withImports(e, q, collected, importDim
    ? (rows, v) => addRows(rows, v.byDim.get(importDim), limit, (x) => x[name], sessionsAdded, (key, c) => ({ [name]: key, visitors: c.visits }) as Row, (x) => x.visitors)
    : null);
  return { rows: compareRows(r.now.slice(0, limit), r.before, (x) => x[name], 'visitors', ['visitors']), note: r.note };
}

/** The visit dimensions an import carries, by the same name. */
const IMPORTED_VISIT_DIMS = ['source', 'country', 'browser', 'os', 'device'] as const;

export async function countriesReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const { rows, note } = await namedVisits(e, q, compare, 'country', 'country', 250);
  return { ...meta(q.period), results: rows, ...(note ? { imported: note } : {}) };
}

export async function regionsReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const { rows } = await namedVisits(e, q, compare, 'region', 'regionCode', 250);
  return {
    ...meta(q.period),
    results: rows.map(({ regionCode, ...rest }) => ({ country: regionCode ? regionCode.split('-')[0]! : null, region: regionName(regionCode), regionCode, ...rest })),
  };
}

export async function localesReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  return { ...meta(q.period), results: (await namedVisits(e, q, compare, 'locale', 'locale', 250)).rows };
}

export async function utmReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const values = async (dim: VisitDim) => (await namedVisits(e, q, compare, dim, 'value', 100, true)).rows as { value: string; visitors: number }[];
  const [sources, mediums, campaigns, terms, contents] = await Promise.all(
    (['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const).map(values),
  );
  return { ...meta(q.period), sources, mediums, campaigns, terms, contents };
}

export async function devicesReport(e: Engine, q: StatsQuery, compare: Compare | null) {
  const [browsers, os, deviceTypes] = await Promise.all(
    (['browser', 'os', 'device'] as const).map((d) => namedVisits(e, q, compare, d, 'name', 100)),
  );
  const note = browsers!.note;
  return { ...meta(q.period), browsers: browsers!.rows, os: os!.rows, deviceTypes: deviceTypes!.rows, ...(note ? { imported: note } : {}) };
}

export async function eventsReport(e: Engine, q: StatsQuery, compare: Compare | null, limit = 100) {
  const collected = await withComparison(e, q, compare, (run) => customEvents(run, wide(q, limit)));
  const r = await withImports(e, q, collected, (rows, v) => addRows(rows, v.byDim.get('event'), limit, (x) => x.name,
    (x, c) => ({ ...x, events: x.events + c.events, visitors: x.visitors + c.visits }),
    (key, c) => ({ name: key ?? '(not set)', events: c.events, visitors: c.visits, revenue: [] }), (x) => x.events));
  return { ...meta(q.period), results: compareRows(r.now.slice(0, limit), r.before, (x) => x.name, 'events', ['events', 'visitors']), ...(r.note ? { imported: r.note } : {}) };
}

export const BREAKDOWN_PROPERTIES = ['event:page', 'event:name', ...VISIT_DIMS.map((d) => `visit:${d}`)];

export async function breakdownReport(e: Engine, q: StatsQuery, compare: Compare | null, property: string, limit: number) {
  type Row = Record<string, unknown> & { value: string | null };
  let build: (run: Run) => Row[];
  let main = 'visitors';
  let add: ((rows: Row[], v: ImportedView) => Row[]) | null = null;
  const n = (x: unknown) => (x as number | undefined) ?? 0;
  const merge = (dim: ImportDim, addTo: (x: Row, c: Counts) => Row, make: (key: string | null, c: Counts) => Row) =>
    (rows: Row[], v: ImportedView) => addRows(rows, v.byDim.get(dim), limit, (x) => x.value, addTo, make, (x) => n(x[main]));
  const wider = wide(q, limit);
  if (property === 'event:page') {
    build = (run) => pages(run, wider).map(({ path, ...x }) => ({ value: path, ...x }));
    main = 'pageviews';
    add = merge('page', (x, c) => ({ ...x, pageviews: n(x.pageviews) + c.pageviews, visitors: n(x.visitors) + c.visits }), (key, c) => ({ value: key ?? '/', pageviews: c.pageviews, visitors: c.visits }));
  } else if (property === 'event:name') {
    build = (run) => customEvents(run, wider).map(({ name, ...x }) => ({ value: name, ...x }));
    main = 'events';
    add = merge('event', (x, c) => ({ ...x, events: n(x.events) + c.events, visitors: n(x.visitors) + c.visits }), (key, c) => ({ value: key ?? '(not set)', events: c.events, visitors: c.visits, revenue: [] }));
  } else if (property.startsWith('event:props:') && property.length > 12) {
    build = (run) => props(run, property.slice(12), limit) as Row[];
  } else if (property.startsWith('visit:') && (VISIT_DIMS as readonly string[]).includes(property.slice(6))) {
    const dim = property.slice(6) as VisitDim;
    const skipNull = dim.startsWith('utm_');
    const imported = (IMPORTED_VISIT_DIMS as readonly string[]).includes(dim);
    const shaped = (x: BreakdownRow): Row => {
      if (dim === 'source') return { ...x, value: x.value ?? 'direct', label: describeSource(x.value).label };
      if (dim === 'region') return { ...x, label: regionName(x.value) ?? x.value ?? undefined };
      return { ...x };
    };
    build = (run) => breakdownVisit(run, dim, imported ? wider : limit, { skipNull }).map(shaped);
    if (imported) {
      add = merge(dim as ImportDim, (x, c) => addHeadline(x as Row & BreakdownRow, c),
        (key, c) => shaped(addHeadline({ value: key, visitors: 0, pageviews: 0, bounceRate: 0, avgVisitDurationSeconds: 0 }, c)));
    }
  } else {
    throw new ApiError('invalid_request', `property must be event:page, event:name, event:props:<key> or visit:${VISIT_DIMS.join(', visit:')}.`, { code: 'bad_request', param: 'property' });
  }
  const r = await withImports(e, q, await withComparison(e, q, compare, build), add);
  const now = r.now.slice(0, limit);
  const fields = ['visitors', 'pageviews', 'events'].filter((f) => now.some((x) => f in x));
  let results = compareRows(now, r.before, (x) => x.value, main as keyof Row, fields);
  if (property === 'event:page') results = await withEngagement(e.db, q, results, (x) => x.value as string);
  const body: Record<string, unknown> = { ...meta(q.period), property, results };
  if (r.period) body.comparison = { from: new Date(r.period.from).toISOString(), to: new Date(r.period.to).toISOString() };
  if (r.note) body.imported = r.note;
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
  const defs = await answer(run, (r) => goalDefs(e, r));
  const g = await answer(run, (r) => goals(r, defs.map((d) => d.spec)));
  let results = defs.map(({ spec: _spec, ...d }, i) => ({ ...d, ...g.results[i]! }))
    .sort((a, b) => (a.goalId === null) === (b.goalId === null) ? b.visitors - a.visitors || (a.name < b.name ? -1 : 1) : a.goalId === null ? 1 : -1);
  if (compare) {
    const before = await answer(await prepared(e, { ...q, period: comparisonPeriod(q.period, compare) }), (r) => goals(r, defs.map((d) => d.spec)));
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
