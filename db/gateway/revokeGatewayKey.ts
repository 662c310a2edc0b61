import type { Knex } from 'knex';

export async function revokeGatewayKey(db: Knex, id: string): Promise<boolean> {
  const count = await db('gateway_keys').where({ id }).whereNull('revoked_at').update({ revoked_at: db.fn.now() });
  return count > 0;
}
