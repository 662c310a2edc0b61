import type { Knex } from 'knex';
import type { NewEvent } from './eventRow.ts';

// The batch goes in column by column, one array parameter per column, unnested into
// rows: PostgreSQL parses typed array literals at about half the cost of the same rows
// as one JSON document, and without a 65k-parameter ceiling either way.
const COLUMNS: [string, string, (e: NewEvent) => string][] = [
  ['project_id', 'uuid', (e) => text(e.projectId)],
  ['id', 'uuid', (e) => text(e.id)],
  ['created_at', 'timestamptz', (e) => text(e.createdAt)],
  ['session_id', 'uuid', (e) => text(e.sessionId)],
  ['event_type', 'text', (e) => text(e.eventType)],
  ['event_name', 'text', (e) => text(e.eventName)],
  ['props', 'jsonb', (e) => (e.props ? text(JSON.stringify(cleanProps(e.props))) : 'NULL')],
  ['path', 'text', (e) => text(e.path)],
  ['referrer_path', 'text', (e) => text(e.referrerPath)],
  ['target_path', 'text', (e) => text(e.targetPath)],
  ['country', 'text', (e) => text(e.country)],
  ['region', 'text', (e) => text(e.region)],
  ['region_code', 'text', (e) => text(e.regionCode)],
  ['city', 'text', (e) => text(e.city)],
  ['asn', 'integer', (e) => (Number.isInteger(e.asn) ? String(e.asn) : 'NULL')],
  ['as_organization', 'text', (e) => text(e.asOrganization)],
  ['browser', 'text', (e) => text(e.browser)],
  ['os', 'text', (e) => text(e.os)],
  ['device_type', 'text', (e) => text(e.deviceType)],
  ['is_bot', 'boolean', (e) => (e.isBot ? 't' : 'f')],
  ['bot_name', 'text', (e) => text(e.botName)],
  ['is_vpn', 'boolean', (e) => (e.isVpn ? 't' : 'f')],
  ['locale', 'text', (e) => text(e.locale)],
  ['traffic_source', 'text', (e) => text(e.trafficSource)],
  ['utm_source', 'text', (e) => text(e.utmSource)],
  ['utm_medium', 'text', (e) => text(e.utmMedium)],
  ['utm_campaign', 'text', (e) => text(e.utmCampaign)],
  ['user_agent', 'text', (e) => text(e.userAgent)],
  ['is_internal', 'boolean', (e) => (e.isInternal ? 't' : 'f')],
];

