import type { Knex } from 'knex';

// The query layer's tallies of whole UTC days and hours (analytics/query/stats.ts),
// kept in PostgreSQL so every process reads what one of them computed: a new process
// answers a 30-day question from them without loading the period's events. A row is
// valid while the segment versions it was tallied from are current: `signature` is a
// hash of them (every event written bumps its segment's version), so a late or
// imported event makes the row unused until it is tallied again and overwritten.
// Dictionary codes are per process: `data` holds the values themselves. Only
// unfiltered tallies are kept; `left_out` is the session classes a question leaves
// out (bots, internal), `hours` 24 for a day and 1 for an hour.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE analytics_stored_tallies (
      project_id uuid NOT NULL REFERENCES analytics_projects(id) ON DELETE CASCADE,
      start_at timestamptz NOT NULL,
      hours smallint NOT NULL,
      left_out smallint NOT NULL,
      aggregation text NOT NULL,
      signature text NOT NULL,
      data json NOT NULL,
      -- Characters of data: a reader lists the long ones without reading them (TOAST).
      size integer NOT NULL,
      PRIMARY KEY (project_id, start_at, hours, left_out, aggregation)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE analytics_stored_tallies');
}
