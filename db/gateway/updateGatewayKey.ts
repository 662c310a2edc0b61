import type { Knex } from 'knex';
import { KEY_COLUMNS, storedChanges, type GatewayKeyAdminRow, type GatewayKeyChanges } from './gatewayKeyRow.ts';

/** Changes an active key; undefined when there is none with this id. */
export async function updateGatewayKey(db: Knex, id: string, changes: GatewayKeyChanges): Promise<GatewayKeyAdminRow | undefined> {
  const [row] = await db('gateway_keys')
    .where({ id })
    .whereNull('revoked_at')
    .update({ ...storedChanges(changes), updated_at: db.fn.now() })
    .returning(KEY_COLUMNS as unknown as string[]);
  return row;
}
