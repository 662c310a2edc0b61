import type { Knex } from 'knex';
import { EVENT_COLUMNS, SESSION_COLUMNS, copySegmentRows, literal, type SegmentRows } from './loadSegments.ts';

/**
 * The part of the hours [from, to) that a period starting at `tail` reads: the
 * sessions that started in them and were last seen at or after `tail`, then the events
 * of [tail, lastSeen] (as loadSegments: the same fields, in time order, the reader
 * keeping those of the sessions it read). A session started before `tail` keeps only
 * those of its events, so its session-wide figures are not whole.
 */
export function loadSegmentTails(db: Knex, projectId: string, from: Date, to: Date, tail: Date, lastSeen: Date, rows: SegmentRows): Promise<void> {
  const project = literal.uuid(projectId);
  const sessions = `SELECT ${SESSION_COLUMNS} FROM analytics_sessions
    WHERE project_id = ${project} AND started_at >= ${literal.time(from)} AND started_at < ${literal.time(to)}
      AND last_seen_at >= ${literal.time(tail)}`;
  const events = `SELECT ${EVENT_COLUMNS} FROM analytics_events
    WHERE project_id = ${project} AND created_at >= ${literal.time(tail)} AND created_at <= ${literal.time(lastSeen)}
    ORDER BY created_at, id`;
  return copySegmentRows(db, sessions, events, rows);
}
