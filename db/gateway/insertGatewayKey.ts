import type { Knex } from 'knex';

/** Inserts a key; an existing row with the same lookup (the bootstrap key on restart) is kept. */
export async function insertGatewayKey(db: Knex, key: { lookup: string; hash: Buffer; name: string; routing?: unknown }): Promise<string> {
  const { routing, ...rest } = key;
  const [row] = await db('gateway_keys')
    .insert(routing === undefined ? rest : { ...rest, routing: JSON.stringify(routing) })
    .onConflict('lookup')
    .merge({ revoked_at: null, hash: key.hash })
    .returning('id');
  return row.id as string;
}
