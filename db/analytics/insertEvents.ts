import type { Knex } from 'knex';
import type { Writable } from 'node:stream';
import copyFrom from 'pg-copy-streams/copy-from.js';
import type { NewEvent } from './eventRow.ts';
import { COPY_COLUMNS, cleanProps, encodeEvents } from './eventCopy.ts';

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
  ['utm_term', 'text', (e) => text(e.utmTerm)],
  ['utm_content', 'text', (e) => text(e.utmContent)],
  ['revenue_amount', 'numeric', (e) => (e.revenueAmount != null && Number.isFinite(e.revenueAmount) ? String(e.revenueAmount) : 'NULL')],
  ['revenue_currency', 'text', (e) => text(e.revenueCurrency)],
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

// analytics_events' columns, from the one list the live COPY writes them in.
const EVENT_COLS = COPY_COLUMNS.join(', ');

const SESSION_COLS = `project_id, id, started_at, last_seen_at, pageviews, events, entry_path, referrer, country,
    region, region_code, city, browser, os, device_type, locale, traffic_source, utm_source, utm_medium, utm_campaign,
    utm_term, utm_content, is_bot, is_vpn, is_internal`;

// How a batch's session rows merge into a session already stored.
const SESSION_MERGE = `  ON CONFLICT (project_id, id) DO UPDATE SET
    pageviews = s.pageviews + excluded.pageviews,
    events = s.events + excluded.events,
    last_seen_at = greatest(s.last_seen_at, excluded.last_seen_at),
    started_at = least(s.started_at, excluded.started_at),
    -- Entry attributes belong to whichever batch saw the earliest event (imports arrive out of order).
    entry_path = CASE WHEN excluded.started_at < s.started_at THEN excluded.entry_path ELSE s.entry_path END,
    referrer = CASE WHEN excluded.started_at < s.started_at THEN excluded.referrer ELSE s.referrer END,
    traffic_source = CASE WHEN excluded.started_at < s.started_at THEN excluded.traffic_source ELSE s.traffic_source END,
    utm_source = CASE WHEN excluded.started_at < s.started_at THEN excluded.utm_source ELSE s.utm_source END,
    utm_medium = CASE WHEN excluded.started_at < s.started_at THEN excluded.utm_medium ELSE s.utm_medium END,
    utm_campaign = CASE WHEN excluded.started_at < s.started_at THEN excluded.utm_campaign ELSE s.utm_campaign END,
    utm_term = CASE WHEN excluded.started_at < s.started_at THEN excluded.utm_term ELSE s.utm_term END,
    utm_content = CASE WHEN excluded.started_at < s.started_at THEN excluded.utm_content ELSE s.utm_content END,
    locale = coalesce(s.locale, excluded.locale),
    country = coalesce(s.country, excluded.country),
    region = coalesce(s.region, excluded.region),
    region_code = coalesce(s.region_code, excluded.region_code),
    city = coalesce(s.city, excluded.city),
    browser = coalesce(s.browser, excluded.browser),
    os = coalesce(s.os, excluded.os),
    device_type = coalesce(s.device_type, excluded.device_type),
    -- A session is of a class as soon as any of its events is: one that turns internal
    -- midway is internal throughout, in every route (the spec's rule).
    is_bot = s.is_bot OR excluded.is_bot,
    is_vpn = s.is_vpn OR excluded.is_vpn,
    is_internal = s.is_internal OR excluded.is_internal
`;

// The segments (sessions started in one UTC hour) whose sessions a statement changed,
// from its sess rows (after) and the rows `before` selects (each touched session's
// start before the statement, as started_at), get a new version.
const segments = (before: string) => `touched AS (
  SELECT project_id, date_trunc('hour', started_at, 'UTC') AS hour, max(last_seen_at) AS last_seen_at FROM (
    SELECT project_id, started_at, last_seen_at FROM sess
    UNION ALL SELECT project_id, started_at, started_at FROM (${before}) b
  ) t GROUP BY 1, 2
),
segments AS (
  INSERT INTO analytics_segments AS g (project_id, hour, version, last_seen_at)
  SELECT project_id, hour, nextval('analytics_segment_version'), last_seen_at FROM touched ORDER BY 1, 2
  ON CONFLICT (project_id, hour) DO UPDATE SET version = excluded.version, last_seen_at = greatest(g.last_seen_at, excluded.last_seen_at)
  RETURNING 1
)
`;

