import type { Knex } from 'knex';

/** The windows of these meters that have started at or after their given start (what GET /api/llm/key shows). */
export async function readAllowances(db: Knex, items: Array<{ m: string; w: string }>): Promise<Array<{ meter: string; window_start: Date; used: number; leased: number }>> {
  if (!items.length) return [];
  const result = await db.raw(
    `SELECT a.meter, a.window_start, a.used::float8 AS used, a.leased::float8 AS leased
       FROM json_to_recordset(?::json) AS x(m text, w timestamptz)
       JOIN gateway_allowances a ON a.meter = x.m AND a.window_start = x.w`,
    [JSON.stringify(items)],
  );
  return result.rows;
}
