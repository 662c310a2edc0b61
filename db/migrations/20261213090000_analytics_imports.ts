import type { Knex } from 'knex';

// Data imported from another analytics tool (Plausible, Umami, Google Analytics 4)
// is kept apart from the events this service collected: as daily aggregates per
// dimension, whatever the source's grain, because that is the finest grain every
// source shares (Plausible exports nothing finer). One import is one row in
// analytics_imports; deleting it removes its aggregates (ON DELETE CASCADE).
//
// analytics_imported holds, per import, day, dimension and value, additive counts
// only: visits (sessions), pageviews, bounces (single-page sessions), visit
// duration in seconds, custom events, and the source's own daily visitors (not
// additive across days; kept to say so, never summed into a range's visitors).
// dim 'total' (value '') is the day's headline.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE analytics_imports (
      id uuid PRIMARY KEY,
      project_id uuid NOT NULL,
      source text NOT NULL,
      file_name text,
      first_day date,
      last_day date,
      rows_read bigint NOT NULL DEFAULT 0,
      rows_skipped bigint NOT NULL DEFAULT 0,
      created_at timestamptz(3) NOT NULL DEFAULT now()
    );
    CREATE INDEX analytics_imports_project ON analytics_imports (project_id, created_at);

    CREATE TABLE analytics_imported (
      import_id uuid NOT NULL REFERENCES analytics_imports (id) ON DELETE CASCADE,
      project_id uuid NOT NULL,
      day date NOT NULL,
      dim text NOT NULL,
      value text NOT NULL,
      visits bigint NOT NULL DEFAULT 0,
      visitors bigint NOT NULL DEFAULT 0,
      pageviews bigint NOT NULL DEFAULT 0,
      bounces bigint NOT NULL DEFAULT 0,
      duration_s bigint NOT NULL DEFAULT 0,
      events bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (import_id, day, dim, value)
    );
    CREATE INDEX analytics_imported_read ON analytics_imported (project_id, dim, day);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE IF EXISTS analytics_imported; DROP TABLE IF EXISTS analytics_imports;');
}
