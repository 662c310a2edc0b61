import type { Knex } from 'knex';

export const SPEND_DIMENSIONS = ['key', 'team', 'tag', 'model', 'provider', 'surface'] as const;
export type SpendDimension = (typeof SPEND_DIMENSIONS)[number];
export type SpendBucket = 'day' | 'month' | 'none';

export interface SpendQuery {
  /** First and last UTC day included, YYYY-MM-DD. */
  from: string;
  to: string;
  bucket: SpendBucket;
  groupBy: SpendDimension[];
  keyId?: string;
  teamId?: string;
  tag?: string;
  model?: string;
  provider?: string;
  limit: number;
}

export interface SpendAmounts {
  calls: number;
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  spend: number;
}

export type SpendRow = SpendAmounts & Record<string, string | number | null>;

export interface SpendResult {
  rows: SpendRow[];
  totals: SpendAmounts;
  truncated: boolean;
}

// What each dimension selects from gateway_usage_daily (see its migration,
// 20261203100000_gateway_spend.ts, for the tag rows).
const COLUMN: Record<SpendDimension, { expr: string; as: string }> = {
  key: { expr: 'd.key_id', as: 'keyId' },
  team: { expr: 'd.team_id', as: 'teamId' },
  tag: { expr: 'd.tag', as: 'tag' },
  model: { expr: 'd.model', as: 'model' },
  provider: { expr: 'd.provider', as: 'provider' },
  surface: { expr: 'd.surface', as: 'surface' },
};

// The period a rollup row falls in, grouped as a date; formatted once per group.
const PERIOD: Record<SpendBucket, { group: string; show: string } | undefined> = {
  day: { group: 'd.day', show: `to_char(g."period", 'YYYY-MM-DD')` },
  month: { group: `date_trunc('month', d.day)::date`, show: `to_char(g."period", 'YYYY-MM')` },
  none: undefined,
};

const SUMS = `sum(d.calls) AS calls, sum(d.input_tokens) AS "inputTokens", sum(d.output_tokens) AS "outputTokens",
       sum(d.total_tokens) AS "totalTokens", sum(d.cost) AS spend`;

const AMOUNTS = `sum(d.calls)::text AS calls, sum(d.input_tokens)::text AS "inputTokens", sum(d.output_tokens)::text AS "outputTokens",
       sum(d.total_tokens)::text AS "totalTokens", sum(d.cost)::text AS spend`;

/**
 * The spend report from the daily rollup: the groups (at most `limit`, the
 * first by period then spend) and the totals over every matching call, each
 * call once whatever its tags.
 */
export async function getSpend(db: Knex, q: SpendQuery): Promise<SpendResult> {
  const range = rangeSource(q, grainOf(q));
  const filters: string[] = [];
  const values: string[] = [];
  for (const [value, column] of [
    [q.keyId, 'd.key_id'],
    [q.teamId, 'd.team_id'],
    [q.model, 'd.model'],
    [q.provider, 'd.provider'],
  ] as const) {
    if (value === undefined) continue;
    filters.push(`${column} = ?`);
    values.push(value);
  }
  // Each call has one row with tag NULL and one per tag: a grouping by tag reads
  // the tag rows (and, as the group tag NULL, the calls that had none); any
  // other reading counts the NULL rows only, so a call counts once.
  let callRows = 'd.tag IS NULL';
  let groupRows = q.groupBy.includes('tag') ? '(d.tag IS NOT NULL OR NOT d.tagged)' : callRows;
  if (q.tag !== undefined) {
    callRows = groupRows = 'd.tag = ?';
  }
  const tagValue: string[] = q.tag === undefined ? [] : [q.tag];
  const where = ['TRUE', ...filters].join(' AND ');

  const period = PERIOD[q.bucket];
  const dims = q.groupBy.map((g) => COLUMN[g]);
  const keys = [...(period ? [{ expr: period.group, as: 'period' }] : []), ...dims];
  const select = keys.map((k) => `${k.expr} AS "${k.as}"`);
  const order = [...(period ? ['"period"'] : []), 'sum(d.cost) DESC', ...dims.map((d) => `"${d.as}"`)];
  // Names by join, once per group: a subquery per group scanned the keys once per group.
  const joins = [
    ...(q.groupBy.includes('key') ? ['LEFT JOIN gateway_keys k ON k.id = g."keyId"'] : []),
    ...(q.groupBy.includes('team') ? ['LEFT JOIN gateway_teams t ON t.id = g."teamId"'] : []),
  ];
  const shown = [
    ...(period ? [`${period.show} AS "period"`] : []),
    ...dims.flatMap((d) => [`g."${d.as}"`, ...(d.as === 'keyId' ? ['k.name AS "keyName"'] : d.as === 'teamId' ? ['t.name AS "teamName"'] : [])]),
    ...['calls', 'inputTokens', 'outputTokens', 'totalTokens', 'spend'].map((a) => `g."${a}"::text AS "${a}"`),
  ];
  const outerOrder = [...(period ? ['g."period"'] : []), 'g.spend DESC', ...dims.map((d) => `g."${d.as}"`)];

  const groups = db.raw(
    `SELECT ${shown.join(', ')}
       FROM (SELECT ${[...select, SUMS].join(', ')}
               FROM ${range.sql} d
              WHERE ${where} AND ${groupRows}
              ${keys.length ? `GROUP BY ${keys.map((_, i) => i + 1).join(', ')}` : 'HAVING count(*) > 0'}
              ORDER BY ${order.join(', ')}
              LIMIT ?) g
      ${joins.join(' ')}
      ORDER BY ${outerOrder.join(', ')}`,
    [...range.values, ...values, ...tagValue, q.limit + 1],
  );
  // Without a grouping by tag, the groups are made of the very rows the totals
  // count: unless some were cut off by the limit, their sums are the totals.
  const sameRows = callRows === groupRows;
  const totalsQuery = () => db.raw(`SELECT ${AMOUNTS} FROM ${range.sql} d WHERE ${where} AND ${callRows}`, [...range.values, ...values, ...tagValue]);
  const [g, t] = await Promise.all([groups, sameRows ? undefined : totalsQuery()]);
  // The amounts come as text (numeric sums are exact there) and become numbers
  // in place: one pass, no object made per group (a daily report by key has thousands).
  const rows = g.rows as SpendRow[];
  for (const r of rows as Array<Record<string, string | number | null>>) {
    for (const k of AMOUNT_KEYS) r[k] = Number(r[k] ?? 0);
  }
  const truncated = rows.length > q.limit;
  let total: Record<string, string | null> | undefined = t?.rows[0];
  if (!total && truncated) total = (await totalsQuery()).rows[0];
  return {
    rows: rows.slice(0, q.limit),
    totals: total ? amountsOf(total) : sumOf(rows),
    truncated,
  };
}

