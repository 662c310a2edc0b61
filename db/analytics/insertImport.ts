import type { Knex } from 'knex';

/** One day's additive counts of one dimension value (analytics/imports/types.ts names the dimensions). */
export interface ImportedAggregate {
  day: string;
  dim: string;
  value: string;
  /** Sessions: additive across days, what `visitors` counts on the stats routes. */
  visits: number;
  /** The source's own distinct visitors of the day: not additive across days, so never summed into a range. */
  visitors: number;
  pageviews: number;
  /** Sessions of a single page view and nothing else. */
  bounces: number;
  /** Sum of the sessions' durations, in seconds. */
  durationS: number;
  /** Custom events. */
  events: number;
}

export interface ImportRecord {
  id: string;
  projectId: string;
  source: string;
  fileName: string | null;
  firstDay: string;
  lastDay: string;
  rowsRead: number;
  rowsSkipped: number;
}

/**
 * An import and its aggregates in one transaction, or nothing. The project's
 * imports are serialised by a lock on the project's row of imports (an advisory
 * lock keyed by the project), so two uploads at once cannot both pass the
 * overlap check; false when another import covers one of the days.
 */
export async function insertImport(db: Knex, record: ImportRecord, rows: ImportedAggregate[]): Promise<boolean> {
  return db.transaction(async (trx) => {
    await trx.raw("SELECT pg_advisory_xact_lock(hashtextextended('analytics_import:' || ?, 0))", [record.projectId]);
    const overlap = await trx('analytics_imports')
      .where({ project_id: record.projectId })
      .andWhere('first_day', '<=', record.lastDay)
      .andWhere('last_day', '>=', record.firstDay)
      .first('id');
    if (overlap) return false;
    await trx('analytics_imports').insert({
      id: record.id, project_id: record.projectId, source: record.source, file_name: record.fileName,
      first_day: record.firstDay, last_day: record.lastDay, rows_read: record.rowsRead, rows_skipped: record.rowsSkipped,
    });
    const columns = rows.map((r) => ({
      import_id: record.id, project_id: record.projectId, day: r.day, dim: r.dim, value: r.value.slice(0, 2000),
      visits: r.visits, visitors: r.visitors, pageviews: r.pageviews, bounces: r.bounces, duration_s: r.durationS, events: r.events,
    }));
    await trx.batchInsert('analytics_imported', columns, 1000);
    return true;
  });
}
