import type { Knex } from 'knex';

// Every change to a key (a revoke from the CLI, the API or plain SQL; a new
// bootstrap secret) is announced on gateway_keys, so each process drops its
// cached verdicts within the notification's delay instead of a cache lifetime.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION gateway_keys_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('gateway_keys', coalesce(OLD.lookup, ''));
      RETURN NULL;
    END $$;
    CREATE TRIGGER gateway_keys_changed AFTER UPDATE OR DELETE ON gateway_keys
      FOR EACH ROW EXECUTE FUNCTION gateway_keys_changed();`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TRIGGER gateway_keys_changed ON gateway_keys; DROP FUNCTION gateway_keys_changed();');
}
