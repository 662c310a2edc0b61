import type { Knex } from 'knex';

export async function listRetentionPolicies(db: Knex) {
  return (await db('analytics_projects').select('id', 'retention_days')) as { id: string; retention_days: number }[];
}
