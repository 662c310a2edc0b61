import type { Knex } from 'knex';
import { copyRows, type CopyRow } from './copyRows.ts';

/** Session fields by their index in a CopyRow of loadSegments (and loadSegmentTails). */
export const S = {
  id: 0, started: 1, lastSeen: 2, isBot: 3, isInternal: 4, isVpn: 5, source: 6, referrer: 7, utmSource: 8, utmMedium: 9,
  utmCampaign: 10, utmTerm: 11, utmContent: 12, country: 13, regionCode: 14, regionName: 15, city: 16, device: 17,
  browser: 18, os: 19, locale: 20,
} as const;

/** Event fields by their index in a CopyRow of loadSegments (and loadSegmentTails). */
export const E = { sessionId: 0, at: 1, name: 2, path: 3, props: 4, revenueAmount: 5, revenueCurrency: 6 } as const;

/** The SELECT list of S, in its order. */
export const SESSION_COLUMNS = `id, started_at, last_seen_at, is_bot, is_internal, is_vpn, traffic_source, referrer, utm_source,
    utm_medium, utm_campaign, utm_term, utm_content, country, region_code, region, city, device_type, browser, os, locale`;

// Pageviews carry a null name; revenue as float8, which the binary format sends as is.
/** The SELECT list of E, in its order. */
export const EVENT_COLUMNS = `session_id, created_at, CASE WHEN event_type = 'pageview' THEN NULL ELSE event_name END, path, props,
    revenue_amount::float8, revenue_currency`;

/** Receives the rows of a load: every session first, then the events, each CopyRow read before returning. */
export interface SegmentRows {
  session(row: CopyRow): void;
  event(row: CopyRow): void;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** COPY takes no parameters: the values go in as literals of their own making. */
export const literal = {
  uuid(id: string): string {
    if (!UUID.test(id)) throw new Error('not a uuid');
    return `'${id}'::uuid`;
  },
  time(d: Date): string {
    return `'${d.toISOString()}'::timestamptz`;
  },
};

/**
 * Runs a load's two COPYs in one repeatable-read snapshot (every event then belongs to
 * a session read with it): the sessions, then the events in the time index's order.
 */
export function copySegmentRows(db: Knex, sessions: string, events: string, rows: SegmentRows): Promise<void> {
  return db.transaction(async (trx) => {
    // Rows are appended as events arrive, so the heap follows the time index and an index
    // scan of the range reads its pages in order, already sorted. The planner, costing
    // those reads as random, switches past a few days to scanning the whole table (every
    // project's) or to a bitmap scan sorted on disk, and splits it across parallel
    // workers that then merge: each costs PostgreSQL more CPU than the plain scan.
    await trx.raw('SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL max_parallel_workers_per_gather = 0');
    await copyRows(trx, `COPY (${sessions}) TO STDOUT (FORMAT binary)`, Object.keys(S).length, (r) => rows.session(r));
    await copyRows(trx, `COPY (${events}) TO STDOUT (FORMAT binary)`, Object.keys(E).length, (r) => rows.event(r));
  }, { isolationLevel: 'repeatable read', readOnly: true });
}

/**
 * The sessions that started in [from, to), then the events of [from, lastSeen] (the
 * segments' recorded reach: a session's events lie between its start and it) ordered
 * by time then id. Events of sessions started outside [from, to) are among them; the
 * reader keeps those of the sessions it read (PostgreSQL neither joins nor sorts).
 */
export function loadSegments(db: Knex, projectId: string, from: Date, to: Date, lastSeen: Date, rows: SegmentRows): Promise<void> {
  const project = literal.uuid(projectId);
  const sessions = `SELECT ${SESSION_COLUMNS} FROM analytics_sessions
    WHERE project_id = ${project} AND started_at >= ${literal.time(from)} AND started_at < ${literal.time(to)}`;
  const events = `SELECT ${EVENT_COLUMNS} FROM analytics_events
    WHERE project_id = ${project} AND created_at >= ${literal.time(from)} AND created_at <= ${literal.time(lastSeen)}
    ORDER BY created_at, id`;
  return copySegmentRows(db, sessions, events, rows);
}
