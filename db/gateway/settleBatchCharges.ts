import type { Knex } from 'knex';
import { SETTLE_TAIL, type CrossedThreshold } from './settleAllowances.ts';

// A native batch's charges are cleared as they are settled, so a batch is
// settled once however it ends (answered, expired, cancelled, handed to the
// queue). Its budgets count the sum of its lines' costs as spent, and all it
// reserved at creation leaves `leased`.
const SETTLE_BATCH = `
WITH b AS (
  UPDATE gateway_batches g SET charges = NULL
    FROM (SELECT id, charges FROM gateway_batches WHERE id = ? AND charges IS NOT NULL FOR UPDATE) before
   WHERE g.id = before.id
  RETURNING before.charges
), cost AS (
  SELECT coalesce(sum(v::numeric), 0) AS total FROM json_array_elements_text(?::json) AS v
), c AS (
  SELECT x.m, x.w, max(x.cap) AS cap,
         sum(CASE WHEN x.m LIKE '%:spend:%' THEN cost.total ELSE 0 END) AS spent, sum(x.r) AS release
    FROM b CROSS JOIN LATERAL jsonb_to_recordset(b.charges) AS x(m text, w timestamptz, cap numeric, r numeric)
    CROSS JOIN cost
   GROUP BY x.m, x.w
)${SETTLE_TAIL}`;

/** Settles the batch's reservation with its answered lines' costs (none: a batch that ran nothing here). */
export async function settleBatchCharges(trx: Knex, batchId: string, lineCosts: number[]): Promise<CrossedThreshold[]> {
  const result = await trx.raw(SETTLE_BATCH, [batchId, JSON.stringify(lineCosts)]);
  return result.rows;
}
