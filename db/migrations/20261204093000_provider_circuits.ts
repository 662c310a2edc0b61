import type { Knex } from 'knex';

// A provider's open circuit, shared by every gateway process on the database:
// a row while it is open, none once a probe has closed it. Every change is
// announced on provider_circuits by the database itself, so each process
// leaves the provider alone (or calls it again) within the notification's
// delay; a process starting or reconnecting reads the rows.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE provider_circuits (
      provider text PRIMARY KEY,
      origin text NOT NULL,
      failures integer NOT NULL,
      opened_at timestamptz NOT NULL
    );
    CREATE FUNCTION provider_circuits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'DELETE' THEN
        PERFORM pg_notify('provider_circuits', json_build_object('provider', OLD.provider, 'state', 'closed')::text);
      ELSE
        PERFORM pg_notify('provider_circuits', json_build_object(
          'provider', NEW.provider, 'state', 'open', 'origin', NEW.origin, 'failures', NEW.failures,
          'openedAt', floor(extract(epoch FROM NEW.opened_at) * 1000))::text);
      END IF;
      RETURN NULL;
    END $$;
    CREATE TRIGGER provider_circuits_changed AFTER INSERT OR UPDATE OR DELETE ON provider_circuits
      FOR EACH ROW EXECUTE FUNCTION provider_circuits_changed();`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE provider_circuits; DROP FUNCTION provider_circuits_changed();');
}
