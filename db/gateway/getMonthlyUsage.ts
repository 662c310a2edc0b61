import type { Knex } from 'knex';

/** The last 12 calendar months (UTC, this one included) per provider, oldest first (as the spec says). */
export async function getMonthlyUsage(db: Knex, keyId: string) {
  const { rows } = await db.raw(
    `SELECT extract(year FROM m)::int AS year, extract(month FROM m)::int AS month, provider,
            count(*)::int AS "totalRequests", coalesce(sum(total_tokens), 0)::bigint AS "totalTokens", coalesce(sum(cost), 0) AS cost
       FROM (SELECT date_trunc('month', created_at AT TIME ZONE 'UTC') AS m, provider, total_tokens, cost
               FROM gateway_usage
              WHERE key_id = ? AND created_at >= (date_trunc('month', now() AT TIME ZONE 'UTC') - interval '11 months') AT TIME ZONE 'UTC') u
      GROUP BY m, provider
      ORDER BY m, provider`,
    [keyId],
  );
  return rows.map((r: any) => ({ ...r, totalTokens: Number(r.totalTokens), cost: Number(r.cost) }));
}
