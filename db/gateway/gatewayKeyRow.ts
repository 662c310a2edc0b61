// The stored shape of a gateway key as the admin API shows it, shared by its queries (never the hashes).
export interface GatewayKeyAdminRow {
  id: string;
  lookup: string;
  name: string;
  role: 'admin' | 'member';
  team_id: string | null;
  tags: string[];
  expires_at: Date | null;
  allowed_models: string[] | null;
  limits: unknown;
  budgets: unknown;
  alert_webhook_url: string | null;
  request_log: boolean | null;
  routing: unknown;
  created_at: Date;
  updated_at: Date;
  revoked_at: Date | null;
  previous_valid_until: Date | null;
}

export const KEY_COLUMNS = [
  'id', 'lookup', 'name', 'role', 'team_id', 'tags', 'expires_at', 'allowed_models', 'limits', 'budgets', 'alert_webhook_url', 'request_log',
  'routing', 'created_at', 'updated_at', 'revoked_at', 'previous_valid_until',
] as const;

/** The columns an admin may set on a key (the policy columns as JSON where jsonb). */
export interface GatewayKeyChanges {
  name?: string;
  role?: 'admin' | 'member';
  team_id?: string | null;
  tags?: string[];
  expires_at?: Date | null;
  allowed_models?: string[] | null;
  limits?: unknown;
  budgets?: unknown;
  alert_webhook_url?: string | null;
  request_log?: boolean | null;
}

/** jsonb columns go as JSON text (knex would send an array as a PostgreSQL array). */
export function storedChanges(changes: GatewayKeyChanges | Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...changes };
  for (const column of ['limits', 'budgets']) if (out[column] !== undefined && out[column] !== null) out[column] = JSON.stringify(out[column]);
  return out;
}
