import type { Knex } from 'knex';

export interface GatewayKeyRow {
  id: string;
  hash: Buffer;
  name: string;
  /** The key's default routing policy (protocols/routing.ts RoutingPolicy), if the operator set one. */
  routing: unknown;
  role: 'admin' | 'member';
  team_id: string | null;
  tags: string[];
  expires_at: Date | null;
  lookup: string;
  allowed_models: string[] | null;
  limits: unknown;
  budgets: unknown;
  alert_webhook_url: string | null;
  previous_hash: Buffer | null;
  previous_valid_until: Date | null;
}

export async function findGatewayKey(db: Knex, lookup: string): Promise<GatewayKeyRow | undefined> {
  // The previous lookup: the secret a rotation replaced, during its grace period.
  return db('gateway_keys')
    .select('id', 'hash', 'name', 'routing', 'role', 'team_id', 'tags', 'expires_at', 'lookup', 'allowed_models', 'limits', 'budgets', 'alert_webhook_url', 'previous_hash', 'previous_valid_until')
    .where((q) => q.where({ lookup }).orWhere({ previous_lookup: lookup }))
    .whereNull('revoked_at')
    .first();
}
