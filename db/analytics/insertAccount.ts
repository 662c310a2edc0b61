import type { Knex } from 'knex';
import type { AccountRow } from './accountRows.ts';

/** A new account, or null when the email has one already. */
export async function insertAccount(db: Knex, account: { email: string; name: string | null; passwordHash: string | null }): Promise<AccountRow | null> {
  const { rows } = await db.raw(
    `INSERT INTO analytics_accounts (email, name, password_hash) VALUES (?, ?, ?)
     ON CONFLICT (email) DO NOTHING RETURNING *`,
    [account.email, account.name, account.passwordHash],
  );
  return rows[0] ?? null;
}
