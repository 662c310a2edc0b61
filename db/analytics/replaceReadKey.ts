import type { Knex } from 'knex';

/** A project has at most one read key: minting revokes the previous one in the same transaction. */
export async function replaceReadKey(db: Knex, projectId: string, key: { prefix: string; hash: Buffer }): Promise<void> {
  await db.transaction(async (trx) => {
    await trx('analytics_keys').where({ project_id: projectId, kind: 'read' }).whereNull('revoked_at').update({ revoked_at: trx.fn.now() });
    await trx('analytics_keys').insert({ project_id: projectId, kind: 'read', prefix: key.prefix, hash: key.hash });
  });
}
