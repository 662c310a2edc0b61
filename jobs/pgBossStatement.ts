import type { Statement } from '../db/pipeline.ts';

/**
 * The statement a pg-boss call would run, taken through its db adapter
 * instead of run, so it joins one of our pipelined transactions: pg-boss
 * still decides what its tables need.
 */
export async function pgBossStatement(call: (db: { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> }) => Promise<unknown>): Promise<Statement> {
  let statement: Statement | undefined;
  await call({
    executeSql: async (text, values) => {
      if (statement) throw new Error('pg-boss needed more than one statement');
      statement = { text, values };
      // pg-boss maps this answer into a return value we discard; shaped so its mappers accept it.
      return { rows: [{ count: '0', ids: [] }] };
    },
  });
  if (!statement) throw new Error('pg-boss produced no statement');
  // Its answer (ids, counts) is pg-boss's to map, and we discard it.
  return { ...statement, unread: true };
}