const SPECIAL = /["\\\u0000]/;

/**
 * A quoted array element. PostgreSQL text cannot hold U+0000, so it is dropped here
 * rather than failing the whole batch (a lone surrogate becomes U+FFFD on the way
 * to UTF-8). Quoting also keeps a value spelled NULL a string.
 */
function text(v: string | null | undefined): string {
  if (v === null || v === undefined) return 'NULL';
  if (!SPECIAL.test(v)) return `"${v}"`;
  return `"${v.replace(/\u0000/g, '').replace(/["\\]/g, '\\$&')}"`;
}

const clean = (v: string) => (v.includes('\u0000') || !v.isWellFormed() ? v.replace(/\u0000/g, '').toWellFormed() : v);

/** JSON escapes NUL and lone surrogates as \u0000 / \ud800, which jsonb refuses: drop or replace them first. */
function cleanProps(props: NonNullable<NewEvent['props']>): NewEvent['props'] {
  let dirty = false;
  for (const k in props) {
    const v = props[k];
    if (clean(k) !== k || (typeof v === 'string' && clean(v) !== v)) dirty = true;
  }
  if (!dirty) return props;
  const out: NonNullable<NewEvent['props']> = {};
  for (const k in props) {
    const v = props[k]!;
    out[clean(k)] = typeof v === 'string' ? clean(v) : v;
  }
  return out;
}

const EVENT_COLS = `project_id, id, created_at, session_id, event_type, event_name, props, path, referrer_path,
  target_path, country, region, region_code, city, asn, as_organization, browser, os, device_type, is_bot,
  bot_name, is_vpn, locale, traffic_source, utm_source, utm_medium, utm_campaign, user_agent, is_internal`;

// One statement per batch: the events go in as one array per column, and the same
// statement folds the rows that were really inserted (duplicates skipped) into the
// sessions and the rollups, so rollups and raw events can never disagree.
const SQL = `
WITH input AS (
  SELECT * FROM unnest(${COLUMNS.map(([, type]) => `?::${type}[]`).join(', ')}) AS x(${COLUMNS.map(([name]) => name).join(', ')})
),
ins AS (
  INSERT INTO analytics_events (${EVENT_COLS})
  SELECT ${EVENT_COLS} FROM input ORDER BY project_id, id
  ON CONFLICT (project_id, id) DO NOTHING
  RETURNING project_id, session_id, created_at, event_type, path, country, region, region_code, city, browser, os,
    device_type, locale, traffic_source, utm_source, utm_medium, utm_campaign, is_bot, is_vpn, is_internal
),
-- The sessions as they were before this statement (every CTE sees the same snapshot):
-- the rollups take the difference, so bounces and durations stay additive.
prev AS (
  SELECT s.project_id, s.id, s.started_at, s.last_seen_at, s.pageviews + s.events AS total
  FROM analytics_sessions s
  WHERE (s.project_id, s.id) IN (SELECT DISTINCT project_id, session_id FROM ins)
),
sess AS (
  INSERT INTO analytics_sessions AS s (project_id, id, started_at, last_seen_at, pageviews, events, entry_path, country,
    region, region_code, city, browser, os, device_type, locale, traffic_source, utm_source, utm_medium, utm_campaign,
    is_bot, is_vpn, is_internal)
  SELECT DISTINCT ON (project_id, session_id)
    project_id, session_id,
    min(created_at) OVER w, max(created_at) OVER w,
    count(*) FILTER (WHERE event_type = 'pageview') OVER w,
    count(*) FILTER (WHERE event_type <> 'pageview') OVER w,
    path, country, region, region_code, city, browser, os, device_type,
    lower(first_value(locale) OVER (PARTITION BY project_id, session_id ORDER BY (locale IS NULL), created_at)),
    coalesce(traffic_source, 'direct'), utm_source, utm_medium, utm_campaign,
    is_bot, is_vpn, is_internal
  FROM ins
  WINDOW w AS (PARTITION BY project_id, session_id)
  ORDER BY project_id, session_id, created_at
  -- A session keeps the class of its first event: the rollups are keyed by it.
  ON CONFLICT (project_id, id) DO UPDATE SET
    pageviews = s.pageviews + excluded.pageviews,
    events = s.events + excluded.events,
    last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at),
    started_at = least(s.started_at, excluded.started_at),
    -- Entry attributes belong to whichever batch saw the earliest event (imports arrive out of order).
    entry_path = CASE WHEN excluded.started_at < s.started_at THEN excluded.entry_path ELSE s.entry_path END,
    traffic_source = CASE WHEN excluded.started_at < s.started_at THEN excluded.traffic_source ELSE s.traffic_source END,
    utm_source = CASE WHEN excluded.started_at < s.started_at THEN excluded.utm_source ELSE s.utm_source END,
    utm_medium = CASE WHEN excluded.started_at < s.started_at THEN excluded.utm_medium ELSE s.utm_medium END,
    utm_campaign = CASE WHEN excluded.started_at < s.started_at THEN excluded.utm_campaign ELSE s.utm_campaign END,
    locale = coalesce(s.locale, excluded.locale),
    country = coalesce(s.country, excluded.country),
    region = coalesce(s.region, excluded.region),
    region_code = coalesce(s.region_code, excluded.region_code),
    city = coalesce(s.city, excluded.city),
    browser = coalesce(s.browser, excluded.browser),
    os = coalesce(s.os, excluded.os),
    device_type = coalesce(s.device_type, excluded.device_type)
  RETURNING project_id, id, started_at, last_seen_at, pageviews + events AS total, traffic_source, is_bot, is_internal, is_vpn
),
session_changes AS (
  SELECT n.project_id, date_trunc('hour', coalesce(p.started_at, n.started_at), 'UTC') AS hour,
    n.is_bot, n.is_internal, n.is_vpn, n.traffic_source, (p.id IS NULL) AS is_new,
    (n.total <= 1)::int - coalesce((p.total <= 1)::int, 0) AS bounce_delta,
    (extract(epoch FROM n.last_seen_at - n.started_at) * 1000)::bigint
      - coalesce((extract(epoch FROM p.last_seen_at - p.started_at) * 1000)::bigint, 0) AS duration_delta
  FROM sess n LEFT JOIN prev p ON p.project_id = n.project_id AND p.id = n.id
),
session_deltas AS (
  SELECT project_id, hour, is_bot, is_internal, is_vpn, count(*) FILTER (WHERE is_new)::int AS visitors,
    sum(bounce_delta)::int AS bounces, sum(duration_delta)::bigint AS duration_ms
  FROM session_changes GROUP BY 1, 2, 3, 4, 5
),
event_deltas AS (
  SELECT project_id, date_trunc('hour', created_at, 'UTC') AS hour, is_bot, is_internal, is_vpn,
    count(*) FILTER (WHERE event_type = 'pageview')::int AS pageviews,
    count(*) FILTER (WHERE event_type <> 'pageview')::int AS events
  FROM ins GROUP BY 1, 2, 3, 4, 5
),
hourly AS (
  INSERT INTO analytics_hourly AS h (project_id, hour, is_bot, is_internal, is_vpn, visitors, pageviews, events, bounces, duration_ms)
  SELECT project_id, hour, is_bot, is_internal, is_vpn, coalesce(s.visitors, 0), coalesce(e.pageviews, 0), coalesce(e.events, 0),
    coalesce(s.bounces, 0), coalesce(s.duration_ms, 0)
  FROM event_deltas e FULL JOIN session_deltas s USING (project_id, hour, is_bot, is_internal, is_vpn)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, hour, is_bot, is_internal, is_vpn) DO UPDATE SET
    visitors = h.visitors + excluded.visitors,
    pageviews = h.pageviews + excluded.pageviews,
    events = h.events + excluded.events,
    bounces = h.bounces + excluded.bounces,
    duration_ms = h.duration_ms + excluded.duration_ms
  RETURNING 1
),
sources AS (
  INSERT INTO analytics_source_hourly AS h (project_id, hour, traffic_source, is_bot, is_internal, visitors)
  SELECT project_id, hour, traffic_source, is_bot, is_internal, count(*)::int
  FROM session_changes WHERE is_new
  GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, hour, traffic_source, is_bot, is_internal) DO UPDATE SET visitors = h.visitors + excluded.visitors
  RETURNING 1
),
first_views AS (
  INSERT INTO analytics_session_pages (project_id, session_id, path, first_seen_at, is_bot, is_internal)
  SELECT DISTINCT ON (project_id, session_id, path) project_id, session_id, path, created_at, is_bot, is_internal
  FROM ins WHERE event_type = 'pageview'
  ORDER BY project_id, session_id, path, created_at
  ON CONFLICT DO NOTHING
  RETURNING project_id, path, first_seen_at, is_bot, is_internal
),
views AS (
  SELECT project_id, date_trunc('hour', created_at, 'UTC') AS hour, path, is_bot, is_internal, count(*)::int AS n
  FROM ins WHERE event_type = 'pageview' GROUP BY 1, 2, 3, 4, 5
),
visitors AS (
  SELECT project_id, date_trunc('hour', first_seen_at, 'UTC') AS hour, path, is_bot, is_internal, count(*)::int AS n
  FROM first_views GROUP BY 1, 2, 3, 4, 5
),
page_hours AS (
  SELECT project_id, hour, path, is_bot, is_internal, coalesce(views.n, 0) AS pageviews, coalesce(visitors.n, 0) AS visitors
  FROM views FULL JOIN visitors USING (project_id, hour, path, is_bot, is_internal)
),
pages AS (
  INSERT INTO analytics_page_hourly AS h (project_id, hour, path, is_bot, is_internal, pageviews, visitors)
  SELECT * FROM page_hours ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, hour, path, is_bot, is_internal) DO UPDATE SET
    pageviews = h.pageviews + excluded.pageviews,
    visitors = h.visitors + excluded.visitors
  RETURNING 1
),
page_days AS (
  INSERT INTO analytics_page_daily AS d (project_id, day, path, is_bot, is_internal, pageviews, visitors)
  SELECT project_id, (hour AT TIME ZONE 'UTC')::date, path, is_bot, is_internal, sum(pageviews)::int, sum(visitors)::int
  FROM page_hours GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, day, path, is_bot, is_internal) DO UPDATE SET
    pageviews = d.pageviews + excluded.pageviews,
    visitors = d.visitors + excluded.visitors
  RETURNING 1
)
SELECT (SELECT count(*) FROM ins)::int AS inserted`;

/** Inserts a batch (ids already present are skipped) and returns how many rows were new. */
export async function insertEvents(db: Knex | Knex.Transaction, events: NewEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const arrays = COLUMNS.map(([, , value]) => {
    let literal = '{';
    for (let i = 0; i < events.length; i++) literal += (i ? ',' : '') + value(events[i]!);
    return `${literal}}`;
  });
  const result = await db.raw(SQL, arrays);
  return result.rows[0].inserted as number;
}
