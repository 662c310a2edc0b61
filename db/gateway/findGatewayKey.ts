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
}

export async function findGatewayKey(db: Knex, lookup: string): Promise<GatewayKeyRow | undefined> {
  return db('gateway_keys').select('id', 'hash', 'name', 'routing', 'role', 'team_id', 'tags', 'expires_at').where({ lookup }).whereNull('revoked_at').first();
}
