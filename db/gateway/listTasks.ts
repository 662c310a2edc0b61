import type { Knex } from 'knex';

export interface TaskScope {
  /** Only this key's tasks. */
  keyId?: string;
  /** Only the tasks of this team's keys. */
  teamId?: string;
}

export interface ListedTask {
  id: string;
  kind: string;
  provider: string;
  model: string | null;
  status: string;
  error: { message?: string; code?: string } | null;
  key_name: string;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/** Tasks newest first within a scope (none: every task), optionally of one status and provider. */
export async function listTasks(db: Knex, scope: TaskScope, filter: { status?: string; provider?: string; limit: number }): Promise<ListedTask[]> {
  const query = db('gateway_tasks as t')
    .join('gateway_keys as k', 'k.id', 't.key_id')
    .select('t.id', 't.kind', 't.provider', 't.model', 't.status', 't.error', 'k.name as key_name', 't.created_at', 't.started_at', 't.finished_at')
    .orderBy('t.created_at', 'desc')
    .limit(filter.limit);
  if (scope.keyId) query.where('t.key_id', scope.keyId);
  if (scope.teamId) query.where('k.team_id', scope.teamId);
  if (filter.status) query.where('t.status', filter.status);
  if (filter.provider) query.where('t.provider', filter.provider);
  return query;
}
