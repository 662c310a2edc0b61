import type { Knex } from 'knex';
import { KEY_COLUMNS, type GatewayKeyAdminRow } from './gatewayKeyRow.ts';

export async function listGatewayKeys(db: Knex, filter: { teamId?: string; tag?: string } = {}): Promise<GatewayKeyAdminRow[]> {
  const q = db('gateway_keys').select(KEY_COLUMNS).orderBy('created_at').orderBy('id');
  if (filter.teamId) q.where({ team_id: filter.teamId });
  if (filter.tag) q.whereRaw('? = ANY (tags)', [filter.tag]);
  return q;
}
