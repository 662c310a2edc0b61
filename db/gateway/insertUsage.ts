import type { Knex } from 'knex';

export interface UsageRecord {
  keyId: string;
  taskId?: string;
  kind: string;
  surface: string;
  provider: string;
  model?: string;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  cachedTokens: number;
  cacheCreationTokens: number;
  cost: number;
  billing: 'metered' | 'byok';
  cached: boolean;
  service?: string;
  tag?: string;
}

/** Several records in one INSERT: every usage write goes through core/usageBatch.ts. */
export async function insertUsageBatch(db: Knex, records: UsageRecord[]): Promise<void> {
  if (records.length) await db('gateway_usage').insert(records.map(usageRow));
}

function usageRow(u: UsageRecord): Record<string, unknown> {
  return {
    key_id: u.keyId,
    task_id: u.taskId ?? null,
    kind: u.kind,
    surface: u.surface,
    provider: u.provider,
    model: u.model ?? null,
    input_tokens: u.inputTokens,
    output_tokens: u.outputTokens,
    total_tokens: u.totalTokens,
    cached_tokens: u.cachedTokens,
    cache_creation_tokens: u.cacheCreationTokens,
    cost: u.cost,
    billing: u.billing,
    cached: u.cached,
    service: u.service ?? null,
    tag: u.tag ?? null,
  };
}
