import type { Knex } from 'knex';

/** Session columns in the order loadSegments returns them (rowMode array). */
export const SESSION_FIELDS = [
  'id', 'started', 'lastSeen', 'pageviews', 'events', 'isBot', 'isInternal', 'isVpn',
  'source', 'referrer', 'utmSource', 'utmMedium', 'utmCampaign', 'utmTerm', 'utmContent',
  'country', 'region', 'regionName', 'city', 'device', 'browser', 'os', 'locale',
] as const;

/** Event columns in the order loadSegments returns them (rowMode array). */
export const EVENT_FIELDS = ['sessionId', 'at', 'name', 'path', 'props', 'revenueAmount', 'revenueCurrency'] as const;

/** The SELECT list of SESSION_FIELDS (loadSegmentTails reads the same). */
export const SESSION_COLUMNS = `id::text, (extract(epoch FROM started_at) * 1000)::float8, (extract(epoch FROM last_seen_at) * 1000)::float8,
    pageviews, events, is_bot, is_internal, is_vpn, traffic_source, referrer, utm_source, utm_medium, utm_campaign,
    utm_term, utm_content, country, region_code, region, city, device_type, browser, os, locale`;

const SESSIONS = `
  SELECT ${SESSION_COLUMNS}
  FROM analytics_sessions WHERE project_id = ? AND started_at >= ? AND started_at < ?
  ORDER BY id`;

// Pageviews carry a null name; props as JSON text, parsed only for the events that have them.
/** The SELECT list of EVENT_FIELDS, events as `e` (loadSegmentTails reads the same). */
export const EVENT_COLUMNS = `e.session_id::text, (extract(epoch FROM e.created_at) * 1000)::float8,
    CASE WHEN e.event_type = 'pageview' THEN NULL ELSE e.event_name END, e.path, e.props::text,
    e.revenue_amount::float8, e.revenue_currency`;

const EVENTS = `
  SELECT ${EVENT_COLUMNS}
  FROM analytics_sessions s JOIN analytics_events e ON e.project_id = s.project_id AND e.session_id = s.id
  WHERE s.project_id = ? AND s.started_at >= ? AND s.started_at < ?
    AND e.created_at >= ? AND e.created_at <= ?
  ORDER BY e.session_id, e.created_at, e.id`;

/**
 * The sessions that started in [from, to) with all their events (none later than
 * `lastSeen`, the segments' recorded reach), both ordered by
 * session id (events then by time), as arrays of columns per row.
 */
export async function loadSegments(db: Knex, projectId: string, from: Date, to: Date, lastSeen: Date): Promise<{ sessions: unknown[][]; events: unknown[][] }> {
  const bindings = [projectId, from, to];
  // A session's events lie between its start and the segment's last_seen_at: bounding
  // the events by time lets PostgreSQL read them off the time index, not the project's all.
  const eventBindings = [projectId, from, to, from, lastSeen];
  // One snapshot for both reads, so every event belongs to a session read with it.
  return db.transaction(async (trx) => {
    // The join always takes whole hours of sessions with all their events. Right after a
    // bulk import the statistics still say the tables are empty, and the nested loop
    // PostgreSQL then picks rescans the range once per session: minutes for 15,000.
    await trx.raw('SET LOCAL enable_nestloop = off');
    const sessions = await trx.raw(SESSIONS, bindings).options({ rowMode: 'array' });
    const events = await trx.raw(EVENTS, eventBindings).options({ rowMode: 'array' });
    return { sessions: sessions.rows, events: events.rows };
  }, { isolationLevel: 'repeatable read', readOnly: true });
}
