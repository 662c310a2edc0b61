/** PostgreSQL's integer (serial ids: agent templates and sessions): a larger number is a query error, not a missing row. */
export const MAX_ROW_ID = 2_147_483_647;

/** Whether `n` can name a row by a serial id (1 to 2147483647); anything else names none and must not reach a query. */
export function isRowId(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 1 && n <= MAX_ROW_ID;
}