// One statement per batch: the events go in as one array per column; the same
// statement folds the rows really inserted (duplicates skipped) into their sessions
// and bumps the version of every segment (sessions started in one UTC hour) it
// changed, so the query layer's copies can never miss a write, late or imported.
const SQL = `
WITH input AS (
  SELECT * FROM unnest(${COLUMNS.map(([, type]) => `?::${type}[]`).join(', ')}) AS x(${COLUMNS.map(([name]) => name).join(', ')})
),
ins AS (
  INSERT INTO analytics_events (${EVENT_COLS})
  SELECT ${EVENT_COLS} FROM input ORDER BY project_id, id
  ON CONFLICT (project_id, id) DO NOTHING
  RETURNING project_id, session_id, created_at, event_type, path, referrer_path, country, region, region_code, city, browser, os,
    device_type, locale, traffic_source, utm_source, utm_medium, utm_campaign, utm_term, utm_content, is_bot, is_vpn, is_internal
),
-- Start of each touched session before this statement (every CTE sees the same
-- snapshot): an imported event earlier than the session moves it to another segment.
prev AS (
  SELECT s.project_id, s.started_at FROM analytics_sessions s
  WHERE (s.project_id, s.id) IN (SELECT DISTINCT project_id, session_id FROM ins)
),
sess AS (
  INSERT INTO analytics_sessions AS s (${SESSION_COLS})
  SELECT DISTINCT ON (project_id, session_id)
    project_id, session_id,
    min(created_at) OVER w, max(created_at) OVER w,
    count(*) FILTER (WHERE event_type = 'pageview') OVER w,
    count(*) FILTER (WHERE event_type <> 'pageview') OVER w,
    path, referrer_path, country, region, region_code, city, browser, os, device_type,
    lower(first_value(locale) OVER (PARTITION BY project_id, session_id ORDER BY (locale IS NULL), created_at)),
    coalesce(traffic_source, 'direct'), utm_source, utm_medium, utm_campaign, utm_term, utm_content,
    bool_or(is_bot) OVER w, bool_or(is_vpn) OVER w, bool_or(is_internal) OVER w
  FROM ins
  WINDOW w AS (PARTITION BY project_id, session_id)
  ORDER BY project_id, session_id, created_at
${SESSION_MERGE}  RETURNING project_id, started_at, last_seen_at
),
${segments('SELECT project_id, started_at FROM prev')}SELECT (SELECT count(*) FROM ins)::int AS inserted`;

/** One column of the batch as an array literal. */
function literalOf(events: NewEvent[], value: (e: NewEvent) => string): string {
  let literal = '{';
  for (let i = 0; i < events.length; i++) literal += (i ? ',' : '') + value(events[i]!);
  return `${literal}}`;
}

/** Inserts a batch (ids already present are skipped) and returns how many rows were new. */
export async function insertEvents(db: Knex | Knex.Transaction, events: NewEvent[]): Promise<number> {
  if (events.length === 0) return 0;
  const result = await db.raw(SQL, COLUMNS.map(([, , value]) => literalOf(events, value)));
  return result.rows[0].inserted as number;
}

// Live ingest: ids are minted by this process, so no row can already exist (a batch
// replayed after a lost commit answer fails on the primary key, writing nothing; the
// caller leaves out what is stored and writes the rest), and every row of the batch is
// folded into its session. The events go in by COPY (eventCopy.ts); the sessions, one
// row each with its totals computed while the batch is laid out, by one statement that
// also bumps the segments' versions, so PostgreSQL sorts and windows nothing. The batch
// is grouped by session in one fixed order, so every live writer takes the sessions'
// row locks in the same order.
const COPY_SQL = `COPY analytics_events (${COPY_COLUMNS.join(', ')}) FROM STDIN (FORMAT binary)`;

// Per session: its first event's id (the statement reads the session's entry
// attributes back from that row, which the COPY just wrote), and the totals computed
// while the batch was laid out.
const LIVE_SESSION_INPUT: [string, string][] = [
  ['project_id', 'uuid'], ['id', 'uuid'], ['head', 'uuid'], ['last_seen_at', 'timestamptz'], ['pageviews', 'integer'],
  ['events', 'integer'], ['locale', 'text'], ['is_bot', 'boolean'], ['is_vpn', 'boolean'], ['is_internal', 'boolean'],
];

