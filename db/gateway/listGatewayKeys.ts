import type { Knex } from 'knex';

export async function listGatewayKeys(db: Knex) {
  return db('gateway_keys').select('id', 'lookup', 'name', 'created_at', 'revoked_at').orderBy('created_at');
}
