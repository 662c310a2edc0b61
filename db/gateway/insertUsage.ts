import type { Knex } from 'knex';
import { storableJson } from '../jsonText.ts';

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
  /** The calling key's team at call time (from its GatewayAuth). */
  teamId?: string;
  /**
   * The calling key's tags at call time. Absent when the record is built
   * without the key's GatewayAuth (a queued task at its end, an agent session's
   * webhook): the INSERT then takes team and tags from the key's row as it is.
   */
  keyTags?: readonly string[];
  /** Which of the provider's deployments (switchyard.yaml) served the call, when it has them. */
  deployment?: string;
}

const COLUMNS = 'key_id, task_id, kind, surface, provider, model, input_tokens, output_tokens, total_tokens, cached_tokens, cache_creation_tokens, cost, billing, cached, service, tag, deployment';
const INSERT_FROM_JSON = `INSERT INTO gateway_usage (${COLUMNS}, team_id, tags)
SELECT ${COLUMNS.split(', ').map((c) => `r.${c}`).join(', ')},
       CASE WHEN r.tags IS NULL THEN k.team_id ELSE r.team_id END, coalesce(r.tags, k.tags, '{}')
  FROM json_populate_recordset(NULL::gateway_usage, $1::json) WITH ORDINALITY AS r
  LEFT JOIN gateway_keys k ON r.tags IS NULL AND k.id = r.key_id
 ORDER BY r.ordinality`;
// knex.raw binds `?`, not `$1`.
const INSERT_FROM_JSON_KNEX = INSERT_FROM_JSON.replace('$1', '?');

/**
 * Several records in one INSERT (the /v1 calls, through core/usageBatch.ts).
 * Queued tasks write theirs with the task's end: see usageInsertStatement.
 * One JSON parameter rather than knex's multi-row VALUES: knex renumbered and
 * bound 16 parameters per row, about a tenth of the gateway's allocation per
 * /v1 call.
 */
export async function insertUsageBatch(db: Knex, records: UsageRecord[]): Promise<void> {
  if (records.length) await db.raw(INSERT_FROM_JSON_KNEX, [usageJson(records)]);
}

/** The same INSERT as one statement with one parameter, to run inside another transaction (a pipeline). */
export function usageInsertStatement(records: UsageRecord[]): { text: string; values: unknown[] } {
  return { text: INSERT_FROM_JSON, values: [usageJson(records)] };
}

// Text a caller chose (model, service, tag) may hold what PostgreSQL refuses: see db/jsonText.ts.
function usageJson(records: UsageRecord[]): string {
  return storableJson(records.map(usageRow));
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
    team_id: u.teamId ?? null,
    tags: u.keyTags ?? null,
    deployment: u.deployment ?? null,
  };
}
