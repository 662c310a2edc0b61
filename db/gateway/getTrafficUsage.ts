import type { Knex } from 'knex';
import type { TrafficScope } from './getTraffic.ts';

export interface TrafficUsageRow {
  day: string;
  provider: string;
  model: string | null;
  calls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  spend: number;
}

/**
 * Billed calls, tokens and spend of UTC days `from` to `to` per day, provider
 * and model, from the daily rollup (its rows with tag NULL count each call once).
 */
export async function getTrafficUsage(db: Knex, scope: TrafficScope, from: string, to: string): Promise<TrafficUsageRow[]> {
  const where = scope.keyId ? 'AND key_id = ?' : scope.teamId ? 'AND team_id = ?' : '';
  const { rows } = await db.raw(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, provider, model,
            sum(calls)::text AS calls, sum(input_tokens)::text AS "inputTokens", sum(output_tokens)::text AS "outputTokens",
            sum(total_tokens)::text AS "totalTokens", sum(cost)::text AS spend
       FROM gateway_usage_daily
      WHERE tag IS NULL AND day BETWEEN ?::date AND ?::date ${where}
      GROUP BY day, provider, model`,
    [from, to, ...(scope.keyId ? [scope.keyId] : scope.teamId ? [scope.teamId] : [])],
  );
  return rows.map((r: any) => ({
    day: r.day, provider: r.provider, model: r.model, calls: Number(r.calls), inputTokens: Number(r.inputTokens),
    outputTokens: Number(r.outputTokens), totalTokens: Number(r.totalTokens), spend: Number(r.spend),
  }));
}
