import type { Knex } from 'knex';

export interface TrafficCount {
  scope: 'all' | 'team' | 'key';
  /** A team's or key's id; null for scope 'all'. */
  subject: string | null;
  /** UTC day, YYYY-MM-DD. */
  day: string;
  provider: string | null;
  model: string | null;
  errorCode: string | null;
  bucket: number;
  calls: number;
  /** The sum of the calls' latencies. */
  latencyMs: number;
}

/**
 * Adds counts to gateway_traffic in one statement, in the order of its unique
 * key, so two processes adding to the same groups lock them in the same order
 * and never deadlock.
 */
export async function addTraffic(db: Knex, counts: TrafficCount[]): Promise<void> {
  if (!counts.length) return;
  const rows = counts.map((c) => ({ scope: c.scope, subject: c.subject, day: c.day, provider: c.provider, model: c.model, error_code: c.errorCode, bucket: c.bucket, calls: c.calls, latency_ms: c.latencyMs }));
  await db.raw(
    `INSERT INTO gateway_traffic AS t (scope, subject, day, provider, model, error_code, bucket, calls, latency_ms)
     SELECT r.scope, r.subject, r.day, r.provider, r.model, r.error_code, r.bucket, r.calls, r.latency_ms
       FROM json_populate_recordset(NULL::gateway_traffic, ?::json) r
      ORDER BY r.scope, r.subject, r.day, r.provider, r.model, r.error_code, r.bucket
     ON CONFLICT ON CONSTRAINT gateway_traffic_group DO UPDATE
        SET calls = t.calls + excluded.calls, latency_ms = t.latency_ms + excluded.latency_ms`,
    [JSON.stringify(rows)],
  );
}
