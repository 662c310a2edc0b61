import type { Knex } from 'knex';

// What a batch the provider's own batch API runs holds of its owner's budgets
// from its creation until it ends (the same entries as gateway_tasks.charges),
// cleared when it is settled so it is settled once.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE gateway_batches ADD COLUMN charges jsonb');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE gateway_batches DROP COLUMN charges');
}