const LIVE_SESSIONS_SQL = `
WITH sess AS (
  INSERT INTO analytics_sessions AS s (${SESSION_COLS})
  SELECT x.project_id, x.id, e.created_at, x.last_seen_at, x.pageviews, x.events, e.path, e.referrer_path, e.country, e.region,
    e.region_code, e.city, e.browser, e.os, e.device_type, lower(x.locale), coalesce(e.traffic_source, 'direct'), e.utm_source,
    e.utm_medium, e.utm_campaign, e.utm_term, e.utm_content, x.is_bot, x.is_vpn, x.is_internal
  FROM unnest(${LIVE_SESSION_INPUT.map(([, type]) => `?::${type}[]`).join(', ')}) AS x(${LIVE_SESSION_INPUT.map(([name]) => name).join(', ')})
  -- OFFSET 0 keeps this a primary-key lookup per session: a join the planner is free to
  -- reorder could scan the whole events table while its statistics are small.
  CROSS JOIN LATERAL (SELECT * FROM analytics_events e WHERE e.project_id = x.project_id AND e.id = x.head OFFSET 0) e
${SESSION_MERGE}  RETURNING project_id, started_at, last_seen_at,
    -- A session that was already stored (its row updated, so xmax is set) may have
    -- started in another hour before: its start as this statement's snapshot saw it,
    -- read by primary key for those rows only. (A join over the batch's sessions
    -- instead was planned as a scan of the whole sessions table.)
    CASE WHEN s.xmax <> 0 THEN (SELECT p.started_at FROM analytics_sessions p WHERE p.project_id = s.project_id AND p.id = s.id) END AS prev_started_at
),
${segments('SELECT project_id, prev_started_at AS started_at FROM sess WHERE prev_started_at IS NOT NULL')}SELECT count(*)::int AS sessions FROM sess`;

// Session id first (random: two ids differ in their first characters, so most comparisons
// end there; every live writer uses this one order, so their session locks never cross),
// then project, then time.
function bySessionThenTime(a: NewEvent, b: NewEvent): number {
  if (a.sessionId !== b.sessionId) return a.sessionId < b.sessionId ? -1 : 1;
  if (a.projectId !== b.projectId) return a.projectId < b.projectId ? -1 : 1;
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0;
}

/** One session row per session of the (sorted) batch, as the statement's array parameters. */
function sessionArrays(rows: NewEvent[]): string[] {
  // Each column is one string appended to (as literalOf does): arrays filled afresh per
  // batch changed their elements' kind as they grew, and the optimised code was thrown
  // away at every flush.
  let project = '';
  let session = '';
  let head = '';
  let lastSeen = '';
  let pageviews = '';
  let custom = '';
  let locale = '';
  let bot = '';
  let vpn = '';
  let internal = '';
  let sep = '';
  for (let first = 0; first < rows.length;) {
    const h = rows[first]!;
    let pv = 0;
    let firstLocale: string | null = null;
    let isBot = false;
    let isVpn = false;
    let isInternal = false;
    let end = first;
    for (; end < rows.length && rows[end]!.sessionId === h.sessionId && rows[end]!.projectId === h.projectId; end++) {
      const e = rows[end]!;
      if (e.eventType === 'pageview') pv++;
      firstLocale ??= e.locale;
      isBot ||= e.isBot;
      isVpn ||= e.isVpn;
      isInternal ||= e.isInternal;
    }
    project += sep + text(h.projectId);
    session += sep + text(h.sessionId);
    head += sep + text(h.id);
    lastSeen += sep + text(rows[end - 1]!.createdAt);
    pageviews += sep + String(pv);
    custom += sep + String(end - first - pv);
    locale += sep + text(firstLocale);
    bot += sep + (isBot ? 't' : 'f');
    vpn += sep + (isVpn ? 't' : 'f');
    internal += sep + (isInternal ? 't' : 'f');
    sep = ',';
    first = end;
  }
  // In LIVE_SESSION_INPUT's order.
  return [project, session, head, lastSeen, pageviews, custom, locale, bot, vpn, internal].map((column) => `{${column}}`);
}

/** Streams a COPY ... FROM STDIN's whole body on the transaction's connection. */
async function copyIn(trx: Knex.Transaction, sql: string, body: Buffer): Promise<void> {
  const connection = (await trx.client.acquireConnection()) as { query(stream: Writable): Writable };
  await new Promise<void>((resolve, reject) => {
    const stream = connection.query(copyFrom(sql));
    stream.once('error', reject);
    stream.once('finish', resolve);
    stream.end(body);
  });
}

/**
 * Writes a batch of events accepted live (fresh ids): the events, their sessions and
 * the segment versions, in the caller's transaction (or one of its own). A repeated id
 * fails the whole write (unique violation, nothing written); so does a value no row
 * can hold (UnstorableValue), which PostgreSQL would refuse the same way.
 */
export async function insertLiveEvents(db: Knex | Knex.Transaction, events: NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows = events.slice().sort(bySessionThenTime);
  const body = encodeEvents(rows);
  const sessions = sessionArrays(rows);
  const write = async (trx: Knex.Transaction) => {
    await copyIn(trx, COPY_SQL, body);
    await trx.raw(LIVE_SESSIONS_SQL, sessions);
  };
  if ((db as Knex.Transaction).isTransaction) await write(db as Knex.Transaction);
  else await db.transaction(write);
}
