// The stored shape of a tag's policy, shared by its queries.
export interface TagPolicyRow {
  tag: string;
  allowed_models: string[] | null;
  limits: unknown;
  budgets: unknown;
  alert_webhook_url: string | null;
  updated_at: Date;
}

export const TAG_POLICY_COLUMNS = ['tag', 'allowed_models', 'limits', 'budgets', 'alert_webhook_url', 'updated_at'] as const;
