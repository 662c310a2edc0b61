import type { Statement } from '../pipeline.ts';
import { SETTLE_TAIL } from './settleAllowances.ts';

// A task's charges are cleared as they are settled, so a task is settled once
// however it ends (finished, failed, cancelled). Each charge releases what the
// task reserved at submit and counts the task's cost as spent on budgets.
const SETTLE_TASKS = `
WITH t AS (
  -- RETURNING gives the row as updated: the charges come from the row as it was.
  UPDATE gateway_tasks g SET charges = NULL
    FROM (SELECT id, charges FROM gateway_tasks WHERE id = ANY ($1::uuid[]) AND charges IS NOT NULL FOR UPDATE) before
   WHERE g.id = before.id
  RETURNING before.id, before.charges
), cost AS (
  SELECT id, cost FROM json_to_recordset($2::json) AS x(id uuid, cost numeric)
), c AS (
  SELECT x.m, x.w, max(x.cap) AS cap,
         sum(CASE WHEN x.m LIKE '%:spend:%' THEN coalesce(cost.cost, 0) ELSE 0 END) AS spent, sum(x.r) AS release
    FROM t CROSS JOIN LATERAL jsonb_to_recordset(t.charges) AS x(m text, w timestamptz, cap numeric, r numeric)
    LEFT JOIN cost ON cost.id = t.id
   GROUP BY x.m, x.w
)${SETTLE_TAIL}`;

/** Settles the tasks' reservations with their cost (absent: 0, a task that failed or was cancelled). */
export function settleTaskChargesStatement(ids: string[], costs: Array<{ id: string; cost: number }>): Statement {
  return { text: SETTLE_TASKS, values: [ids, JSON.stringify(costs)] };
}
