import type { Knex } from 'knex';

export interface RequestLogRow {
  createdAt: Date;
  keyId?: string;
  teamId?: string;
  tags: readonly string[];
  requestId: string;
  traceId?: string;
  operation?: string;
  method: string;
  path: string;
  provider?: string;
  model?: string;
  status: number;
  errorCode?: string;
  latencyMs: number;
  upstreamMs?: number;
  inputTokens?: number;
  outputTokens?: number;
  cost?: number;
  requestBody?: string;
  responseBody?: string;
  requestTruncated: boolean;
  responseTruncated: boolean;
  redactions: Record<string, number>;
}

/** Several entries in one INSERT (core/requestLog.ts group-commits them). */
export async function insertRequestLogs(db: Knex, rows: RequestLogRow[]): Promise<void> {
  await db('gateway_request_log').insert(
    rows.map((r) => ({
      created_at: r.createdAt,
      key_id: r.keyId ?? null,
      team_id: r.teamId ?? null,
      tags: [...r.tags],
      request_id: r.requestId,
      trace_id: r.traceId ?? null,
      operation: r.operation ?? null,
      method: r.method,
      path: r.path,
      provider: r.provider ?? null,
      model: r.model ?? null,
      status: r.status,
      error_code: r.errorCode ?? null,
      latency_ms: r.latencyMs,
      upstream_ms: r.upstreamMs ?? null,
      input_tokens: r.inputTokens ?? null,
      output_tokens: r.outputTokens ?? null,
      cost: r.cost ?? null,
      request_body: r.requestBody ?? null,
      response_body: r.responseBody ?? null,
      request_truncated: r.requestTruncated,
      response_truncated: r.responseTruncated,
      redactions: JSON.stringify(r.redactions),
    })),
  );
}
