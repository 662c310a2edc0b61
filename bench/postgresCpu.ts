import { readFile, readdir } from 'node:fs/promises';
import type { Knex } from 'knex';
import { createDb } from '../db/knex.ts';

/**
 * CPU time (µs) used so far by the PostgreSQL server behind db: its postmaster with
 * the children it has reaped, plus its live children (backends, walwriter, ...).
 * Linux only (reads /proc); undefined elsewhere (a remote DATABASE_URL, say).
 */
export async function postgresCpuMicros(db: Knex): Promise<number | undefined> {
  try {
    const stat = async (pid: string | number) => (await readFile(`/proc/${pid}/stat`, 'utf8')).replace(/^.*\) /s, '').split(' ');
    const { rows } = await db.raw('SELECT pg_backend_pid() AS pid');
    const postmaster = (await stat(rows[0].pid))[1]!; // field 4: ppid
    const tick = 1e6 / 100; // USER_HZ
    const own = await stat(postmaster);
    let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]); // utime stime cutime cstime
    for (const pid of await readdir('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      const f = await stat(pid).catch(() => null);
      if (f && f[1] === postmaster) ticks += Number(f[11]) + Number(f[12]);
    }
    return ticks * tick;
  } catch {
    return undefined;
  }
}

/** A reader of postgresCpuMicros for the server at `url`, on a connection of its own. */
export function postgresCpuReader(url: string): { read(): Promise<number | undefined>; close(): Promise<void> } {
  const db = createDb(url);
  return { read: () => postgresCpuMicros(db), close: () => db.destroy() };
}
