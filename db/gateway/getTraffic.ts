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
  const [kind, subject] = scope.keyId ? ['key', scope.keyId] : scope.teamId ? ['team', scope.teamId] : ['all', null];
  const { rows } = await db.raw(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, provider, model, error_code AS "errorCode", bucket, calls::text AS calls, latency_ms AS "latencyMs"
       FROM gateway_traffic
      WHERE scope = ? AND ${subject === null ? 'subject IS NULL' : 'subject = ?'} AND day BETWEEN ?::date AND ?::date`,
    [kind, ...(subject === null ? [] : [subject]), from, to],
  );
  return rows.map((r: any) => ({ ...r, calls: Number(r.calls), latencyMs: Number(r.latencyMs) }));
}
