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
 * Deletes one project's events and sessions older than its retention. Batches keep
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
  // Segments whose sessions are all gone; the query layer drops its copies of them.
  await db('analytics_segments').where('project_id', projectId).where('hour', '<', cutoff)
    .whereNotExists(db('analytics_sessions as s').where('s.project_id', projectId).whereRaw(`date_trunc('hour', s.started_at, 'UTC') = analytics_segments.hour`))
    .delete();
  await db.raw(
    `UPDATE analytics_segments SET version = nextval('analytics_segment_version') WHERE project_id = ? AND hour < ?`,
    [projectId, cutoff],
  );
  return { events, sessions };
}
