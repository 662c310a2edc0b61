import type { Knex } from 'knex';

export interface ConsoleSessionRow {
  key_id: string;
  role: 'admin' | 'member' | 'viewer';
  via: 'oidc' | 'key';
  subject: string;
  email: string | null;
  name: string | null;
  team_id: string | null;
  expires_at: Date;
}

/** Opens a session; expired sessions are swept in the same statement, so the table holds only live ones. */
export async function insertConsoleSession(db: Knex, tokenHash: Buffer, session: ConsoleSessionRow): Promise<void> {
  await db.raw(
    `WITH swept AS (DELETE FROM console_sessions WHERE expires_at < now())
     INSERT INTO console_sessions (token_hash, key_id, role, via, subject, email, name, team_id, expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [tokenHash, session.key_id, session.role, session.via, session.subject, session.email, session.name, session.team_id, session.expires_at],
  );
}
