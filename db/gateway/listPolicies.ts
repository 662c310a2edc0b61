import type { Knex } from 'knex';

export interface PolicyColumns {
  allowed_models: string[] | null;
  limits: unknown;
  budgets: unknown;
  alert_webhook_url: string | null;
}

/** Every team's and tag's policy: few rows, held in memory by each process (core/governance/governor.ts). */
export async function listPolicies(db: Knex): Promise<{ teams: Array<PolicyColumns & { id: string; name: string }>; tags: Array<PolicyColumns & { tag: string }> }> {
  const [teams, tags] = await Promise.all([
    db('gateway_teams').select('id', 'name', 'allowed_models', 'limits', 'budgets', 'alert_webhook_url'),
    db('gateway_tag_policies').select('tag', 'allowed_models', 'limits', 'budgets', 'alert_webhook_url'),
  ]);
  return { teams, tags };
}
