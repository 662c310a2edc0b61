import type { Knex } from 'knex';
import { KEY_COLUMNS, type GatewayKeyAdminRow } from './gatewayKeyRow.ts';

export async function getGatewayKey(db: Knex, id: string): Promise<GatewayKeyAdminRow | undefined> {
  return db('gateway_keys').select(KEY_COLUMNS).where({ id }).first();
}
