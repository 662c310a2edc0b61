import type { Knex } from 'knex';

/** The last 30 days (UTC, today included) per provider, oldest first (as the spec says). */
export async function getDailyUsage(db: Knex, keyId: string) {
  const { rows } = await db.raw(
    `SELECT to_char(d, 'YYYY-MM-DD') AS date, provider,
            count(*)::int AS "totalRequests", coalesce(sum(total_tokens), 0)::bigint AS "totalTokens", coalesce(sum(cost), 0) AS cost
       FROM (SELECT date_trunc('day', created_at AT TIME ZONE 'UTC') AS d, provider, total_tokens, cost
               FROM gateway_usage
              WHERE key_id = ? AND created_at >= (date_trunc('day', now() AT TIME ZONE 'UTC') - interval '29 days') AT TIME ZONE 'UTC') u
      GROUP BY d, provider
      ORDER BY d, provider`,
    [keyId],
  );
  return rows.map((r: any) => ({ ...r, totalTokens: Number(r.totalTokens), cost: Number(r.cost) }));
}
