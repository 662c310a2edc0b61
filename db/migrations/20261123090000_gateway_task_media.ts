import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('gateway_tasks', (t) => {
    // Latest progress of a long media task (stage, percent, polls), for the status endpoint.
    t.jsonb('progress');
    // A provider's long-running job (e.g. a Veo operation name), stored once submitted so a
    // retried task resumes polling it instead of submitting (and paying for) it again.
    t.jsonb('checkpoint');
  });
  // Retention sweeps find finished media tasks by kind and end time.
  await knex.raw(
    `CREATE INDEX gateway_tasks_media_finished ON gateway_tasks (finished_at) WHERE kind IN ('image', 'video', 'speech', 'sound_effect', 'music', 'dialogue', 'transcription')`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS gateway_tasks_media_finished');
  await knex.schema.alterTable('gateway_tasks', (t) => {
    t.dropColumn('progress');
    t.dropColumn('checkpoint');
  });
}
