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

export async function insertTask(db: Knex, task: NewTask): Promise<{ createdAt: Date }> {
  const [row] = await db('gateway_tasks')
    .insert({
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
    })
    .returning('created_at');
  return { createdAt: row.created_at };
}
