import type { Knex } from 'knex';

/** Current calendar month (UTC) for one key, with a per-provider split. */
export async function getUsageSummary(db: Knex, keyId: string) {
  const rows = (await db('gateway_usage')
    .select('provider')
    .count('* as requests')
    .sum({ tokens: 'total_tokens', cost: 'cost' })
    .where({ key_id: keyId })
    .andWhere('created_at', '>=', db.raw(`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`))
    .groupBy('provider')
    .orderBy('provider')) as unknown as Array<{ provider: string; requests: string; tokens: string | null; cost: string | null }>;
  const providers: Record<string, { requests: number; tokens: number; cost: number }> = {};
  let totalRequests = 0;
  let totalTokens = 0;
  let cost = 0;
  for (const r of rows) {
    const entry = { requests: Number(r.requests), tokens: Number(r.tokens ?? 0), cost: Number(r.cost ?? 0) };
    providers[r.provider] = entry;
    totalRequests += entry.requests;
    totalTokens += entry.tokens;
    cost += entry.cost;
  }
  return { totalRequests, totalTokens, cost: Math.round(cost * 1e8) / 1e8, providers };
}
