import type { Knex } from 'knex';
import type { Statement } from '../pipeline.ts';

/** What one call or task counts against one meter's window once it has ended. */
export interface Charge {
  /** Meter (gateway_allowances.meter). */
  m: string;
  /** Window start, ISO. */
  w: string;
  cap: number;
  /** Money settled as spent (0 for rate meters, whose lease is the count). */
  spent: number;
  /** What leaves `leased` (the reservation, as far as it was spent or returned here). */
  release: number;
}

/** A budget threshold the settlement crossed first, in its window. */
export interface CrossedThreshold {
  meter: string;
  window_start: Date;
  threshold: number;
  cap: number;
  used: number;
}

/**
 * The settlement that follows any source of charges `c(m, w, cap, spent,
 * release)`: spend moves from leased to used, and each budget threshold (50,
 * 80, 100%) a window's spend crosses is claimed once (gateway_budget_alerts)
 * and answered, for its alert to be sent.
 */
export const SETTLE_TAIL = `
, s AS (
  INSERT INTO gateway_allowances AS a (meter, window_start, cap, used, granted)
  SELECT m, w, cap, spent, release FROM c
  ON CONFLICT (meter, window_start) DO UPDATE
     SET used = a.used + EXCLUDED.used, leased = GREATEST(a.leased - EXCLUDED.granted, 0)
  RETURNING meter, window_start, cap, used
), crossed AS (
  INSERT INTO gateway_budget_alerts (meter, window_start, threshold)
  SELECT s.meter, s.window_start, th
    FROM s JOIN c ON c.m = s.meter AND c.w = s.window_start, unnest(ARRAY[50, 80, 100]) AS th
   WHERE c.spent > 0 AND s.cap > 0 AND s.used - c.spent < s.cap * th / 100 AND s.used >= s.cap * th / 100
  ON CONFLICT DO NOTHING
  RETURNING meter, window_start, threshold
)
SELECT crossed.meter, crossed.window_start, crossed.threshold, s.cap::float8 AS cap, s.used::float8 AS used
  FROM crossed JOIN s ON s.meter = crossed.meter AND s.window_start = crossed.window_start`;

const SETTLE = `
WITH c AS (
  SELECT m, w, max(cap) AS cap, sum(spent) AS spent, sum(release) AS release
    FROM json_to_recordset($1::json) AS x(m text, w timestamptz, cap numeric, spent numeric, release numeric)
   GROUP BY m, w
)${SETTLE_TAIL}`;

/** The settlement of /v1 calls, to run in the transaction that writes their usage rows. */
export function settleAllowancesStatement(charges: Charge[]): Statement {
  return { text: SETTLE, values: [JSON.stringify(charges)] };
}

/** The same settlement through knex, inside the transaction that writes the usage rows. */
export async function settleAllowances(trx: Knex, charges: Charge[]): Promise<CrossedThreshold[]> {
  const result = await trx.raw(SETTLE.replace('$1', '?'), [JSON.stringify(charges)]);
  return result.rows;
}
