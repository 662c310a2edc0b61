import type { Knex } from 'knex';
import type { AccountRow } from './accountRows.ts';

/**
 * The account of an identity provider's person: the one with this email,
 * given the subject when it has none yet, or a new one when `create`. Null
 * when there is none to link (and not `create`), or the email's account is
 * linked to another subject.
 */
export async function linkAccountSubject(db: Knex, email: string, subject: string, name: string | null, create: boolean): Promise<AccountRow | null> {
  const { rows } = await db.raw(
    `UPDATE analytics_accounts SET oidc_subject = ? WHERE email = ? AND oidc_subject IS NULL RETURNING *`,
    [subject, email],
  );
  if (rows[0]) return rows[0];
  if (!create) return null;
  const inserted = await db.raw(
    `INSERT INTO analytics_accounts (email, name, oidc_subject) VALUES (?, ?, ?) ON CONFLICT DO NOTHING RETURNING *`,
    [email, name, subject],
  );
  return inserted.rows[0] ?? null;
}
