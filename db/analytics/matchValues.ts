import type { Knex } from 'knex';

/**
 * Positions (1-based, as in `values`) of the strings that match any of the
 * PostgreSQL regular expressions. Filters run their `matches` through here so the
 * pattern language is PostgreSQL's, whatever evaluates the rest, and a costly
 * pattern is cut off by the statement timeout instead of blocking the service.
 */
export async function matchValues(db: Knex, values: string[], patterns: string[], caseSensitive: boolean): Promise<number[]> {
  return db.transaction(async (trx) => {
    await trx.raw(`SET LOCAL statement_timeout = '2s'`);
    // Compiles every pattern even when there is nothing to match it against.
    await trx.raw(`SELECT count(*) FROM unnest(?::text[]) AS p WHERE '' ~ p`, [patterns]);
    const op = caseSensitive ? '~' : '~*';
    const { rows } = await trx.raw(
      `SELECT i::int FROM unnest(?::text[]) WITH ORDINALITY AS t(v, i) WHERE v ${op} ANY (?::text[])`,
      [values, patterns],
    );
    return rows.map((r: { i: number }) => r.i);
  });
}
