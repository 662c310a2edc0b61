import type { Knex } from 'knex';

export interface LeaseAsk {
  meter: string;
  windowStart: Date;
  cap: number;
  /** How much to take: at least `need`, more so later calls are served locally. */
  chunk: number;
  need: number;
  /**
   * Strict (budgets): granted only while used + leased + need stays within cap,
   * and never past it. Not strict (rate limits): a chunk while leased < cap, so
   * N processes pass a limit by at most N - 1 chunks.
   */
  strict: boolean;
}

// Every value repeated positionally: knex's named bindings would read `::numeric` as one.
const STRICT = `
INSERT INTO gateway_allowances AS a (meter, window_start, cap, leased, granted)
SELECT ?, ?, ?::numeric, LEAST(?::numeric, ?::numeric), LEAST(?::numeric, ?::numeric) WHERE ?::numeric <= ?::numeric
ON CONFLICT (meter, window_start) DO UPDATE
   SET cap = EXCLUDED.cap,
       leased = a.leased + LEAST(?::numeric, EXCLUDED.cap - a.used - a.leased),
       granted = LEAST(?::numeric, EXCLUDED.cap - a.used - a.leased)
 WHERE a.used + a.leased + ?::numeric <= EXCLUDED.cap
RETURNING granted::float8 AS granted, (cap - used - leased)::float8 AS left`;

const LOOSE = `
INSERT INTO gateway_allowances AS a (meter, window_start, cap, leased, granted)
VALUES (?, ?, ?::numeric, ?::numeric, ?::numeric)
ON CONFLICT (meter, window_start) DO UPDATE
   SET cap = EXCLUDED.cap, leased = a.leased + EXCLUDED.granted, granted = EXCLUDED.granted
 WHERE a.leased < EXCLUDED.cap
RETURNING granted::float8 AS granted, (cap - used - leased)::float8 AS left`;

/**
 * Takes part of a meter's window for this process, atomically (one statement,
 * the row locked by the upsert): answers what was granted (0 when refused) and
 * what the window has left for every process after it.
 */
export async function leaseAllowance(db: Knex, a: LeaseAsk): Promise<{ granted: number; left: number }> {
  const { meter, windowStart: w, cap, chunk, need } = a;
  const result = a.strict
    ? await db.raw(STRICT, [meter, w, cap, chunk, cap, chunk, cap, need, cap, chunk, chunk, need])
    : await db.raw(LOOSE, [meter, w, cap, Math.max(chunk, need), Math.max(chunk, need)]);
  const row = result.rows[0] as { granted: number; left: number } | undefined;
  return row ?? { granted: 0, left: 0 };
}
