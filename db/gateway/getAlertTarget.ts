import type { Knex } from 'knex';

/** Where a key's, team's or tag's budget alerts go, and whether its budget in that period is hard. */
export async function getAlertTarget(db: Knex, scope: 'key' | 'team' | 'tag', id: string): Promise<{ url: string | null; budgets: unknown } | undefined> {
  const table = scope === 'key' ? 'gateway_keys' : scope === 'team' ? 'gateway_teams' : 'gateway_tag_policies';
  const row = await db(table)
    .select('alert_webhook_url', 'budgets')
    .where(scope === 'tag' ? { tag: id } : { id })
    .first();
  return row && { url: row.alert_webhook_url, budgets: row.budgets };
}
