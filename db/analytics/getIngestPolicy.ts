import type { Knex } from 'knex';

/** What the ingest path needs to accept an event for a project. */
export async function getIngestPolicy(db: Knex, projectId: string) {
  const row = await db('analytics_projects').select('domains', 'allow_local_origins', 'daily_event_cap').where({ id: projectId }).first();
  if (!row) return null;
  return { domains: row.domains as string[], allowLocalOrigins: row.allow_local_origins as boolean, dailyEventCap: row.daily_event_cap as number };
}
