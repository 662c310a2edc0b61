import type { Knex } from 'knex';

// A task keeps the traceparent of the request that submitted it, so its run
// (in whichever process) joins that request's trace.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE gateway_tasks ADD COLUMN trace_parent text`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`ALTER TABLE gateway_tasks DROP COLUMN trace_parent`);
}
