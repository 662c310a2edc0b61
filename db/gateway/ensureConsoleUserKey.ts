import type { Knex } from 'knex';
import { randomBytes } from 'node:crypto';

/**
 * The gateway key an identity provider's user acts through in the console
 * (its calls are recorded and billed under it), made on the first sign-in.
 * Its hash is of random bytes nobody keeps, so no bearer token opens it. The
 * team follows the user's latest sign-in. Answers its id, or undefined when
 * the key was revoked (an admin shut the user out).
 */
export async function ensureConsoleUserKey(db: Knex, lookup: string, name: string, teamId: string | null): Promise<string | undefined> {
  const result = await db.raw(
    `INSERT INTO gateway_keys (lookup, hash, name, role, team_id) VALUES (?, ?, ?, 'member', ?)
     ON CONFLICT (lookup) DO UPDATE SET name = EXCLUDED.name, team_id = EXCLUDED.team_id
       WHERE gateway_keys.name IS DISTINCT FROM EXCLUDED.name OR gateway_keys.team_id IS DISTINCT FROM EXCLUDED.team_id
     RETURNING id, revoked_at`,
    [lookup, randomBytes(32), name, teamId],
  );
  let row = result.rows[0] as { id: string; revoked_at: Date | null } | undefined;
  // Nothing changed: DO UPDATE ... WHERE returns no row, read it.
  row ??= await db('gateway_keys').select('id', 'revoked_at').where({ lookup }).first();
  return row && !row.revoked_at ? row.id : undefined;
}
