import type { Knex } from 'knex';

export interface ImportListRow {
  id: string;
  source: string;
  file_name: string | null;
  first_day: string | null;
  last_day: string | null;
  rows_read: string;
  rows_skipped: string;
  created_at: Date;
  days: string;
  visits: string;
  pageviews: string;
  events: string;
}

/** The project's imports, newest first, each with its day count and totals from its headline rows. */
export async function listImports(db: Knex, projectId: string, importId?: string): Promise<ImportListRow[]> {
  const { rows } = await db.raw(
    `SELECT i.id, i.source, i.file_name, to_char(i.first_day, 'YYYY-MM-DD') AS first_day, to_char(i.last_day, 'YYYY-MM-DD') AS last_day,
            i.rows_read, i.rows_skipped, i.created_at,
            count(t.day) AS days, coalesce(sum(t.visits), 0) AS visits, coalesce(sum(t.pageviews), 0) AS pageviews, coalesce(sum(t.events), 0) AS events
       FROM analytics_imports i
       LEFT JOIN analytics_imported t ON t.import_id = i.id AND t.dim = 'total'
      WHERE i.project_id = ? ${importId ? 'AND i.id = ?' : ''}
      GROUP BY i.id
      ORDER BY i.created_at DESC, i.id`,
    importId ? [projectId, importId] : [projectId],
  );
  return rows;
}
