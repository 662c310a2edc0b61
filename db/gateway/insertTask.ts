import type { Knex } from 'knex';

export interface NewTask {
  id: string;
  keyId: string;
  kind: string;
  provider: string;
  model?: string;
  stream: boolean;
  request: unknown;
  service?: string;
  tag?: string;
  providerKey?: string;
}

/** Inserts tasks in one statement; created_at comes back in input order. */
export async function insertTasks(db: Knex, tasks: NewTask[]): Promise<Date[]> {
  const rows: Array<{ id: string; created_at: Date }> = await db('gateway_tasks')
    .insert(
      tasks.map((task) => ({
        id: task.id,
        key_id: task.keyId,
        kind: task.kind,
        provider: task.provider,
        model: task.model ?? null,
        status: 'queued',
        stream: task.stream,
        request: JSON.stringify(task.request),
        service: task.service ?? null,
        tag: task.tag ?? null,
        byok: task.providerKey !== undefined,
        provider_key: task.providerKey ?? null,
      })),
    )
    .returning(['id', 'created_at']);
  const byId = new Map(rows.map((r) => [r.id, r.created_at]));
  return tasks.map((t) => byId.get(t.id)!);
}
