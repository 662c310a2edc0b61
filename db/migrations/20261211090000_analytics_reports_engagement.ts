import type { Knex } from 'knex';

// Email reports and spike alerts: one subscription per project and email address
// (so a person's subscriptions are found by their email once people sign in), and a
// row per mail sent. The send row is the claim: its primary key (subscription, kind,
// period) makes a second send of the same period impossible across processes, and it
// holds the hash of the mail's unsubscribe token.
//
// Engagement is tallied apart from the events (it is no event and counts in no other
// number): sums per project, page path and UTC hour (and UTC day), added to at ingest,
// so the pages routes join a few rows per page instead of reading the page views.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE analytics_report_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES analytics_projects(id) ON DELETE CASCADE,
      email text NOT NULL,
      weekly boolean NOT NULL DEFAULT false,
      monthly boolean NOT NULL DEFAULT false,
      spike_visitors integer,
      time_zone text NOT NULL DEFAULT 'UTC',
      send_hour smallint NOT NULL DEFAULT 8,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, email)
    );
    CREATE INDEX analytics_report_subscriptions_email ON analytics_report_subscriptions (email);

    CREATE TABLE analytics_report_sends (
      subscription_id uuid NOT NULL REFERENCES analytics_report_subscriptions(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('weekly', 'monthly', 'spike')),
      period_start timestamptz NOT NULL,
      token_hash bytea NOT NULL UNIQUE,
      sent_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (subscription_id, kind, period_start)
    );

    CREATE TABLE analytics_page_engagement (
      project_id uuid NOT NULL REFERENCES analytics_projects(id) ON DELETE CASCADE,
      hour timestamptz NOT NULL,
      path text NOT NULL,
      samples integer NOT NULL,
      scroll_sum bigint NOT NULL,
      engaged_ms_sum bigint NOT NULL,
      -- Path before hour: a pages answer asks for its listed paths over a range of hours.
      PRIMARY KEY (project_id, path, hour)
    );
    -- The same sums per UTC day: a period reads its whole days here and only its edge hours above.
    CREATE TABLE analytics_page_engagement_daily (
      project_id uuid NOT NULL REFERENCES analytics_projects(id) ON DELETE CASCADE,
      day timestamptz NOT NULL,
      path text NOT NULL,
      samples integer NOT NULL,
      scroll_sum bigint NOT NULL,
      engaged_ms_sum bigint NOT NULL,
      PRIMARY KEY (project_id, path, day)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP TABLE analytics_page_engagement_daily, analytics_page_engagement, analytics_report_sends, analytics_report_subscriptions');
}
