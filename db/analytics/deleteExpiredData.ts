import type { Knex } from 'knex';

const BATCH = 20_000;

async function deleteInBatches(db: Knex, sql: string, bindings: unknown[]): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.raw(sql, [...bindings, BATCH] as Knex.RawBinding[]);
    total += rowCount ?? 0;
    if (!rowCount || rowCount < BATCH) return total;
  }
}

/**
 * Deletes one project's events and rollups older than its retention. Batches keep
 * each transaction short so ingest is never blocked behind a huge delete.
 */
export async function deleteExpiredData(db: Knex, projectId: string, cutoff: Date) {
  const events = await deleteInBatches(
    db,
    `DELETE FROM analytics_events WHERE (project_id, id) IN (
       SELECT project_id, id FROM analytics_events WHERE project_id = ? AND created_at < ? LIMIT ?)`,
    [projectId, cutoff],
  );
  const sessions = await deleteInBatches(
    db,
    `DELETE FROM analytics_sessions WHERE (project_id, id) IN (
       SELECT project_id, id FROM analytics_sessions WHERE project_id = ? AND last_seen_at < ? LIMIT ?)`,
    [projectId, cutoff],
  );
  await deleteInBatches(
    db,
    `DELETE FROM analytics_session_pages WHERE (project_id, session_id, path) IN (
       SELECT project_id, session_id, path FROM analytics_session_pages WHERE project_id = ? AND first_seen_at < ? LIMIT ?)`,
    [projectId, cutoff],
  );
  await db('analytics_page_hourly').where('project_id', projectId).where('hour', '<', cutoff).delete();
  await db('analytics_hourly').where('project_id', projectId).where('hour', '<', cutoff).delete();
  await db('analytics_source_hourly').where('project_id', projectId).where('hour', '<', cutoff).delete();
  // A day is dropped once all of it is past the cutoff.
  await db('analytics_page_daily').where('project_id', projectId).where('day', '<', db.raw(`(?::timestamptz AT TIME ZONE 'UTC')::date`, [cutoff])).delete();
  return { events, sessions };
}
