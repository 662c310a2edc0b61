import type { Knex } from 'knex';

/** Report and alert claims sent before `cutoff`: their periods are long past, so no claim of them can be contested again. */
export async function deleteOldReportSends(db: Knex, cutoff: Date): Promise<number> {
  const { rowCount } = await db.raw('DELETE FROM analytics_report_sends WHERE sent_at < ?', [cutoff]);
  return rowCount ?? 0;
}
