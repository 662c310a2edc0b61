import type { Knex } from 'knex';

export async function up(knex: Knex): Promise<void> {
  // A conversational-agent template and the voice agent (with its tools and
  // post-call webhook) it is synchronised to at elevenlabs.
  await knex.schema.createTable('agent_templates', (t) => {
    t.increments('id').primary();
    t.uuid('key_id').notNullable().references('gateway_keys.id');
    t.text('name').notNullable();
    t.text('type').notNullable(); // interview, conversation
    t.text('system_prompt').notNullable();
    t.text('first_message');
    t.text('voice_id');
    t.text('voice_model');
    t.jsonb('voice_settings');
    t.text('language').notNullable();
    t.text('llm_provider');
    t.text('llm_model');
    t.text('tag');
    t.text('client_webhook_url');
    t.integer('max_duration_seconds').notNullable();
    t.jsonb('tools').notNullable();
    t.jsonb('questions').notNullable();
    t.boolean('ai_disclosure').notNullable();
    // The secret is checked against its SHA-256 in constant time; the gateway must also send it
    // (upstream headers, the customer relay), so a copy is kept sealed (AES-256-GCM) under a key
    // that is not in the database.
    t.binary('webhook_secret_hash').notNullable();
    t.binary('webhook_secret_sealed').notNullable();
    t.timestamp('webhook_secret_updated_at', { useTz: true }).notNullable();
    t.text('agent_id').notNullable().unique();
    // Ids of the upstream parts: { agentId, contextToolId, eventToolId, webhookId }.
    t.jsonb('upstream').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('CREATE INDEX agent_templates_key ON agent_templates (key_id, id DESC)');

  // Session metadata only: never a transcript or any conversation content.
  await knex.schema.createTable('agent_sessions', (t) => {
    t.increments('id').primary();
    t.uuid('key_id').notNullable().references('gateway_keys.id');
    // No foreign key: sessions keep their metadata (and templateId) after the template is deleted.
    t.integer('template_id').notNullable();
    t.text('agent_id').notNullable();
    t.text('conversation_id').unique();
    t.text('status').notNullable(); // pending, active, completed, failed, expired
    // none, available, sending, retrieved, purged
    t.text('recording').notNullable().defaultTo('none');
    t.decimal('duration_seconds', 12, 3);
    t.decimal('cost', 18, 8);
    t.text('billing');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('ended_at', { useTz: true });
  });
  await knex.raw('CREATE INDEX agent_sessions_key ON agent_sessions (key_id, id DESC)');
  await knex.raw(`CREATE INDEX agent_sessions_recordings ON agent_sessions (ended_at) WHERE recording IN ('available', 'sending')`);
  await knex.raw(`CREATE INDEX agent_sessions_open ON agent_sessions (updated_at) WHERE status IN ('pending', 'active')`);

  // Upstream parts a rollback or delete could not remove; the maintenance schedule retries them.
  await knex.schema.createTable('agent_upstream_leftovers', (t) => {
    t.bigIncrements('id');
    t.text('kind').notNullable(); // agent, tool, webhook, conversation
    t.text('upstream_id').notNullable();
    t.text('reason').notNullable();
    t.integer('attempts').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('last_attempt_at', { useTz: true });
    t.unique(['kind', 'upstream_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['agent_upstream_leftovers', 'agent_sessions', 'agent_templates']) await knex.schema.dropTableIfExists(table);
}
