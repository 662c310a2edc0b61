// The row shapes of the account tables, shared by their queries.
export type MemberRole = 'owner' | 'admin' | 'viewer';

export interface AccountRow {
  id: string;
  email: string;
  name: string | null;
  password_hash: string | null;
  created_at: Date;
}

export interface InvitationRow {
  id: string;
  project_id: string;
  email: string;
  role: MemberRole;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
}
