import type { Knex } from 'knex';

// A caller's provider key (X-Provider-Key) is kept only sealed from now on
// (AES-256-GCM, opened by the process running the task; jobs/queue.ts). Keys
// stored in the clear before cannot be sealed here (the sealing key is not the
// database's): a task still waiting or running with one ends as an error
// asking for it again, and the plaintext is erased.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    UPDATE gateway_tasks
       SET status = 'error', finished_at = now(),
           error = jsonb_build_object('message', 'the provider key (X-Provider-Key) of this task was erased when the gateway began storing keys sealed; submit the task again', 'code', 'provider_key_erased')
     WHERE provider_key IS NOT NULL AND status IN ('queued', 'processing');
    ALTER TABLE gateway_tasks ALTER COLUMN provider_key TYPE bytea USING NULL;`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE gateway_tasks ALTER COLUMN provider_key TYPE text USING NULL');
}
