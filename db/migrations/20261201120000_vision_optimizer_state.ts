import type { Knex } from 'knex';

// A training checkpoint keeps Adam's moments beside the weights: a job resumed without them restarts its
// optimizer from zero and ends with a different model than an uninterrupted one.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vision_training_jobs', (t) => {
    t.binary('checkpoint_optimizer');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('vision_training_jobs', (t) => {
    t.dropColumn('checkpoint_optimizer');
  });
}
