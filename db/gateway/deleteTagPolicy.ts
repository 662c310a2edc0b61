import type { Knex } from 'knex';
import { TAG_POLICY_COLUMNS, type TagPolicyRow } from './tagPolicyRow.ts';

export async function deleteTagPolicy(db: Knex, tag: string): Promise<TagPolicyRow | undefined> {
  const [row] = await db('gateway_tag_policies').where({ tag }).delete().returning(TAG_POLICY_COLUMNS as unknown as string[]);
  return row;
}
