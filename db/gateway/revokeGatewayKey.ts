import type { Knex } from 'knex';

/** Revokes an active key found by its id or by its lookup prefix; answers the key revoked, or undefined when none matched. */
export async function revokeGatewayKey(
  db: Knex,
  selector: { id: string } | { lookup: string },
): Promise<{ id: string; lookup: string; name: string } | undefined> {
  const [row] = await db('gateway_keys')
    .where(selector)
    .whereNull('revoked_at')
    .update({ revoked_at: db.fn.now() })
    .returning(['id', 'lookup', 'name']);
  return row;
}
