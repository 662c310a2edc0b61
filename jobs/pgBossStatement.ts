// pg-boss's own statement for a job call, run inside one of our pipelined
// transactions (db/pipeline.ts) instead of by pg-boss.
//
// Why: the queue's submit writes the tasks, their pg-boss jobs and the claim
// in one transaction sent as one pipeline, and a batch of ends writes the
// results, the usage rows and the jobs' completion the same way: one round
// trip each. Run through pg-boss's calls on a client inside BEGIN ... COMMIT
// (its `db` option), each statement waits for the answer to the one before.
// `npm run bench -- queue --tasks 3000`, the two alternated on the same busy
// machine (2 cores, load average 20-27, so rates say little): per queued
// completion the gateway's CPU 0.76 and 0.81 ms pipelined against 0.95 and
// 0.93 ms with a round trip per statement, PostgreSQL's 0.51 and 0.54 against
// 0.72 and 0.64 ms: about a fifth more CPU on each side, which on two cores
// is a fifth less throughput.
//
// How: pg-boss's public `db` option (an object with executeSql) gets an
// adapter that keeps the statement pg-boss asks it to run and answers with an
// error, so the call ends there: pg-boss never maps an answer it did not get,
// and still decides what its tables need. It relies on insert and complete
// asking their `db` for exactly one statement and passing its error on;
// jobs/pgBossStatement.test.ts fails if either changes, or if the statement
// stops doing what pg-boss's own call does.
import type { Statement } from '../db/pipeline.ts';

type PgBossDb = { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

const TAKEN = new Error('statement taken for a pipelined transaction');

/** The one statement `call` (a pg-boss call given `db`) would run; its rows are left unread. */
export async function pgBossStatement(call: (db: PgBossDb) => Promise<unknown>): Promise<Statement> {
  let statement: Statement | undefined;
  let asked = 0;
  let passedOn = false;
  try {
    await call({
      executeSql: async (text, values) => {
        if (asked++) throw new Error('pg-boss needed more than one statement');
        statement = { text, values };
        throw TAKEN;
      },
    });
  } catch (err) {
    if (err !== TAKEN) throw err;
    passedOn = true;
  }
  if (!statement) throw new Error('pg-boss produced no statement');
  if (!passedOn) throw new Error("pg-boss went on past its statement's error");
  return { ...statement, unread: true };
}
