import type { Knex } from 'knex';
import { TAG_POLICY_COLUMNS, type TagPolicyRow } from './tagPolicyRow.ts';

export async function listTagPolicies(db: Knex): Promise<TagPolicyRow[]> {
  return db('gateway_tag_policies').select(TAG_POLICY_COLUMNS).orderBy('tag');
}
