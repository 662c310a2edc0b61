import type { Knex } from 'knex';

export interface GatewayKeyRow {
  id: string;
  hash: Buffer;
  name: string;
}

export async function findGatewayKey(db: Knex, lookup: string): Promise<GatewayKeyRow | undefined> {
  return db('gateway_keys').select('id', 'hash', 'name').where({ lookup }).whereNull('revoked_at').first();
}
