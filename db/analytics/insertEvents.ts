import type { Knex } from 'knex';
import type { NewEvent } from '../../analytics/eventRow.ts';

const RECORD = `project_id uuid, id uuid, created_at timestamptz, session_id uuid, event_type text, event_name text,
  props jsonb, path text, referrer_path text, target_path text, country text, region text, region_code text,
  city text, asn integer, as_organization text, browser text, os text, device_type text, is_bot boolean,
  bot_name text, is_vpn boolean, locale text, traffic_source text, utm_source text, utm_medium text,
  utm_campaign text, user_agent text, is_internal boolean`;

const EVENT_COLS = `project_id, id, created_at, session_id, event_type, event_name, props, path, referrer_path,
  target_path, country, region, region_code, city, asn, as_organization, browser, os, device_type, is_bot,
  bot_name, is_vpn, locale, traffic_source, utm_source, utm_medium, utm_campaign, user_agent, is_internal`;

// One statement per batch: the events go in as one JSON parameter (a multi-row
// INSERT without a 65k-parameter ceiling), and the same statement folds the rows
// that were really inserted (duplicates skipped) into the session and hourly page
// rollups, so rollups and raw events can never disagree.
const SQL = `
WITH input AS (
  SELECT * FROM jsonb_to_recordset(?::jsonb) AS x(${RECORD})
),
ins AS (
  INSERT INTO analytics_events (${EVENT_COLS})
  SELECT ${EVENT_COLS} FROM input ORDER BY project_id, id
  ON CONFLICT (project_id, id) DO NOTHING
  RETURNING project_id, session_id, created_at, event_type, path, country, region, region_code, city, browser, os,
    device_type, locale, traffic_source, utm_source, utm_medium, utm_campaign, is_bot, is_vpn, is_internal
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
    traffic_source, utm_source, utm_medium, utm_campaign,
    bool_or(is_bot) OVER w, bool_or(is_vpn) OVER w, bool_or(is_internal) OVER w
  FROM ins
  WINDOW w AS (PARTITION BY project_id, session_id)
  ORDER BY project_id, session_id, created_at
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
    device_type = coalesce(s.device_type, excluded.device_type),
    is_bot = s.is_bot OR excluded.is_bot,
    is_vpn = s.is_vpn OR excluded.is_vpn,
    is_internal = s.is_internal OR excluded.is_internal
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
pages AS (
  INSERT INTO analytics_page_hourly AS h (project_id, hour, path, is_bot, is_internal, pageviews, visitors)
  SELECT project_id, hour, path, is_bot, is_internal, coalesce(views.n, 0), coalesce(visitors.n, 0)
  FROM views FULL JOIN visitors USING (project_id, hour, path, is_bot, is_internal)
  ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (project_id, hour, path, is_bot, is_internal) DO UPDATE SET
    pageviews = h.pageviews + excluded.pageviews,
    visitors = h.visitors + excluded.visitors
  RETURNING 1
)
SELECT (SELECT count(*) FROM ins)::int AS inserted`;

function toRecord(e: NewEvent) {
  return {
    project_id: e.projectId, id: e.id, created_at: e.createdAt, session_id: e.sessionId, event_type: e.eventType,
    event_name: e.eventName, props: e.props, path: e.path, referrer_path: e.referrerPath, target_path: e.targetPath,
    country: e.country, region: e.region, region_code: e.regionCode, city: e.city, asn: e.asn,
    as_organization: e.asOrganization, browser: e.browser, os: e.os, device_type: e.deviceType, is_bot: e.isBot,
    bot_name: e.botName, is_vpn: e.isVpn, locale: e.locale, traffic_source: e.trafficSource, utm_source: e.utmSource,
    utm_medium: e.utmMedium, utm_campaign: e.utmCampaign, user_agent: e.userAgent, is_internal: e.isInternal,
  };
}

/** Inserts a batch (ids already present are skipped) and returns how many rows were new. */
export default async function insertEvents(db: Knex | Knex.Transaction, events: NewEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const result = await db.raw(SQL, [JSON.stringify(events.map(toRecord))]);
  return result.rows[0].inserted as number;
}
