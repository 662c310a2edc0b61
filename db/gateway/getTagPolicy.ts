import type { Knex } from 'knex';
import { TAG_POLICY_COLUMNS, type TagPolicyRow } from './tagPolicyRow.ts';

export async function getTagPolicy(db: Knex, tag: string): Promise<TagPolicyRow | undefined> {
  return db('gateway_tag_policies').select(TAG_POLICY_COLUMNS).where({ tag }).first();
}
