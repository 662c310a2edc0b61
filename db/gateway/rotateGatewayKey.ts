import type { Knex } from 'knex';
import { KEY_COLUMNS, type GatewayKeyAdminRow } from './gatewayKeyRow.ts';

/**
 * Gives an active key a new secret; the one it replaces stays valid until
 * `previousValidUntil` (a secret replaced before, if any, stops at once).
 * The bootstrap key is not rotated here (its secret is GATEWAY_BOOTSTRAP_KEY).
 */
export async function rotateGatewayKey(
  db: Knex,
  id: string,
  secret: { lookup: string; hash: Buffer; previousValidUntil: Date },
): Promise<GatewayKeyAdminRow | undefined> {
  const result = await db.raw(
    `UPDATE gateway_keys SET previous_lookup = lookup, previous_hash = hash, previous_valid_until = ?,
            lookup = ?, hash = ?, updated_at = now()
      WHERE id = ? AND revoked_at IS NULL AND lookup <> 'bootstrap'
  RETURNING ${KEY_COLUMNS.join(', ')}`,
    [secret.previousValidUntil, secret.lookup, secret.hash, id],
  );
  return result.rows[0];
}
