import type { Knex } from 'knex';
import type { NewEvent } from './eventRow.ts';

/** The ids of these events that are already stored (a batch replayed after a commit whose answer was lost). */
export async function listStoredEventIds(db: Knex | Knex.Transaction, events: NewEvent[]): Promise<Set<string>> {
  if (events.length === 0) return new Set();
  const { rows } = await db.raw(
    `SELECT e.id::text AS id FROM analytics_events e
     JOIN unnest(?::uuid[], ?::uuid[]) AS x(project_id, id) ON e.project_id = x.project_id AND e.id = x.id`,
    [events.map((e) => e.projectId), events.map((e) => e.id)],
  );
  return new Set(rows.map((r: { id: string }) => r.id));
}
