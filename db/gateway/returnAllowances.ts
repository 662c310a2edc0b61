import type { Knex } from 'knex';

/** Gives back what a process leased and did not use (it was idle, or stops). */
export async function returnAllowances(db: Knex, items: Array<{ m: string; w: string; amount: number }>): Promise<void> {
  if (!items.length) return;
  await db.raw(
    `UPDATE gateway_allowances a SET leased = GREATEST(a.leased - v.amount, 0)
       FROM (SELECT m, w, sum(amount) AS amount FROM json_to_recordset(?::json) AS x(m text, w timestamptz, amount numeric) GROUP BY m, w) v
      WHERE a.meter = v.m AND a.window_start = v.w`,
    [JSON.stringify(items)],
  );
}
