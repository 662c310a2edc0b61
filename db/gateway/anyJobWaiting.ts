import type { Knex } from 'knex';

/** Whether any job of the queue waits to be fetched (a read of pg-boss's own waiting-jobs index, no lock). */
export async function anyJobWaiting(db: Knex, queue: string): Promise<boolean> {
  const { rows } = await db.raw<{ rows: Array<{ waiting: boolean }> }>(
    `SELECT EXISTS (SELECT 1 FROM pgboss.job WHERE name = ? AND state < 'active' AND NOT blocked AND start_after <= now()) AS waiting`,
    [queue],
  );
  return rows[0]!.waiting;
}
