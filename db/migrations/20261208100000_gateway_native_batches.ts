import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A batch run by the provider's own batch API instead of the queue: which
  // provider, its batch id (and uploaded input file) once submitted, and when
  // it was last asked. Null for a batch the queue runs.
  await knex.schema.alterTable('gateway_batches', (t) => {
    t.jsonb('native');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('gateway_batches', (t) => {
    t.dropColumn('native');
  });
}
