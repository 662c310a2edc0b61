import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // Files of the /v1 files protocol: batch inputs uploaded by a key, and the
  // output and error files its batches write. Read only by that key.
  await knex.schema.createTable('gateway_files', (t) => {
    t.text('id').primary();
    t.uuid('key_id').notNullable();
    t.text('purpose').notNullable();
    t.text('filename').notNullable();
    t.integer('bytes').notNullable();
    t.binary('content').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX gateway_files_key ON gateway_files (key_id)');
  await knex.schema.createTable('gateway_batches', (t) => {
    t.text('id').primary();
    t.uuid('key_id').notNullable();
    t.text('endpoint').notNullable();
    t.text('input_file_id').notNullable();
    t.text('completion_window').notNullable();
    // in_progress, cancelling, then completed, expired or cancelled; failed when the file was refused whole.
    t.text('status').notNullable();
    t.jsonb('metadata');
    t.jsonb('errors');
    t.text('output_file_id');
    t.text('error_file_id');
    t.integer('total').notNullable().defaultTo(0);
    t.integer('completed').notNullable().defaultTo(0);
    t.integer('failed').notNullable().defaultTo(0);
    t.text('service');
    t.text('tag');
    // The caller's X-Provider-Key, sealed like a queued task's: lines are submitted over time, each needs it.
    t.binary('provider_key');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('cancelling_at', { useTz: true });
    t.timestamp('ended_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX gateway_batches_key ON gateway_batches (key_id, created_at DESC, id DESC)');
  // One row per input line: its request as the queue will run it, or the refusal it got instead.
  // The line's task id is fixed when the batch is created, so a line is submitted once whoever submits it.
  await knex.schema.createTable('gateway_batch_lines', (t) => {
    t.text('batch_id').notNullable().references('id').inTable('gateway_batches').onDelete('CASCADE');
    t.integer('line').notNullable();
    t.text('custom_id').notNullable();
    t.text('model').notNullable();
    t.uuid('task_id').notNullable();
    t.jsonb('request');
    t.jsonb('refusal');
    t.primary(['batch_id', 'line']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('gateway_batch_lines');
  await knex.schema.dropTableIfExists('gateway_batches');
  await knex.schema.dropTableIfExists('gateway_files');
}
