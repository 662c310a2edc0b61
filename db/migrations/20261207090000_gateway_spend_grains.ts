import type { Knex } from 'knex';

// Two coarser shapes of the spend rollups beside gateway_usage_daily and
// gateway_usage_monthly (20261203100000_gateway_spend.ts), each per UTC day
// and per UTC month, so GET /api/llm/spend reads the fewest rows its question
// needs:
// - `_teams`: without the key (day, tag, tagged, team, provider, model,
//   surface): every question that neither groups nor filters by key. Keys
//   of one team use much the same models, so this is a fraction of the
//   full rollup.
// - `_keys`: without provider, model and surface (day, tag, tagged, key,
//   team): questions by key or team that neither group nor filter by those.
// The one statement-level trigger function now keeps all six tables, in the
// same transaction as the usage rows it counts, one upsert per table and
// statement, each in its unique key's order and the tables always in the
// same order, so concurrent writers never deadlock.

interface Grain {
  table: string;
  columns: string[];
  /** The expression of each column over the usage rows `u` and the tag `t.tag`. */
  exprs: string[];
}

const AMOUNTS = ['calls', 'input_tokens', 'output_tokens', 'total_tokens', 'cost'];

function grains(): Grain[] {
  const out: Grain[] = [];
  for (const [period, day] of [
    ['daily', `(u.created_at AT TIME ZONE 'UTC')::date`],
    ['monthly', `date_trunc('month', u.created_at AT TIME ZONE 'UTC')::date`],
  ] as const) {
    out.push({
      table: `gateway_usage_${period}`,
      columns: ['day', 'tag', 'key_id', 'team_id', 'tagged', 'provider', 'model', 'surface'],
      exprs: [day, 't.tag', 'u.key_id', 'u.team_id', 'cardinality(u.tags) > 0', 'u.provider', 'u.model', 'u.surface'],
    });
    out.push({
      table: `gateway_usage_${period}_teams`,
      columns: ['day', 'tag', 'team_id', 'tagged', 'provider', 'model', 'surface'],
      exprs: [day, 't.tag', 'u.team_id', 'cardinality(u.tags) > 0', 'u.provider', 'u.model', 'u.surface'],
    });
    out.push({
      table: `gateway_usage_${period}_keys`,
      columns: ['day', 'tag', 'key_id', 'team_id', 'tagged'],
      exprs: [day, 't.tag', 'u.key_id', 'u.team_id', 'cardinality(u.tags) > 0'],
    });
  }
  return out;
}

/** Adds the rows of `source` to one rollup (or, negated, takes them away), in the unique key's order. */
function upsert(g: Grain, source: string, sign: '+' | '-'): string {
  const by = g.columns.map((_, i) => i + 1).join(', ');
  return `
    INSERT INTO ${g.table} AS d (${g.columns.join(', ')}, ${AMOUNTS.join(', ')})
    SELECT ${g.exprs.join(', ')},
           ${sign}count(*), ${sign}sum(u.input_tokens), ${sign}sum(u.output_tokens), ${sign}sum(u.total_tokens), ${sign}sum(u.cost)
      FROM ${source} u
      CROSS JOIN LATERAL (SELECT NULL::text AS tag UNION SELECT unnest(u.tags)) t
     GROUP BY ${by}
     ORDER BY ${by}
    ON CONFLICT ON CONSTRAINT ${g.table}_group DO UPDATE
       SET ${AMOUNTS.map((c) => `${c} = d.${c} + excluded.${c}`).join(', ')};`;
}

function rollUp(list: Grain[], source: string, sign: '+' | '-'): string {
  return list.map((g) => upsert(g, source, sign)).join('');
}

function triggerFunctions(list: Grain[]): string {
  return `
    CREATE OR REPLACE FUNCTION gateway_usage_roll_up() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('DELETE', 'UPDATE') THEN
        ${rollUp(list, 'old_rows', '-')}
        ${list.map((g) => `DELETE FROM ${g.table} WHERE calls = 0;`).join('\n        ')}
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        ${rollUp(list, 'new_rows', '+')}
      END IF;
      RETURN NULL;
    END $$;
    CREATE OR REPLACE FUNCTION gateway_usage_roll_up_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      TRUNCATE ${list.map((g) => g.table).join(', ')};
      RETURN NULL;
    END $$;`;
}

export async function up(knex: Knex): Promise<void> {
  const all = grains();
  const added = all.filter((g) => g.table.endsWith('_teams') || g.table.endsWith('_keys'));
  // No usage row is written until the new rollups have the ones already there.
  await knex.raw('LOCK TABLE gateway_usage IN SHARE ROW EXCLUSIVE MODE');
  for (const g of added) {
    const keyed = g.columns.includes('key_id');
    await knex.raw(`
      CREATE TABLE ${g.table} (
        day date NOT NULL,
        tag text,
        tagged boolean NOT NULL,
        ${keyed ? 'key_id uuid NOT NULL,' : ''}
        team_id uuid,
        ${g.columns.includes('provider') ? 'provider text NOT NULL, model text, surface text NOT NULL,' : ''}
        calls bigint NOT NULL,
        input_tokens bigint NOT NULL,
        output_tokens bigint NOT NULL,
        total_tokens bigint NOT NULL,
        cost numeric(28, 8) NOT NULL,
        CONSTRAINT ${g.table}_group UNIQUE NULLS NOT DISTINCT (${g.columns.join(', ')})
      );
      ${keyed ? `CREATE INDEX ${g.table}_key ON ${g.table} (key_id, day);` : ''}
      ${g.columns.includes('team_id') ? `CREATE INDEX ${g.table}_team ON ${g.table} (team_id, day);` : ''}`);
    // From the full rollup of the same period, which holds every usage row already.
    const full = g.table.replace(/_(teams|keys)$/, '');
    await knex.raw(`
      INSERT INTO ${g.table} (${g.columns.join(', ')}, ${AMOUNTS.join(', ')})
      SELECT ${g.columns.join(', ')}, ${AMOUNTS.map((c) => `sum(${c})`).join(', ')}
        FROM ${full}
       GROUP BY ${g.columns.map((_, i) => i + 1).join(', ')}`);
  }
  await knex.raw(triggerFunctions(all));
}

export async function down(knex: Knex): Promise<void> {
  const all = grains();
  const kept = all.filter((g) => !g.table.endsWith('_teams') && !g.table.endsWith('_keys'));
  await knex.raw(triggerFunctions(kept));
  await knex.raw(`DROP TABLE ${all.filter((g) => !kept.includes(g)).map((g) => g.table).join(', ')}`);
}
