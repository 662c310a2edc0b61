import type { Knex } from 'knex';
import { TAG_POLICY_COLUMNS, type TagPolicyRow } from './tagPolicyRow.ts';
import { storedChanges } from './gatewayKeyRow.ts';

/** Sets a tag's policy whole. */
export async function upsertTagPolicy(db: Knex, policy: Omit<TagPolicyRow, 'updated_at'>): Promise<TagPolicyRow> {
  const [row] = await db('gateway_tag_policies')
    .insert({ ...storedChanges(policy), updated_at: db.fn.now() })
    .onConflict('tag')
    .merge()
    .returning(TAG_POLICY_COLUMNS as unknown as string[]);
  return row;
}
