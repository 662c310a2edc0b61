import type { Knex } from 'knex';

export const BOOTSTRAP_LOOKUP = 'bootstrap';

/**
 * The row of the GATEWAY_BOOTSTRAP_KEY. The same secret as stored keeps the
 * row as it is, revoked included: the environment never re-enables a revoked
 * key. Another secret replaces the stored one (the old secret stops working)
 * and is active. Safe when several processes start at once.
 */
export async function ensureBootstrapKey(db: Knex, hash: Buffer, name: string): Promise<{ id: string; revokedAt: Date | null }> {
  return db.transaction(async (trx) => {
    await trx('gateway_keys').insert({ lookup: BOOTSTRAP_LOOKUP, hash, name, role: 'admin' }).onConflict('lookup').ignore();
    const row = await trx('gateway_keys').select('id', 'hash', 'revoked_at').where({ lookup: BOOTSTRAP_LOOKUP }).forUpdate().first();
    if (Buffer.compare(row.hash, hash) === 0) return { id: row.id as string, revokedAt: row.revoked_at as Date | null };
    await trx('gateway_keys').where({ id: row.id }).update({ hash, revoked_at: null });
    return { id: row.id as string, revokedAt: null };
  });
}
