import type { Knex } from 'knex';
import { EVENT_COLUMNS, SESSION_COLUMNS } from './loadSegments.ts';

// As loadSegments (same columns, same order), for the sessions last seen at or after
// `tail` only, with their events from `tail` on.
const SESSIONS = `
  SELECT ${SESSION_COLUMNS}
  FROM analytics_sessions WHERE project_id = ? AND started_at >= ? AND started_at < ? AND last_seen_at >= ?
  ORDER BY id`;

const EVENTS = `
  SELECT ${EVENT_COLUMNS}
  FROM analytics_sessions s JOIN analytics_events e ON e.project_id = s.project_id AND e.session_id = s.id
  WHERE s.project_id = ? AND s.started_at >= ? AND s.started_at < ? AND s.last_seen_at >= ?
    AND e.created_at >= ? AND e.created_at <= ?
  ORDER BY e.session_id, e.created_at, e.id`;

/**
 * The part of the hours [from, to) that a period starting at `tail` reads: the
 * sessions that started in them and were last seen at or after `tail`, with their
 * events at or after it (none later than `lastSeen`). A session started before `tail`
 * keeps only those of its events, so its session-wide figures are not whole.
 */
export async function loadSegmentTails(db: Knex, projectId: string, from: Date, to: Date, tail: Date, lastSeen: Date): Promise<{ sessions: unknown[][]; events: unknown[][] }> {
  return db.transaction(async (trx) => {
    // As in loadSegments: a nested loop planned on stale statistics rescans the range per session.
    await trx.raw('SET LOCAL enable_nestloop = off');
    const sessions = await trx.raw(SESSIONS, [projectId, from, to, tail]).options({ rowMode: 'array' });
    const events = await trx.raw(EVENTS, [projectId, from, to, tail, tail, lastSeen]).options({ rowMode: 'array' });
    return { sessions: sessions.rows, events: events.rows };
  }, { isolationLevel: 'repeatable read', readOnly: true });
}
