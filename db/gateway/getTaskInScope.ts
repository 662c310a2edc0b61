import type { Knex } from 'knex';
import type { TaskScope } from './listTasks.ts';

/** A task's id, owner and status when it lies in the scope; undefined otherwise (as if missing). */
export async function getTaskInScope(db: Knex, id: string, scope: TaskScope): Promise<{ id: string; key_id: string; status: string } | undefined> {
  const query = db('gateway_tasks as t').join('gateway_keys as k', 'k.id', 't.key_id').select('t.id', 't.key_id', 't.status').where('t.id', id);
  if (scope.keyId) query.where('t.key_id', scope.keyId);
  if (scope.teamId) query.where('k.team_id', scope.teamId);
  return query.first();
}
