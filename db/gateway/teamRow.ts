// The stored shape of a team, shared by its queries.
export interface TeamRow {
  id: string;
  name: string;
  allowed_models: string[] | null;
  limits: unknown;
  budgets: unknown;
  alert_webhook_url: string | null;
  request_log: boolean | null;
  created_at: Date;
  updated_at: Date;
}

export const TEAM_COLUMNS = ['id', 'name', 'allowed_models', 'limits', 'budgets', 'alert_webhook_url', 'request_log', 'created_at', 'updated_at'] as const;
