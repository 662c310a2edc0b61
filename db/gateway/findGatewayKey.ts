import type { Knex } from 'knex';

export interface GatewayKeyRow {
  id: string;
  hash: Buffer;
  name: string;
  /** The key's default routing policy (protocols/routing.ts RoutingPolicy), if the operator set one. */
  routing: unknown;
}

export async function findGatewayKey(db: Knex, lookup: string): Promise<GatewayKeyRow | undefined> {
  return db('gateway_keys').select('id', 'hash', 'name', 'routing').where({ lookup }).whereNull('revoked_at').first();
}
