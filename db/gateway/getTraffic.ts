import type { Knex } from 'knex';

/** Whose calls: every key's, a team's or one key's. */
export interface TrafficScope {
  keyId?: string;
  teamId?: string;
}

export interface TrafficRow {
  day: string;
  provider: string | null;
  model: string | null;
  errorCode: string | null;
  bucket: number;
  calls: number;
  latencyMs: number;
}

/** The /v1 calls of UTC days `from` to `to` (YYYY-MM-DD, both included) per day, provider, model, error code and latency bucket. */
export async function getTraffic(db: Knex, scope: TrafficScope, from: string, to: string): Promise<TrafficRow[]> {
  const where = scope.keyId ? 'AND key_id = ?' : scope.teamId ? 'AND team_id = ?' : '';
  const { rows } = await db.raw(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, provider, model, error_code AS "errorCode", bucket,
            sum(calls)::text AS calls, sum(latency_ms) AS "latencyMs"
       FROM gateway_traffic
      WHERE day BETWEEN ?::date AND ?::date ${where}
      GROUP BY day, provider, model, error_code, bucket`,
    [from, to, ...(scope.keyId ? [scope.keyId] : scope.teamId ? [scope.teamId] : [])],
  );
  return rows.map((r: any) => ({ ...r, calls: Number(r.calls), latencyMs: Number(r.latencyMs) }));
}