function amountsOf(r: Record<string, string | null>): SpendAmounts {
  return Object.fromEntries(Object.keys(AMOUNT_FIELDS).map((k) => [k, Number(r[k] ?? 0)])) as unknown as SpendAmounts;
}

function sumOf(rows: SpendAmounts[]): SpendAmounts {
  const sum: SpendAmounts = { calls: 0, inputTokens: 0, outputTokens: 0, totalTokens: 0, spend: 0 };
  for (const r of rows) for (const k of Object.keys(sum) as Array<keyof SpendAmounts>) sum[k] += r[k];
  // Each spend has at most 8 decimals, as the rollup's numeric keeps them: so does their sum.
  sum.spend = Math.round(sum.spend * 1e8) / 1e8;
  return sum;
}

/**
 * The coarsest rollup that still has every column the question groups or
 * filters by (migration 20261207090000_gateway_spend_grains.ts): without the
 * key when it neither groups nor filters by key; without provider, model and
 * surface when it uses none of them; else the full one.
 */
function grainOf(q: SpendQuery): '' | '_teams' | '_keys' {
  if (!q.groupBy.includes('key') && q.keyId === undefined) return '_teams';
  if (!q.groupBy.some((g) => g === 'model' || g === 'provider' || g === 'surface') && q.model === undefined && q.provider === undefined) return '_keys';
  return '';
}

/**
 * The rollup rows that cover [from, to]: the whole UTC months inside it from
 * the monthly table (its `day` is the month's first), the days before them
 * from the daily one. The days of `to`'s month up to `to` come from its
 * monthly row too when nothing can have been used after `to` (it is the
 * database's today or later: usage rows are dated by the database's clock as
 * they are written), so "the last N days" and "a year" read one row per
 * group for the current month instead of one per day; else from the daily
 * table. PostgreSQL decides which of the two at run time (a one-time filter),
 * so the statement is the same whatever the day. A daily bucket reads the
 * daily table only.
 */
function rangeSource(q: SpendQuery, grain: string): { sql: string; values: string[] } {
  const daily = (from: string, to: string, when = '') => ({
    sql: `SELECT * FROM gateway_usage_daily${grain} WHERE day BETWEEN ?::date AND ?::date${when}`,
    values: when ? [from, to, q.to] : [from, to],
  });
  const firstFull = q.from.endsWith('-01') ? q.from : monthStart(q.from, 1);
  if (q.bucket === 'day' || firstFull > q.to) {
    const d = daily(q.from, q.to);
    return { sql: `(${d.sql})`, values: d.values };
  }
  const toMonth = monthStart(q.to, 0);
  const lastFull = addDays(monthStart(q.to, 1), -1) === q.to ? q.to : addDays(toMonth, -1);
  const parts: Array<{ sql: string; values: string[] }> = [];
  if (q.from < firstFull) parts.push(daily(q.from, addDays(firstFull, -1)));
  if (firstFull <= lastFull) parts.push({ sql: `SELECT * FROM gateway_usage_monthly${grain} WHERE day BETWEEN ?::date AND ?::date`, values: [firstFull, lastFull] });
  if (lastFull < q.to) {
    const today = `(now() AT TIME ZONE 'UTC')::date`;
    parts.push({ sql: `SELECT * FROM gateway_usage_monthly${grain} WHERE day = ?::date AND ?::date >= ${today}`, values: [toMonth, q.to] });
    parts.push(daily(toMonth, q.to, ` AND ?::date < ${today}`));
  }
  return { sql: `(${parts.map((p) => p.sql).join(' UNION ALL ')})`, values: parts.flatMap((p) => p.values) };
}

/** The first day of the month `months` after the one `day` is in. */
function monthStart(day: string, months: number): string {
  const d = new Date(`${day.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

const AMOUNT_FIELDS = { calls: 1, inputTokens: 1, outputTokens: 1, totalTokens: 1, spend: 1 };
const AMOUNT_KEYS = Object.keys(AMOUNT_FIELDS);
