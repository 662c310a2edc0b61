import type { Knex } from 'knex';
import { storedChanges, type GatewayKeyChanges } from './gatewayKeyRow.ts';

/** Inserts a newly minted key (the bootstrap key has its own query: ensureBootstrapKey). */
export async function insertGatewayKey(db: Knex, key: { lookup: string; hash: Buffer; name: string; routing?: unknown } & Omit<GatewayKeyChanges, 'name'>): Promise<string> {
  const { routing, ...rest } = key;
  const [row] = await db('gateway_keys')
    .insert(storedChanges(routing === undefined ? rest : { ...rest, routing: JSON.stringify(routing) }))
    .returning('id');
  return row.id as string;
}
