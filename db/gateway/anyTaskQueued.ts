import type { Knex } from 'knex';

/** Whether any task still waits for a slot (read through the small queued-only index). */
export async function anyTaskQueued(db: Knex): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ waiting: boolean }> }>(`SELECT EXISTS (SELECT 1 FROM gateway_tasks WHERE status = 'queued') AS waiting`);
  return rows[0]!.waiting;
}
