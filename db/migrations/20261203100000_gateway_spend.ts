import type { Knex } from 'knex';

// Whose spend a usage row is: the calling key's team and tags as they were at
// call time (a key moved to another team later does not move its past spend).
//
// gateway_usage_daily rolls the rows up per UTC day, key, team, provider,
// model and surface, and gateway_usage_monthly the same per UTC month (its
// `day` the month's first), so GET /api/llm/spend reads thousands of rows
// where the usage table holds millions: a range's whole months from the
// monthly table, its other days from the daily one. A trigger keeps it in the same transaction as
// the statement that writes, changes or deletes usage rows: nothing is counted
// twice or lost, whichever process writes. Tags are exploded:
// - the row with tag NULL counts every call once (`tagged` says whether the
//   call carried any tag, which is the untagged group of a by-tag grouping);
// - one row per distinct tag of the call counts it once under each tag.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    ALTER TABLE gateway_usage
      ADD COLUMN team_id uuid,
      ADD COLUMN tags text[] NOT NULL DEFAULT '{}';

    CREATE TABLE gateway_usage_daily (
      day date NOT NULL,
      key_id uuid NOT NULL,
      team_id uuid,
      tag text,
      tagged boolean NOT NULL,
      provider text NOT NULL,
      model text,
      surface text NOT NULL,
      calls bigint NOT NULL,
      input_tokens bigint NOT NULL,
      output_tokens bigint NOT NULL,
      total_tokens bigint NOT NULL,
      cost numeric(28, 8) NOT NULL,
      CONSTRAINT gateway_usage_daily_group UNIQUE NULLS NOT DISTINCT (day, tag, key_id, team_id, tagged, provider, model, surface)
    );
    CREATE INDEX gateway_usage_daily_key ON gateway_usage_daily (key_id, day);
    CREATE TABLE gateway_usage_monthly (LIKE gateway_usage_daily);
    ALTER TABLE gateway_usage_monthly
      ADD CONSTRAINT gateway_usage_monthly_group UNIQUE NULLS NOT DISTINCT (day, tag, key_id, team_id, tagged, provider, model, surface);
    CREATE INDEX gateway_usage_monthly_key ON gateway_usage_monthly (key_id, day);

    CREATE FUNCTION gateway_usage_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        ${rollUp('old_rows', '-')}
        DELETE FROM gateway_usage_daily WHERE calls = 0;
        DELETE FROM gateway_usage_monthly WHERE calls = 0;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        ${rollUp('new_rows', '+')}
      END IF;
      RETURN NULL;
    END $$;
    CREATE FUNCTION gateway_usage_roll_up_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE gateway_usage_daily, gateway_usage_monthly;
      RETURN NULL;
    END $$;

    -- Created before the rows already there are rolled up: the trigger's lock
    -- holds every writer off until this transaction ends, so no row is missed.
    CREATE TRIGGER gateway_usage_roll_up_insert AFTER INSERT ON gateway_usage
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gateway_usage_roll_up();
    CREATE TRIGGER gateway_usage_roll_up_update AFTER UPDATE ON gateway_usage
      REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION gateway_usage_roll_up();
    CREATE TRIGGER gateway_usage_roll_up_delete AFTER DELETE ON gateway_usage
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION gateway_usage_roll_up();
    CREATE TRIGGER gateway_usage_roll_up_truncate AFTER TRUNCATE ON gateway_usage
      FOR EACH STATEMENT EXECUTE FUNCTION gateway_usage_roll_up_truncate();`);
  await knex.raw(rollUp('gateway_usage', '+'));
}

/**
 * Adds the rows of `source` to the rollup (or, negated, takes them away): one upsert per
 * statement, whatever its number of rows. In the order of the unique key, so
 * two inserting transactions touching the same groups lock them in the same
 * order and never deadlock.
 */
function rollUp(source: string, sign: '+' | '-'): string {
  return upsert('daily', `(u.created_at AT TIME ZONE 'UTC')::date`, source, sign) + upsert('monthly', `date_trunc('month', u.created_at AT TIME ZONE 'UTC')::date`, source, sign);
}

function upsert(table: 'daily' | 'monthly', day: string, source: string, sign: '+' | '-'): string {
  const add = (col: string) => `${col} = d.${col} + excluded.${col}`;
  return `
    INSERT INTO gateway_usage_${table} AS d (day, tag, key_id, team_id, tagged, provider, model, surface, calls, input_tokens, output_tokens, total_tokens, cost)
    SELECT ${day}, t.tag, u.key_id, u.team_id, cardinality(u.tags) > 0, u.provider, u.model, u.surface,
           ${sign}count(*), ${sign}sum(u.input_tokens), ${sign}sum(u.output_tokens), ${sign}sum(u.total_tokens), ${sign}sum(u.cost)
      FROM ${source} u
      CROSS JOIN LATERAL (SELECT NULL::text AS tag UNION SELECT unnest(u.tags)) t
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
     ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT ON CONSTRAINT gateway_usage_${table}_group DO UPDATE
       SET ${['calls', 'input_tokens', 'output_tokens', 'total_tokens', 'cost'].map(add).join(', ')};`;
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER gateway_usage_roll_up_insert ON gateway_usage;
    DROP TRIGGER gateway_usage_roll_up_update ON gateway_usage;
    DROP TRIGGER gateway_usage_roll_up_delete ON gateway_usage;
    DROP TRIGGER gateway_usage_roll_up_truncate ON gateway_usage;
    DROP FUNCTION gateway_usage_roll_up();
    DROP FUNCTION gateway_usage_roll_up_truncate();
    DROP TABLE gateway_usage_daily, gateway_usage_monthly;
    ALTER TABLE gateway_usage DROP COLUMN team_id, DROP COLUMN tags;`);
}
