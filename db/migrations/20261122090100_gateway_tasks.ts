import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // The product's record of a queued call; pg-boss only dispatches it (job id = task id).
  await knex.schema.createTable('gateway_tasks', (t) => {
    t.uuid('id').primary();
    t.uuid('key_id').notNullable().references('gateway_keys.id');
    t.text('kind').notNullable(); // completion, embeddings, image, ...
    t.text('provider').notNullable();
    t.text('model');
    t.text('status').notNullable(); // queued, processing, completed, error, cancelled
    t.boolean('stream').notNullable().defaultTo(false);
    t.jsonb('request').notNullable();
    t.jsonb('result');
    t.jsonb('error'); // { message, code }
    t.text('service');
    t.text('tag');
    t.boolean('byok').notNullable().defaultTo(false);
    // A caller's own provider key lives only while the task runs, and is wiped when it ends.
    t.text('provider_key');
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
  });
  await knex.raw(`CREATE INDEX gateway_tasks_queued ON gateway_tasks (provider, created_at) WHERE status = 'queued'`);
  await knex.raw(`CREATE INDEX gateway_tasks_processing ON gateway_tasks (provider) WHERE status = 'processing'`);

  // Stream chunks as the client sees them, so a client may attach at any time and replay from the start.
  await knex.schema.createTable('gateway_task_chunks', (t) => {
    t.uuid('task_id').notNullable().references('gateway_tasks.id').onDelete('CASCADE');
    t.integer('seq').notNullable();
    t.text('event').notNullable();
    t.jsonb('data').notNullable();
    t.primary(['task_id', 'seq']);
  });

  await knex.schema.createTable('gateway_usage', (t) => {
    t.bigIncrements('id');
    t.uuid('key_id').notNullable();
    t.uuid('task_id');
    t.text('kind').notNullable();
    t.text('provider').notNullable();
    t.text('model');
    t.integer('input_tokens').notNullable().defaultTo(0);
    t.integer('output_tokens').notNullable().defaultTo(0);
    t.integer('total_tokens').notNullable().defaultTo(0);
    t.integer('cached_tokens').notNullable().defaultTo(0);
    t.integer('cache_creation_tokens').notNullable().defaultTo(0);
    t.decimal('cost', 18, 8).notNullable().defaultTo(0);
    t.text('billing').notNullable();
    t.boolean('cached').notNullable().defaultTo(false);
    t.text('service');
    t.text('tag');
    t.text('surface').notNullable(); // native, chat.completions, messages, responses, embeddings
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX gateway_usage_key_time ON gateway_usage (key_id, created_at)');

  // The completion cache: identical request (per key) within ttl is answered without an upstream call.
  await knex.schema.createTable('gateway_cache', (t) => {
    t.text('cache_key').primary();
    t.jsonb('result').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });

  await knex.schema.createTable('gateway_uploads', (t) => {
    t.uuid('id').primary();
    t.uuid('key_id').notNullable();
    t.text('mime_type').notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.text('path').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['gateway_uploads', 'gateway_cache', 'gateway_usage', 'gateway_task_chunks', 'gateway_tasks']) {
    await knex.schema.dropTableIfExists(table);
  }
}
