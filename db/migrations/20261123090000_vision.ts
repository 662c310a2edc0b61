import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A training job and everything it needs to run on any worker, again after a restart:
  // the dataset itself and the latest checkpoint live in the row.
  await knex.schema.createTable('vision_training_jobs', (t) => {
    t.uuid('id').primary();
    t.uuid('key_id').notNullable().references('gateway_keys.id');
    t.text('status').notNullable(); // pending, running, completed, failed
    t.text('name');
    t.text('base_model').notNullable();
    t.jsonb('classes').notNullable();
    t.integer('image_size').notNullable();
    t.jsonb('arch').notNullable();
    t.jsonb('dataset_stats').notNullable();
    t.text('training_profile').notNullable();
    t.text('augmentation').notNullable();
    t.integer('effective_epochs').notNullable();
    t.jsonb('warnings').notNullable().defaultTo('[]');
    // Wiped once the job ends: the caller's images are kept no longer than the training needs them.
    t.binary('dataset');
    t.jsonb('progress').notNullable(); // { epoch, totalEpochs }
    t.jsonb('metrics');
    t.text('stop_reason');
    t.binary('checkpoint_weights');
    t.binary('best_weights');
    t.jsonb('best'); // { epoch, metrics }
    t.double('recommended_confidence');
    t.text('model_id');
    t.text('error');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX vision_training_jobs_key ON vision_training_jobs (key_id, created_at)');

  await knex.schema.createTable('vision_models', (t) => {
    t.text('id').primary();
    t.uuid('key_id').notNullable().references('gateway_keys.id');
    t.text('name').notNullable();
    t.uuid('job_id');
    t.text('base_model').notNullable();
    t.jsonb('classes').notNullable();
    t.jsonb('arch').notNullable();
    t.binary('weights').notNullable();
    t.jsonb('metrics');
    t.double('recommended_confidence');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX vision_models_key ON vision_models (key_id, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('vision_models');
  await knex.schema.dropTableIfExists('vision_training_jobs');
}
